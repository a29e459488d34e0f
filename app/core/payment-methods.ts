/** Payment methods offered at checkout and their handling fee (tax incl.). No card payments here. */
/** Days after ordering to pay a 銀行振込 order (the order lapses after that). */
export const BANK_TRANSFER_DAYS = 7;

export const PAYMENT_METHODS = {
  cod: { label: "代金引換", fee: 330, note: "商品お届け時に配達員へお支払いください（手数料330円）。" },
  bank_transfer: {
    label: "銀行振込（前払い）",
    fee: 0,
    note: `ご注文後にご案内する口座へ${BANK_TRANSFER_DAYS}日以内にお振り込みください。入金確認後に発送します。`,
  },
  konbini_postpay: { label: "コンビニ後払い", fee: 220, note: "商品到着後、同封の払込票で14日以内にコンビニでお支払いください（手数料220円）。" },
} as const;

export type PaymentMethod = keyof typeof PAYMENT_METHODS;

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
