/**
 * Where a 銀行振込 (prepayment) order is paid, and by when. DEMO VALUES — replace the account with the
 * company's real one before going live. The thank-you page, the order page and the confirmation mail
 * all read it from here. Pure.
 */
import { addDaysToDate, jstDate } from "../dates";
import { BANK_TRANSFER_DAYS } from "./payment-methods";

export const BANK_TRANSFER_ACCOUNT = {
  bank: "ひなた銀行（デモ）",
  branch: "渋谷支店（店番 123）",
  accountType: "普通",
  accountNumber: "1234567",
  holder: "カ）ヒナタイチバ",
} as const;

/** The last day (Japan date, "2026-11-28") a transfer for an order placed at `orderedAt` is accepted. */
export function bankTransferDeadline(orderedAt: Date): string {
  return addDaysToDate(jstDate(orderedAt), BANK_TRANSFER_DAYS);
}

/** The account as label/value rows, in the order a bank's transfer form asks for them. */
export function bankTransferRows(): [string, string][] {
  return [
    ["金融機関", BANK_TRANSFER_ACCOUNT.bank],
    ["支店", BANK_TRANSFER_ACCOUNT.branch],
    ["口座種別", BANK_TRANSFER_ACCOUNT.accountType],
    ["口座番号", BANK_TRANSFER_ACCOUNT.accountNumber],
    ["口座名義", BANK_TRANSFER_ACCOUNT.holder],
  ];
}

/** What a page shows of a 銀行振込 order still waiting for its money, or null for any other order. */
export function bankTransferFacts(order: { paymentMethod: string; status: string; createdAt: Date; total: number }) {
  if (order.paymentMethod !== "bank_transfer" || order.status !== "pending_payment") return null;
  return { rows: bankTransferRows(), deadline: bankTransferDeadline(order.createdAt), total: order.total };
}
