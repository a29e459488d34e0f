/**
 * A shopper cancels their own order (issue 16 item 5): a member any of theirs, a guest only the order their
 * lookup opened. Whose the order is and whether it may still be cancelled are both decided on the order
 * as read inside the guarded change (order-changes.server.ts), so a parcel shipped a moment before is
 * refused with its reason, and another's order reads as "not found" — never cancelled, never described.
 */
import { ORDER_MAIL_KEYS } from "~/core/mail/mail-outbox";
import type { OrderActor } from "~/core/orders/order-events";
import { shopperCancellationRefusal } from "~/core/orders/shopper-cancellation";
import type { Database } from "~/db/client.server";
import type { EmailFrame } from "~/mail/email-layout";
import { cancellationPlan } from "./order-cancellation.server";
import { changeOrder, ORDER_CHANGE_MESSAGES, type OrderState } from "./order-changes.server";

/** Who asks: a signed-in member (as orderActorOf names them), or the guest holding an order lookup's grant. */
export type OrderOwner = { kind: "member"; userId: number; actor: OrderActor } | { kind: "guest"; orderId: number };

export type ShopperCancellation = { ok: true; orderNumber: string; mailKey: string } | { ok: false; notFound: boolean; error: string };

/** Whether the order is the asker's: a member's own, or the one the guest's lookup opened. */
export function owns(owner: OrderOwner, order: OrderState): boolean {
  return owner.kind === "member" ? order.userId === owner.userId : order.userId == null && order.id === owner.orderId;
}

/** The shopper as the order's history names them. */
export function actorOf(owner: OrderOwner, order: OrderState): OrderActor {
  return owner.kind === "member" ? owner.actor : { kind: "customer", userId: null, name: order.customerName };
}

export async function cancelOwnOrder(db: Database, orderId: number, owner: OrderOwner, frame: EmailFrame, now: Date): Promise<ShopperCancellation> {
  const seen = { owned: true };
  const result = await changeOrder(db, orderId, (order) => {
    if (!owns(owner, order)) {
      seen.owned = false;
      return { refusal: ORDER_CHANGE_MESSAGES.notFound };
    }
    const refusal = shopperCancellationRefusal(order);
    if (refusal) return { refusal };
    return cancellationPlan(db, order, actorOf(owner, order), "customer", frame, now);
  });
  if (!result.ok) return { ok: false, notFound: !seen.owned || result.error === ORDER_CHANGE_MESSAGES.notFound, error: result.error };
  return { ok: true, orderNumber: result.order.number, mailKey: ORDER_MAIL_KEYS.cancelled(result.order.number) };
}
