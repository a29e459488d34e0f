/**
 * The 納品書 pages over HTTP (GET only, works without JS): staff print any parcels — the ones ticked on the
 * order list or named on an order's page (`?shipment=…`, repeated), or this list page's parcels waiting to
 * ship (the list's own query) — and a merchant prints its own (`?shipment=…`, or `?to_ship=1` for all it has
 * to ship). Another merchant's parcel, an unknown one or a cancelled one is not found (404).
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { listingSearchParams } from "~/core/search/listing";
import { parseListingQuery } from "~/core/search/listing-query";
import { parseOrigin } from "~/core/orders/order-desk";
import { orderDeskListingFor } from "~/core/orders/order-desk-listing";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk-path";
import { packingSlip, PACKING_SLIP_MAX, PACKING_SLIP_TEXT } from "~/core/orders/packing-slip";
import { merchantShipmentPath } from "~/core/merchant/merchant-portal";
import { MERCHANT_PORTAL_PATH } from "~/core/site/site";
import { sellerFacts } from "~/core/settings/shop-settings";
import { IdSchema, QueryFlagSchema } from "~/core/validation";
import type { ParcelScope } from "~/services/orders/carrier-csv.server";
import { listDeskOrders } from "~/services/orders/order-desk.server";
import { parcelIdsToShip, readSlipParcels } from "~/services/orders/packing-slips.server";
import { requireMerchant, requireStaff } from "../account/auth.server";
import { invariantResponse } from "../http.server";
import { parseQuery } from "../input.server";
import { settingsInForce } from "../settings/shop-settings.server";
import type { PackingSlipPageData } from "../types/orders";

const SlipQuerySchema = v.object({
  shipment: v.pipe(v.array(IdSchema), v.maxLength(PACKING_SLIP_MAX, PACKING_SLIP_TEXT.tooMany)),
  /** The order list's selection form (sent even with nothing ticked). */
  selected: QueryFlagSchema,
});

const MerchantSlipQuerySchema = v.object({ ...SlipQuerySchema.entries, to_ship: QueryFlagSchema });

const PRIVATE = { "Cache-Control": "private, no-store" } as const;

/** The slips of the parcels asked for (how many of them were found in scope), and what the page says of those left out. */
async function slipsOf(context: AppLoadContext, ids: readonly number[], scope: ParcelScope) {
  const [rows, settings] = await Promise.all([readSlipParcels(context.db, ids, scope), settingsInForce(context)]);
  const seller = sellerFacts(settings);
  const slips = rows.flatMap((row) => packingSlip(row, seller) ?? []);
  const cancelled = rows.length - slips.length;
  return { found: rows.length, slips, notices: cancelled > 0 ? [PACKING_SLIP_TEXT.cancelledLeftOut(cancelled)] : [] };
}

/**
 * Named parcels: every one must be in scope (one of another merchant's, or unknown, makes the page 404) and
 * at least one printable (a cancelled parcel alone has no slip: 404).
 */
async function namedSlips(context: AppLoadContext, ids: readonly number[], scope: ParcelScope): Promise<Omit<PackingSlipPageData, "back">> {
  invariantResponse(ids.length > 0, PACKING_SLIP_TEXT.noneSelected, { status: 400 });
  const { found, slips, notices } = await slipsOf(context, ids, scope);
  invariantResponse(found === new Set(ids).size && slips.length > 0, PACKING_SLIP_TEXT.notFound, { status: 404 });
  return { slips, notices };
}

/** Parcels waiting to ship: the first PACKING_SLIP_MAX, saying when there were more. */
async function waitingSlips(context: AppLoadContext, ids: number[], scope: ParcelScope): Promise<Omit<PackingSlipPageData, "back">> {
  const { slips, notices } = await slipsOf(context, ids.slice(0, PACKING_SLIP_MAX), scope);
  return { slips, notices: ids.length > PACKING_SLIP_MAX ? [...notices, PACKING_SLIP_TEXT.tooMany] : notices };
}

/** /crm/orders/slips: the parcels named or ticked, else the parcels waiting to ship of the list page its query shows. */
export async function loadCrmPackingSlips(request: Request, context: AppLoadContext) {
  await requireStaff(request, context);
  const url = new URL(request.url);
  const query = parseQuery(url, SlipQuerySchema, ["shipment"]);
  let page: PackingSlipPageData;
  if (query.selected || query.shipment.length > 0) {
    page = { ...(await namedSlips(context, query.shipment, { merchantId: null })), back: { href: ORDER_DESK_PATH, label: "注文一覧へ戻る" } };
  } else {
    const definition = orderDeskListingFor(url.searchParams);
    const listQuery = parseListingQuery(definition, url.searchParams);
    const { page: listPage } = await listDeskOrders(context.db, listQuery);
    // The sender the list is narrowed to (発送待ち of one sender, or 出荷元) narrows the parcels too.
    const sender = parseOrigin(url.searchParams.get("to_ship")) ?? parseOrigin(url.searchParams.get("origin"));
    const orderIds = listPage.rows.map((row) => row.id);
    const ids = await parcelIdsToShip(context.db, sender, orderIds, PACKING_SLIP_MAX);
    const filters = listingSearchParams(definition, listPage.query).toString();
    page = {
      ...(await waitingSlips(context, ids, { merchantId: null })),
      back: { href: `${ORDER_DESK_PATH}${filters ? `?${filters}` : ""}`, label: "注文一覧へ戻る" },
    };
  }
  return data(page, { headers: PRIVATE });
}

/** /merchant/slips: the merchant's own parcels named, or every one it has to ship (?to_ship=1). */
export async function loadMerchantPackingSlips(request: Request, context: AppLoadContext) {
  const merchant = await requireMerchant(request, context);
  const query = parseQuery(request, MerchantSlipQuerySchema, ["shipment"]);
  const scope = { merchantId: merchant.merchantId };
  let page: PackingSlipPageData;
  if (query.to_ship) {
    const ids = await parcelIdsToShip(context.db, { kind: "merchant", merchantId: merchant.merchantId }, null, PACKING_SLIP_MAX);
    page = { ...(await waitingSlips(context, ids, scope)), back: { href: MERCHANT_PORTAL_PATH, label: "配送一覧へ戻る" } };
  } else {
    const found = await namedSlips(context, query.shipment, scope);
    const back =
      found.slips.length === 1
        ? { href: merchantShipmentPath(found.slips[0]!.shipmentId), label: "配送へ戻る" }
        : { href: MERCHANT_PORTAL_PATH, label: "配送一覧へ戻る" };
    page = { ...found, back };
  }
  return data(page, { headers: PRIVATE });
}
