/** What staff's order desk pages (/crm/orders, /crm/orders/{id}) answer and their components read (types only). */
import type { OriginMerchant } from "~/core/order-desk-listing";
import type { ListingPage } from "~/services/listing.server";
import type { DeskOrderRow } from "~/services/order-desk.server";
import type { DeskCustomer, DeskHistoryLine, DeskOrder, DeskShipment } from "~/services/order-desk-detail.server";

export type { DeskCustomer, DeskHistoryLine, DeskOrder, DeskOrderRow, DeskShipment };

export interface OrderDeskListingData {
  page: ListingPage<DeskOrderRow>;
  merchants: OriginMerchant[];
  /** The CSV export of the same view. */
  csvHref: string;
}

/** The intents of the order page's forms. */
export type OrderDeskIntent = "confirm_payment" | "ship" | "deliver" | "cancel" | "cancel_lines" | "refund" | "resend_confirmation" | "note";

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
