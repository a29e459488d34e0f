/** Payment methods offered at checkout and their handling fee (tax incl.). No card payments here. */
import { formatYen } from "../money";

/** Days after ordering to pay a 銀行振込 order (the order lapses after that). */
export const BANK_TRANSFER_DAYS = 7;
/** Days after delivery to pay a コンビニ後払い order with the enclosed slip. */
export const KONBINI_PAYMENT_DAYS = 14;

/** Handling fees (tax incl.) of 代金引換 and コンビニ後払い. */
const COD_FEE = 330;
const KONBINI_POSTPAY_FEE = 220;

export const PAYMENT_METHODS = {
  cod: { label: "代金引換", fee: COD_FEE, note: `商品お届け時に配達員へお支払いください（手数料${formatYen(COD_FEE)}）。` },
  bank_transfer: {
    label: "銀行振込（前払い）",
    fee: 0,
    note: `ご注文後にご案内する口座へ${BANK_TRANSFER_DAYS}日以内にお振り込みください。入金確認後に発送します。`,
  },
  konbini_postpay: {
    label: "コンビニ後払い",
    fee: KONBINI_POSTPAY_FEE,
    note: `商品到着後、同封の払込票で${KONBINI_PAYMENT_DAYS}日以内にコンビニでお支払いください（手数料${formatYen(KONBINI_POSTPAY_FEE)}）。`,
  },
} as const;

export type PaymentMethod = keyof typeof PAYMENT_METHODS;
/** The methods in the order the checkout offers them. */
export const PAYMENT_METHOD_ORDER = Object.keys(PAYMENT_METHODS) as PaymentMethod[];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && Object.hasOwn(PAYMENT_METHODS, value);
}

export function paymentFee(method: PaymentMethod | null | undefined): number {
  return method ? PAYMENT_METHODS[method].fee : 0;
}

/** Paid before shipping (the order waits for the money) or on/after delivery (it ships at once). */
export function isPrepaid(method: PaymentMethod): boolean {
  return method === "bank_transfer";
}
