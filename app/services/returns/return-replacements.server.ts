/**
 * An exchange's replacement (issue 38 item 6, decision 0061), once the exchanged goods are received:
 * staff arrange it (手配: the same lines and quantities taken from stock in the batch, each guarded never
 * to go below zero), ship it with carrier and tracking number (the customer mailed like any parcel), or
 * — out of stock — refund the goods instead (the stock a 手配 took goes back; the refund, the points and
 * 返品 as a received return settles them). Each step goes through `changeOrderReturns`, so racing steps
 * and double submits apply once; the return_replacements row (one per request) holds where it stands.
 */
import { and, eq } from "drizzle-orm";
import { parseTrackingNumber } from "~/core/orders/carriers";
import type { OrderActor } from "~/core/orders/order-events";
import { shipmentSender } from "~/core/orders/shipment-tracking";
import { RETURN_KINDS } from "~/core/returns/return-labels";
import { RETURN_TEXT } from "~/core/returns/return-requests";
import type { ReplacementInput } from "~/core/returns/return-request-forms";
import { REPLACEMENT_TEXT, replacementInStock, replacementRefusal, type ReplacementStep } from "~/core/returns/staff-returns";
import type { Database } from "~/db/client.server";
import { returnReplacements } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { replacementRefundedMail, replacementShippedMail } from "~/mail/return-mails";
import { restockStatements } from "../orders/order-cancellation.server";
import { orderEventStatement, type OrderState, type Statement } from "../orders/order-changes.server";
import { stockStatements } from "../orders/order-guards.server";
import { orderNoticeStatements } from "../orders/order-notices.server";
import { returnOrderId, settlementStatements } from "./return-decisions.server";
import { changeOrderReturns, type ReturnFacts, type ReturnRequestFacts } from "./return-facts.server";

export type ReplacementResult =
  | { ok: true; notice: "prepared" | "shipped" | "refunded"; mailKeys: string[] }
  | { ok: false; status: 400 | 404 | 409; field: "form" | "tracking_number"; error: string };

const STEPS: Record<ReplacementInput["intent"], ReplacementStep> = {
  prepare_replacement: "prepare",
  ship_replacement: "ship",
  refund_replacement: "refund",
};

/** The exchanged lines as ordered (stock, product, sender), with the quantities of the request. */
function exchangedLines(facts: ReturnFacts, request: ReturnRequestFacts) {
  return request.lines.flatMap((line) => {
    const ordered = facts.lines.find((candidate) => candidate.id === line.orderLineId);
    return ordered ? [{ ordered, quantity: line.quantity }] : [];
  });
}

/** Takes one step of the request's replacement, once. */
export async function stepReplacement(
  db: Database,
  returnId: number,
  actor: OrderActor,
  input: ReplacementInput,
  frame: EmailFrame,
  now: Date,
): Promise<ReplacementResult> {
  const orderId = await returnOrderId(db, returnId);
  if (orderId == null) return { ok: false, status: 404, field: "form", error: RETURN_TEXT.notFound };
  const step = STEPS[input.intent];
  let trackingNumber = "";
  if (input.intent === "ship_replacement") {
    const parsed = parseTrackingNumber(input.carrier, input.tracking_number);
    if (!parsed.ok) return { ok: false, status: 400, field: "tracking_number", error: parsed.error };
    trackingNumber = parsed.value;
  }
  const mailKey = `replacement-${step}:${returnId}`;
  const result = await changeOrderReturns(db, orderId, (order, facts) => {
    const request = facts.requests.find((candidate) => candidate.id === returnId);
    if (!request) return { refusal: RETURN_TEXT.notFound };
    const refusal = replacementRefusal(request, request.replacement?.status ?? null, step);
    if (refusal) return { refusal };
    const lines = exchangedLines(facts, request);
    switch (input.intent) {
      case "prepare_replacement":
        if (!replacementInStock(lines.map((line) => ({ quantity: line.quantity, inStock: line.ordered.inStock }))))
          return { refusal: REPLACEMENT_TEXT.outOfStock };
        return {
          statements: [
            db.insert(returnReplacements).values({ returnId, status: "preparing", createdAt: now }),
            // From the goods on hand (a pre-ordered line's goods have arrived by now), never below zero.
            ...lines.flatMap((line) => stockStatements(db, line.quantity, false, line.ordered)),
            orderEventStatement(db, order.id, { kind: "replacement_prepared", actor, returnId, note: itemsNote(request) }, now),
          ],
        };
      case "ship_replacement": {
        const shipment = order.shipments.find((candidate) => candidate.id === order.lines.find((line) => line.id === lines[0]?.ordered.id)?.shipmentId);
        const parcel = {
          sender: shipmentSender(shipment ?? { merchantName: null }),
          carrier: input.carrier,
          trackingNumber,
          shippedAt: now,
          lines: request.lines,
        };
        return {
          statements: [
            db
              .update(returnReplacements)
              .set({ status: "shipped", carrier: input.carrier, trackingNumber, shippedAt: now })
              .where(and(eq(returnReplacements.returnId, returnId), eq(returnReplacements.status, "preparing"))),
            orderEventStatement(db, order.id, { kind: "replacement_shipped", actor, returnId, note: `${itemsNote(request)}（${trackingNumber}）` }, now),
            ...orderNoticeStatements(
              db,
              order,
              { key: mailKey, kind: "return_update", template: (addressee) => replacementShippedMail(addressee, parcel) },
              frame,
              now,
            ),
          ],
        };
      }
      case "refund_replacement":
        return { statements: refundStatements(db, order, facts, request, lines, input.method, actor, now, mailKey, frame) };
    }
  });
  if (!result.ok) return { ok: false, status: result.error === RETURN_TEXT.notFound ? 404 : 409, field: "form", error: result.error };
  return { ok: true, notice: step === "prepare" ? "prepared" : step === "ship" ? "shipped" : "refunded", mailKeys: step === "prepare" ? [] : [mailKey] };
}

function itemsNote(request: ReturnRequestFacts): string {
  return request.lines.map((line) => `${line.title} × ${line.quantity}`).join("、");
}

/** Out of stock: the exchange becomes a refund (stock a 手配 took goes back), settled as a received return. */
function refundStatements(
  db: Database,
  order: OrderState,
  facts: ReturnFacts,
  request: ReturnRequestFacts,
  lines: ReturnType<typeof exchangedLines>,
  method: Extract<ReplacementInput, { intent: "refund_replacement" }>["method"],
  actor: OrderActor,
  now: Date,
  mailKey: string,
  frame: EmailFrame,
): Statement[] {
  const prepared = request.replacement?.status === "preparing";
  const settled = settlementStatements(
    db,
    order,
    facts,
    request,
    { method, note: `${RETURN_KINDS.exchange}（受付番号 ${request.id}、在庫切れのため返金）` },
    actor,
    now,
  );
  const mailFacts = { kind: request.kind, reason: request.reason, lines: request.lines };
  return [
    prepared
      ? db
          .update(returnReplacements)
          .set({ status: "refunded" })
          .where(and(eq(returnReplacements.returnId, request.id), eq(returnReplacements.status, "preparing")))
      : db.insert(returnReplacements).values({ returnId: request.id, status: "refunded", createdAt: now }),
    ...(prepared ? lines.flatMap((line) => restockStatements(db, { ...line.ordered, isPreorder: false }, line.quantity)) : []),
    orderEventStatement(db, order.id, { kind: "replacement_refunded", actor, returnId: request.id, note: itemsNote(request) }, now),
    ...settled.statements,
    ...orderNoticeStatements(
      db,
      order,
      {
        key: mailKey,
        kind: "return_update",
        template: (addressee) => replacementRefundedMail(addressee, mailFacts, { amount: settled.refund, method }, settled.pointsWithdrawn),
      },
      frame,
      now,
    ),
  ];
}
