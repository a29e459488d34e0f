/** What the member's order routes answer and their components read (types only: the browser bundle imports it). */
import type { CancellationPreview } from "~/core/orders/shopper-cancellation";
import type { SellerFacts } from "~/core/settings/shop-settings";
import type { PackingSlip } from "~/core/orders/packing-slip";
import type { OrderDetail, Receipt } from "~/services/orders/orders.server";

export type { Receipt };
export type { CustomerOrderSummary } from "~/services/orders/customer-orders.server";

/** The receipt page's loader data: the receipt, when it is issued, and why it cannot be yet (or null). */
export interface ReceiptLoaderData {
  receipt: Receipt;
  issuedAt: Date;
  unavailable: string | null;
  /** The notice after a redirect (saved), or null. */
  notice: string | null;
  /** Who issues it: the seller of the shop settings in force, with its registration number. */
  seller: SellerFacts;
}

/** A 納品書 page (staff's or a merchant's): a slip per parcel, what was left out and why, where to go back. */
export interface PackingSlipPageData {
  slips: PackingSlip[];
  notices: string[];
  back: { href: string; label: string };
}

/** The receipt form's refusal: a message per field, or for the whole form. */
export type ReceiptActionData = { errors: { receipt_name?: string; receipt_memo?: string; form?: string } };

/** An order as a page shows it; the guest lookup's copy leaves the address's phone number out. */
export type OrderDetailShown = Omit<OrderDetail, "order"> & {
  order: Omit<OrderDetail["order"], "shipTo"> & { shipTo: Omit<OrderDetail["order"]["shipTo"], "phone"> & { phone?: string } };
};

/** What cancelling the shown order would do, offered while the shopper may still cancel it (else null). */
export interface CancellationOffer {
  preview: CancellationPreview;
  /** The confirmation step without JS (a page), and where its form posts. */
  confirmHref: string;
  action: string;
  /** Hidden fields the cancel form posts (the guest's form names the order its lookup opened). */
  fields: Record<string, string>;
}

/** The confirmation page (/user/orders/{id}/cancel, /order-lookup/cancel). */
export interface CancelPageData {
  order: { number: string; statusLabel: string; total: number };
  /** Why it cannot be cancelled (shipped meanwhile, already cancelled …), or null. */
  refusal: string | null;
  offer: CancellationOffer | null;
  backHref: string;
}

/** The cancel form's refusal (409), shown on the confirmation step. */
export interface CancelActionData {
  error: string;
}
