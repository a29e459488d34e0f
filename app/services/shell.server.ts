/** What every page's header needs, read in one D1 round trip. */
import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { cartLines, carts, notificationMails, ticketMessages, tickets, users } from "~/db/schema";

export interface ShellState {
  user: { id: number; lastname: string; firstname: string; role: "customer" | "staff"; points: number } | null;
  cartQuantity: number;
  unreadMails: number;
  unreadMessages: number;
}

export async function loadShellState(
  db: Database,
  session: { userId?: number; cartId?: string },
): Promise<ShellState> {
  const { userId, cartId } = session;
  const cartOwner = userId != null ? eq(carts.userId, userId) : eq(carts.id, cartId ?? "");
  const cartQuantityQuery = db
    .select({ quantity: sql<number>`coalesce(sum(${cartLines.quantity}), 0)` })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(cartOwner);
  if (userId == null) {
    if (!cartId) return { user: null, cartQuantity: 0, unreadMails: 0, unreadMessages: 0 };
    const [row] = await cartQuantityQuery;
    return { user: null, cartQuantity: row?.quantity ?? 0, unreadMails: 0, unreadMessages: 0 };
  }
  const [userRows, cartRows, mailRows, messageRows] = await db.batch([
    db
      .select({ id: users.id, lastname: users.lastname, firstname: users.firstname, role: users.role, points: users.points })
      .from(users)
      .where(eq(users.id, userId)),
    cartQuantityQuery,
    db
      .select({ n: count() })
      .from(notificationMails)
      .where(and(eq(notificationMails.userId, userId), isNull(notificationMails.readed))),
    db
      .select({ n: count() })
      .from(ticketMessages)
      .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
      .where(and(eq(tickets.userId, userId), isNotNull(ticketMessages.fromadmin), isNull(ticketMessages.readAt))),
  ]);
  const user = userRows[0] ?? null;
  if (!user) return { user: null, cartQuantity: 0, unreadMails: 0, unreadMessages: 0 };
  return {
    user,
    cartQuantity: cartRows[0]?.quantity ?? 0,
    unreadMails: mailRows[0]?.n ?? 0,
    unreadMessages: messageRows[0]?.n ?? 0,
  };
}
