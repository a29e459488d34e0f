/**
 * Messages shown on the product page after an action redirects back (JS off), keyed by the `notice`
 * query parameter, and used inline with JS on. One wording per situation (spec §8).
 */
export const PRODUCT_NOTICES = {
  choose_variation: { tone: "error", text: "タイプを選択してください。" },
  choose_choice: { tone: "error", text: "サイズなどの項目を選択してください。" },
  stock_limit: { tone: "error", text: "在庫数を超えるためカートに追加できません。カート内の数量をご確認ください。" },
  unavailable: { tone: "error", text: "この商品は現在ご購入いただけません。" },
  restock_requested: { tone: "success", text: "再入荷リクエストを受け付けました。入荷しましたらお知らせします。" },
  restock_not_needed: { tone: "error", text: "在庫があるため再入荷リクエストは不要です。" },
  restock_disabled: { tone: "error", text: "この商品は再入荷リクエストを受け付けておりません。" },
  added: { tone: "success", text: "カートに追加しました。" },
  price_error: { tone: "error", text: "エラーが発生しました。お手数ですがカスタマーサービスまでお問い合わせください。" },
} as const satisfies Record<string, { tone: "error" | "success"; text: string }>;

export type ProductNotice = keyof typeof PRODUCT_NOTICES;

export function productNotice(value: string | null): ProductNotice | null {
  return value != null && Object.hasOwn(PRODUCT_NOTICES, value) ? (value as ProductNotice) : null;
}
