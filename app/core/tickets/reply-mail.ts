/**
 * A staff reply as the customer receives it by e-mail (issue 36): who is mailed, the address their answer
 * goes to, how much of the thread is quoted, and how long the attachment links work.
 */
import type { ReplyChoice } from "./ticket-labels";

/** How the customer asked to be answered: by e-mail (or not said), or by phone (a task for staff, no mail). */
export function replyGoesByMail(replyChoice: ReplyChoice): boolean {
  return replyChoice !== "phone";
}

/** The earlier messages quoted below a reply, newest first. */
export const QUOTED_MESSAGES = 3;

/** How long an attachment link in a mail opens the image without a login. */
export const ATTACHMENT_LINK_DAYS = 30;

/** What a mailed attachment link answers when it no longer opens (its image is still on the ticket's page). */
export const ATTACHMENT_LINK_EXPIRED =
  "この画像のリンクは有効期限が切れています。会員の方はお問い合わせページからご覧ください。そうでない場合は、このメールにご返信ください。";

/** What an attachment link's signature covers: the purpose, the image and the expiry. */
export function attachmentLinkText(mediaId: number, expiresAt: number): string {
  return `ticket-attachment:${mediaId}:${expiresAt}`;
}

/**
 * The ticket's reply address: the support address with the ticket's token as its subaddress
 * (`support+{token}@domain`), or the support address itself for a ticket without a token.
 */
export function ticketReplyAddress(supportAddress: string, token: string | null): string {
  const at = supportAddress.lastIndexOf("@");
  if (!token || at < 1) return supportAddress;
  return `${supportAddress.slice(0, at)}+${token}${supportAddress.slice(at)}`;
}

/** The outbox key of one staff reply's mail (each reply its own mail): `ticket-reply:{ticket}:{nonce}`. */
export function replyMailKey(ticketId: number, nonce: string): string {
  return `ticket-reply:${ticketId}:${nonce}`;
}

/** The ticket a reply mail's outbox key names, or null for any other mail (a customer's answer to it joins that ticket). */
export function ticketIdOfReplyMailKey(key: string): number | null {
  const match = /^ticket-reply:(\d+):/.exec(key);
  return match ? Number(match[1]) : null;
}
