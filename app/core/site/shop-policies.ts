/**
 * What the shop charges and promises — shipping, fees, payment timing, delivery, wrapping, points — as the
 * 特定商取引法 page and the guide state it. Every figure comes from the constant the cart and checkout
 * apply (limits.ts, payment-methods.ts, checkout.ts, points.ts), the shop settings (the transfer days) or
 * the merchants' own rates, so a changed fee changes the pages too. Pure.
 */
import type { MerchantShipping } from "../cart/cart";
import { DELIVERY_DATE_EARLIEST_DAYS, DELIVERY_DATE_LATEST_DAYS, DELIVERY_TIME_SLOTS } from "../checkout/checkout";
import { pageLink, type LegalBlock, type Text } from "./legal-document";
import {
  COLD_SHIPPING_FEE,
  MAX_LINE_QUANTITY,
  MAX_POINTS_PER_ORDER,
  MAX_SUBSCRIPTION_QUANTITY,
  PREORDER_SHIPPING_DAYS,
  SPLIT_PREORDER_SHIPPING_FEE,
  WAREHOUSE_FREE_SHIPPING_FROM,
  WAREHOUSE_SHIPPING_FEE,
  WRAPPING_FEE,
} from "../limits";
import { formatYen } from "../money";
import { KONBINI_PAYMENT_DAYS, PAYMENT_METHOD_ORDER, PAYMENT_METHODS, type PaymentMethod } from "../checkout/payment-methods";
import { POINT_EARNING_UNIT } from "../member/points";

/** A merchant's shipping terms as the pages list them (the cart charges the same rows). */
export type MerchantShippingRate = Pick<MerchantShipping, "name" | "shippingFee" | "freeShippingThreshold">;

/**
 * When each payment method is paid, with the days a 銀行振込 order waits (the shop settings'). Keyed by
 * method, so a new method cannot go unexplained.
 */
export function paymentTiming(bankTransferDays: number): Record<PaymentMethod, string> {
  return {
    cod: "商品のお届け時に、配達員へ現金でお支払いください。",
    bank_transfer: `ご注文日から${bankTransferDays}日以内にお振り込みください。ご入金を確認してから発送します。`,
    konbini_postpay: `商品到着後${KONBINI_PAYMENT_DAYS}日以内に、同封の払込票でコンビニエンスストアにてお支払いください。`,
  };
}

function freeFromText(threshold: number | null): string {
  return threshold == null ? "なし" : `${formatYen(threshold)}以上`;
}

/** The warehouse's fee and free-shipping rule, one sentence. */
export function warehouseShippingText(): string {
  return `当店倉庫から発送する商品は、1回の発送につき${formatYen(WAREHOUSE_SHIPPING_FEE)}（全国一律）です。倉庫から発送する商品の合計が${formatYen(WAREHOUSE_FREE_SHIPPING_FROM)}以上で送料無料になります。`;
}

/** The merchants' fees as a range, or null when no merchant sells here. */
export function merchantShippingText(rates: MerchantShippingRate[]): string | null {
  if (rates.length === 0) return null;
  const fees = rates.map((rate) => rate.shippingFee);
  const low = Math.min(...fees);
  const high = Math.max(...fees);
  const range = low === high ? formatYen(low) : `${formatYen(low)}〜${formatYen(high)}`;
  return `出店者から直送する商品は、出店者ごとに1回の発送につき${range}（全国一律）です。出店者ごとに送料無料になる金額が異なります。`;
}

/** Every shipment's fee by where it ships from, for the guide. */
export function shippingFeeTable(rates: MerchantShippingRate[]): LegalBlock {
  return {
    kind: "table",
    caption: "発送元ごとの送料（1回の発送につき・税込・全国一律）",
    head: ["発送元", "送料", "送料無料"],
    rows: [
      ["当店倉庫", formatYen(WAREHOUSE_SHIPPING_FEE), freeFromText(WAREHOUSE_FREE_SHIPPING_FROM)],
      ...rates.map((rate) => [rate.name, formatYen(rate.shippingFee), freeFromText(rate.freeShippingThreshold)]),
    ],
  };
}

/** How shipping is charged, beyond the fee table. */
export function shippingRuleLines(): Text[] {
  return [
    "送料は発送元（当店倉庫・各出店者）ごとにかかります。発送元ごとの商品の合計（税込）で送料無料かどうかが決まります。",
    "送料無料クーポン・キャンペーンをご利用の場合は、すべての発送元の送料が無料になります（クール便料金・分割発送料金はかかります）。",
    "ダウンロード商品に送料はかかりません。",
  ];
}

/** The charges besides the goods and shipping, each with its amount. */
export function extraFeeLines(): Text[] {
  return [
    `クール便（冷蔵・冷凍）料金：冷蔵・冷凍の商品を含む発送1回につき${formatYen(COLD_SHIPPING_FEE)}`,
    `分割発送料金：当店倉庫の予約商品を、在庫のある商品と同じご注文で購入された場合${formatYen(SPLIT_PREORDER_SHIPPING_FEE)}（2回に分けて発送するため）`,
    ...PAYMENT_METHOD_ORDER.filter((method) => PAYMENT_METHODS[method].fee > 0).map(
      (method) => `${PAYMENT_METHODS[method].label}手数料：${formatYen(PAYMENT_METHODS[method].fee)}`,
    ),
    `ギフトラッピング料金：1点につき${formatYen(WRAPPING_FEE)}`,
    "銀行振込の振込手数料：お客様のご負担となります",
  ];
}

/** The payment methods with their fee and when each is paid, as label/value rows. */
export function paymentRows(bankTransferDays: number): { label: string; lines: Text[] }[] {
  const timing = paymentTiming(bankTransferDays);
  return PAYMENT_METHOD_ORDER.map((method) => ({
    label: PAYMENT_METHODS[method].label,
    lines: [`手数料：${PAYMENT_METHODS[method].fee > 0 ? formatYen(PAYMENT_METHODS[method].fee) : "無料"}`, timing[method]],
  }));
}

/** When goods ship and arrive. */
export function deliveryTimingLines(): Text[] {
  return [
    "在庫のある商品は、ご注文確定後、商品ページに記載の日数以内（「翌日発送」「◯日以内に発送」）に発送します。銀行振込の場合は、ご入金の確認後に発送します。",
    `予約商品（発送までに${PREORDER_SHIPPING_DAYS}日を超える商品を含みます）は、商品ページに記載の発送予定日以降に順次発送します。`,
    "出店者から直送する商品は、当店倉庫の商品とは別にお届けします。",
    "発送後、通常1〜3日でお届けします（北海道・沖縄・離島など一部地域は日数がかかる場合があります）。",
    "定期便は、お申し込み時の周期で自動的にお届けします。ダウンロード商品は、ご注文後マイページからダウンロードいただけます。",
  ];
}

/** What a shopper may ask for at checkout about the delivery day and time. */
export function deliveryWishLines(): Text[] {
  return [
    `お届け希望日は、ご注文日の${DELIVERY_DATE_EARLIEST_DAYS}日後から${DELIVERY_DATE_LATEST_DAYS}日後までの間でご指定いただけます（指定なしの場合は最短でお届けします）。`,
    `お届け時間帯は「${DELIVERY_TIME_SLOTS.join("」「")}」からお選びいただけます。`,
    "天候や交通事情により、ご希望の日時にお届けできない場合があります。",
  ];
}

/** Gift wrapping: price and what can be wrapped. */
export function wrappingLines(): Text[] {
  return [
    `当店オリジナルの包装紙でお包みします。料金は1点につき${formatYen(WRAPPING_FEE)}（税込）で、カートの各商品の「ラッピングする」で指定できます。`,
    "当店倉庫から発送する商品が対象です。出店者から直送する商品・定期便・ダウンロード商品と、ラッピングできない商品（カートにボタンが表示されません）は対象外です。",
    "のし・メッセージカードのご希望は、ご注文手続きの「備考」欄にご記入ください。",
  ];
}

/** Earning and spending points. */
export function pointLines(): Text[] {
  return [
    `会員の方は、商品代金（送料・手数料を除き、クーポン・ポイントのご利用分を差し引いた金額）${formatYen(POINT_EARNING_UNIT)}ごとに1ポイントを獲得できます。ポイントアップキャンペーン中は、表示の倍率で獲得できます。`,
    "獲得したポイントは、ご注文の確定時に付与されます。",
    `1ポイント＝1円として、次回以降のお買い物に利用できます。1回のご注文で利用できるのは${MAX_POINTS_PER_ORDER.toLocaleString("ja-JP")}ポイントまで（お支払い合計が上限）です。`,
    "ポイントを現金と交換することはできません。キャンセルされたご注文で利用したポイントはお戻しします。",
    ["ポイントの残高・履歴は", { href: "/user/points", text: "マイページのポイント履歴" }, "でご確認いただけます。"],
  ];
}

/** How many of an item one order may hold. */
export function quantityLimitText(): string {
  return `1回のご注文で、1商品につき${MAX_LINE_QUANTITY}点まで（定期便は${MAX_SUBSCRIPTION_QUANTITY}点まで）ご購入いただけます。在庫数がこれより少ない場合は在庫数までとなります。`;
}

/** Where the merchants' own rates are listed, for pages that give only the range. */
export function shippingDetailsLink(): Text {
  return ["発送元ごとの送料は", pageLink("guide", "shipping"), "をご覧ください。"];
}
