/**
 * Messages shown on the product page after an action redirects back (JS off), keyed by the `notice`
 * query parameter, and used inline with JS on. One wording per situation (spec §8).
 */
import { MAX_LINE_QUANTITY, MAX_SUBSCRIPTION_QUANTITY } from "../limits";
import { BUY_LATER_SAVED_TEXT } from "../member/member-actions";

/**
 * How a member who asked for a restock is told (restockItem writes a notification mail to their
 * 「お知らせ」; no e-mail is sent), in every message that promises it.
 */
export const RESTOCK_CONTACT = "入荷しましたら、マイページの「お知らせ」でご連絡します。";

/** Texts the page also needs in the browser (the page's script imports these, never the whole table). */
export const ADDED_TEXT = "カートに追加しました。";
export const PRICE_ERROR_TEXT = "エラーが発生しました。お手数ですがカスタマーサービスまでお問い合わせください。";

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
  restock_requested: { tone: "success", text: `再入荷リクエストを受け付けました。${RESTOCK_CONTACT}` },
  restock_not_needed: { tone: "error", text: "在庫があるため再入荷リクエストは不要です。" },
  restock_disabled: { tone: "error", text: "この商品は再入荷リクエストを受け付けておりません。" },
  added: { tone: "success", text: ADDED_TEXT },
  buy_later: { tone: "success", text: BUY_LATER_SAVED_TEXT },
  price_error: { tone: "error", text: PRICE_ERROR_TEXT },
} as const satisfies Record<string, { tone: "error" | "success"; text: string }>;

export type ProductNotice = keyof typeof PRODUCT_NOTICES;

/** A notice as the page shows it. */
export interface ShownNotice {
  key: ProductNotice;
  tone: "error" | "success";
  text: string;
}

export function productNotice(value: string | null): ProductNotice | null {
  return value != null && Object.hasOwn(PRODUCT_NOTICES, value) ? (value as ProductNotice) : null;
}

/** The heading of a picker, from the catalogue's name for what is picked: 「カラーを選択」. */
export function pickerLabel(name: string | null | undefined): string {
  return `${name || "タイプ"}を選択`;
}

/** Asking for a missing pick in the picker's own words: 「カラーを選択してください。」 under 「カラーを選択」. */
export function chooseText(picker: string | null | undefined): string {
  return `${pickerLabel(picker)}してください。`;
}

/** A notice as the page words it: asking for a missing pick names the picker, other notices their fixed text. */
export function shownNotice(key: ProductNotice, pickers: { variation?: string | null; choice?: string | null } = {}): ShownNotice {
  const { tone, text } = PRODUCT_NOTICES[key];
  if (key === "choose_variation" && pickers.variation) return { key, tone, text: chooseText(pickers.variation) };
  if (key === "choose_choice" && pickers.choice) return { key, tone, text: chooseText(pickers.choice) };
  return { key, tone, text };
}
