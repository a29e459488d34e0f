/**
 * How a return's money goes back, by how the order was paid (issue 38 item 6): a 銀行振込 order, and a
 * 代金引換 order whose parcel was paid at the door, is refunded by transfer within REFUND_DAYS; a コンビニ後払い
 * order, and a 代金引換 parcel not yet paid (refused at the door, still on its way), has its bill cancelled
 * instead — no money changes hands, so no transfer is promised. Staff may still choose another method
 * (a 後払い customer who already paid the slip is refunded by transfer); the shopper is told by the method
 * recorded. Pure.
 */
import type { PaymentMethod } from "../checkout/payment-methods";
import { formatYen } from "../money";
import type { RefundMethod } from "../orders/order-desk";
import { REFUND_DAYS } from "./returns";

/**
 * The refund method the payment calls for: `paidAtDoor` tells whether the goods' 代金引換 parcels were
 * delivered (their cash taken); it is not read for the other methods.
 */
export function refundMethodFor(paymentMethod: PaymentMethod, paidAtDoor: boolean): RefundMethod {
  if (paymentMethod === "bank_transfer") return "bank_transfer";
  if (paymentMethod === "cod" && paidAtDoor) return "bank_transfer";
  return "billing_cancelled";
}

/** What the shopper reads of a recorded refund (the received mail, the order page), by its method. */
export function refundNotice(method: string, amount: number): string {
  const yen = formatYen(amount);
  switch (method) {
    case "bank_transfer":
      return `返金額 ${yen} を記録しました。${REFUND_DAYS}日以内に、お客様ご指定の銀行口座へお振り込みします（返金先の口座は担当者よりご確認します）。`;
    case "billing_cancelled":
      return `${yen} 分のご請求を取り消しました。この分のお支払いは不要です（代金引換・コンビニ後払いのご請求から差し引きます）。`;
    case "points":
      return `${yen} 分をポイントでお返しします。`;
    default:
      return `返金額 ${yen} を記録しました。お返しの方法は担当者よりご連絡いたします。`;
  }
}
