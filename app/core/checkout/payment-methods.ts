/** Payment methods offered at checkout and their handling fee (tax incl.). No card payments here. */
import { formatDateJa } from "../dates";
import { formatYen } from "../money";

/** Days after delivery to pay a コンビニ後払い order with the enclosed slip. */
export const KONBINI_PAYMENT_DAYS = 14;

/** Handling fees (tax incl.) of 代金引換 and コンビニ後払い. */
const COD_FEE = 330;
const KONBINI_POSTPAY_FEE = 220;

export const PAYMENT_METHODS = {
  cod: { label: "代金引換", fee: COD_FEE },
  bank_transfer: { label: "銀行振込（前払い）", fee: 0 },
  konbini_postpay: { label: "コンビニ後払い", fee: KONBINI_POSTPAY_FEE },
} as const;

export type PaymentMethod = keyof typeof PAYMENT_METHODS;
/** The methods in the order the checkout offers them. */
export const PAYMENT_METHOD_ORDER = Object.keys(PAYMENT_METHODS) as PaymentMethod[];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && Object.hasOwn(PAYMENT_METHODS, value);
}

/**
 * How each method is paid, one sentence for the checkout's choice and the thank-you page; the days a
 * 銀行振込 order waits are the shop settings' (`bankTransferDays`).
 */
export function paymentNotes(bankTransferDays: number): Record<PaymentMethod, string> {
  return {
    cod: `商品お届け時に配達員へお支払いください（手数料${formatYen(COD_FEE)}）。`,
    bank_transfer: `ご注文後にご案内する口座へ${bankTransferDays}日以内にお振り込みください。入金確認後に発送します。`,
    konbini_postpay: `商品到着後、同封の払込票で${KONBINI_PAYMENT_DAYS}日以内にコンビニでお支払いください（手数料${formatYen(KONBINI_POSTPAY_FEE)}）。`,
  };
}

/** The note of a placed order: a 銀行振込 order names its own deadline (fixed as it was placed), the others as at checkout. */
export function placedOrderPaymentNote(order: { paymentMethod: PaymentMethod; paymentDueOn: string | null }, bankTransferDays: number): string {
  if (order.paymentMethod === "bank_transfer" && order.paymentDueOn) {
    return `下記の口座へ${formatDateJa(order.paymentDueOn)}までにお振り込みください。入金確認後に発送します。`;
  }
  return paymentNotes(bankTransferDays)[order.paymentMethod];
}

export function paymentFee(method: PaymentMethod | null | undefined): number {
  return method ? PAYMENT_METHODS[method].fee : 0;
}

/** Paid before shipping (the order waits for the money) or on/after delivery (it ships at once). */
export function isPrepaid(method: PaymentMethod): boolean {
  return method === "bank_transfer";
}
