/**
 * The HTTP side of a shopper cancelling their order (issue 16 item 5): the offer the order pages show
 * (with JS the confirmation opens in place), the confirmation page (the step without JS), and the form
 * post — for a member on /user/orders/{id}/cancel, for a guest on /order-lookup/cancel with the grant
 * their lookup left in the session. Staff and merchant accounts do not cancel here (they have their desks).
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { grantedOrderId, ORDER_LOOKUP_PATH } from "~/core/orders/order-lookup";
import { cancellationPreview, SHOPPER_CANCELLATION_MESSAGES, shopperCancellationRefusal } from "~/core/orders/shopper-cancellation";
import { IdSchema } from "~/core/validation";
import { loadGuestOrder, loadOrder, ORDER_NOT_FOUND_MESSAGE, type OrderDetail } from "~/services/orders/orders.server";
import { cancelOwnOrder, type OrderOwner } from "~/services/orders/shopper-cancellation.server";
import { getSession, orderActorOf, requireUser } from "../account/auth.server";
import { invariantResponse, readFormData, redirectWithNotice } from "../http.server";
import { idParam, parseInput } from "../input.server";
import { purgeOrderedProductPages } from "../site/edge-cache.server";
import { dispatchMail, mailFrame } from "../mail/mail.server";
import type { CancelActionData, CancellationOffer, CancelPageData } from "../types/orders";

/** The notice the order pages show after the redirect (see redirectedNotice). */
export const CANCELLATION_NOTICES = { cancelled: SHOPPER_CANCELLATION_MESSAGES.done };

const PRIVATE = { "Cache-Control": "private, no-store" };

const memberOrderPath = (orderId: number) => `/user/orders/${orderId}`;
const GUEST_CANCEL_PATH = `${ORDER_LOOKUP_PATH}/cancel`;

/** Where the offer's confirmation lives and what its form posts, for a member's order or the guest's. */
type OfferPlace = Pick<CancellationOffer, "confirmHref" | "action" | "fields">;

export const memberOfferPlace = (orderId: number): OfferPlace => {
  const path = `${memberOrderPath(orderId)}/cancel`;
  return { confirmHref: path, action: path, fields: {} };
};

export const guestOfferPlace = (orderId: number): OfferPlace => ({
  confirmHref: GUEST_CANCEL_PATH,
  action: GUEST_CANCEL_PATH,
  fields: { order: String(orderId) },
});

/** The offer to cancel this order, or null once it may no longer be cancelled. */
function cancellableOrder(detail: OrderDetail) {
  return { ...detail.order, shipments: detail.shipments, lines: [...detail.unshippedLines, ...detail.shipments.flatMap((shipment) => shipment.lines)] };
}

export function cancellationOffer(detail: OrderDetail, place: OfferPlace): CancellationOffer | null {
  const order = cancellableOrder(detail);
  if (shopperCancellationRefusal(order)) return null;
  return { preview: cancellationPreview(order), ...place };
}

function cancelPage(detail: OrderDetail, place: OfferPlace, backHref: string): CancelPageData {
  const { order } = detail;
  return {
    order: { number: order.number, statusLabel: order.statusLabel, total: order.total },
    refusal: shopperCancellationRefusal(cancellableOrder(detail)),
    offer: cancellationOffer(detail, place),
    backHref,
  };
}

/** A shopper's account: staff and merchants are refused (403) before any order is read. */
async function requireShopper(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  invariantResponse(user.role === "customer", SHOPPER_CANCELLATION_MESSAGES.staffAccount, { status: 403 });
  return user;
}

export async function memberCancelPageLoader(request: Request, context: AppLoadContext, rawOrderId: string | undefined) {
  const user = await requireShopper(request, context);
  const orderId = idParam(rawOrderId, "注文ID");
  const detail = await loadOrder(context.db, user.id, orderId);
  invariantResponse(detail, ORDER_NOT_FOUND_MESSAGE, { status: 404 });
  return data(cancelPage(detail, memberOfferPlace(orderId), memberOrderPath(orderId)), { headers: PRIVATE });
}

/** The cancel form posts `intent=cancel`; the guest's form also names the order its page showed. */
const CancelFormSchema = v.object({ intent: v.literal("cancel") });
const GuestCancelFormSchema = v.object({ intent: v.literal("cancel"), order: IdSchema });

async function cancelAs(request: Request, context: AppLoadContext, orderId: number, owner: OrderOwner, done: string) {
  const result = await cancelOwnOrder(context.db, orderId, owner, await mailFrame(request, context), new Date());
  invariantResponse(result.ok || !result.notFound, ORDER_NOT_FOUND_MESSAGE, { status: 404 });
  if (!result.ok) return data<CancelActionData>({ error: result.error }, { status: 409, headers: PRIVATE });
  dispatchMail(context, [result.mailKey]);
  await purgeOrderedProductPages(context, orderId);
  throw redirectWithNotice(done, "cancelled");
}

export async function memberCancelAction(request: Request, context: AppLoadContext, rawOrderId: string | undefined) {
  const user = await requireShopper(request, context);
  const orderId = idParam(rawOrderId, "注文ID");
  parseInput(CancelFormSchema, await readFormData(request));
  return cancelAs(request, context, orderId, { kind: "member", userId: user.id, actor: orderActorOf(user) }, memberOrderPath(orderId));
}

/** The order the visitor's lookup opened (while the grant lasts), or a redirect to the lookup form. */
async function grantedGuestOrder(request: Request, context: AppLoadContext): Promise<number> {
  const session = await getSession(request, context);
  const signedIn = await context.sessionStorage.signedIn(session);
  invariantResponse(!signedIn || signedIn.user.role === "customer", SHOPPER_CANCELLATION_MESSAGES.staffAccount, { status: 403 });
  const orderId = grantedOrderId(session.get("orderLookup"), new Date());
  if (orderId == null) throw redirect(ORDER_LOOKUP_PATH, 303);
  return orderId;
}

export async function guestCancelPageLoader(request: Request, context: AppLoadContext) {
  const orderId = await grantedGuestOrder(request, context);
  const detail = await loadGuestOrder(context.db, orderId);
  if (!detail) throw redirect(ORDER_LOOKUP_PATH, 303);
  return data(cancelPage(detail, guestOfferPlace(orderId), ORDER_LOOKUP_PATH), { headers: PRIVATE });
}

export async function guestCancelAction(request: Request, context: AppLoadContext) {
  const granted = await grantedGuestOrder(request, context);
  const { order } = parseInput(GuestCancelFormSchema, await readFormData(request));
  // A form from another order's page (the lookup since moved on to another order) cancels nothing.
  invariantResponse(order === granted, ORDER_NOT_FOUND_MESSAGE, { status: 404 });
  return cancelAs(request, context, granted, { kind: "guest", orderId: granted }, ORDER_LOOKUP_PATH);
}
