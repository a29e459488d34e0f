/**
 * A ticket's categories and its status, priority and resolution-confirmation state with their labels (spec
 * §4, §9), apart from the ticket rules (tickets.ts) so that a list showing them loads only these.
 */

/** The 13 categories of §9, in the spec's order. The label is the stored value (as in the seed). */
export const TICKET_CATEGORIES = [
  "過去の注文について",
  "おすすめ商品について",
  "商品情報について",
  "会員登録・会員情報について",
  "送料について",
  "セール・キャンペーンについて",
  "実店舗について",
  "サポートの対応について",
  "退会について",
  "メールマガジンの配信停止",
  "サイトについて",
  "サイトの不具合",
  "その他",
] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

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
