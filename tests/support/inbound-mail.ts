/** Mail in for the inbound tests: a mail written in the test, handed to the handler as Email Routing would. */
import { mailOutbox } from "~/db/schema";
import { receiveSupportMail } from "~/web/tickets/inbound-mail.server";
import type { TestPlatform } from "./platform-test";

export const SUPPORT = "support@marketplace.example.jp";

let sequence = 0;
/** A plain UTF-8 mail written here (for the cases no fixture covers), with a Message-ID of its own. */
export function rawMail(fields: { from: string; to: string; subject: string; body: string; headers?: string[] }): Uint8Array<ArrayBuffer> {
  const lines = [
    `From: ${fields.from}`,
    `To: ${fields.to}`,
    `Subject: =?UTF-8?B?${Buffer.from(fields.subject).toString("base64")}?=`,
    `Message-ID: <inline.${++sequence}.${Date.now()}@mail.example.jp>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=UTF-8",
    "Content-Transfer-Encoding: 8bit",
    ...(fields.headers ?? []),
    "",
    fields.body,
  ];
  return new TextEncoder().encode(lines.join("\r\n"));
}

/** Hands the bytes to the handler as Email Routing would (envelope from/to), answering what it did and any refusal. */
export async function deliver(
  platform: TestPlatform,
  bytes: Uint8Array<ArrayBuffer>,
  envelope: { from: string; to: string },
  rawSize = bytes.byteLength,
  env: Pick<Env, "ATTACHMENTS" | "SUPPORT_ADDRESS" | "SHOP_ORIGIN"> = platform.env,
) {
  const refusals: string[] = [];
  const result = await receiveSupportMail(
    { ...envelope, raw: new Blob([bytes]).stream(), rawSize, setReject: (reason) => void refusals.push(reason) },
    env,
    platform.db,
  );
  return { ...result, refusals };
}

/** The shop's mail `key` as sent (its Message-ID recorded), and an answer to it from `from`. */
export async function answerTo(platform: TestPlatform, key: string, from: string, body: string) {
  const messageId = `<sent.${key.replace(/[^a-z0-9]/gi, ".")}@marketplace.example.jp>`;
  await platform.db
    .insert(mailOutbox)
    .values({
      key,
      kind: "order",
      toAddress: from,
      subject: "ご注文",
      html: "",
      textBody: "",
      status: "sent",
      providerMessageId: messageId,
      nextAttemptAt: new Date(),
    })
    .onConflictDoNothing();
  const mail = rawMail({ from, to: SUPPORT, subject: "Re: ご注文", body, headers: [`In-Reply-To: ${messageId}`] });
  return deliver(platform, mail, { from, to: SUPPORT });
}
