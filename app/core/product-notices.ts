/**
 * Messages shown on the product page after an action redirects back (JS off), keyed by the `notice`
 * query parameter, and used inline with JS on. One wording per situation (spec §8).
 */
import { RESTOCK_CONTACT } from "./restock";

export const PRODUCT_NOTICES = {
  choose_variation: { tone: "error", text: "タイプを選択してください。" },
  choose_choice: { tone: "error", text: "サイズなどの項目を選択してください。" },
  stock_limit: { tone: "error", text: "在庫数を超えるためカートに追加できません。カート内の数量をご確認ください。" },
  unavailable: { tone: "error", text: "この商品は現在ご購入いただけません。" },
  restock_requested: { tone: "success", text: `再入荷リクエストを受け付けました。${RESTOCK_CONTACT}` },
  restock_not_needed: { tone: "error", text: "在庫があるため再入荷リクエストは不要です。" },
  restock_disabled: { tone: "error", text: "この商品は再入荷リクエストを受け付けておりません。" },
  added: { tone: "success", text: "カートに追加しました。" },
  price_error: { tone: "error", text: "エラーが発生しました。お手数ですがカスタマーサービスまでお問い合わせください。" },
} as const satisfies Record<string, { tone: "error" | "success"; text: string }>;

export type ProductNotice = keyof typeof PRODUCT_NOTICES;

export function productNotice(value: string | null): ProductNotice | null {
  return value != null && Object.hasOwn(PRODUCT_NOTICES, value) ? (value as ProductNotice) : null;
}

/** The heading of a picker, from the catalogue's name for what is picked: 「カラーを選択」. */
export function pickerLabel(name: string | null | undefined): string {
  return `${name || "タイプ"}を選択`;
}

/**
 * A notice as the page words it: asking for a missing pick uses the picker's own name (「カラーを選択
 * してください。」 under 「カラーを選択」), other notices their fixed text.
 */
export function productNoticeText(notice: ProductNotice, pickers: { variation?: string | null; choice?: string | null } = {}): string {
  if (notice === "choose_variation" && pickers.variation) return `${pickerLabel(pickers.variation)}してください。`;
  if (notice === "choose_choice" && pickers.choice) return `${pickerLabel(pickers.choice)}してください。`;
  return PRODUCT_NOTICES[notice].text;
}
