/**
 * Support-ticket rules (spec §3 Ticket / Ticket message / New ticket form, §4, §9): the troubles and the
 * priority each implies, the message checks, the resolution-confirmation states and the 7-day auto-close.
 * Pure: time is passed in as `now`. The new-ticket form's schema is ticket-forms.ts, the staff list's
 * definition ticket-listing.ts, the categories, reply choices and the status, priority and confirmation
 * labels ticket-labels.ts, and what polling reads from the API's headers ticket-polling.ts, so a page
 * showing a label or polling a thread loads none of the rest.
 */
import { OWNER_TEXT } from "./ticket-owners";
import { NOTE_TEXT } from "./ticket-notes";
import { MERGE_TEXT } from "./ticket-merge";
import { TAG_TEXT } from "./ticket-tags";
import { DRAFT_TEXT } from "./reply-drafts";
import { daysAfter } from "~/core/dates";
import { TICKET_ATTACHMENT_LIMIT, TICKET_CONFIRMATION_TIMEOUT_DAYS, TICKET_MESSAGE_MAX_LENGTH } from "~/core/limits";
import { CONFIRMATION_LABELS, type TicketConfirmation, type TicketPriority, type TicketStatus } from "~/core/tickets/ticket-labels";

/**
 * The troubles a customer can pick and the priority each implies (§9): high for "when will it arrive"
 * and payment, low for receipts and mails not arriving, medium for everything else.
 */
export const TICKET_TROUBLES = [
  { label: "商品がいつ届くか知りたい", priority: "high" },
  { label: "お支払いについて", priority: "high" },
  { label: "注文内容を変更・キャンセルしたい", priority: "medium" },
  { label: "届いた商品に破損・不具合がある", priority: "medium" },
  { label: "注文と違う商品が届いた", priority: "medium" },
  { label: "返品・交換したい", priority: "medium" },
  { label: "ログイン・パスワードについて", priority: "medium" },
  { label: "領収書がほしい", priority: "low" },
  { label: "メールが届かない", priority: "low" },
  { label: "その他", priority: "medium" },
] as const satisfies readonly { label: string; priority: TicketPriority }[];
export type TicketTrouble = (typeof TICKET_TROUBLES)[number]["label"];
export const TICKET_TROUBLE_LABELS = TICKET_TROUBLES.map((trouble) => trouble.label) as TicketTrouble[];

/** The priority a trouble implies; an unknown trouble is medium. */
export function ticketPriority(trouble: string): TicketPriority {
  return TICKET_TROUBLES.find((candidate) => candidate.label === trouble)?.priority ?? "medium";
}

export const TICKET_TEXT = {
  descriptionRequired: "問題について詳しく教えてください",
  descriptionTooLong: `${TICKET_MESSAGE_MAX_LENGTH}文字以内で入力してください`,
  categoryRequired: "お問い合わせの種類を選択してください",
  troubleRequired: "お困りの内容を選択してください",
  replyChoiceInvalid: "ご希望の連絡方法を選択してください",
  sessionExpired: "フォームの有効期限が切れました。ページを再読み込みしてからもう一度お送りください。",
  idInvalid: "選択内容が正しくありません。ページを再読み込みしてからもう一度お試しください。",
  orderNotFound: "選択されたご注文が見つかりません。",
  orderLineNotInOrder: "選択された商品はこのご注文に含まれていません。",
  productNotFound: "選択された商品が見つかりません。",
  messageRequired: "メッセージを入力するか、画像を添付してください",
  messageTooLong: `メッセージは${TICKET_MESSAGE_MAX_LENGTH}文字以内で入力してください`,
  tooManyAttachments: `画像は1回のメッセージにつき${TICKET_ATTACHMENT_LIMIT}枚まで添付できます`,
  attachmentNotFound: "添付画像が見つかりません。もう一度アップロードしてください。",
  ticketClosed: "このお問い合わせは終了しています。新しいお問い合わせをお送りください。",
  newerMessage: "返信を送る前に、新しいメッセージが届きました。内容を確認してから、もう一度送信してください（入力した返信は残っています）。",
  ticketNotFound: "お問い合わせが見つかりません。",
  confirmationNotWaiting: "このお問い合わせは解決確認の対象ではありません。",
  confirmationAlreadyWaiting: "すでにお客様へ解決の確認をお願いしています。",
  guestCannotConfirm: "会員登録のないお客様は会員ページで回答できないため、解決の確認は依頼できません。メールで確認してから対応を終了してください。",
  confirmationNotified: "ご回答ありがとうございます。カスタマーサービスに通知しました。",
  created: "お問い合わせを受け付けました。担当者からの返信をお待ちください。",
  sent: "メッセージを送信しました。",
  closed: "お問い合わせを終了にしました。",
  confirmationRequested: "お客様に解決の確認をお願いしました。",
  callDone: "電話連絡を済みにしました。",
  replyAddressReissued: "返信用アドレスを新しくしました。これまでのアドレスへの返信はこのお問い合わせに届きません。",
  ownerTaken: OWNER_TEXT.taken,
  ownerAssigned: OWNER_TEXT.assigned,
  ownerReleased: OWNER_TEXT.released,
  noteAdded: NOTE_TEXT.added,
  tagAdded: TAG_TEXT.added,
  tagRemoved: TAG_TEXT.removed,
  draftPending: DRAFT_TEXT.pending,
  draftApproved: DRAFT_TEXT.approved,
  draftReturned: DRAFT_TEXT.returned,
  draftWithdrawn: DRAFT_TEXT.withdrawn,
  ticketMerged: MERGE_TEXT.merged,
  mergedAway: MERGE_TEXT.mergedAway,
} as const;

/** A message to send: text, attachments or both; at most TICKET_ATTACHMENT_LIMIT images. Null = fine. */
/**
 * Without JS, the images of a refused message form are kept for it (app/web/tickets/tickets.server.ts
 * keepAttachments); those that could not be kept are named here, to be chosen again.
 */
export function imagesToChooseAgain(refused: { filename: string; error: string }[]): string | null {
  if (refused.length === 0) return null;
  const named = refused.map(({ filename, error }) => `「${filename || "画像"}」${error.replace(/。$/, "")}`).join("／");
  return `添付できなかった画像があります（${named}）。画像を選び直してください。`;
}

/** What a form without JS says of the images it keeps for the next submit. */
export function imagesKeptText(count: number): string {
  return `選択した画像（${count}枚）はお預かりしています。このまま送信すると添付されます。`;
}

export function messageProblem(message: string, attachmentCount: number): string | null {
  if (attachmentCount > TICKET_ATTACHMENT_LIMIT) return TICKET_TEXT.tooManyAttachments;
  if (message.length > TICKET_MESSAGE_MAX_LENGTH) return TICKET_TEXT.messageTooLong;
  if (message.trim() === "" && attachmentCount === 0) return TICKET_TEXT.messageRequired;
  return null;
}

// ─── Senders ───────────────────────────────────────────────────────────────────────────────

/** How staff appear in a thread (§1, §6). */
export const STAFF_SENDER_NAME = "カスタマーサービス";

/** The sender shown on a message: staff (fromadmin set) are customer service; null means the customer. */
export function senderName(fromadmin: number | null, customer: { lastname: string; firstname: string }): string {
  return fromadmin == null ? `${customer.lastname} ${customer.firstname}`.trim() : STAFF_SENDER_NAME;
}

// ─── Status and resolution confirmation (§4) ───────────────────────────────────────────────

export type ConfirmationAnswer = "resolved" | "unresolved";

export const CONFIRMATION_BUTTONS: Record<ConfirmationAnswer, string> = { resolved: "解決した", unresolved: "解決していない" };

export interface TicketState {
  status: TicketStatus;
  confirmation: TicketConfirmation | null;
}

/** What the customer's confirmation box shows: the two buttons, only a label, or nothing. */
export type ConfirmationView = { mode: "ask" } | { mode: "label"; label: string } | { mode: "none" };

export function confirmationView(ticket: TicketState): ConfirmationView {
  if (ticket.confirmation == null) return { mode: "none" };
  if (ticket.confirmation === "waiting") {
    return ticket.status === "doing" ? { mode: "ask" } : { mode: "label", label: "ご回答期限が過ぎたため終了しました" };
  }
  return { mode: "label", label: CONFIRMATION_LABELS[ticket.confirmation] };
}

export function isConfirmationAnswer(value: unknown): value is ConfirmationAnswer {
  return value === "resolved" || value === "unresolved";
}

/** The customer's answer: resolved closes the ticket; unresolved keeps it open for customer service. */
export function answerConfirmation(
  ticket: TicketState,
  answer: ConfirmationAnswer,
): { ok: true; next: TicketState & { closes: boolean } } | { ok: false; error: string } {
  if (ticket.status !== "doing" || ticket.confirmation !== "waiting") return { ok: false, error: TICKET_TEXT.confirmationNotWaiting };
  return answer === "resolved"
    ? { ok: true, next: { status: "close", confirmation: "resolved", closes: true } }
    : { ok: true, next: { status: "doing", confirmation: "unresolved", closes: false } };
}

/** Staff may ask for confirmation on an open ticket that is not already waiting. */
/** Whether staff may ask the customer to confirm the resolution; a guest has no page to answer on (decision 0052). */
export function confirmationRequestProblem(ticket: TicketState, guest: boolean): string | null {
  if (ticket.status !== "doing") return TICKET_TEXT.ticketClosed;
  if (guest) return TICKET_TEXT.guestCannotConfirm;
  if (ticket.confirmation === "waiting") return TICKET_TEXT.confirmationAlreadyWaiting;
  return null;
}

/** The moment before which a waiting request has expired. */
export function confirmationDeadline(now: Date): Date {
  return daysAfter(now, -TICKET_CONFIRMATION_TIMEOUT_DAYS);
}

/** A ticket waiting for the customer's answer for 7 days or more closes itself. */
export function shouldAutoClose(ticket: TicketState & { confirmationRequestedAt: Date | null }, now: Date): boolean {
  if (ticket.status !== "doing" || ticket.confirmation !== "waiting" || ticket.confirmationRequestedAt == null) return false;
  return ticket.confirmationRequestedAt.getTime() <= confirmationDeadline(now).getTime();
}

/** One line of a message for lists and mails. */
export function excerpt(text: string, length = 60): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

/** The custom header the shop's own scripts send with /crm/api calls (spec §7). */
export { TICKET_API_HEADER } from "../site/api-header";

/**
 * Notices and errors travel to the thread page as short codes in the query (`?notice=sent`), never as
 * free text a link could forge: a code is a key of TICKET_TEXT or MEDIA_TEXT.
 */
export function ticketNoticeText(code: string | null, extra: Record<string, string> = {}): string | null {
  if (!code) return null;
  const texts: Record<string, string> = { ...TICKET_TEXT, ...extra };
  return Object.hasOwn(texts, code) ? (texts[code] ?? null) : null;
}

/** The code of a message text (the reverse of ticketNoticeText); null when it has none. */
export function ticketNoticeCode(text: string, extra: Record<string, string> = {}): string | null {
  const texts: Record<string, string> = { ...TICKET_TEXT, ...extra };
  return Object.keys(texts).find((key) => texts[key] === text) ?? null;
}
