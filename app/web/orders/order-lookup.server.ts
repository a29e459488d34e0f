/**
 * The HTTP side of the guest order lookup: the form read with its schema, the lookup, and the grant kept
 * in the signed session cookie (app/core/orders/order-lookup.ts) so the found order stays on /order-lookup on a
 * reload — the URL never carries the order or the address.
 */
import { parseSubmission } from "~/web/form-submission.server";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { bankTransferFacts } from "~/core/checkout/bank-transfer";
import { grantedOrderId, ORDER_LOOKUP_PATH, orderLookupGrant } from "~/core/orders/order-lookup";
import { OrderLookupSchema } from "~/core/orders/order-lookup-form";
import { RESULT_ANCHOR } from "~/core/site/result-anchor";
import { lookUpGuestOrder } from "~/services/orders/order-lookup.server";
import { loadGuestOrder } from "~/services/orders/orders.server";
import { clientIp, getSession } from "../account/auth.server";
import { readFormData } from "../http.server";
import { parseInput, redirectedNotice } from "../input.server";
import { CANCELLATION_NOTICES, cancellationOffer, guestOfferPlace } from "./order-cancellation.server";
import type { OrderDetailShown } from "../types/orders";
import { settingsInForce } from "../settings/shop-settings.server";
import { GUEST_CHANGE_PATH, shopperMayChange } from "./shopper-order-change.server";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** The found order while its grant lasts (with when it ends), else the form. */
export async function orderLookupLoader(request: Request, context: AppLoadContext) {
  const session = await getSession(request, context);
  const now = new Date();
  const isMember = session.get("userId") != null;
  const grant = session.get("orderLookup");
  const orderId = grantedOrderId(grant, now);
  const [detail, shop] = await Promise.all([orderId == null ? null : loadGuestOrder(context.db, orderId), settingsInForce(context)]);
  if (!detail || !grant) {
    // A grant that ran out (or whose order joined an account) is dropped from the cookie.
    const headers = session.has("orderLookup") ? { ...PRIVATE, "Set-Cookie": await dropGrant(context, session) } : PRIVATE;
    return data({ found: null, isMember }, { headers });
  }
  const bankTransfer = bankTransferFacts(detail.order, shop.bank);
  // Opened with a number and an address only: the page (and its data) leaves the phone number out.
  const { phone: _phone, ...shipTo } = detail.order.shipTo;
  const shown: OrderDetailShown = { ...detail, order: { ...detail.order, shipTo } };
  // A signed-in staff or merchant account is not offered the shopper's cancellation (it would be refused).
  const signedIn = await context.sessionStorage.signedIn(session);
  const shopper = !signedIn || signedIn.user.role === "customer";
  const cancellation = shopper ? cancellationOffer(detail, guestOfferPlace(detail.order.id)) : null;
  // Within the shop's window the guest changes the delivery themselves (issue 38).
  const changeHref = shopper && (await shopperMayChange(context, { ...detail.order, shipments: detail.shipments })) ? GUEST_CHANGE_PATH : null;
  const notice = redirectedNotice(request, CANCELLATION_NOTICES);
  return data(
    { found: { detail: shown, bankTransfer, cancellation, changeHref, notice, shownUntil: new Date(grant.expiresAt) }, isMember },
    { headers: PRIVATE },
  );
}

async function dropGrant(context: AppLoadContext, session: Awaited<ReturnType<typeof getSession>>): Promise<string> {
  session.unset("orderLookup");
  return context.sessionStorage.commitSession(session);
}

/** The form's button: 表示を終える sends intent=forget; the lookup form sends none. */
const LookupIntentSchema = v.object({ intent: v.optional(v.literal("forget")) });

/** intent=forget closes the shown order; otherwise the number and e-mail are looked up. */
export async function orderLookupAction(request: Request, context: AppLoadContext) {
  const form = await readFormData(request);
  const session = await getSession(request, context);
  if (parseInput(LookupIntentSchema, form).intent === "forget") {
    throw redirect(ORDER_LOOKUP_PATH, { status: 303, headers: { "Set-Cookie": await dropGrant(context, session) } });
  }
  const submission = parseSubmission(form, { schema: OrderLookupSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const now = new Date();
  const result = await lookUpGuestOrder(context.db, submission.value, clientIp(request), now);
  if (!result.ok) return data(submission.reply({ formErrors: [result.error] }), { status: 400 });
  session.set("orderLookup", orderLookupGrant(result.orderId, now));
  throw redirect(`${ORDER_LOOKUP_PATH}#${RESULT_ANCHOR}`, { status: 303, headers: { "Set-Cookie": await context.sessionStorage.commitSession(session) } });
}
