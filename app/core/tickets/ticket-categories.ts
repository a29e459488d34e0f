/**
 * A ticket's 13 categories (spec §9), in the spec's order; the label is the stored value (as in the seed).
 * Apart from the labels (ticket-labels.ts): the new-ticket form and the staff list's filter name them, the
 * thread pages and the list's rows do not.
 */
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

/** The support form's path. */
export const SUPPORT_PATH = "/user/support";

/**
 * The support form about one of the member's orders (「このご注文について問い合わせる」): the order chosen,
 * its lines shown (also without JS) and 過去の注文について picked, opening at the form.
 */
export function supportPathForOrder(orderId: number): string {
  const query = new URLSearchParams({ category: "過去の注文について" satisfies TicketCategory, orders_id: String(orderId) });
  return `${SUPPORT_PATH}?${query}#new-ticket-heading`;
}
