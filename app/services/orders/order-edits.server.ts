/**
 * Editing a placed order (issue 38 items 1–2), by staff from /crm or by the shopper within the owner's window:
 * each edit is one change through changeOrder (decision 0016) — planned only on the order as the editor's
 * page showed it (its lifecycle version), so of two edits (or an edit and a cancellation) sent at once one
 * wins and the other is told. Its batch writes the order_edits row (who, before → after, totals), the
 * history line, the customer's 「ご注文内容変更のお知らせ」 (お知らせ and e-mail) and what is left to settle.
 * The delivery is changed here; the lines in order-edit-lines.server.ts.
 */
import { desc, eq } from "drizzle-orm";
import { shipColumns, type AddressColumns } from "~/core/address/address-records";
import { ORDER_MAIL_KEYS } from "~/core/mail/mail-outbox";
import { actorLabel, type OrderActor } from "~/core/orders/order-events";
import {
  deliveryChanges,
  deliveryEditRefusal,
  deliveryWishRefusal,
  editSummary,
  ORDER_EDIT_MESSAGES,
  readEditChanges,
  shopperChangeRefusal,
  type OrderEditChange,
} from "~/core/orders/order-edits";
import type { ShopperChangeWindow } from "~/core/orders/shopper-change-window";
import type { Database } from "~/db/client.server";
import { orderEdits, orders } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { orderChangedMail } from "~/mail/order-edit-mails";
import { changeOrder, orderEventStatement, ORDER_CHANGE_MESSAGES, type OrderChangePlan, type OrderState, type Statement } from "./order-changes.server";
import { loadOrderEditFacts, type OrderEditFacts } from "./order-edit-facts.server";
import { orderNoticeStatements } from "./order-notices.server";
import { actorOf, owns, type OrderOwner } from "./shopper-cancellation.server";

export type OrderEditResult = { ok: true; orderNumber: string; mailKey: string; changes: OrderEditChange[] } | { ok: false; error: string; notFound: boolean };

/** Who edits: staff (any order), or the shopper (their own, within the owner's window). */
export type OrderEditor = { kind: "staff"; actor: OrderActor } | { kind: "shopper"; owner: OrderOwner; window: ShopperChangeWindow };

/** An edit as posted: over the order's version its page showed, by whom. */
export interface OrderEditBase {
  expectedVersion: number;
  editor: OrderEditor;
}

/** The edit as the batch records it. */
export interface RecordedEdit {
  changes: OrderEditChange[];
  totalBefore: number;
  totalAfter: number;
}

/** The outbox key of the mail an edit planned on `order` writes (the version the edit makes). */
export function orderChangedKey(order: Pick<OrderState, "number" | "lifecycleVersion">): string {
  return ORDER_MAIL_KEYS.changed(order.number, order.lifecycleVersion + 1);
}

/** The editor as the history names them. */
export function editorActor(editor: OrderEditor, order: OrderState): OrderActor {
  return editor.kind === "staff" ? editor.actor : actorOf(editor.owner, order);
}

/** The order_edits row, the history line and the customer's mail of an edit. */
export function editRecordStatements(
  db: Database,
  order: OrderState,
  facts: OrderEditFacts,
  edit: RecordedEdit,
  actor: OrderActor,
  frame: EmailFrame,
  now: Date,
): Statement[] {
  const byCustomer = actor.kind === "customer";
  return [
    db.insert(orderEdits).values({
      orderId: order.id,
      actorKind: byCustomer ? "customer" : "staff",
      actorUserId: actor.userId,
      actorName: actor.name,
      changes: JSON.stringify(edit.changes),
      totalBefore: edit.totalBefore,
      totalAfter: edit.totalAfter,
      createdAt: now,
    }),
    orderEventStatement(db, order.id, { kind: "order_edited", actor, note: editSummary(edit.changes) }, now),
    ...orderNoticeStatements(
      db,
      order,
      {
        key: orderChangedKey(order),
        kind: "order_changed",
        template: (addressee) =>
          orderChangedMail(addressee, { changes: edit.changes, byCustomer, totalBefore: edit.totalBefore, totalAfter: edit.totalAfter, paid: facts.paid }),
      },
      frame,
      now,
    ),
  ];
}

/**
 * Runs an edit: the order's facts read with their version, then the change planned on the order only when it
 * is still the one the editor's page showed (and, for a shopper, theirs and within the window).
 */
export async function runOrderEdit(
  db: Database,
  orderId: number,
  base: OrderEditBase,
  plan: (order: OrderState, facts: OrderEditFacts, actor: OrderActor) => { refusal: string } | { statements: Statement[]; changes: OrderEditChange[] },
  preloaded?: OrderEditFacts | null,
): Promise<OrderEditResult> {
  const facts = preloaded === undefined ? await loadOrderEditFacts(db, orderId) : preloaded;
  if (!facts) return { ok: false, error: ORDER_CHANGE_MESSAGES.notFound, notFound: true };
  const seen: { owned: boolean; changes: OrderEditChange[] } = { owned: true, changes: [] };
  const { editor } = base;
  const result = await changeOrder(db, orderId, (order): OrderChangePlan => {
    if (editor.kind === "shopper" && !owns(editor.owner, order)) {
      seen.owned = false;
      return { refusal: ORDER_CHANGE_MESSAGES.notFound };
    }
    // The facts are of the version the editor saw; anything else changed it meanwhile (a racing edit, a cancel).
    if (order.lifecycleVersion !== base.expectedVersion || facts.lifecycleVersion !== base.expectedVersion) return { refusal: ORDER_EDIT_MESSAGES.stale };
    if (editor.kind === "shopper") {
      const refusal = shopperChangeRefusal(editor.window, order);
      if (refusal) return { refusal };
    }
    const planned = plan(order, facts, editorActor(editor, order));
    if ("refusal" in planned) return planned;
    seen.changes = planned.changes;
    return { statements: planned.statements };
  });
  if (!result.ok) return { ok: false, error: result.error, notFound: !seen.owned || result.error === ORDER_CHANGE_MESSAGES.notFound };
  return { ok: true, orderNumber: result.order.number, mailKey: orderChangedKey(result.order), changes: seen.changes };
}

/** The delivery an edit asks for: the address with its recipient, and/or the wished date and slot (null: none); what is absent stays. */
export interface DeliveryEdit {
  address?: AddressColumns;
  wish?: { deliveryDate: string | null; deliveryTimeSlot: string | null };
}

/** Changes where and when the order is delivered: only before any parcel left; the amounts do not move. */
export function editOrderDelivery(
  db: Database,
  orderId: number,
  edit: OrderEditBase & { delivery: DeliveryEdit },
  frame: EmailFrame,
  now: Date,
): Promise<OrderEditResult> {
  return runOrderEdit(db, orderId, edit, (order, facts, actor) => {
    const { address, wish } = edit.delivery;
    const refusal = deliveryEditRefusal(order) ?? (wish ? deliveryWishRefusal(wish, facts.delivery, now) : null);
    if (refusal) return { refusal };
    const after = { ...facts.delivery, ...(address ? shipColumns(address) : {}), ...(wish ?? {}) };
    const changes = deliveryChanges(facts.delivery, after);
    if (changes.length === 0) return { refusal: ORDER_EDIT_MESSAGES.nothingChanged };
    const recorded = { changes, totalBefore: order.total, totalAfter: order.total };
    return {
      changes,
      statements: [db.update(orders).set(after).where(eq(orders.id, order.id)), ...editRecordStatements(db, order, facts, recorded, actor, frame, now)],
    };
  });
}

/** Staff received what an edit left the customer to pay (追加請求): nothing is left to settle. */
export function receiveSettlement(db: Database, orderId: number, actor: OrderActor, now: Date) {
  return changeOrder(db, orderId, (order) => {
    if (order.settlementDue <= 0) return { refusal: ORDER_EDIT_MESSAGES.settlementNone };
    return {
      statements: [
        db.update(orders).set({ settlementDue: 0 }).where(eq(orders.id, order.id)),
        orderEventStatement(db, order.id, { kind: "settlement_received", actor, note: `${order.settlementDue.toLocaleString("ja-JP")}円` }, now),
      ],
    };
  });
}

/** The order's edits, newest first, each with its changes before → after (the order page's 変更履歴). */
export async function loadOrderEdits(db: Database, orderId: number) {
  const rows = await db.select().from(orderEdits).where(eq(orderEdits.orderId, orderId)).orderBy(desc(orderEdits.createdAt), desc(orderEdits.id));
  return rows.map((row) => ({
    id: row.id,
    at: row.createdAt,
    actor: actorLabel({ kind: row.actorKind, name: row.actorName }),
    changes: readEditChanges(row.changes),
    totalBefore: row.totalBefore,
    totalAfter: row.totalAfter,
  }));
}

export type OrderEditHistory = Awaited<ReturnType<typeof loadOrderEdits>>;
