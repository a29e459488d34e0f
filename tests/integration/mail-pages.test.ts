/**
 * The outbox's pages on real local D1: the local /dev/mailbox (404 in production; under the Vite dev
 * server it delivers what is due itself), staff's /crm/mail-outbox (who may see it, a sensitive body never
 * shown, the resend with PRG), and the registration that writes and dispatches its welcome e-mail.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { MAIL_OUTBOX_TEXT } from "~/core/mail/mail-outbox";
import { mailOutbox, users } from "~/db/schema";
import { getLoadContext } from "~/load-context";
import { welcomeMail } from "~/mail/welcome-mails";
import * as crmMessage from "~/routes/crm.mail-outbox.$id";
import * as crmOutbox from "~/routes/crm.mail-outbox._index";
import * as devMessage from "~/routes/dev.mailbox.$id";
import * as devMailbox from "~/routes/dev.mailbox._index";
import * as register from "~/routes/user.register";
import { outboxStatement } from "~/services/mail/mail-outbox.server";
import type { OutboxMessage, OutboxRow } from "~/web/types/mail";
import { consumeMailQueue, type MailQueueMessage } from "~/web/mail/mail.server";
import { startEmailBinding } from "../support/email-binding";
import { TEST_MAIL_FRAME } from "../support/orders";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { contextFor, expectRedirect, pageRequest, postRequest, run, TEST_ORIGIN, valueOf } from "../support/requests";

const it = platformTest();

/** A load context whose env differs (APP_ENV production) and whose mail queue records what is put on it. */
function contextWith(platform: TestPlatform, env: Partial<Env> = {}) {
  const queued: MailQueueMessage[] = [];
  const pending: Promise<unknown>[] = [];
  const queue = { sendBatch: async (messages: { body: MailQueueMessage }[]) => void queued.push(...messages.map((message) => message.body)) };
  const context = getLoadContext({
    request: new Request(TEST_ORIGIN),
    context: {
      cloudflare: {
        env: { ...platform.env, MAIL_QUEUE: queue as unknown as Queue, ...env },
        ctx: { waitUntil: (promise) => void pending.push(promise), passThroughOnException: () => undefined },
      },
    },
  });
  return { context, queued, dispatched: () => Promise.all(pending) };
}

let counter = 0;
async function writeMail(platform: TestPlatform, options: { to?: string; sensitive?: boolean; at?: Date } = {}) {
  const to = options.to ?? `page-${++counter}@example.jp`;
  const key = `page-test:${++counter}`;
  await outboxStatement(
    platform.db,
    {
      key,
      kind: options.sensitive ? "password_reset" : "welcome",
      to,
      template: welcomeMail({ name: "佐藤 一郎", email: to, newsletter: false, origin: TEST_MAIL_FRAME.origin }),
      frame: TEST_MAIL_FRAME,
      sensitive: options.sensitive,
    },
    options.at ?? new Date(),
  );
  return (await platform.db.select().from(mailOutbox).where(eq(mailOutbox.key, key)).get())!;
}

describe("/dev/mailbox", () => {
  it("is a 404 in production, the list and each message alike", async ({ platform }) => {
    const mail = await writeMail(platform);
    const { context } = contextWith(platform, { APP_ENV: "production" });
    expect((await run(platform, devMailbox.loader, pageRequest("/dev/mailbox"), {}, context)).status).toBe(404);
    expect((await run(platform, devMessage.loader, pageRequest(`/dev/mailbox/${mail.id}`), { id: String(mail.id) }, context)).status).toBe(404);
    // Nothing was delivered by the refused page.
    expect((await platform.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id)).get())!.status).toBe("pending");
  });

  it("delivers what is due when no queue consumer runs (the Vite dev server), and lists the newest first, by recipient", async ({ platform }) => {
    const older = await writeMail(platform, { to: "reader@example.jp", at: new Date(Date.now() - 60_000) });
    const newer = await writeMail(platform, { to: "reader@example.jp" });
    await writeMail(platform, { to: "someone-else@example.jp" });
    const outcome = await run(platform, devMailbox.loader, pageRequest("/dev/mailbox?to=reader%40example.jp"));
    const { page } = await valueOf<{ page: { rows: OutboxRow[]; total: number } }>(outcome);
    expect(page.rows.map((row) => [row.id, row.toAddress, row.status])).toEqual([
      [newer.id, "reader@example.jp", "sent"],
      [older.id, "reader@example.jp", "sent"],
    ]);
    expect((await platform.db.select().from(mailOutbox).where(eq(mailOutbox.id, newer.id)).get())!.providerMessageId).toBe("local");
  });

  it("shows a message's text, rendered HTML and links — a sensitive one's too (local runs only)", async ({ platform }) => {
    const mail = await writeMail(platform, { sensitive: true });
    const { message } = await valueOf<{ message: OutboxMessage }>(
      await run(platform, devMessage.loader, pageRequest(`/dev/mailbox/${mail.id}`), { id: String(mail.id) }),
    );
    expect(message.body?.text).toContain("会員登録が完了しました");
    expect(message.body?.links).toContainEqual({ text: "マイページはこちら", href: "http://shop.test/user" });
    expect(message.body?.rendered).toContain('href="http://shop.test/user"');
    expect((await run(platform, devMessage.loader, pageRequest("/dev/mailbox/999999"), { id: "999999" })).status).toBe(404);
    expect((await run(platform, devMessage.loader, pageRequest("/dev/mailbox/abc"), { id: "abc" })).status).toBe(404);
  });
});

describe("/crm/mail-outbox", () => {
  it("is for staff: a guest is sent to log in, a member is refused, staff see the list", async ({ platform, member, staff }) => {
    const mail = await writeMail(platform);
    const guestList = await run(platform, crmOutbox.loader, pageRequest("/crm/mail-outbox"));
    expectRedirect(guestList, 302, /^\/login\?/);
    expect((await run(platform, crmOutbox.loader, pageRequest("/crm/mail-outbox", member))).status).toBe(403);
    expect((await run(platform, crmMessage.loader, pageRequest(`/crm/mail-outbox/${mail.id}`, member), { id: String(mail.id) })).status).toBe(403);
    expect(
      (await run(platform, crmOutbox.action, postRequest("/crm/mail-outbox?index", { intent: "resend", id: String(mail.id) }, { cookie: member }))).status,
    ).toBe(403);

    const listed = await valueOf<{ page: { rows: OutboxRow[] } }>(
      await run(platform, crmOutbox.loader, pageRequest(`/crm/mail-outbox?to=${encodeURIComponent(mail.toAddress)}`, staff)),
    );
    expect(listed.page.rows).toMatchObject([{ id: mail.id, toAddress: mail.toAddress, kind: "welcome", status: "pending", attempts: 0 }]);
    const failedOnly = await valueOf<{ page: { rows: OutboxRow[] } }>(
      await run(platform, crmOutbox.loader, pageRequest("/crm/mail-outbox?status=failed", staff)),
    );
    expect(failedOnly.page.rows.every((row) => row.status === "failed")).toBe(true);
  });

  it("never gives staff the body of a sensitive message (a reset or verification link), other bodies yes", async ({ platform, staff }) => {
    const secret = await writeMail(platform, { sensitive: true });
    const plain = await writeMail(platform);
    const hidden = await valueOf<{ message: OutboxMessage }>(
      await run(platform, crmMessage.loader, pageRequest(`/crm/mail-outbox/${secret.id}`, staff), { id: String(secret.id) }),
    );
    expect(hidden.message).toMatchObject({ id: secret.id, subject: secret.subject, sensitive: true, body: null });
    expect(JSON.stringify(hidden)).not.toContain("会員登録が完了しました。");
    const shown = await valueOf<{ message: OutboxMessage }>(
      await run(platform, crmMessage.loader, pageRequest(`/crm/mail-outbox/${plain.id}`, staff), { id: String(plain.id) }),
    );
    expect(shown.message.body?.text).toContain("会員登録が完了しました。");
  });

  it("resends a failed message once, back to the same view with a notice (without JS too), and refuses anything else", async ({ platform, staff }) => {
    const mail = await writeMail(platform);
    await platform.db.update(mailOutbox).set({ status: "failed", attempts: 5, lastError: "550 mailbox unavailable" }).where(eq(mailOutbox.id, mail.id));
    const back = "/crm/mail-outbox?status=failed";
    const { context, queued, dispatched } = contextWith(platform);
    const resent = await run(
      platform,
      crmOutbox.action,
      postRequest("/crm/mail-outbox?index", { intent: "resend", id: String(mail.id), back }, { cookie: staff, mode: "navigate" }),
      {},
      context,
    );
    expectRedirect(resent, 303, "/crm/mail-outbox?status=failed&notice=resent#result");
    await dispatched();
    expect(queued).toEqual([{ key: mail.key }]);
    expect(await platform.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id)).get()).toMatchObject({ status: "pending", attempts: 0 });
    const notice = await valueOf<{ notice: string }>(await run(platform, crmOutbox.loader, pageRequest("/crm/mail-outbox?status=failed&notice=resent", staff)));
    expect(notice.notice).toBe(MAIL_OUTBOX_TEXT.resent);

    // Pressed again (another tab): it is no longer failed.
    const again = await run(
      platform,
      crmMessage.action,
      postRequest(`/crm/mail-outbox/${mail.id}`, { intent: "resend", id: String(mail.id), back: `/crm/mail-outbox/${mail.id}` }, { cookie: staff }),
      { id: String(mail.id) },
    );
    expect(again.status).toBe(409);
    expect(await valueOf(again)).toEqual({ ok: false, error: MAIL_OUTBOX_TEXT.notResendable });
    expect((await run(platform, crmOutbox.action, postRequest("/crm/mail-outbox?index", { intent: "resend", id: "x" }, { cookie: staff }))).status).toBe(400);
  });

  it("returns to the message page after a resend made there", async ({ platform, staff }) => {
    const mail = await writeMail(platform);
    await platform.db.update(mailOutbox).set({ status: "failed", attempts: 5 }).where(eq(mailOutbox.id, mail.id));
    const { context } = contextWith(platform);
    const path = `/crm/mail-outbox/${mail.id}`;
    const resent = await run(
      platform,
      crmMessage.action,
      postRequest(path, { intent: "resend", id: String(mail.id), back: path }, { cookie: staff, mode: "navigate" }),
      { id: String(mail.id) },
      context,
    );
    expectRedirect(resent, 303, `${path}?notice=resent#result`);
  });
});

describe("registration's welcome e-mail", () => {
  const fields = (email: string) => ({
    email,
    password: "password1234",
    lastname: "山田",
    firstname: "太郎",
    lastnameJp: "ヤマダ",
    firstnameJp: "タロウ",
    newsletter: "on",
    agreement: "on",
  });

  it("is written with the account, put on the queue after it, and sent by the consumer through the e-mail binding", async ({ platform }) => {
    const { context, queued, dispatched } = contextWith(platform);
    const outcome = await run(platform, register.action, postRequest("/user/register", fields("welcome@example.jp"), { mode: "navigate" }), {}, context);
    expect(outcome.status).toBe(303);
    const user = (await platform.db.select().from(users).where(eq(users.email, "welcome@example.jp")).get())!;
    const mail = (await platform.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "welcome@example.jp")).get())!;
    expect(mail).toMatchObject({ kind: "welcome", userId: user.id, status: "pending", subject: "【ひなた市場】会員登録が完了しました" });
    await dispatched();
    expect(queued).toEqual([{ key: mail.key }]);

    const email = await startEmailBinding();
    try {
      const messages = queued.map((body) => ({ body, ack: () => undefined, retry: () => undefined }));
      await consumeMailQueue(
        { queue: "marketplace-mail", messages } as unknown as MessageBatch<MailQueueMessage>,
        { ...platform.env, EMAIL: email.binding },
        platform.db,
      );
      expect(email.sent.map((sent) => sent.to)).toEqual(["welcome@example.jp"]);
      expect((await platform.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id)).get())!.status).toBe("sent");
    } finally {
      await email.dispose();
    }
  });

  it("is written once when the same address registers twice at the same moment (the second is told to its owner)", async ({ platform }) => {
    const outcomes = await Promise.all(
      [1, 2].map(() =>
        run(platform, register.action, postRequest("/user/register", fields("twice@example.jp"), { mode: "navigate" }), {}, contextFor(platform)),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([303, 303]);
    expect(await platform.db.select().from(users).where(eq(users.email, "twice@example.jp"))).toHaveLength(1);
    const mails = await platform.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "twice@example.jp"));
    expect(mails.map((mail) => mail.kind).sort()).toEqual(["registration_attempt", "welcome"]);
  });
});
