/**
 * The first and last steps of 受注登録 over HTTP (staff only; decision 0065): /crm/orders/new finds the member
 * (the customers search) or takes a guest's details and starts a draft; /crm/orders/new/{draft}/confirm shows
 * the order priced as it will be placed and places it (the checkout's batch), then opens the order's page.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk-path";
import { PHONE_ORDER_CHANNELS, PHONE_ORDER_MESSAGES, PhoneOrderGuestSchema, type PhoneOrderChannel } from "~/core/orders/phone-orders";
import { IdSchema, MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import type { SessionUser } from "~/services/account/sessions.server";
import { orderPlacedWithToken, phoneOrderConfirmation, placePhoneOrder } from "~/services/orders/phone-order-placement.server";
import { findMembersForOrder, openPhoneOrder, startPhoneOrder } from "~/services/orders/phone-orders.server";
import { badRequest, readFormData, redirectWithNotice } from "../http.server";
import { parseQuery, readInput } from "../input.server";
import { dispatchMail, mailFrame } from "../mail/mail.server";
import { purgeOrderedProductPages } from "../site/edge-cache.server";
import type { PhoneOrderActionData, PhoneOrderConfirmData, PhoneOrderStartData } from "../types/phone-orders";
import { phoneOrderPath, phoneOrderSummary, requireDraft, staffOf } from "./phone-order-summary.server";

const NO_STORE = { "Cache-Control": "private, no-store" };
const CHANNELS = Object.entries(PHONE_ORDER_CHANNELS).map(([value, label]) => ({ value: value as PhoneOrderChannel, label }));
const ChannelSchema = v.picklist(Object.keys(PHONE_ORDER_CHANNELS) as PhoneOrderChannel[], PHONE_ORDER_MESSAGES.channel);

export async function loadPhoneOrderStart(request: Request, context: AppLoadContext) {
  const { q } = parseQuery(request, v.object({ q: v.fallback(v.pipe(v.string(), v.maxLength(100)), "") }));
  const page: PhoneOrderStartData = { q, members: q.trim() ? await findMembersForOrder(context.db, q) : [], channels: CHANNELS };
  return data(page, { headers: NO_STORE });
}

const refused = (form: PhoneOrderActionData["form"], error: string, status: 400 | 409 = 400) =>
  data<PhoneOrderActionData>({ form, error }, { status, headers: NO_STORE });

const MemberStartSchema = v.object({ member: IdSchema, channel: ChannelSchema });
const GuestStartSchema = v.object({ ...PhoneOrderGuestSchema.entries, channel: ChannelSchema });

export async function phoneOrderStartAction(request: Request, context: AppLoadContext, user: SessionUser, now = new Date()) {
  const form = await readFormData(request);
  const intent = form.get("intent");
  let customer: Parameters<typeof startPhoneOrder>[2];
  let channel: PhoneOrderChannel;
  if (intent === "member") {
    const read = readInput(MemberStartSchema, form);
    if (!read.ok) return refused("member", read.error);
    customer = { kind: "member", memberId: read.input.member };
    channel = read.input.channel;
  } else if (intent === "guest") {
    const read = readInput(GuestStartSchema, form);
    if (!read.ok) return refused("guest", read.error);
    const { channel: chosen, ...guest } = read.input;
    customer = { kind: "guest", ...guest };
    channel = chosen;
  } else {
    throw badRequest(MALFORMED_INPUT_MESSAGE);
  }
  const started = await startPhoneOrder(context.db, staffOf(user), customer, channel, now);
  if (!started.ok) return refused(customer.kind, started.error, 409);
  return redirectWithNotice(phoneOrderPath(started.id), "started");
}

export async function loadPhoneOrderConfirm(context: AppLoadContext, user: SessionUser, rawId: string | undefined, now = new Date()) {
  const open = await requireDraft(context, user, rawId, now);
  const confirmation = await phoneOrderConfirmation(open);
  // Nothing to confirm yet: back to the draft's page, which says what is missing.
  if (confirmation.missing.length > 0) throw redirect(phoneOrderPath(open.id));
  const page: PhoneOrderConfirmData = { ...phoneOrderSummary(open, confirmation, confirmation.missing), token: confirmation.token, shown: confirmation.shown };
  return data(page, { headers: NO_STORE });
}

const PlaceSchema = v.object({
  token: v.pipe(v.string(MALFORMED_INPUT_MESSAGE), v.uuid(MALFORMED_INPUT_MESSAGE)),
  shown: v.pipe(v.string(MALFORMED_INPUT_MESSAGE), v.maxLength(4000, MALFORMED_INPUT_MESSAGE)),
});

/**
 * 注文を確定する. A repeated submit after the draft was placed (a double click, a retry) finds the order its
 * token made — this staff member's — instead of a second one.
 */
export async function phoneOrderPlaceAction(request: Request, context: AppLoadContext, user: SessionUser, rawId: string | undefined, now = new Date()) {
  const read = readInput(PlaceSchema, await readFormData(request));
  if (!read.ok) return refused("place", read.error);
  const staff = staffOf(user);
  const open = rawId ? await openPhoneOrder(context.db, staff, rawId, now) : null;
  if (!open || open.draft.token !== read.input.token) {
    const placed = await orderPlacedWithToken(context.db, staff, read.input.token);
    if (placed != null) return redirect(`${ORDER_DESK_PATH}/${placed}`, 303);
    return refused("place", PHONE_ORDER_MESSAGES.draftNotFound, 409);
  }
  const result = await placePhoneOrder(open, staff, read.input.shown, await mailFrame(request, context));
  if (!result.ok) {
    if (result.placedOrder) return refused("place", result.error, 409);
    return data<PhoneOrderActionData>({ form: "place", error: result.error, changes: result.changes }, { status: 409, headers: NO_STORE });
  }
  dispatchMail(context, result.mailKeys);
  await purgeOrderedProductPages(context, result.orderId);
  return redirectWithNotice(`${ORDER_DESK_PATH}/${result.orderId}`, "phone_order_placed");
}
