/**
 * Delivering the outbox on real local D1: retries with backoff, never two sends of one message (claims
 * are conditional UPDATEs), stale claims taken over, the final failed state and staff's resend, and the
 * queue consumer against miniflare's simulated `send_email` binding.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { MAIL_CLAIM_TIMEOUT_MS, MAIL_MAX_ATTEMPTS } from "~/core/mail/mail-outbox";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { mailOutbox, shopSettingsVersions } from "~/db/schema";
import { welcomeMail } from "~/mail/welcome-mails";
import { deliverDueMail, deliverMail, type Mailer, type MailSender } from "~/services/mail/mail-delivery.server";
import { outboxStatement, resendFailedMail } from "~/services/mail/mail-outbox.server";
import { consumeMailQueue, type MailQueueMessage } from "~/web/mail/mail.server";
import { startEmailBinding, type EmailBinding } from "../support/email-binding";
import { TEST_MAIL_FRAME } from "../support/orders";
import { TEST_SESSION_SECRET } from "../support/platform";
import { platformTest, type TestPlatform } from "../support/platform-test";

const it = platformTest();
const FROM = "shop@marketplace.example.jp";
const T0 = new Date("2026-03-01T01:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
/** The sender of these tests: the mailer given, the shop's From, and the test platform's secret. */
const senderOf = (mailer: Mailer): MailSender => ({ mailer, from: FROM, linkSecret: TEST_SESSION_SECRET });

let counter = 0;
/** Writes one outbox message (as a change's batch would) and answers its key. */
async function writeMail(platform: TestPlatform, to?: string, now = T0): Promise<string> {
  const key = `test:${++counter}`;
  const address = to ?? `buyer-${counter}@example.jp`;
  await outboxStatement(
    platform.db,
    {
      key,
      kind: "welcome",
      to: address,
      template: welcomeMail({ name: "佐藤 一郎", email: address, newsletter: false, origin: TEST_MAIL_FRAME.origin }),
      frame: TEST_MAIL_FRAME,
    },
    now,
  );
  return key;
}

async function row(platform: TestPlatform, key: string) {
  return (await platform.db.select().from(mailOutbox).where(eq(mailOutbox.key, key)).get())!;
}

/** A mailer that fails its first `failures` sends (as a mail service answering 4xx/5xx would), then accepts. */
function flakyMailer(failures: number) {
  let left = failures;
  const mailer = {
    attempts: 0,
    accepted: [] as string[],
    async send(message: Parameters<Mailer["send"]>[0]) {
      mailer.attempts += 1;
      // Let the other senders of a Promise.all interleave, as separate requests would.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (left-- > 0) throw new Error("451 4.3.0 Temporary failure,\n  try again later");
      mailer.accepted.push(message.to);
      return { messageId: `<${mailer.attempts}@mail.test>` };
    },
  };
  return mailer;
}

describe("deliverMail", () => {
  it("tries a message again after a failed send, at its backoff time, and then sends it exactly once", async ({ platform }) => {
    const key = await writeMail(platform);
    const mailer = flakyMailer(1);

    expect(await deliverMail(platform.db, senderOf(mailer), key, T0)).toEqual({ status: "retry", retryAt: at(60_000) });
    expect(await row(platform, key)).toMatchObject({
      status: "pending",
      attempts: 1,
      nextAttemptAt: at(60_000),
      claimedAt: null,
      lastError: "451 4.3.0 Temporary failure, try again later",
    });
    // Not due yet: nothing is sent before the backoff is over.
    expect(await deliverMail(platform.db, senderOf(mailer), key, at(59_999))).toEqual({ status: "skipped" });
    expect(mailer.attempts).toBe(1);

    expect(await deliverMail(platform.db, senderOf(mailer), key, at(60_000))).toEqual({ status: "sent" });
    expect(await row(platform, key)).toMatchObject({ status: "sent", attempts: 2, sentAt: at(60_000), providerMessageId: "<2@mail.test>", lastError: null });
    // Sent is final: a redelivered queue message or the sweep never sends it again.
    expect(await deliverMail(platform.db, senderOf(mailer), key, at(3_600_000))).toEqual({ status: "skipped" });
    expect(await deliverDueMail(platform.db, senderOf(mailer), at(3_600_000))).toEqual([]);
    expect(mailer.accepted).toHaveLength(1);
  });

  it("answers every mail to the support desk (Reply-To), unless the mail names its own address (a ticket's)", async ({ platform }) => {
    const sent: Parameters<Mailer["send"]>[0][] = [];
    const mailer: Mailer = { send: (message) => (sent.push(message), Promise.resolve({ messageId: "<r@mail.test>" })) };
    const sender = { ...senderOf(mailer), supportAddress: "support@marketplace.example.jp" };
    const plain = await writeMail(platform);
    const ticket = await writeMail(platform);
    await platform.db.update(mailOutbox).set({ replyTo: "support+0123abcd@marketplace.example.jp" }).where(eq(mailOutbox.key, ticket));
    await deliverMail(platform.db, sender, plain, T0);
    await deliverMail(platform.db, sender, ticket, T0);
    expect(sent.map((message) => message.replyTo)).toEqual(["support@marketplace.example.jp", "support+0123abcd@marketplace.example.jp"]);
    expect(sent[0]!.text).toContain("このメールにご返信いただくか");
  });

  it("sends once when ten senders try the same message at the same moment", async ({ platform }) => {
    const key = await writeMail(platform);
    const mailer = flakyMailer(0);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => deliverMail(platform.db, senderOf(mailer), key, T0)));
    expect(outcomes.filter((outcome) => outcome.status === "sent")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === "skipped")).toHaveLength(9);
    expect(mailer.attempts).toBe(1);
    expect(await row(platform, key)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("takes over a claim older than the claim timeout (a sender that died), never a fresher one", async ({ platform }) => {
    const key = await writeMail(platform);
    // A sender claimed it at T0 and vanished mid-send.
    await platform.db.update(mailOutbox).set({ status: "sending", claimedAt: T0, attempts: 1 }).where(eq(mailOutbox.key, key));
    const mailer = flakyMailer(0);
    expect(await deliverMail(platform.db, senderOf(mailer), key, at(MAIL_CLAIM_TIMEOUT_MS - 1))).toEqual({ status: "skipped" });
    expect(mailer.attempts).toBe(0);
    expect(await deliverMail(platform.db, senderOf(mailer), key, at(MAIL_CLAIM_TIMEOUT_MS))).toEqual({ status: "sent" });
    expect(await row(platform, key)).toMatchObject({ status: "sent", attempts: 2, claimedAt: null });
    expect(mailer.attempts).toBe(1);
  });

  it(`keeps a message failed with its error after ${MAIL_MAX_ATTEMPTS} failures, until staff resend it (once, however often pressed)`, async ({ platform }) => {
    const key = await writeMail(platform);
    const mailer = flakyMailer(MAIL_MAX_ATTEMPTS);
    let now = T0;
    const outcomes = [];
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      const outcome = await deliverMail(platform.db, senderOf(mailer), key, now);
      outcomes.push(outcome.status);
      if (outcome.status === "retry") now = outcome.retryAt;
    }
    expect(outcomes).toEqual([...Array<string>(MAIL_MAX_ATTEMPTS - 1).fill("retry"), "failed"]);
    const failed = await row(platform, key);
    expect(failed).toMatchObject({ status: "failed", attempts: MAIL_MAX_ATTEMPTS, lastError: "451 4.3.0 Temporary failure, try again later", sentAt: null });
    // Failed for good: neither the queue nor the sweep tries it again, however late.
    expect(await deliverMail(platform.db, senderOf(mailer), key, at(86_400_000))).toEqual({ status: "skipped" });
    expect(await deliverDueMail(platform.db, senderOf(mailer), at(86_400_000))).toEqual([]);

    const resent = await Promise.all([resendFailedMail(platform.db, failed.id, at(90_000_000)), resendFailedMail(platform.db, failed.id, at(90_000_000))]);
    expect(resent.filter((resentKey) => resentKey === key)).toHaveLength(1);
    expect(resent.filter((resentKey) => resentKey === null)).toHaveLength(1);
    expect(await row(platform, key)).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: at(90_000_000) });
    // A message that is not failed is not resent.
    expect(await resendFailedMail(platform.db, failed.id, at(90_000_000))).toBeNull();

    expect(await deliverMail(platform.db, senderOf(mailer), key, at(90_000_000))).toEqual({ status: "sent" });
    expect(mailer.accepted).toHaveLength(1);
  });

  it("leaves the sweep what is due, oldest first, and nothing that is not", async ({ platform }) => {
    const later = await writeMail(platform, undefined, at(2_000));
    const earlier = await writeMail(platform, undefined, at(1_000));
    const future = await writeMail(platform, undefined, at(10 * 60_000));
    const mailer = flakyMailer(0);
    const sent: string[] = [];
    const recording: Mailer = { send: async (message) => (sent.push(message.to), mailer.send(message)) };
    await deliverDueMail(platform.db, senderOf(recording), at(5_000));
    expect(sent).toEqual([(await row(platform, earlier)).toAddress, (await row(platform, later)).toAddress]);
    expect((await row(platform, future)).status).toBe("pending");
  });
});

/** The MessageBatch the Workers runtime hands the queue handler: each message with body, ack and retry. */
function queueBatch(keys: string[]) {
  const settled: Record<string, { ack?: true; retry?: { delaySeconds?: number } }> = {};
  const messages = keys.map((key, index) => ({
    id: `message-${index}`,
    timestamp: new Date(),
    attempts: 1,
    body: { key },
    ack: () => void (settled[key] = { ...settled[key], ack: true }),
    retry: (options?: { delaySeconds?: number }) => void (settled[key] = { ...settled[key], retry: options ?? {} }),
  }));
  const batch = { queue: "marketplace-mail", messages, ackAll: () => undefined, retryAll: () => undefined } as unknown as MessageBatch<MailQueueMessage>;
  return { batch, settled };
}

describe("the mail queue's consumer, on the simulated send_email binding", () => {
  let email: EmailBinding;
  beforeAll(async () => {
    // The binding accepts only this address: another recipient is refused by the binding itself.
    email = await startEmailBinding({ allowedDestinations: ["accepted@example.jp"] });
  });
  afterAll(async () => {
    await email.dispose();
  });

  it("acknowledges a message it sent and retries a failed one with the backoff as delay", async ({ platform }) => {
    const good = await writeMail(platform, "accepted@example.jp", new Date());
    const refused = await writeMail(platform, "refused@example.jp", new Date());
    const { batch, settled } = queueBatch([good, refused]);

    await consumeMailQueue(batch, { ...platform.env, EMAIL: email.binding }, platform.db);

    expect(settled[good]).toEqual({ ack: true });
    expect(settled[refused]).toEqual({ retry: { delaySeconds: 60 } });
    expect(email.sent).toHaveLength(1);
    expect(email.sent[0]).toMatchObject({
      from: { name: "ひなた市場", email: platform.env.MAIL_FROM },
      to: "accepted@example.jp",
      subject: "【ひなた市場】会員登録が完了しました",
    });
    expect(email.sent[0]!.text).toContain("会員登録が完了しました");
    const sent = await row(platform, good);
    expect(sent).toMatchObject({ status: "sent", attempts: 1, providerMessageId: email.sent[0]!.messageId });
    expect(sent.providerMessageId).toMatch(/^<.+@marketplace\.example\.jp>$/);
    expect(await row(platform, refused)).toMatchObject({ status: "pending", attempts: 1, lastError: "email to refused@example.jp not allowed" });

    // The queue delivers the sent message again (at-least-once): acknowledged, not sent twice.
    const again = queueBatch([good]);
    await consumeMailQueue(again.batch, { ...platform.env, EMAIL: email.binding }, platform.db);
    expect(again.settled[good]).toEqual({ ack: true });
    expect(email.sent).toHaveLength(1);
  });

  it("sends in the name of the shop settings in force", async ({ platform }) => {
    const version = await platform.db
      .insert(shopSettingsVersions)
      .values({ settings: JSON.stringify({ ...DEFAULT_SHOP_SETTINGS, shopName: "ひなた商店" }), changedByName: "日向 太郎" })
      .returning()
      .get();
    try {
      const key = await writeMail(platform, "accepted@example.jp", new Date());
      await consumeMailQueue(queueBatch([key]).batch, { ...platform.env, EMAIL: email.binding }, platform.db);
      expect(email.sent.at(-1)).toMatchObject({ from: { name: "ひなた商店", email: platform.env.MAIL_FROM }, to: "accepted@example.jp" });
    } finally {
      await platform.db.delete(shopSettingsVersions).where(eq(shopSettingsVersions.id, version.id));
    }
  });
});
