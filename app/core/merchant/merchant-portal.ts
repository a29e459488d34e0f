/**
 * The merchant portal (/merchant, issue 16 item 4): a merchant's login sees its own shipments by what is to
 * be done with them, newest order first, and ships or completes one at a time. Pure: the tabs, the page
 * size, the forms' schemas and the texts.
 */
import * as v from "valibot";
import { CARRIER_ORDER, type Carrier } from "../orders/carriers";
import { formatDateJa } from "../dates";
import type { ShipmentStatus } from "../orders/orders";
import type { SessionRole } from "../account/sessions";
import { MERCHANT_PORTAL_PATH } from "../site/site";
import { IdOrNullSchema } from "../validation";

/**
 * Where a login lands: a merchant's login that asked for nothing in particular (the shop's top page, the
 * login form's default) lands on the portal; every other login goes where it asked.
 */
export function loginLandingPath(role: SessionRole, redirectTo: string): string {
  return role === "merchant" && redirectTo === "/" ? MERCHANT_PORTAL_PATH : redirectTo;
}

/** `shipmentId` may be a mail's placeholder for a shipment its batch inserts (mail-outbox.server.ts BatchFill). */
export function merchantShipmentPath(shipmentId: number | string): string {
  return `${MERCHANT_PORTAL_PATH}/shipments/${shipmentId}`;
}

/** The merchant's 納品書 page: of one of its parcels, or of every one it has to ship (null). */
export function merchantSlipsPath(shipmentId: number | null): string {
  return `${MERCHANT_PORTAL_PATH}/slips?${shipmentId == null ? "to_ship=1" : `shipment=${shipmentId}`}`;
}

/**
 * The tabs: to ship (the order may ship: paid, or paid on delivery), waiting for the buyer's transfer
 * (prepare, but do not send yet), shipped, delivered, cancelled. The order states of the first two are the
 * listing's (app/services/merchant/merchant-shipments.server.ts), so the portal's pages do not load the order rules.
 */
export const MERCHANT_TABS = {
  to_ship: { label: "発送待ち", shipment: "preparing" },
  awaiting_payment: { label: "入金待ち", shipment: "preparing" },
  shipped: { label: "発送済み", shipment: "shipped" },
  delivered: { label: "お届け済み", shipment: "delivered" },
  cancelled: { label: "キャンセル", shipment: "cancelled" },
} as const satisfies Record<string, { label: string; shipment: ShipmentStatus }>;

export type MerchantTab = keyof typeof MERCHANT_TABS;

export const MERCHANT_TAB_ORDER = Object.keys(MERCHANT_TABS) as MerchantTab[];

export const MERCHANT_PAGE_SIZE = 20;

/**
 * The listing's query: the tab and where the page starts — `before` an order id (older), or `after` one
 * (newer). Anything a person may have edited into nonsense reads as the first page of 発送待ち.
 */
export const MerchantListQuerySchema = v.object({
  tab: v.fallback(v.picklist(MERCHANT_TAB_ORDER), "to_ship"),
  before: IdOrNullSchema,
  after: IdOrNullSchema,
});

export type MerchantListQuery = v.InferOutput<typeof MerchantListQuerySchema>;

export const MERCHANT_TEXT = {
  notFound: "この配送は見つかりません。",
  carrierRequired: "配送業者を選んでください。",
  shipped: "発送済みにしました。お客様に出荷のお知らせをお送りしました。",
  delivered: "配達完了にしました。",
} as const;

/** 発送済みにする: the carrier from the list and the tracking number as typed (checked per carrier by the rules). */
export const ShipFormSchema = v.variant("intent", [
  v.object({
    intent: v.literal("ship"),
    carrier: v.picklist(CARRIER_ORDER as [Carrier, ...Carrier[]], MERCHANT_TEXT.carrierRequired),
    trackingNumber: v.optional(v.string(), ""),
  }),
  v.object({ intent: v.literal("deliver") }),
]);

/** お届け希望: the date and time slot the buyer chose, or 指定なし. */
export function deliveryWish(date: string | null, slot: string | null): string {
  if (!date && !slot) return "指定なし";
  return [date ? formatDateJa(date) : "日付指定なし", slot ?? "時間指定なし"].join(" ");
}
