/**
 * Staff's decisions on a return or exchange request (issue 16 item 5): approve it with how to send the
 * goods back, refuse it with why, and mark the goods received — which puts them back in stock (when they
 * can be sold again), records the refund of a return and, once everything ordered has come back, makes
 * the order 返品. Each goes through `changeOrder` (return-requests.server.ts `changeOrderReturns`), so
 * two staff clicking at once act once; each writes the history and mails the shopper.
 */
import { and, eq } from "drizzle-orm";
import type { OrderActor } from "~/core/orders/order-events";
import { returnRefusal } from "~/core/orders/order-lifecycle";
import { RETURN_KINDS } from "~/core/returns/return-labels";
import { orderFullyReturned, RETURN_STOCK_NOTES, RETURN_TEXT, returnRefundAmount, returnTransitionRefusal } from "~/core/returns/return-requests";
import { returnedQuantities } from "~/core/returns/staff-returns";
import type { ReturnDecisionInput } from "~/core/returns/return-request-forms";
import { refundEventNote, type RefundMethod } from "~/core/orders/order-desk";
import { pointsStillEarned } from "~/core/member/points";
import type { Database } from "~/db/client.server";
import { orderRefunds, returnRequests } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import type { MailTemplate } from "~/mail/render.server";
import type { OrderMailAddressee } from "~/mail/order-lifecycle-mails";
import { returnApprovedMail, returnReceivedMail, returnRefusedMail, type ReturnMailFacts } from "~/mail/return-mails";
import { restockStatements } from "../orders/order-cancellation.server";
import { orderEventStatement, orderStatusStatements, type OrderState, type Statement } from "../orders/order-changes.server";
import { orderNoticeStatements } from "../orders/order-notices.server";
import { pointsTakenBackStatements } from "../orders/order-points.server";
import { changeOrderReturns, type ReturnFacts, type ReturnRequestFacts } from "./return-facts.server";

export type DecisionResult = { ok: true; notice: "approved" | "refused" | "received"; mailKeys: string[] } | { ok: false; status: 404 | 409; error: string };

/** The order a request belongs to, or null when there is no such request. */
export async function returnOrderId(db: Database, returnId: number): Promise<number | null> {
  const [row] = await db.select({ orderId: returnRequests.orderId }).from(returnRequests).where(eq(returnRequests.id, returnId));
  return row?.orderId ?? null;
}

/** Applies staff's decision on the request (approve, refuse, receive), once. */
export async function decideReturn(
  db: Database,
  returnId: number,
  actor: OrderActor,
  decision: ReturnDecisionInput,
  frame: EmailFrame,
  now: Date,
): Promise<DecisionResult> {
  const orderId = await returnOrderId(db, returnId);
  if (orderId == null) return { ok: false, status: 404, error: RETURN_TEXT.notFound };
  const to = decision.intent === "approve" ? "approved" : decision.intent === "refuse" ? "refused" : "received";
  const mailKey = `return-${to}:${returnId}`;
  const result = await changeOrderReturns(db, orderId, (order, facts) => {
    const request = facts.requests.find((candidate) => candidate.id === returnId);
    if (!request) return { refusal: RETURN_TEXT.notFound };
    const refusal = returnTransitionRefusal(request.status, to);
    if (refusal) return { refusal };
    const mailFacts: ReturnMailFacts = { kind: request.kind, reason: request.reason, lines: request.lines };
    const notice = (template: (addressee: OrderMailAddressee) => MailTemplate) =>
      orderNoticeStatements(db, order, { key: mailKey, kind: "return_update", template }, frame, now);
    switch (decision.intent) {
      case "approve":
      case "refuse":
        return {
          statements: [
            db
              .update(returnRequests)
              .set({ status: to, staffMessage: decision.message, decidedAt: now })
              .where(and(eq(returnRequests.id, returnId), eq(returnRequests.status, "requested"))),
            orderEventStatement(
              db,
              order.id,
              { kind: decision.intent === "approve" ? "return_approved" : "return_refused", actor, returnId, note: decision.message },
              now,
            ),
            ...notice((addressee) =>
              decision.intent === "approve"
                ? returnApprovedMail(addressee, mailFacts, decision.message)
                : returnRefusedMail(addressee, mailFacts, decision.message),
            ),
          ],
        };
      case "receive":
        return { statements: receiveStatements(db, order, facts, request, { method: decision.method, restock: decision.restock !== "" }, actor, now, notice) };
    }
  });
  if (!result.ok) return { ok: false, status: result.error === RETURN_TEXT.notFound ? 404 : 409, error: result.error };
  return { ok: true, notice: to, mailKeys: [mailKey] };
}

/**
 * The goods came back: the request is received; the returned quantities go back in stock when `restock`
 * (goods that came back damaged are not sold again; an exchange's returned item is restocked the same
 * way, and its replacement is arranged next — return-replacements.server.ts); a return is settled (see
 * settlementStatements).
 */
function receiveStatements(
  db: Database,
  order: OrderState,
  facts: ReturnFacts,
  request: ReturnRequestFacts,
  options: { method: RefundMethod; restock: boolean },
  actor: OrderActor,
  now: Date,
  notice: (template: (addressee: OrderMailAddressee) => MailTemplate) => Statement[],
): Statement[] {
  const what = request.lines.map((line) => `${line.title} × ${line.quantity}`).join("、");
  const statements: Statement[] = [
    db
      .update(returnRequests)
      .set({ status: "received", receivedAt: now })
      .where(and(eq(returnRequests.id, request.id), eq(returnRequests.status, "approved"))),
    orderEventStatement(
      db,
      order.id,
      { kind: "return_received", actor, returnId: request.id, note: `${what}${options.restock ? RETURN_STOCK_NOTES.restocked : RETURN_STOCK_NOTES.kept}` },
      now,
    ),
  ];
  if (options.restock) {
    for (const line of request.lines) {
      const ordered = facts.lines.find((candidate) => candidate.id === line.orderLineId);
      if (ordered) statements.push(...restockStatements(db, ordered, line.quantity));
    }
  }
  const settled =
    request.kind === "return"
      ? settlementStatements(db, order, facts, request, { method: options.method, note: `${RETURN_KINDS.return}（受付番号 ${request.id}）` }, actor, now)
      : { statements: [], refund: 0, pointsWithdrawn: 0 };
  statements.push(
    ...settled.statements,
    ...notice((addressee) =>
      returnReceivedMail(
        addressee,
        { kind: request.kind, reason: request.reason, lines: request.lines },
        { amount: settled.refund, method: options.method },
        settled.pointsWithdrawn,
      ),
    ),
  );
  return statements;
}

/**
 * Goods that came back for good (a received return, or an exchange refunded instead of replaced): their
 * refund is recorded (the amount by the core rule, the method staff chose); the points they earned are
 * taken back, as a cancellation does — the order's forfeited points only ever rise to what the goods
 * still kept earn, so settling twice takes nothing twice; and the order becomes 返品 once every line
 * still ordered has come back in full — a partial return leaves it 配達完了, with the history and the
 * refund saying what came back.
 */
export function settlementStatements(
  db: Database,
  order: OrderState,
  facts: ReturnFacts,
  request: ReturnRequestFacts,
  refundOf: { method: RefundMethod; note: string },
  actor: OrderActor,
  now: Date,
): { statements: Statement[]; refund: number; pointsWithdrawn: number } {
  const refund = returnRefundAmount("return", request.lines, { total: facts.total, refunded: facts.refunded });
  const returned = returnedQuantities(
    facts.requests.map((candidate) => ({ ...candidate, replacement: candidate.replacement?.status ?? null })),
    request.id,
  );
  const statements: Statement[] = [];
  if (refund > 0) {
    statements.push(
      db.insert(orderRefunds).values({
        orderId: order.id,
        returnId: request.id,
        amount: refund,
        method: refundOf.method,
        note: refundOf.note,
        actorUserId: actor.userId,
        createdAt: now,
      }),
      orderEventStatement(db, order.id, { kind: "refund_recorded", actor, returnId: request.id, note: refundEventNote(refund, refundOf.method, "") }, now),
    );
  }
  const points = pointsTakenBackStatements(
    db,
    order,
    pointsStillEarned(
      order.pointsEarned,
      order.lines.map((line) => ({ ...line, cancelled: line.cancelledAt != null })),
      returned,
    ),
    { note: `ご注文 ${order.number} の返品（受付番号 ${request.id}、付与分の取り消し）` },
    now,
  );
  statements.push(...points.statements);
  if (orderFullyReturned(facts.lines, returned) && returnRefusal(order.status) == null)
    statements.push(...orderStatusStatements(db, order, "returned", actor, now));
  return { statements, refund, pointsWithdrawn: points.withdrawn };
}
