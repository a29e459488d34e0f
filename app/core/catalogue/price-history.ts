/**
 * The price history of a product (issue 17 item 3): each change of a selling price is one `price_changes`
 * row — which price (`field`), before → after, who and when. Orders keep the prices they were placed at,
 * so a change here never touches them.
 */
import { formatYen } from "../money";

/** History lines per page on the stock page (newest first). */
export const PRICE_HISTORY_PAGE_SIZE = 20;

/** Which price changed: the regular or sale price (tax incl.), or a subscription tier's unit price (excl. tax). */
export type PriceField = "regular_price" | "discount_price" | `subscription:${number}`;

const SUBSCRIPTION_FIELD = /^subscription:([1-9]\d?)$/;

export function subscriptionPriceField(quantity: number): PriceField {
  return `subscription:${quantity}`;
}

export function isPriceField(field: string): field is PriceField {
  return field === "regular_price" || field === "discount_price" || SUBSCRIPTION_FIELD.test(field);
}

/** The field as the history shows it: 通常価格（税込）, セール価格（税込）, 定期便 2個の単価（税抜）. */
export function priceFieldLabel(field: string): string {
  if (field === "regular_price") return "通常価格（税込）";
  if (field === "discount_price") return "セール価格（税込）";
  const tier = SUBSCRIPTION_FIELD.exec(field);
  if (tier) return `定期便 ${tier[1]}個の単価（税抜）`;
  return field;
}

/** A price in the history: yen, or なし when there was none (a sale price added or removed). */
export function priceHistoryValue(value: number | null): string {
  return value == null ? "なし" : formatYen(value);
}
