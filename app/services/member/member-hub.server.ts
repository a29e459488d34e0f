/** What the member hub (/user, マイページ) shows beside the header's figures, in one D1 round trip. */
import { and, asc, count, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { buyLater, favorites, orders, stockRequests, subscriptions, users } from "~/db/schema";
import { pendingPointsOf } from "./member-points.server";

export async function loadMemberHub(db: Database, userId: number) {
  const [people, orderCount, latestOrders, nextDeliveries, favoriteCount, buyLaterCount, requestCount] = await db.batch([
    db
      .select({ lastname: users.lastname, firstname: users.firstname, points: users.points, pendingPoints: pendingPointsOf(users.id) })
      .from(users)
      .where(eq(users.id, userId)),
    db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
    db
      .select({ id: orders.id, number: orders.number, status: orders.status, dateCreated: orders.createdAt, total: orders.total })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1),
    db
      .select({ id: subscriptions.id, nextShippingDate: subscriptions.nextShippingDate })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active")))
      .orderBy(asc(subscriptions.nextShippingDate)),
    db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId)),
    db.select({ n: count() }).from(buyLater).where(eq(buyLater.userId, userId)),
    db
      .select({ n: count() })
      .from(stockRequests)
      .where(and(eq(stockRequests.userId, userId), isNull(stockRequests.notifiedAt))),
  ]);
  const person = people[0];
  return {
    name: person ? `${person.lastname} ${person.firstname}` : "",
    points: person?.points ?? 0,
    /** 付与予定: earned by orders not paid for yet, not spendable. */
    pendingPoints: person?.pendingPoints ?? 0,
    orders: orderCount[0]?.n ?? 0,
    latestOrder: latestOrders[0] ?? null,
    activeSubscriptions: nextDeliveries.length,
    nextDelivery: nextDeliveries[0] ?? null,
    favorites: favoriteCount[0]?.n ?? 0,
    buyLater: buyLaterCount[0]?.n ?? 0,
    stockRequests: requestCount[0]?.n ?? 0,
  };
}

export type MemberHub = Awaited<ReturnType<typeof loadMemberHub>>;
