/**
 * The platform side of e-mail: after the batch that wrote outbox rows has committed, their keys go on the
 * mail queue (after the response, via waitUntil); the consumer in server.ts sends them. Which mailer sends
 * depends on where the Worker runs: Cloudflare Email Service's `send_email` binding when it is bound
 * (production, and miniflare's simulation under `wrangler dev`), otherwise — only in local runs — the local
 * mailbox (/dev/mailbox), since the Vite dev server's platform proxy has neither the binding nor a consumer.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { queueRetryDelaySeconds } from "~/core/mail/mail-outbox";
import { SHOP_NAME } from "~/core/site/site";
import type { Database } from "~/db/client.server";
import type { EmailFrame } from "~/mail/email-layout";
import { deliverDueMail, deliverMail, LOCAL_MAILBOX, type DeliveryOutcome, type Mailer, type MailSender } from "~/services/mail/mail-delivery.server";
import { loadShopSettings } from "~/services/settings/shop-settings.server";
import { invariantResponse } from "../http.server";
import { isLocalEnvironment } from "../account/session.server";
import { freshSettings, settingsInForce } from "../settings/shop-settings.server";

/** A queue message: the outbox key of the mail to send. */
export interface MailQueueMessage {
  key: string;
}

/** The mail queue's binding (absent where nothing consumes it: the Vite dev server). */
export interface MailQueueEnv {
  MAIL_QUEUE?: Queue<MailQueueMessage>;
}

type MailEnv = Pick<Env, "APP_ENV" | "MAIL_FROM" | "SUPPORT_ADDRESS" | "SESSION_SECRET"> & { EMAIL?: SendEmail } & MailQueueEnv;

/** Email Service's binding as a Mailer: the message as its MessageBuilder form, sent in the shop's name. */
function emailServiceMailer(binding: SendEmail, fromName: string): Mailer {
  return {
    send: ({ from, to, subject, html, text, replyTo, headers }) =>
      binding.send({ from: { name: fromName, email: from }, to, subject, html, text, ...(replyTo ? { replyTo } : {}), headers }),
  };
}

export function mailerFor(env: MailEnv, fromName = SHOP_NAME): Mailer {
  if (env.EMAIL) return emailServiceMailer(env.EMAIL, fromName);
  if (isLocalEnvironment(env)) return LOCAL_MAILBOX;
  throw new Error("The send_email binding EMAIL is missing (wrangler.toml [[send_email]]).");
}

/** What sends the outbox's mails where the Worker runs. */
async function senderFor(env: MailEnv, db: Database): Promise<MailSender> {
  // Sent in the name of the settings in force (decision 0057): one read per queue batch or sweep.
  const { shopName } = await loadShopSettings(db);
  return { mailer: mailerFor(env, shopName), from: env.MAIL_FROM, linkSecret: env.SESSION_SECRET, supportAddress: env.SUPPORT_ADDRESS };
}

/**
 * Links in a mail start at the origin the shopper used; its footer names the seller of the settings in
 * force. `fresh`: read them now, not as the isolate holds them (a placed order fixes its deadline and
 * bank account by them).
 */
export async function mailFrame(request: Request, context: Pick<AppLoadContext, "db" | "settingsCache">, { fresh = false } = {}): Promise<EmailFrame> {
  return { origin: new URL(request.url).origin, shop: await (fresh ? freshSettings(context) : settingsInForce(context)) };
}

/** Puts committed outbox rows on the queue now (outside a request: the email handler); a failed enqueue is caught up by the scheduled sweep. */
export async function enqueueMail(env: MailQueueEnv, keys: string[]): Promise<void> {
  if (keys.length === 0 || !env.MAIL_QUEUE) return;
  await env.MAIL_QUEUE.sendBatch(keys.map((key) => ({ body: { key } }))).catch((error: unknown) => {
    console.error("mail queue: enqueue failed; the sweep will send", keys, error);
  });
}

/** Puts the committed outbox rows on the queue after the response; a failed enqueue is caught up by the scheduled sweep. */
export function dispatchMail(context: AppLoadContext, keys: string[]): void {
  const env = context.cloudflare.env as MailEnv;
  if (keys.length === 0 || !env.MAIL_QUEUE) return;
  context.cloudflare.ctx.waitUntil(enqueueMail(env, keys));
}

/**
 * The queue consumer: each message sent once. A failure comes back on the queue when its outbox row is
 * due again; everything else (sent, already sent by another sender, failed for good) is acknowledged.
 */
export async function consumeMailQueue(batch: MessageBatch<MailQueueMessage>, env: MailEnv, db: Database): Promise<void> {
  const sender = await senderFor(env, db);
  for (const message of batch.messages) {
    const now = new Date();
    const outcome: DeliveryOutcome = await deliverMail(db, sender, message.body.key, now);
    if (outcome.status === "retry") message.retry({ delaySeconds: queueRetryDelaySeconds(outcome.retryAt, now) });
    else message.ack();
  }
}

/** The scheduled sweep, and the dev mailbox's "deliver what is due" in local runs. */
export async function sweepMail(env: MailEnv, db: Database, now: Date): Promise<DeliveryOutcome[]> {
  return deliverDueMail(db, await senderFor(env, db), now);
}

/** The dev mailbox exists in local runs only (APP_ENV development or test): anywhere else it is a 404. */
export function requireLocalMailbox(context: AppLoadContext): void {
  invariantResponse(isLocalEnvironment(context.cloudflare.env), "お探しのページは見つかりませんでした。", { status: 404 });
}

/**
 * Under the Vite dev server nothing consumes the queue (its platform proxy has no consumer and no
 * `send_email` binding): opening the dev mailbox delivers what is due to the local mailbox. Under
 * `wrangler dev` the queue consumer sends through the simulated binding, so the mailbox only shows.
 */
export async function deliverLocalMailWithoutQueue(context: AppLoadContext, now: Date): Promise<void> {
  const env = context.cloudflare.env as MailEnv;
  if (env.EMAIL || !isLocalEnvironment(env)) return;
  await sweepMail(env, context.db, now);
}
