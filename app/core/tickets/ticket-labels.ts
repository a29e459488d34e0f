/**
 * A ticket's reply choices and its status, priority and resolution-confirmation state with their labels
 * (spec §4, §5, §9), apart from the ticket rules (tickets.ts) so that a page showing them loads only these
 * (the categories are ticket-categories.ts).
 */
export type TicketStatus = "doing" | "close";
export type TicketPriority = "high" | "medium" | "low";
export type TicketConfirmation = "waiting" | "resolved" | "unresolved";

export const STATUS_LABELS: Record<TicketStatus, string> = { doing: "対応中", close: "終了" };

export const PRIORITY_LABELS: Record<TicketPriority, string> = { high: "高", medium: "中", low: "低" };

/** The label shown once the buttons are gone (§4: pending request, resolved, unresolved). */
export const CONFIRMATION_LABELS: Record<TicketConfirmation, string> = {
  waiting: "解決確認のお願い中",
  resolved: "解決した",
  unresolved: "解決していない",
};

/** reply_choice (§5): empty = e-mail or phone. */
export const REPLY_CHOICES = [
  { value: "", label: "メールまたは電話" },
  { value: "email", label: "メール" },
  { value: "phone", label: "電話" },
] as const;
export type ReplyChoice = (typeof REPLY_CHOICES)[number]["value"];

/** What staff see beside a guest's ticket's customer: no account, so no member page; replies go by mail. */
export const GUEST_CUSTOMER_LABEL = "ゲスト（会員登録なし・メールで対応）";
