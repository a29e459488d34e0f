/**
 * Checkout rules: delivery preferences, order numbers, subscription schedules, and the messages a
 * shopper sees when an order cannot be placed. Pure; dates are calendar dates in Japan time.
 */
import { addDaysToDate, addMonthsToDate, jstDate } from "../dates";

/** The earliest delivery date a shopper may ask for, in days after ordering, and how far ahead. */
export const DELIVERY_DATE_EARLIEST_DAYS = 3;
export const DELIVERY_DATE_LATEST_DAYS = 14;

export const DELIVERY_TIME_SLOTS = ["午前中", "14:00〜16:00", "16:00〜18:00", "18:00〜20:00", "19:00〜21:00"] as const;
export type DeliveryTimeSlot = (typeof DELIVERY_TIME_SLOTS)[number];

/** Dates a shopper may choose for delivery (none = as soon as possible). */
export function deliveryDateOptions(now: Date): string[] {
  const today = jstDate(now);
  const dates: string[] = [];
  for (let days = DELIVERY_DATE_EARLIEST_DAYS; days <= DELIVERY_DATE_LATEST_DAYS; days++) dates.push(addDaysToDate(today, days));
  return dates;
}

export function isDeliveryDateAllowed(value: string, now: Date): boolean {
  return deliveryDateOptions(now).includes(value);
}

/** "20261121-482913": the order date in Japan and a random part (the number is unique in D1). */
export function orderNumber(now: Date, random: number): string {
  return `${jstDate(now).replaceAll("-", "")}-${String(Math.floor(random * 1_000_000)).padStart(6, "0")}`;
}

/**
 * A new subscription's schedule: the first delivery comes with this order; the next is `periodMonths`
 * later. The delivery after cancel_date is the first one that may be skipped or cancelled, so the
 * next delivery is the shopper's commitment (spec §9).
 */
export function subscriptionSchedule(orderedAt: Date, periodMonths: number) {
  const next = addMonthsToDate(jstDate(orderedAt), periodMonths);
  return { nextPaymentDate: next, nextShippingDate: next, cancelDate: next };
}

/** Said where a registration password typed before a no-JS round trip is held by the server. */
export const CHECKOUT_PASSWORD_KEPT = "パスワードは入力済みです（変更する場合のみ入力してください）。";

export const CHECKOUT_MESSAGES = {
  emptyCart: "カートに商品がありません。",
  formExpired: "ページの有効期限が切れました。お手数ですが、もう一度お試しください。",
  unavailableItems: "購入できない商品がカートに含まれています。カートをご確認ください。",
  addressRequired: "お届け先を入力してください。",
  addressNotFound: "選択されたお届け先が見つかりません。",
  paymentRequired: "お支払い方法を選択してください。",
  deliveryDateInvalid: "お届け希望日を選択し直してください。",
  subscriptionNeedsAccount: "定期便のお申し込みには会員登録（またはログイン）が必要です。",
  changedMeanwhile: "ご注文の処理中に在庫・ポイント・クーポンの状況が変わったため、ご注文を確定できませんでした。内容をご確認のうえ、もう一度お試しください。",
  agreementRequired: "会員規約への同意が必要です",
  /** D1 refused the order for load (isD1Overloaded): the placement token and the cart's guard keep a retry from ordering twice. */
  busy: "ただいまご注文が混み合っているため、ご注文を確定できませんでした。入力内容はそのまま残っています。少し時間をおいてから、もう一度「注文を確定する」を押してください（同じご注文が二重に確定されることはありません）。",
  couponUsedUp: (code: string) => `クーポン「${code}」はご利用済みです。クーポンを取り消してからご注文ください。`,
  couponExhausted: (code: string) => `クーポン「${code}」は利用できる回数の上限に達しました。クーポンを取り消してからご注文ください。`,
} as const;
