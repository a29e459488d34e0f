/**
 * Staff's order desk over HTTP: the list (and its CSV) read from the URL, one order's page, and the page's
 * form posts — each a plain `<Form method="post">` with an `intent`, answered with a redirect back to the
 * page and a notice (PRG, with or without JS), or with the refusal shown at its form.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { archivedOrderPath, OrderNumberSchema } from "~/core/archive/order-archive";
import { CARRIER_ORDER } from "~/core/orders/carriers";
import { utf8Csv } from "~/core/csv";
import { formatDateJa, formatDateTime, isoDateTime, jstDate } from "~/core/dates";
import { listingSearchParams } from "~/core/search/listing";
import { parseListingQuery } from "~/core/search/listing-query";
import { ORDER_MAIL_KEYS } from "~/core/mail/mail-outbox";
import {
  ORDER_CSV_HEADER,
  orderCsvLineCells,
  ORDER_DESK_NOTICES,
  ORDER_DESK_PATH,
  ORDER_DESK_TEXT,
  ORDER_NOTE_MAX,
  REFUND_METHODS,
  REFUND_NOTE_MAX,
  type OrderDeskNotice,
} from "~/core/orders/order-desk";
import { orderDeskListing, orderDeskListingFor } from "~/core/orders/order-desk-listing";
import { transferOverdue } from "~/core/orders/order-lifecycle";
import { ORDER_STATUS_LABELS, SHIPMENT_STATUS_LABELS } from "~/core/orders/orders";
import { PAYMENT_METHODS } from "~/core/checkout/payment-methods";
import { CheckboxSchema, IdSchema, TextOrNullSchema, typedWholeNumber } from "~/core/validation";
import { cancelOrder, cancelOrderLines } from "~/services/orders/order-cancellation.server";
import { ORDER_CHANGE_MESSAGES, type OrderChangeResult } from "~/services/orders/order-changes.server";
import { addOrderNote, resendOrderConfirmation } from "~/services/orders/order-desk-actions.server";
import { loadDeskOrder } from "~/services/orders/order-desk-detail.server";
import { deskOrdersForCsv, listDeskOrders } from "~/services/orders/order-desk.server";
import { recordRefund } from "~/services/orders/order-refunds.server";
import { receiveSettlement } from "~/services/orders/order-edits.server";
import { loadDeskOrderEdits } from "./crm-order-edit.server";
import { confirmPayment, markShipmentDelivered, shipShipment } from "~/services/orders/order-transitions.server";
import type { SessionUser } from "~/services/account/sessions.server";
import { orderActorOf } from "../account/auth.server";
import { invariantResponse, readFormData, redirectWithNotice } from "../http.server";
import { idParam, parseInput, readInput, redirectedNotice } from "../input.server";
import { canonicalListingRedirect } from "../search/listing.server";
import { purgeOrderedProductPages } from "../site/edge-cache.server";
import { dispatchMail, mailFrame } from "../mail/mail.server";
import type { OrderDeskActionData, OrderDeskListingData, OrderDeskPageData } from "../types/crm-orders";

/** The list's query as the URL asks for it (a filter form sent without JS is answered with the clean URL). */
function deskQuery(request: Request) {
  const url = new URL(request.url);
  const definition = orderDeskListingFor(url.searchParams);
  const query = parseListingQuery(definition, url.searchParams);
  return { url, definition, query };
}

export async function loadOrderDeskListing(request: Request, context: AppLoadContext, now: Date = new Date()): Promise<OrderDeskListingData> {
  const { url, definition, query } = deskQuery(request);
  const canonical = canonicalListingRedirect(url, definition, query);
  if (canonical) throw canonical;
  const { page, merchants } = await listDeskOrders(context.db, query);
  const listing = orderDeskListing(merchants);
  const filters = listingSearchParams(listing, { ...page.query, page: 0 }).toString();
  // The labels and the order time are written out here: the page loads neither the label maps nor the date formats.
  const rows = page.rows.map((row) => ({
    ...row,
    statusLabel: ORDER_STATUS_LABELS[row.status],
    paymentLabel: PAYMENT_METHODS[row.paymentMethod].label,
    createdIso: isoDateTime(row.createdAt),
    createdText: formatDateTime(row.createdAt),
    transferOverdue: transferOverdue(row, now),
    shipments: row.shipments.map((shipment) => ({ ...shipment, statusLabel: SHIPMENT_STATUS_LABELS[shipment.status] })),
  }));
  return { definition: listing, page: { ...page, rows }, merchants, csvHref: `${ORDER_DESK_PATH}.csv${filters ? `?${filters}` : ""}` };
}

/** The filtered list (every page) as a UTF-8 CSV with a BOM, so Excel opens the Japanese as it is. */
export async function orderDeskCsv(request: Request, context: AppLoadContext, now: Date = new Date()): Promise<Response> {
  const { query } = deskQuery(request);
  const rows = await deskOrdersForCsv(context.db, query);
  const csv = utf8Csv(
    ORDER_CSV_HEADER,
    rows.flatMap((row) => {
      const order = [
        row.number,
        formatDateTime(row.createdAt),
        ORDER_STATUS_LABELS[row.status],
        PAYMENT_METHODS[row.paymentMethod].label,
        row.paidAt ? formatDateTime(row.paidAt) : "",
        row.total,
        row.refunded,
        row.guest ? "ゲスト" : "会員",
        row.customerName,
        row.email,
        row.phone,
        row.senders,
      ];
      return row.lines.map((line) => [...order, ...orderCsvLineCells(line)]);
    }),
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${jstDate(now)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The order page: the order, the times its first view shows written out (the page loads no date formats), the notice. */
export async function loadOrderDeskPage(
  request: Request,
  context: AppLoadContext,
  rawId: string | undefined,
  now: Date = new Date(),
): Promise<OrderDeskPageData> {
  // An order number (a staff member's bookmark, a number read out on the phone) opens that order, archived or not.
  if (v.is(OrderNumberSchema, rawId)) throw redirect(archivedOrderPath(rawId));
  const orderId = idParam(rawId, "注文ID");
  const [order, edits] = await Promise.all([loadDeskOrder(context.db, orderId), loadDeskOrderEdits(context.db, orderId)]);
  invariantResponse(order && edits, ORDER_DESK_TEXT.notFound, { status: 404 });
  const { detail, payment } = order;
  const timeOrNull = (at: Date | string | null) => (at == null ? null : formatDateTime(at));
  return {
    ...order,
    shipments: order.shipments.map((shipment) => ({
      ...shipment,
      shippedText: timeOrNull(shipment.shippedAt),
      deliveredText: timeOrNull(shipment.deliveredAt),
    })),
    times: {
      created: formatDateTime(detail.order.dateCreated),
      paid: timeOrNull(payment.paidAt),
      cancelled: timeOrNull(payment.cancelledAt),
      transferDeadline: payment.transferDeadline ? formatDateJa(payment.transferDeadline) : null,
      transferOverdue: transferOverdue({ status: detail.order.status, paymentMethod: payment.method, paymentDueOn: payment.transferDeadline }, now),
      deliveryDate: detail.order.deliveryDate ? formatDateJa(detail.order.deliveryDate) : null,
    },
    notice: redirectedNotice(request, ORDER_DESK_NOTICES),
    edits,
  };
}

const NoteSchema = v.pipe(v.string(), v.trim(), v.nonEmpty(ORDER_DESK_TEXT.noteEmpty), v.maxLength(ORDER_NOTE_MAX, ORDER_DESK_TEXT.noteTooLong));

/** The order page's forms, told apart by `intent`. */
const DeskIntentSchema = v.variant("intent", [
  v.object({ intent: v.literal("confirm_payment") }),
  v.object({
    intent: v.literal("ship"),
    shipment: IdSchema,
    carrier: v.picklist(CARRIER_ORDER, ORDER_DESK_TEXT.carrier),
    tracking_number: v.optional(v.string(), ""),
  }),
  v.object({ intent: v.literal("deliver"), shipment: IdSchema }),
  v.object({
    intent: v.literal("cancel"),
    confirm: CheckboxSchema,
    note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(ORDER_NOTE_MAX, ORDER_DESK_TEXT.cancelNote)), ""),
  }),
  v.object({ intent: v.literal("cancel_lines"), line: v.array(IdSchema) }),
  v.object({
    intent: v.literal("refund"),
    amount: v.pipe(typedWholeNumber(ORDER_DESK_TEXT.refundAmount), v.minValue(1, ORDER_DESK_TEXT.refundAmount)),
    method: v.picklist(REFUND_METHODS, ORDER_DESK_TEXT.refundMethod),
    note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(REFUND_NOTE_MAX, ORDER_DESK_TEXT.refundNote)), ""),
  }),
  v.object({ intent: v.literal("resend_confirmation") }),
  v.object({ intent: v.literal("note"), note: NoteSchema }),
  v.object({ intent: v.literal("settle_due") }),
]);

type DeskIntent = v.InferOutput<typeof DeskIntentSchema>;

/** Which form a post came from, read leniently so a refusal is shown at it. */
const PostedFormSchema = v.object({ intent: TextOrNullSchema, shipment: v.fallback(v.nullable(IdSchema), null) });

type Outcome = { result: OrderChangeResult | { ok: true } | { ok: false; error: string }; notice: OrderDeskNotice; mailKeys: string[] };

/** Runs one form's change; answers its result, the notice it ends with and the mails it may have written. */
async function runIntent(input: DeskIntent, orderId: number, request: Request, context: AppLoadContext, staff: SessionUser, now: Date): Promise<Outcome> {
  const { db } = context;
  const actor = orderActorOf(staff);
  const frame = await mailFrame(request, context);
  switch (input.intent) {
    case "confirm_payment": {
      const result = await confirmPayment(db, orderId, actor, frame, now);
      return { result, notice: "payment_confirmed", mailKeys: result.mailKeys ?? [] };
    }
    case "ship": {
      const access = { orderId, shipmentId: input.shipment, actor, merchantId: null };
      const result = await shipShipment(db, access, { carrier: input.carrier, trackingNumber: input.tracking_number }, frame, now);
      return { result, notice: "shipped", mailKeys: [ORDER_MAIL_KEYS.shipmentShipped(input.shipment)] };
    }
    case "deliver": {
      const result = await markShipmentDelivered(db, { orderId, shipmentId: input.shipment, actor, merchantId: null }, now);
      return { result, notice: "delivered", mailKeys: [] };
    }
    case "cancel": {
      if (!input.confirm) return { result: { ok: false, error: ORDER_DESK_TEXT.cancelNotConfirmed }, notice: "cancelled", mailKeys: [] };
      const result = await cancelOrder(db, orderId, actor, "staff", frame, now, input.note);
      return { result, notice: "cancelled", mailKeys: result.ok ? [ORDER_MAIL_KEYS.cancelled(result.order.number)] : [] };
    }
    case "cancel_lines": {
      const result = await cancelOrderLines(db, orderId, input.line, actor, frame, now);
      // Cancelling every remaining line cancels the order: either mail may have been written.
      const keys = result.ok ? [ORDER_MAIL_KEYS.linesCancelled(result.order.number, input.line), ORDER_MAIL_KEYS.cancelled(result.order.number)] : [];
      return { result, notice: "lines_cancelled", mailKeys: keys };
    }
    case "refund": {
      const result = await recordRefund(db, orderId, { amount: input.amount, method: input.method, note: input.note }, actor, now);
      return { result, notice: "refund_recorded", mailKeys: [] };
    }
    case "resend_confirmation": {
      const result = await resendOrderConfirmation(db, orderId, actor, frame, now);
      return { result, notice: "confirmation_resent", mailKeys: result.ok ? [result.key] : [] };
    }
    case "note": {
      const result = await addOrderNote(db, orderId, input.note, actor, now);
      return { result, notice: "noted", mailKeys: [] };
    }
    case "settle_due": {
      const result = await receiveSettlement(db, orderId, actor, now);
      return { result, notice: "settlement_received", mailKeys: [] };
    }
  }
}

/**
 * A form post on the order page: malformed input is 400 with its message and changes nothing; a refused
 * change (the order moved on, a wrong tracking number, a refund over the total) is 409 (404 when the order
 * is gone) with the rule's message; a done one redirects back with its notice.
 */
export async function orderDeskAction(request: Request, context: AppLoadContext, rawId: string | undefined, staff: SessionUser, now: Date = new Date()) {
  const orderId = idParam(rawId, "注文ID");
  const form = await readFormData(request);
  const posted = parseInput(PostedFormSchema, form);
  const refuse = (error: string, status: 400 | 404 | 409, field?: string) =>
    data<OrderDeskActionData>({ ok: false, intent: posted.intent, shipment: posted.shipment, error, ...(field ? { field } : {}) }, { status });
  const read = readInput(DeskIntentSchema, form, ["line"]);
  if (!read.ok) return refuse(read.error, 400, read.field);
  const { result, notice, mailKeys } = await runIntent(read.input, orderId, request, context, staff, now);
  if (!result.ok) return refuse(result.error, result.error === ORDER_CHANGE_MESSAGES.notFound ? 404 : 409);
  dispatchMail(context, mailKeys);
  // A cancellation gave stock back: the products' cached pages go, so they are offered again at once.
  if (notice === "cancelled" || notice === "lines_cancelled") await purgeOrderedProductPages(context, orderId);
  throw redirectWithNotice(`${ORDER_DESK_PATH}/${orderId}`, notice);
}
