/**
 * Where a 銀行振込 (prepayment) order is paid, and by when: the account is the shop settings' in force
 * (app/core/settings/shop-settings.ts); the deadline is fixed on each order as it is placed
 * (orders.payment_due_on, decision 0057), so a later change of the days never moves an order's deadline.
 * The thank-you page, the order pages and the confirmation mail read it from here. Pure.
 */
import { addDaysToDate, jstDate } from "../dates";
import type { ShopSettings } from "../settings/shop-settings";

export type BankAccount = ShopSettings["bank"];

/** The last day (Japan date, "2026-11-28") a transfer is accepted for an order placed at `orderedAt`, `days` days later. */
export function bankTransferDueOn(orderedAt: Date, days: number): string {
  return addDaysToDate(jstDate(orderedAt), days);
}

/** The account as label/value rows, in the order a bank's transfer form asks for them. */
export function bankTransferRows(bank: BankAccount): [string, string][] {
  return [
    ["金融機関", bank.bank],
    ["支店", bank.branch],
    ["口座種別", bank.accountType],
    ["口座番号", bank.accountNumber],
    ["口座名義", bank.holder],
  ];
}

/** What a page shows of a 銀行振込 order still waiting for its money (its stored deadline), or null for any other order. */
export function bankTransferFacts(order: { paymentMethod: string; status: string; paymentDueOn: string | null; total: number }, bank: BankAccount) {
  if (order.paymentMethod !== "bank_transfer" || order.status !== "pending_payment" || order.paymentDueOn == null) return null;
  return { rows: bankTransferRows(bank), deadline: order.paymentDueOn, total: order.total };
}
