/**
 * The statements that move an order's earned points (decision 0036), each part of the one guarded batch
 * of an order change (decision 0016): the points become usable once the order is paid for (入金確認, or
 * every parcel shipped for 代金引換/後払い), and goods cancelled or returned take back what they earned —
 * from 付与予定 while the points are not granted, from the balance once they are, never more than the
 * order holds there and never below a zero balance.
 */
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { OrderStatus } from "~/core/orders/orders";
import type { PaymentMethod } from "~/core/checkout/payment-methods";
import { pointsUsableIn } from "~/core/member/points";
import type { Database } from "~/db/client.server";
import { orders, pointLedger, users } from "~/db/schema";
import { guard } from "./order-guards.server";

type Statement = BatchItem<"sqlite">;

/** An order as its points are planned on (app/services/orders/order-changes.server.ts's OrderState has these). */
export interface OrderPointsState {
  id: number;
  number: string;
  userId: number | null;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  pointsEarned: number;
  pointsForfeited: number;
  pointsGranted: number;
  pointsGrantedAt: Date | null;
  /** The member's balance as read (0 for a guest). */
  memberPoints: number;
}

/**
 * Grants the order's points when it moves from `order.status` to `to` and so becomes paid for: once,
 * what the goods still kept earn, on the balance and in the ledger.
 */
export function pointsGrantStatements(db: Database, order: OrderPointsState, to: OrderStatus, now: Date): Statement[] {
  if (order.userId == null || order.pointsEarned <= 0 || order.pointsGrantedAt != null) return [];
  if (!pointsUsableIn(order.paymentMethod, to) || pointsUsableIn(order.paymentMethod, order.status)) return [];
  const due = Math.max(0, order.pointsEarned - order.pointsForfeited);
  const statements: Statement[] = [db.update(orders).set({ pointsGrantedAt: now, pointsGranted: due }).where(eq(orders.id, order.id))];
  if (due > 0)
    statements.push(
      ...pointsMovedStatements(
        db,
        { userId: order.userId, orderId: order.id, kind: "earned", amount: due, note: `ご注文 ${order.number} のお買い物ポイント` },
        now,
      ),
    );
  return statements;
}

/** One move of a member's points for an order: the balance (`amount` signed) and its ledger line. */
export interface PointsMove {
  userId: number;
  orderId: number;
  kind: (typeof pointLedger.$inferInsert)["kind"];
  amount: number;
  note: string;
}

export function pointsMovedStatements(db: Database, move: PointsMove, now: Date): Statement[] {
  return [
    db
      .update(users)
      .set({ points: sql`${users.points} + ${move.amount}` })
      .where(eq(users.id, move.userId)),
    db.insert(pointLedger).values({ ...move, createdAt: now }),
  ];
}

/**
 * Takes `withdrawn` granted points back off the balance, guarded to be the balance the amount was planned on
 * (`order.memberPoints` plus `credited`, points the same change gives back to it first), so a checkout
 * spending points meanwhile makes the change plan again.
 */
export function grantedPointsWithdrawnStatements(
  db: Database,
  order: OrderPointsState & { userId: number },
  withdrawn: number,
  credited: number,
  note: string,
  now: Date,
): Statement[] {
  return [
    guard(db, sql`(select ${users.points} from ${users} where ${users.id} = ${order.userId}) = ${order.memberPoints + credited}`),
    db
      .update(orders)
      .set({ pointsGranted: order.pointsGranted - withdrawn })
      .where(eq(orders.id, order.id)),
    ...pointsMovedStatements(db, { userId: order.userId, orderId: order.id, kind: "adjusted", amount: -withdrawn, note }, now),
  ];
}

export interface PointsTakenBack {
  statements: Statement[];
  /** Points taken off the balance now (0 while they were only 付与予定). */
  withdrawn: number;
}

/**
 * The order's points come down to what the goods it still keeps earn (`stillEarned`, app/core/member/points.ts):
 * the rest is given up, and what of it stands on the balance is taken off — at most the balance (plus
 * `credited`, points this same change gives back to it first). The balance is guarded to be the one the
 * amount was planned on (grantedPointsWithdrawnStatements).
 */
export function pointsTakenBackStatements(
  db: Database,
  order: OrderPointsState,
  stillEarned: number,
  change: { note: string; credited?: number },
  now: Date,
): PointsTakenBack {
  const forfeited = Math.max(order.pointsForfeited, order.pointsEarned - stillEarned);
  if (order.userId == null || order.pointsEarned <= 0) return { statements: [], withdrawn: 0 };
  const statements: Statement[] = [];
  if (forfeited !== order.pointsForfeited) statements.push(db.update(orders).set({ pointsForfeited: forfeited }).where(eq(orders.id, order.id)));
  if (order.pointsGrantedAt == null) return { statements, withdrawn: 0 };
  const withdrawn = Math.min(Math.max(0, order.pointsGranted - stillEarned), order.memberPoints + (change.credited ?? 0));
  if (withdrawn <= 0) return { statements, withdrawn: 0 };
  statements.push(...grantedPointsWithdrawnStatements(db, { ...order, userId: order.userId }, withdrawn, change.credited ?? 0, change.note, now));
  return { statements, withdrawn };
}
