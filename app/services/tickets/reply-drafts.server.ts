/**
 * Replies waiting for approval (issue 36 item 8) on D1: a staff member whose replies need approval writes a
 * draft (ticket-messages.server.ts sendMessage); a colleague whose own replies need none sends it as written
 * or edited (the same statements as any staff reply: the customer's mail, the first response), or returns it
 * with a comment; its writer can withdraw it. Each decision claims the draft in the batch that acts on it
 * (status still 'pending'), so two staff deciding at once decide once.
 */
import { and, asc, eq, exists, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { DRAFT_COMMENT_MAX_LENGTH, DRAFT_TEXT } from "~/core/tickets/reply-drafts";
import { messageProblem, TICKET_TEXT } from "~/core/tickets/tickets";
import type { Database } from "~/db/client.server";
import { ticketMessages, ticketReplyDrafts, tickets, users } from "~/db/schema";
import { guard, isGuardFailure } from "../orders/order-guards.server";
import { approvalFlagQuery, idsOf } from "./draft-queries.server";
import type { ReplyMailContext } from "./reply-mail.server";
import { messageStatements } from "./ticket-messages.server";
import { fail, visibleTicket, type TicketFailure, type Viewer } from "./tickets.server";

export type DraftResult = { ok: true; mailKey: string | null } | TicketFailure;

async function pendingDraft(db: Database, staff: Viewer, ticketId: number, draftId: number) {
  const [draft] = await db
    .select()
    .from(ticketReplyDrafts)
    .where(and(eq(ticketReplyDrafts.id, draftId), eq(ticketReplyDrafts.ticketId, ticketId)));
  if (!draft || staff.role !== "staff") return fail(404, "draft", DRAFT_TEXT.notFound);
  if (draft.status !== "pending") return fail(409, "draft", DRAFT_TEXT.notPending);
  return draft;
}

/** A pending draft this staff member may decide on: they need no approval themselves and did not write it. */
async function approvableDraft(db: Database, staff: Viewer, ticketId: number, draftId: number) {
  const draft = await pendingDraft(db, staff, ticketId, draftId);
  if ("ok" in draft) return draft;
  const [flag] = await approvalFlagQuery(db, staff.id);
  if (!flag || flag.needs) return fail(403, "draft", DRAFT_TEXT.notApprover);
  return draft.authorId === staff.id ? fail(403, "draft", DRAFT_TEXT.ownDraft) : draft;
}

/** Claims a pending draft for a decision: the batch's first statement; the guard after it stops the batch when another decision came first. */
const claim = (db: Database, draftId: number, set: Partial<typeof ticketReplyDrafts.$inferInsert>) =>
  [decisionStatement(db, draftId, set), guard(db, sql`changes() = 1`)] as const;

/** Records a decision on a draft still pending (changes nothing once another decision came first). */
function decisionStatement(db: Database, draftId: number, set: Partial<typeof ticketReplyDrafts.$inferInsert>) {
  return db
    .update(ticketReplyDrafts)
    .set(set)
    .where(and(eq(ticketReplyDrafts.id, draftId), eq(ticketReplyDrafts.status, "pending")));
}

/** A colleague sends a waiting reply, as written or as edited (`text`): to the customer as any staff reply, in the name of its writer. */
export async function approveDraft(
  db: Database,
  staff: Viewer,
  ticketId: number,
  draftId: number,
  text: string | null,
  mail: ReplyMailContext,
  now: Date = new Date(),
): Promise<DraftResult> {
  const draft = await approvableDraft(db, staff, ticketId, draftId);
  if ("ok" in draft) return draft;
  const message = (text ?? draft.message).replace(/\r\n/g, "\n").trim();
  const mediaIds = idsOf(draft.mediaIds);
  const problem = messageProblem(message, mediaIds.length);
  if (problem) return fail(400, "message", problem);
  const ticket = await visibleTicket(db, ticketId, staff);
  if (!ticket) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  if (ticket.status === "close") return fail(409, "message", TICKET_TEXT.ticketClosed);
  const written = await messageStatements(
    db,
    ticket,
    { fromadmin: draft.authorId ?? staff.id, mediaOwnerId: draft.authorId ?? staff.id, text: message, mediaIds },
    mail,
    now,
  );
  try {
    await db.batch([
      ...claim(db, draftId, { status: "approved", reviewerId: staff.id, reviewedAt: now }),
      guard(db, sql`exists (select 1 from ${tickets} where ${tickets.id} = ${ticketId} and ${tickets.status} = 'doing')`),
      ...written.statements,
      db
        .update(ticketReplyDrafts)
        .set({ messageId: sql`(select max(${ticketMessages.id}) from ${ticketMessages} where ${ticketMessages.ticketId} = ${ticketId})` })
        .where(eq(ticketReplyDrafts.id, draftId)),
    ]);
  } catch (error) {
    if (isGuardFailure(error)) return fail(409, "draft", DRAFT_TEXT.notPending);
    throw error;
  }
  return { ok: true, mailKey: written.mailKey };
}

/** A colleague returns a waiting reply to its writer with what to change (差戻し). */
export async function returnDraft(
  db: Database,
  staff: Viewer,
  ticketId: number,
  draftId: number,
  comment: string,
  now: Date = new Date(),
): Promise<DraftResult> {
  const draft = await approvableDraft(db, staff, ticketId, draftId);
  if ("ok" in draft) return draft;
  const text = comment.trim();
  if (text === "") return fail(400, "comment", DRAFT_TEXT.commentRequired);
  if (text.length > DRAFT_COMMENT_MAX_LENGTH) return fail(400, "comment", DRAFT_TEXT.commentTooLong);
  return decide(db, draftId, { status: "returned", reviewerId: staff.id, reviewComment: text, reviewedAt: now });
}

/** The writer takes back a reply still waiting (to write it anew). */
export async function withdrawDraft(db: Database, staff: Viewer, ticketId: number, draftId: number, now: Date = new Date()): Promise<DraftResult> {
  const draft = await pendingDraft(db, staff, ticketId, draftId);
  if ("ok" in draft) return draft;
  if (draft.authorId !== staff.id) return fail(403, "draft", DRAFT_TEXT.notAuthor);
  return decide(db, draftId, { status: "withdrawn", reviewedAt: now });
}

async function decide(db: Database, draftId: number, set: Partial<typeof ticketReplyDrafts.$inferInsert>): Promise<DraftResult> {
  const decided = await decisionStatement(db, draftId, set).returning({ id: ticketReplyDrafts.id });
  return decided.length === 1 ? { ok: true, mailKey: null } : fail(409, "draft", DRAFT_TEXT.notPending);
}

/** Every reply waiting for approval, oldest first (/crm/approvals), with its ticket's customer. */
export async function listPendingDrafts(db: Database, limit = 100) {
  return db
    .select({
      id: ticketReplyDrafts.id,
      ticketId: ticketReplyDrafts.ticketId,
      message: ticketReplyDrafts.message,
      createdAt: ticketReplyDrafts.createdAt,
      authorLastname: users.lastname,
      authorFirstname: users.firstname,
    })
    .from(ticketReplyDrafts)
    .leftJoin(users, eq(users.id, ticketReplyDrafts.authorId))
    .where(eq(ticketReplyDrafts.status, "pending"))
    .orderBy(asc(ticketReplyDrafts.id))
    .limit(limit);
}

/** The team with each one's approval setting (/crm/approvals). */
export async function teamApprovalSettings(db: Database) {
  return db
    .select({ id: users.id, lastname: users.lastname, firstname: users.firstname, needs: users.replyNeedsApproval })
    .from(users)
    .where(and(eq(users.role, "staff"), isNull(users.withdrawnAt)))
    .orderBy(asc(users.lastnameJp), asc(users.firstnameJp), asc(users.id));
}

/**
 * Sets whether a colleague's replies need approval. Only staff whose own replies need none may, and not for
 * themselves (a writer cannot lift their own check); the conditions are in the one UPDATE.
 */
export async function setReplyApproval(db: Database, lead: Viewer, staffId: number, needs: boolean): Promise<{ ok: true } | TicketFailure> {
  if (lead.role !== "staff") return fail(403, "draft", DRAFT_TEXT.notApprover);
  if (staffId === lead.id) return fail(403, "draft", DRAFT_TEXT.selfApproval);
  const leads = alias(users, "leads");
  const isLead = exists(
    db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.id, lead.id), eq(leads.role, "staff"), eq(leads.replyNeedsApproval, false))),
  );
  const changed = await db
    .update(users)
    .set({ replyNeedsApproval: needs })
    .where(and(eq(users.id, staffId), eq(users.role, "staff"), isLead))
    .returning({ id: users.id });
  if (changed.length === 1) return { ok: true };
  const [flag] = await approvalFlagQuery(db, lead.id);
  return flag && !flag.needs ? fail(404, "draft", DRAFT_TEXT.staffNotFound) : fail(403, "draft", DRAFT_TEXT.notApprover);
}
