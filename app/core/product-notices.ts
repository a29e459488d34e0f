/**
 * Messages shown on the product page after an action redirects back (JS off), keyed by the `notice`
 * query parameter, and used inline with JS on. One wording per situation (spec §8).
 */
import { MAX_LINE_QUANTITY, MAX_SUBSCRIPTION_QUANTITY } from "./limits";

export const PRODUCT_NOTICES = {
  choose_variation: { tone: "error", text: "タイプを選択してください。" },
  choose_choice: { tone: "error", text: "サイズなどの項目を選択してください。" },
  stock_limit: {
    tone: "error",
    text: `在庫数、または1回のご注文でお求めいただける数（1商品${MAX_LINE_QUANTITY}点・定期便は${MAX_SUBSCRIPTION_QUANTITY}点まで）を超えるため、カートに追加できません。カート内の数量をご確認ください。`,
  },
  wrapping_unavailable: { tone: "error", text: "この商品はギフトラッピングをご利用いただけません。" },
  subscribe_not_offered: { tone: "error", text: "この商品は定期便でのお申し込みを承っておりません。" },
  subscribe_unavailable: { tone: "error", text: "定期便は現在お申し込みいただけません。通常のご購入をご利用ください。" },
  subscribe_interval: { tone: "error", text: "この商品の定期便のお届け間隔はお選びいただけません。商品ページからお申し込みください。" },
  preorder_only: { tone: "error", text: "この商品は予約商品です（入荷後の発送）。予約注文としてカートに入れてください。" },
  crowdfunding_unavailable: { tone: "error", text: "ご指定のクラウドファンディングは現在受け付けておりません。" },
  shipping_day_invalid: { tone: "error", text: "発送希望日の指定が正しくありません。お選びいただける日付をご確認ください。" },
  invalid_request: { tone: "error", text: "ご注文内容の指定が正しくありません。ページを再読み込みしてからもう一度お試しください。" },
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
