/**
 * The platform side of e-mail: after the batch that wrote outbox rows has committed, their keys go on the
 * mail queue (after the response, via waitUntil); the consumer in server.ts sends them. Which mailer sends
 * depends on where the Worker runs: Cloudflare Email Service's `send_email` binding when it is bound
 * (production, and miniflare's simulation under `wrangler dev`), otherwise — only in local runs — the local
 * mailbox (/dev/mailbox), since the Vite dev server's platform proxy has neither the binding nor a consumer.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { EmailFrame } from "~/mail/email-layout";
import { deliverDueMail, deliverMail, LOCAL_MAILBOX, type DeliveryOutcome, type Mailer } from "~/services/mail-delivery.server";
import { isLocalEnvironment } from "./session.server";

/** A queue message: the outbox key of the mail to send. */
export interface MailQueueMessage {
  key: string;
}

type MailEnv = Pick<Env, "APP_ENV" | "MAIL_FROM"> & { EMAIL?: SendEmail; MAIL_QUEUE?: Queue<MailQueueMessage> };

export function mailerFor(env: MailEnv): Mailer {
  if (env.EMAIL) return env.EMAIL as unknown as Mailer;
  if (isLocalEnvironment(env)) return LOCAL_MAILBOX;
  throw new Error("The send_email binding EMAIL is missing (wrangler.toml [[send_email]]).");
}

/** Links in a mail start at the origin the shopper used. */
export function mailFrame(request: Request, unsubscribeUrl?: string): EmailFrame {
  return { origin: new URL(request.url).origin, unsubscribeUrl };
}

/** Puts the committed outbox rows on the queue; a failed enqueue is caught up by the scheduled sweep. */
export function dispatchMail(context: AppLoadContext, keys: string[]): void {
  const env = context.cloudflare.env as MailEnv;
  if (keys.length === 0 || !env.MAIL_QUEUE) return;
  const queued = env.MAIL_QUEUE.sendBatch(keys.map((key) => ({ body: { key } }))).catch((error: unknown) => {
    console.error("mail queue: enqueue failed; the sweep will send", keys, error);
  });
  context.cloudflare.ctx.waitUntil(queued);
}

/** The queue consumer: each message sent once; a failure comes back when the outbox row is due again. */
export async function consumeMailQueue(batch: MessageBatch<MailQueueMessage>, env: MailEnv & { DB: D1Database }, db: Parameters<typeof deliverMail>[0]): Promise<void> {
  const mailer = mailerFor(env);
  for (const message of batch.messages) {
    const outcome: DeliveryOutcome = await deliverMail(db, mailer, env.MAIL_FROM, message.body.key, new Date());
    if (outcome.status === "retry") {
      message.retry({ delaySeconds: Math.max(1, Math.ceil((outcome.retryAt.getTime() - Date.now()) / 1000)) });
    } else {
      message.ack();
    }
  }
}

/** The scheduled sweep, and the dev mailbox's "deliver what is due" in local runs. */
export function sweepMail(env: MailEnv, db: Parameters<typeof deliverMail>[0], now: Date): Promise<DeliveryOutcome[]> {
  return deliverDueMail(db, mailerFor(env), env.MAIL_FROM, now);
}
