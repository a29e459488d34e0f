/** What the member's order routes answer and their components read (types only: the browser bundle imports it). */
import type { OrderDetail, Receipt } from "~/services/orders.server";

export type { Receipt };

/** The receipt page's loader data: the receipt, when it is issued, and why it cannot be yet (or null). */
export interface ReceiptLoaderData {
  receipt: Receipt;
  issuedAt: Date;
  unavailable: string | null;
  /** The notice after a redirect (saved), or null. */
  notice: string | null;
}

/** The receipt form's refusal: a message per field, or for the whole form. */
export type ReceiptActionData = { errors: { receipt_name?: string; receipt_memo?: string; form?: string } };

/** An order as a page shows it; the guest lookup's copy leaves the address's phone number out. */
export type OrderDetailShown = Omit<OrderDetail, "order"> & {
  order: Omit<OrderDetail["order"], "shipTo"> & { shipTo: Omit<OrderDetail["order"]["shipTo"], "phone"> & { phone?: string } };
};
