/**
 * The merchant portal over HTTP (/merchant): the listing read from the URL, one shipment (404 unless it is
 * this merchant's), and its 発送 / 配達完了 posts (PRG with a notice; works without JS).
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { MERCHANT_TEXT, MerchantListQuerySchema, merchantShipmentPath, ShipFormSchema } from "~/core/merchant/merchant-portal";
import { monthToDate } from "~/core/reports/merchant-sales";
import { merchantStatusQuery } from "~/services/merchant/merchant-accounts.server";
import { merchantSalesTotalQuery } from "~/services/reports/merchant-sales.server";
import { findMerchantShipment, listMerchantShipments } from "~/services/merchant/merchant-shipments.server";
import { markShipmentDelivered, shipShipment } from "~/services/orders/order-transitions.server";
import { ORDER_MAIL_KEYS } from "~/core/mail/mail-outbox";
import { MERCHANT_SUSPENDED_TEXT } from "~/core/merchant/merchant-disclosure";
import { orderActorOf, requireMerchant } from "../account/auth.server";
import { invariantResponse, readFormData, redirectWithNotice } from "../http.server";
import { idParam, parseQuery, readInput, redirectedNotice } from "../input.server";
import { dispatchMail, mailFrame } from "../mail/mail.server";
import type { ShipmentActionData } from "../types/merchant";

const NOTICES = { shipped: MERCHANT_TEXT.shipped, delivered: MERCHANT_TEXT.delivered } as const;
const PRIVATE = { "Cache-Control": "private, no-store" } as const;

/**
 * The merchant's shipments of the tab and page the URL asks for, and the portal's summary: parcels to ship
 * (the 発送待ち tab's count) and this month's sales so far, linking to the sales page.
 */
export async function loadMerchantShipments(request: Request, context: AppLoadContext, now: Date = new Date()) {
  const merchant = await requireMerchant(request, context);
  const query = parseQuery(request, MerchantListQuerySchema);
  const month = monthToDate(now);
  const [page, [[status], [monthSales]]] = await Promise.all([
    listMerchantShipments(context.db, merchant.merchantId, query),
    context.db.batch([merchantStatusQuery(context.db, merchant.merchantId), merchantSalesTotalQuery(context.db, merchant.merchantId, month.period)]),
  ]);
  return data(
    {
      query,
      page,
      suspendedNotice: status?.status === "suspended" ? MERCHANT_SUSPENDED_TEXT.portal : null,
      summary: { toShip: page.counts.to_ship, monthSales: { sales: monthSales?.sales ?? 0, orders: monthSales?.orders ?? 0, href: month.href } },
    },
    { headers: PRIVATE },
  );
}

/** The shipment `/merchant/shipments/{id}` names, when it is this merchant's; otherwise 404. */
async function ownShipment(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const merchant = await requireMerchant(request, context);
  const shipmentId = idParam(rawId, "配送ID");
  const shipment = await findMerchantShipment(context.db, merchant.merchantId, shipmentId);
  invariantResponse(shipment, MERCHANT_TEXT.notFound, { status: 404 });
  return { merchant, shipment };
}

export async function loadMerchantShipment(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const { shipment } = await ownShipment(request, context, rawId);
  return data({ shipment, notice: redirectedNotice(request, NOTICES) }, { headers: PRIVATE });
}

/**
 * intent=ship (carrier, trackingNumber) or intent=deliver on the merchant's own shipment. Done: back to the
 * shipment with a notice (303). Refused (a malformed number, already shipped, the order not payable yet, a
 * race lost to staff): the page again with the rule's message, nothing changed.
 */
export async function merchantShipmentAction(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const { merchant, shipment } = await ownShipment(request, context, rawId);
  const read = readInput(ShipFormSchema, await readFormData(request));
  if (!read.ok) return data<ShipmentActionData>({ ok: false, error: read.error, field: read.field }, { status: 400 });
  const access = { orderId: shipment.orderId, shipmentId: shipment.id, actor: orderActorOf(merchant), merchantId: merchant.merchantId };
  const now = new Date();
  const input = read.input;
  const result =
    input.intent === "ship"
      ? await shipShipment(context.db, access, { carrier: input.carrier, trackingNumber: input.trackingNumber }, await mailFrame(request, context), now)
      : await markShipmentDelivered(context.db, access, now);
  if (!result.ok)
    return data<ShipmentActionData>({ ok: false, error: result.error, field: input.intent === "ship" ? "trackingNumber" : undefined }, { status: 409 });
  if (input.intent === "ship") dispatchMail(context, [ORDER_MAIL_KEYS.shipmentShipped(shipment.id)]);
  throw redirectWithNotice(merchantShipmentPath(shipment.id), input.intent === "ship" ? "shipped" : "delivered");
}
