/** What the merchant portal (/merchant) and the carrier-CSV pages answer and their components read (types only). */
import type { TrackingImportResult } from "~/services/orders/tracking-import.server";

export type { MerchantShipment, MerchantShipmentPage } from "~/services/merchant/merchant-shipments.server";
export type { TrackingImportResult };

/** A refused 発送/配達完了 on the shipment page. */
export type ShipmentActionData = { ok: false; error: string; field?: string };

/** The tracking import's answer: the report of every row, or why the file as a whole was not read. */
export type TrackingImportActionData = { ok: true; results: TrackingImportResult[] } | { ok: false; error: string };
