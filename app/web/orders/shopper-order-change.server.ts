/**
 * A shopper changes their order's delivery themselves (issue 38 item 2), within the window the owner set
 * (/crm/settings): a member on /user/orders/{id}/change (their own orders only), a guest on
 * /order-lookup/change with the grant their lookup left in the session. Outside the window the forms are not
 * offered and a post is refused with the reason; staff and merchant accounts are refused (403), another's order
 * is not found (404). The same forms, rules, mail and history as staff's edit, with the shopper as the actor.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { deliveryEditRefusal, shopperChangeRefusal, type OrderDelivery } from "~/core/orders/order-edits";
import { grantedOrderId, ORDER_LOOKUP_PATH } from "~/core/orders/order-lookup";
import { ORDER_STATUS_LABELS } from "~/core/orders/orders";
import { loadOrderState, type OrderState } from "~/services/orders/order-changes.server";
import { loadOrderEditFacts } from "~/services/orders/order-edit-facts.server";
import { editOrderDelivery, type OrderEditor } from "~/services/orders/order-edits.server";
import type { OrderOwner } from "~/services/orders/shopper-cancellation.server";
import { ORDER_NOT_FOUND_MESSAGE } from "~/services/orders/orders.server";
import { getSession, orderActorOf, requireUser } from "../account/auth.server";
import { invariantResponse, redirectWithNotice } from "../http.server";
import { idParam, redirectedNotice } from "../input.server";
import { dispatchMail, mailFrame } from "../mail/mail.server";
import { settingsInForce } from "../settings/shop-settings.server";
import type { ShopperChangePageData } from "../types/order-edits";
import { deliveryFormData, postedIntent, readDeliveryPost } from "./order-delivery-change.server";

export const SHOPPER_CHANGE_TEXT = {
  staffAccount: "スタッフ・出品者のアカウントでは、お客様のご注文をこの画面から変更できません。",
  done: "お届け先・お届け日時を変更しました。確認のメール「ご注文内容変更のお知らせ」をお送りしました。",
} as const;

const PRIVATE = { "Cache-Control": "private, no-store" };
const NOTICES = { changed: SHOPPER_CHANGE_TEXT.done };

export const memberChangePath = (orderId: number) => `/user/orders/${orderId}/change`;
export const GUEST_CHANGE_PATH = `${ORDER_LOOKUP_PATH}/change`;

/** Whether the shopper may change this order's delivery now (the owner's window): the offer's link on the order pages. */
export async function shopperMayChange(context: AppLoadContext, order: Parameters<typeof shopperChangeRefusal>[1]): Promise<boolean> {
  const { shopperChangeWindow } = await settingsInForce(context);
  return shopperChangeRefusal(shopperChangeWindow, order) == null;
}

async function changePage(
  request: Request,
  context: AppLoadContext,
  state: OrderState,
  backHref: string,
  guest: boolean,
): Promise<ShopperChangePageData | null> {
  const [facts, settings] = await Promise.all([loadOrderEditFacts(context.db, state.id), settingsInForce(context)]);
  if (!facts) return null;
  const refusal = deliveryEditRefusal(state) ?? shopperChangeRefusal(settings.shopperChangeWindow, state);
  // A guest's lookup (a number and an address) never shows the phone number: they type it again.
  const delivery: OrderDelivery = guest ? { ...facts.delivery, shipPhone: "" } : facts.delivery;
  return {
    order: { number: state.number, statusLabel: ORDER_STATUS_LABELS[state.status] },
    delivery: deliveryFormData(delivery, facts.lifecycleVersion, refusal, new Date()),
    backHref,
    notice: redirectedNotice(request, NOTICES),
  };
}

/** A shopper's account: staff and merchants are refused (403) before any order is read. */
async function requireShopper(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  invariantResponse(user.role === "customer", SHOPPER_CHANGE_TEXT.staffAccount, { status: 403 });
  return user;
}

/** The order the visitor's lookup opened (while the grant lasts), or a redirect to the lookup form. */
async function grantedGuestOrder(request: Request, context: AppLoadContext): Promise<number> {
  const session = await getSession(request, context);
  const signedIn = await context.sessionStorage.signedIn(session);
  invariantResponse(!signedIn || signedIn.user.role === "customer", SHOPPER_CHANGE_TEXT.staffAccount, { status: 403 });
  const orderId = grantedOrderId(session.get("orderLookup"), new Date());
  if (orderId == null) throw redirect(ORDER_LOOKUP_PATH, 303);
  return orderId;
}

export async function memberChangePageLoader(request: Request, context: AppLoadContext, rawOrderId: string | undefined) {
  const user = await requireShopper(request, context);
  const orderId = idParam(rawOrderId, "注文ID");
  const state = await loadOrderState(context.db, orderId);
  invariantResponse(state && state.userId === user.id, ORDER_NOT_FOUND_MESSAGE, { status: 404 });
  const page = await changePage(request, context, state, `/user/orders/${orderId}`, false);
  invariantResponse(page, ORDER_NOT_FOUND_MESSAGE, { status: 404 });
  return data(page, { headers: PRIVATE });
}

export async function guestChangePageLoader(request: Request, context: AppLoadContext) {
  const orderId = await grantedGuestOrder(request, context);
  const state = await loadOrderState(context.db, orderId);
  if (!state || state.userId != null) throw redirect(ORDER_LOOKUP_PATH, 303);
  const page = await changePage(request, context, state, ORDER_LOOKUP_PATH, true);
  if (!page) throw redirect(ORDER_LOOKUP_PATH, 303);
  return data(page, { headers: PRIVATE });
}

/** A post of the change forms, as the owner it comes from: done → the page again with its notice; refused → at its form. */
async function changeAs(request: Request, context: AppLoadContext, orderId: number, owner: OrderOwner, done: string) {
  const { shopperChangeWindow } = await settingsInForce(context);
  const editor: OrderEditor = { kind: "shopper", owner, window: shopperChangeWindow };
  const post = await readDeliveryPost(request, context, await postedIntent(request));
  if (!post.ok) return post.answer;
  const result = await editOrderDelivery(
    context.db,
    orderId,
    { expectedVersion: post.version, editor, delivery: post.change },
    await mailFrame(request, context),
    new Date(),
  );
  if (!result.ok) {
    invariantResponse(!result.notFound, ORDER_NOT_FOUND_MESSAGE, { status: 404 });
    return post.refused(result);
  }
  dispatchMail(context, [result.mailKey]);
  throw redirectWithNotice(done, "changed");
}

export async function memberChangeAction(request: Request, context: AppLoadContext, rawOrderId: string | undefined) {
  const user = await requireShopper(request, context);
  const orderId = idParam(rawOrderId, "注文ID");
  return changeAs(request, context, orderId, { kind: "member", userId: user.id, actor: orderActorOf(user) }, memberChangePath(orderId));
}

export async function guestChangeAction(request: Request, context: AppLoadContext) {
  const orderId = await grantedGuestOrder(request, context);
  return changeAs(request, context, orderId, { kind: "guest", orderId }, GUEST_CHANGE_PATH);
}
