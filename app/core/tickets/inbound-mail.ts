/**
 * Support e-mail coming in: customers answering the shop's mails or writing to the support address. Which
 * ticket a mail is for (by its recipient's subaddress), which mails a program sent, the customer's
 * new words without the quoted history, and the reasons the desk shows for a mail it held. Pure: the email
 * handler parses the MIME and stores; these rules only decide.
 */

/** Cloudflare Email Routing's message size limit: the handler refuses a larger mail before reading it. */
export const INBOUND_MAIL_MAX_BYTES = 25 * 1024 * 1024;

/** How long a received mail's raw message is kept, for staff to look into a held or misread mail. */
export const INBOUND_RAW_KEEP_DAYS = 30;

/** The line above the earlier messages the shop's own text mails quote: a customer's answer ends before it. */
export const QUOTE_MARKER = "---- 以下、これまでのやりとり ----";

/** What the desk shows of a mail it held or of the parts it did not keep. */
export const INBOUND_TEXT = {
  tooLarge: `メールが大きすぎます（${INBOUND_MAIL_MAX_BYTES / 1024 / 1024}MBまで）`,
  /** Followed by what gave the mail away, in parentheses (autoReplyReason). */
  autoReply: "自動送信のメールのため保留しました",
  senderMismatch: "差出人がこのチケットのお客様のアドレスと一致しないため保留しました",
  unknownToken: "返信先のチケットが見つからないため保留しました",
  orderSenderMismatch: (orderNumber: string) => `差出人がご注文（${orderNumber}）のメールアドレスと一致しないため保留しました`,
  empty: "本文がないメールです",
  attachmentRefused: (filename: string, why: string) => `添付ファイル「${filename || "名前のないファイル"}」は保存していません（${why}）`,
  notAddressedToSupport: "カスタマーサービス宛てではないメールのため保留しました",
  failed: (detail: string) => `メールを読み取れなかったため保留しました（${detail}）。原本をご確認ください`,
} as const;

/** Staff's page of received mails. */
export const INBOUND_PATH = "/crm/inbound";

/** What became of a received mail, as /crm/inbound shows it. */
export const INBOUND_OUTCOME_LABELS = {
  added: "チケットに追加",
  opened: "新しいチケット",
  held: "保留",
  rejected: "受信拒否",
  accepted: "確認して追加",
  discarded: "破棄",
} as const;

/** What staff are told after handling a held mail (the notice codes of /crm/inbound's redirects). */
export const INBOUND_DESK_NOTICES = { accepted: "メールをお問い合わせに追加しました。", discarded: "メールを破棄しました。" } as const;

// ─── Recipients ────────────────────────────────────────────────────────────────────────────

/** Which conversation a mail to the support address belongs to, by the subaddress the shop's mail answered to. */
export type InboundTarget = { kind: "ticket"; token: string } | { kind: "support" };

/** A reply token: 32 lowercase hex characters (`lower(hex(randomblob(16)))`); the address is lowercased first. */
const TOKEN = /^[0-9a-f]{32}$/;

/** An address's local part and domain, lowercased: addresses compare in any case. */
function splitAddress(address: string): { local: string; domain: string } | null {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  return at < 1 || at === trimmed.length - 1 ? null : { local: trimmed.slice(0, at), domain: trimmed.slice(at + 1) };
}

/**
 * The conversation a mail to `recipient` is for, or null when it is not the support address or a subaddress of
 * it (local part and domain in any case). A subaddress that is no token still reaches the desk as a new mail: a
 * customer may mistype it, and their mail must not be lost.
 */
export function inboundTarget(recipient: string, supportAddress: string): InboundTarget | null {
  const to = splitAddress(recipient);
  const support = splitAddress(supportAddress);
  if (!to || !support || to.domain !== support.domain) return null;
  if (to.local === support.local) return { kind: "support" };
  if (!to.local.startsWith(`${support.local}+`)) return null;
  const tag = to.local.slice(support.local.length + 1);
  return TOKEN.test(tag) ? { kind: "ticket", token: tag } : { kind: "support" };
}

/** Whether a mail's sender is the customer: addresses compare in any case, but a `+tag` is theirs and must match too. */
export function sameAddress(a: string, b: string): boolean {
  const left = a.trim().toLowerCase();
  return left !== "" && left === b.trim().toLowerCase();
}

// ─── Automatic mails ───────────────────────────────────────────────────────────────────────

/** Precedence values a program sets on bulk mail, lists and automatic answers (RFC 2076, RFC 3834). */
const BULK_PRECEDENCE = ["bulk", "junk", "list", "auto_reply"];

/** Flags some responders (vacation, procmail) set on their answers. */
const AUTO_REPLY_FLAGS = ["X-Autoreply", "X-Autorespond"];

/**
 * Subjects an out-of-office or auto-reply program writes: a marker before a colon (「自動応答: 」「Out of Office:」
 * 「Auto:」) or in brackets (【自動返信】), or 「不在のお知らせ」「不在通知」. A bare marker word is not enough:
 * 「自動返信メールが届きません」 and 「不在票が入っていました」 are customers' questions.
 */
const AUTO_REPLY_SUBJECT =
  /^\s*(?:[[【［(（]\s*(?:自動応答|自動返信|不在|auto-?reply|out of office)[^\]】］)）]*[\]】］)）]|(?:自動応答|自動返信|不在|out of office(?: autoreply)?|automatic reply|auto|auto-?reply)\s*[:：]|不在のお知らせ|不在通知)/i;

/** A header's value as compared and shown: its first word, lowercased (`auto-replied` of `Auto-Replied; owner=…`). */
function firstWord(value: string): string {
  return /^[^\s;(]*/.exec(value.trim().toLowerCase())?.[0] ?? "";
}

/**
 * Why a mail was sent by a program (an out-of-office answer, a mailing list), or null for a person's mail:
 * such a mail is held rather than added to a ticket as the customer's message. X-Auto-Response-Suppress is not
 * read, not even as a hint: it asks the recipient not to answer, Outlook sets it on people's mails too, and the
 * signs it could confirm (Auto-Submitted, a marked subject) are enough alone.
 */
export function autoReplyReason(headers: { key: string; value: string }[], subject: string): string | null {
  const values = (name: string) => headers.filter((header) => header.key.trim().toLowerCase() === name.toLowerCase()).map((header) => firstWord(header.value));
  const because = (detail: string) => `${INBOUND_TEXT.autoReply}（${detail}）`;
  const submitted = values("Auto-Submitted").find((value) => value !== "no");
  if (submitted != null) return because(submitted ? `Auto-Submitted: ${submitted}` : "Auto-Submitted");
  const precedence = values("Precedence").find((value) => BULK_PRECEDENCE.includes(value));
  if (precedence != null) return because(`Precedence: ${precedence}`);
  const flag = AUTO_REPLY_FLAGS.find((name) => values(name).length > 0);
  if (flag) return because(flag);
  if (values("List-Id").length > 0 || values("List-Unsubscribe").length > 0) return because("メーリングリストの配信");
  const marker = AUTO_REPLY_SUBJECT.exec(subject)?.[0].trim();
  return marker ? because(`件名「${marker}」`) : null;
}

// ─── The customer's words ──────────────────────────────────────────────────────────────────

/**
 * The lines mail programs write above the message they quote: Gmail's (English, possibly wrapped over two
 * lines; Japanese, with the sender's address) and the iPhone's Japanese one.
 */
const ATTRIBUTIONS = [
  /^On\s.*\d.*\swrote:$/,
  /^\d{4}年\d{1,2}月\d{1,2}日.*\d{1,2}:\d{2}.*<\s*[^<>\s]+@[^<>\s]+\s*>\s*[:：]$/,
  /^\d{4}\/\d{1,2}\/\d{1,2}\s.*\d{1,2}:\d{2}、.*[^<>\s]+@[^<>\s]+.*のメール[:：]$/,
];

/** Outlook's separator above a quoted message, in English and Japanese. */
const ORIGINAL_MESSAGE = /^-{2,}\s*(?:original message|元のメッセージ)\s*-{2,}$/i;

/** Outlook's header block above a quoted message: From (差出人) followed within 4 lines by Sent (送信日時). */
const HEADER_FROM = /^(?:from|差出人)\s*[:：]/i;
const HEADER_SENT = /^(?:sent|送信日時)\s*[:：]/i;

/** The rule Outlook draws above its header block. */
const OUTLOOK_RULE = /^_{8,}$/;

const QUOTED_LINE = /^\s*[>＞]/;

/** Attribution lines are short: a longer line is the customer's, and is not scanned (the patterns backtrack). */
const ATTRIBUTION_MAX_LENGTH = 300;

const isAttribution = (line: string) => line.length <= ATTRIBUTION_MAX_LENGTH && ATTRIBUTIONS.some((pattern) => pattern.test(line));

/** Whether the history starts at this line: a separator, an Outlook header block or an attribution (alone or wrapped). */
function startsQuote(lines: string[], index: number): boolean {
  const line = lines[index]?.trim() ?? "";
  if (line === QUOTE_MARKER || ORIGINAL_MESSAGE.test(line) || isAttribution(line)) return true;
  if (HEADER_FROM.test(line) && lines.slice(index + 1, index + 5).some((next) => HEADER_SENT.test(next.trim()))) return true;
  const next = lines[index + 1]?.trim();
  return next != null && !isAttribution(next) && isAttribution(`${line} ${next}`);
}

/** The first line of the quoted history (with Outlook's rule above it), or the number of lines when there is none. */
function quoteStart(lines: string[]): number {
  const start = lines.findIndex((_, index) => startsQuote(lines, index));
  if (start < 0) return lines.length;
  let above = start - 1;
  while (above >= 0 && lines[above]?.trim() === "") above -= 1;
  return above >= 0 && OUTLOOK_RULE.test(lines[above]?.trim() ?? "") ? above : start;
}

/** The first line of the `>` lines ending the text; quotes the customer answers between are kept. */
function trailingQuoteStart(lines: string[]): number {
  let start = lines.length;
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = lines[index] ?? "";
    if (QUOTED_LINE.test(line)) start = index;
    else if (line.trim() !== "") break;
  }
  return start;
}

/** Without the blank lines above and the whitespace below; the first line's indent (a full-width space) stays. */
function trimBlankEdges(text: string): string {
  return text.replace(/^(?:[^\S\n]*\n)+/, "").trimEnd();
}

/**
 * The customer's new words, without the history their mail program quoted below them, so a ticket shows each
 * message once. A signature (`-- `) is theirs and stays. When nothing is above the history (a mail that only
 * forwards or quotes), the whole text is kept rather than an empty message.
 */
export function replyText(text: string): string {
  const full = trimBlankEdges(text.replace(/\r\n?/g, "\n"));
  const lines = full.split("\n");
  const above = lines.slice(0, quoteStart(lines));
  const reply = trimBlankEdges(above.slice(0, trailingQuoteStart(above)).join("\n"));
  return reply === "" ? full : reply;
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The text with the entities mail HTML uses decoded, in one pass (`&amp;lt;` stays `&lt;`); an impossible character is U+FFFD. */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos|nbsp));/gi, (entity: string, decimal?: string, hex?: string, name?: string) => {
    if (name) return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    const code = decimal ? Number(decimal) : parseInt(hex ?? "", 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\uFFFD";
  });
}

/**
 * The HTML without the `name` elements (those whose opening tag matches `opening`, if given) and all they
 * contain: nested elements of that name are counted, and one left open runs to the end. One pass.
 */
function removeElements(html: string, name: string, opening?: RegExp): string {
  const tags = new RegExp(`<(/?)${name}\\b[^<>]*>`, "gi");
  let kept = "";
  let from = 0;
  let depth = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    if (depth > 0) {
      depth += tag[1] ? -1 : 1;
      if (depth === 0) from = tags.lastIndex;
    } else if (!tag[1] && (!opening || opening.test(tag[0]))) {
      kept += html.slice(from, tag.index);
      depth = 1;
    }
  }
  return depth > 0 ? kept : kept + html.slice(from);
}

/** Gmail's quoted history, its attribution line and blockquote in one div (class "gmail_quote", with others in newer Gmail). */
const GMAIL_QUOTE = /\bclass\s*=\s*["']?[^"'<>]*\bgmail_quote\b/i;

/**
 * The text of an HTML-only mail, enough for the desk to read: line breaks where the mail had them, no markup,
 * and no quoted history (blockquotes and Gmail's quote). Not a renderer: tables and lists lose their layout.
 * Each step is one pass over the HTML (an unclosed comment, head, style or script runs to the end), so a
 * crafted mail costs no more than its size.
 */
export function htmlToText(html: string): string {
  const visible = html.replace(/<!--[\s\S]*?(?:-->|$)/g, "").replace(/<(head|style|script)\b[^<>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, "");
  const unquoted = removeElements(removeElements(visible, "div", GMAIL_QUOTE), "blockquote");
  const text = unquoted
    .replace(/[ \t\r\n\f]+/g, " ")
    .replace(/<br\b[^<>]*>|<\/(?:p|div|li|tr)\s*>|<hr\b[^<>]*>/gi, "\n")
    .replace(/<[^<>]*>/g, "")
    .replace(/[ \t]+/g, " ")
    .replace(/ ?\n ?/g, "\n");
  return decodeEntities(text)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
