/**
 * Support mail in (issue 36 item 2, decision 0042): the Worker's `email()` handler (Cloudflare Email Routing)
 * and the local way to send it a mail. A mail over the platform's size limit is refused unread (the sender's
 * server says why); any other is kept whole in R2 first, decoded by postal-mime, and filed by the tickets
 * service — added to a ticket, opening one, or held for staff at /crm/inbound. Nothing is thrown back at
 * Email Routing: a failure is logged and the mail held with the raw message kept.
 */
import PostalMime, { type Address } from "postal-mime";
import { daysAfter } from "~/core/dates";
import { htmlToText, INBOUND_MAIL_MAX_BYTES, INBOUND_RAW_KEEP_DAYS, INBOUND_TEXT } from "~/core/tickets/inbound-mail";
import type { Database } from "~/db/client.server";
import { receiveInboundMail, recordFailedMail, recordRejectedMail, type InboundMail, type InboundResult } from "~/services/tickets/inbound-mail.server";
import { purgeInboundRaw } from "~/services/tickets/inbound-desk.server";
import { enqueueMail, type MailQueueEnv } from "../mail/mail.server";

/** What the handler needs of Cloudflare's ForwardableEmailMessage (the dev route builds the same). */
export type ReceivedMail = Pick<ForwardableEmailMessage, "from" | "to" | "raw" | "rawSize" | "setReject">;

type InboundEnv = Pick<Env, "ATTACHMENTS" | "SUPPORT_ADDRESS" | "SHOP_ORIGIN"> & MailQueueEnv;

/**
 * Keeps the raw message in R2 (`inbound/{day}/{uuid}.eml`) and answers its key; null when R2 refused it (logged):
 * the mail is still filed, only its original is not kept.
 */
async function keepRaw(bucket: R2Bucket, raw: ArrayBuffer, now: Date): Promise<string | null> {
  const key = `inbound/${now.toISOString().slice(0, 10)}/${crypto.randomUUID()}.eml`;
  try {
    await bucket.put(key, raw, { httpMetadata: { contentType: "message/rfc822" } });
    return key;
  } catch (error) {
    console.error("inbound mail: the raw message could not be kept", error);
    return null;
  }
}

/** Every attachment as a File, named as sent (images are checked by their bytes when stored, not by this name). */
function attachmentFiles(parsed: Awaited<ReturnType<typeof PostalMime.parse>>): File[] {
  // Decoded as ArrayBuffers (postal-mime's default), never text.
  return parsed.attachments.map((attachment) => new File([attachment.content as ArrayBuffer], attachment.filename ?? "", { type: attachment.mimeType }));
}

/** The Message-IDs the mail answers (In-Reply-To, then References), as written. */
function answeredIds(inReplyTo: string | undefined, references: string | undefined): string[] {
  return [inReplyTo, references].flatMap((value) => (value ? (value.match(/<[^<>\s]+>/g) ?? []) : []));
}

const firstOf = (addresses: Address | Address[] | undefined) => (Array.isArray(addresses) ? addresses[0] : addresses);
const firstAddress = (addresses: Address | Address[] | undefined) => firstOf(addresses)?.address ?? "";

/** The From header's display name, as a guest ticket's customer name (kept short; blank is none). */
const displayName = (from: Address | undefined) => from?.name?.trim().slice(0, 60) || null;

/** The mail decoded: the envelope's addresses (what Email Routing vouched for), the headers' subject and parts. */
export async function decodeMail(raw: ArrayBuffer, envelope: { from: string; to: string; rawKey: string | null }): Promise<InboundMail> {
  const parsed = await PostalMime.parse(raw);
  return {
    from: envelope.from || firstAddress(parsed.from),
    to: envelope.to || firstAddress(parsed.to),
    fromName: displayName(firstOf(parsed.from)),
    subject: parsed.subject ?? "",
    messageId: parsed.messageId?.trim() || null,
    answers: answeredIds(parsed.inReplyTo, parsed.references),
    headers: parsed.headers.map((header) => ({ key: header.key, value: header.value })),
    text: parsed.text?.trim() ? parsed.text : htmlToText(parsed.html ?? ""),
    attachments: attachmentFiles(parsed),
    rawKey: envelope.rawKey,
    rawSize: raw.byteLength,
  };
}

/**
 * Files one received mail (Email Routing's `email()` event): refuses one over the size limit with the reason,
 * keeps the raw message, decodes and files it. Answers what became of it (for the dev route and the tests).
 */
export async function receiveSupportMail(message: ReceivedMail, env: InboundEnv, db: Database, now: Date = new Date()): Promise<InboundResult> {
  if (message.rawSize > INBOUND_MAIL_MAX_BYTES) {
    message.setReject(INBOUND_TEXT.tooLarge);
    await recordRejectedMail(db, message, INBOUND_TEXT.tooLarge, now);
    return { outcome: "rejected", reason: INBOUND_TEXT.tooLarge, ticketId: null };
  }
  const raw = await new Response(message.raw).arrayBuffer();
  const rawKey = await keepRaw(env.ATTACHMENTS, raw, now);
  const desk = { supportAddress: env.SUPPORT_ADDRESS, origin: env.SHOP_ORIGIN };
  try {
    const result = await receiveInboundMail(db, env.ATTACHMENTS, await decodeMail(raw, { from: message.from, to: message.to, rawKey }), desk, now);
    await enqueueMail(env, result.mailKeys ?? []);
    return result;
  } catch (error) {
    // Kept for staff rather than bounced: the raw message is in R2, the record says what went wrong.
    console.error("inbound mail: could not be filed", error);
    const reason = INBOUND_TEXT.failed(error instanceof Error ? error.message : String(error));
    const mailKeys = await recordFailedMail(db, { from: message.from, to: message.to, rawKey, rawSize: raw.byteLength }, reason, env.SHOP_ORIGIN, now);
    await enqueueMail(env, mailKeys);
    return { outcome: "held", reason, ticketId: null, mailKeys };
  }
}

/** The hourly purge of raw messages older than INBOUND_RAW_KEEP_DAYS. */
export function purgeOldInboundRaw(db: Database, bucket: R2Bucket, now: Date): Promise<number> {
  return purgeInboundRaw(db, bucket, daysAfter(now, -INBOUND_RAW_KEEP_DAYS));
}
