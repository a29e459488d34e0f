// Reached from app/load-context.ts (imported by vite.config.ts, where the ~/ alias does not exist yet):
// relative imports only.
/** What every page's header needs, read in one D1 round trip. */
import type { BatchResponse } from "drizzle-orm/batch";
import { and, count, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { EMPTY_SHELL, type ShellState } from "../../core/site/shell";
import type { Database } from "../../db/client.server";
import { cartLines, carts, notificationMails, staffNotices, ticketMessages, tickets, users } from "../../db/schema";
import { pendingApprovalsBadgeQuery } from "../tickets/approval-queries.server";
import { overdueBadgeQuery } from "../tickets/overdue-queries.server";
import { pendingProductReviewsBadgeQuery } from "../product-approvals/review-badge-query.server";

export type { ShellState };

function cartQuantityQuery(db: Database, cartOwner: SQL | undefined) {
  return db
    .select({ quantity: sql<number>`coalesce(sum(${cartLines.quantity}), 0)` })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(cartOwner);
}

/**
 * A member's header statements, for one batch. `userId` may be a sub-select (the signed-in session's user),
 * so the session check and the header share one round trip (app/services/account/sessions.server.ts).
 */
export function memberShellStatements(db: Database, userId: number | SQL) {
  return [
    db
      .select({ id: users.id, lastname: users.lastname, firstname: users.firstname, role: users.role, points: users.points })
      .from(users)
      .where(eq(users.id, userId)),
    cartQuantityQuery(db, eq(carts.userId, userId)),
    db
      .select({ n: count() })
      .from(notificationMails)
      .where(and(eq(notificationMails.userId, userId), isNull(notificationMails.readed))),
    unreadStaffRepliesQuery(db, userId),
    unreadNoticesQuery(db, userId),
    overdueBadgeQuery(db, userId, sql`(unixepoch('subsec') * 1000)`),
    pendingApprovalsBadgeQuery(db, userId),
    pendingProductReviewsBadgeQuery(db, userId),
  ] as const;
}

/** How many notes' notices a staff member has not read (the /crm navigation's お知らせ); none for anyone else. */
export function unreadNoticesQuery(db: Database, userId: number | SQL) {
  return db
    .select({ n: count() })
    .from(staffNotices)
    .where(and(eq(staffNotices.userId, userId), isNull(staffNotices.readAt)));
}

/** How many staff replies to a customer's tickets the customer has not read (the header's 新着メッセージ). */
export function unreadStaffRepliesQuery(db: Database, userId: number | SQL) {
  return db
    .select({ n: count() })
    .from(ticketMessages)
    .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
    .where(and(eq(tickets.userId, userId), isNotNull(ticketMessages.fromadmin), isNull(ticketMessages.readAt)));
}

export type MemberShellRows = BatchResponse<ReturnType<typeof memberShellStatements>>;

export function memberShellFrom([
  userRows,
  cartRows,
  mailRows,
  messageRows,
  noticeRows,
  overdueRows,
  approvalRows,
  productReviewRows,
]: MemberShellRows): ShellState {
  const user = userRows[0] ?? null;
  if (!user) return EMPTY_SHELL;
  return {
    user,
    cartQuantity: cartRows[0]?.quantity ?? 0,
    unreadMails: mailRows[0]?.n ?? 0,
    unreadMessages: messageRows[0]?.n ?? 0,
    staffNotices: noticeRows[0]?.n ?? 0,
    overdueTickets: overdueRows[0]?.n ?? 0,
    pendingApprovals: approvalRows[0]?.n ?? 0,
    pendingProductReviews: productReviewRows[0]?.n ?? 0,
  };
}

export async function loadShellState(db: Database, session: { userId?: number; cartId?: string }): Promise<ShellState> {
  const { userId, cartId } = session;
  if (userId != null) return memberShellFrom(await db.batch(memberShellStatements(db, userId)));
  if (!cartId) return EMPTY_SHELL;
  const [row] = await cartQuantityQuery(db, eq(carts.id, cartId));
  return { ...EMPTY_SHELL, cartQuantity: row?.quantity ?? 0 };
}
