/** What staff's order desk pages (/crm/orders, /crm/orders/{id}) answer and their components read (types only). */
import type { ListingDefinition } from "~/core/search/listing";
import type { OriginMerchant } from "~/core/orders/order-desk-listing";
import type { ListingPage } from "~/services/search/listing.server";
import type { DeskOrderRow } from "~/services/orders/order-desk.server";
import type { DeskCustomer, DeskHistoryLine, DeskOrder, DeskShipment } from "~/services/orders/order-desk-detail.server";

export type { DeskCustomer, DeskHistoryLine, DeskOrder, DeskOrderRow, DeskShipment };

/** A row as the list shows it: the service's row with its labels and order time written out by the loader. */
export type DeskOrderListRow = Omit<DeskOrderRow, "shipments"> & {
  statusLabel: string;
  paymentLabel: string;
  createdIso: string;
  createdText: string;
  /** A 銀行振込 order still unpaid after its deadline (the hourly job cancels it on its next run). */
  transferOverdue: boolean;
  shipments: (DeskOrderRow["shipments"][number] & { statusLabel: string })[];
};

export interface OrderDeskListingData {
  /** The listing's definition (its merchant filter's choices), sent with the data so the page does not build it. */
  definition: ListingDefinition;
  page: ListingPage<DeskOrderListRow>;
  merchants: OriginMerchant[];
  /** The CSV export of the same view. */
  csvHref: string;
}

/** A shipment's facts as the order page shows them: its shipped and delivered times written out by the loader. */
export type DeskShipmentShown = DeskShipment & { shippedText: string | null; deliveredText: string | null };

/** The times the order page's payment panel shows, written out by the loader. */
export interface DeskPaymentTimes {
  created: string;
  paid: string | null;
  cancelled: string | null;
  /** A 銀行振込 order's last day (while awaiting payment it is shown). */
  transferDeadline: string | null;
  /** Still unpaid after that day. */
  transferOverdue: boolean;
  deliveryDate: string | null;
}

/**
 * The order page's data: the desk's order with the times its first view shows written out (the page loads
 * no date formats; the history, refunds and returns panels, islands, write their own), and the notice.
 */
export type OrderDeskPageData = Omit<DeskOrder, "shipments"> & {
  shipments: DeskShipmentShown[];
  times: DeskPaymentTimes;
  notice: string | null;
  /** Its edits (issue 38), newest first, and what they left to settle. */
  edits: DeskOrderEdits;
};

/** The order page's edit panel: whether it may still be edited, what is left to settle, and each edit before → after. */
export interface DeskOrderEdits {
  editable: boolean;
  settlementDue: number;
  /** What the order's refunds may add up to (the money it took; app/core/orders/order-edits.ts refundableTotal). */
  refundable: number;
  history: { id: number; at: string; actor: string; changes: { label: string; before: string; after: string }[]; totalBefore: number; totalAfter: number }[];
}

/** The intents of the order page's forms. */
export type OrderDeskIntent = "confirm_payment" | "ship" | "deliver" | "cancel" | "cancel_lines" | "refund" | "resend_confirmation" | "note" | "settle_due";

/**
 * A refused action, shown at its form: `intent` (and `shipment` for a shipment's forms) say which form;
 * null when the post named no known form.
 */
export interface OrderDeskActionData {
  ok: false;
  intent: string | null;
  shipment: number | null;
  error: string;
  field?: string;
}
