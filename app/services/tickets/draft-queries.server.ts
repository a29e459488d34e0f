/**
 * The reads behind replies waiting for approval (issue 36 item 8), as statements the staff ticket page puts in
 * the thread's own batch, and their shapes. The decisions are reply-drafts.server.ts.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { DraftStatus } from "~/core/tickets/reply-drafts";
import { staffName } from "~/core/tickets/ticket-owners";
import type { Database } from "~/db/client.server";
import { media, ticketReplyDrafts, users } from "~/db/schema";
import { MEDIA_COLUMNS, toMediaItem, type MediaItem } from "../media.server";

export interface ReplyDraft {
  id: number;
  ticketId: number;
  authorId: number | null;
  author: string;
  message: string;
  images: MediaItem[];
  status: DraftStatus;
  reviewer: string | null;
  reviewComment: string | null;
  createdAt: string;
}

const authors = alias(users, "draft_authors");
const reviewers = alias(users, "draft_reviewers");

/** A ticket's drafts, newest first (staff's ticket page, in its batch); `limit` 0 where nobody asks. */
export function ticketDraftsQuery(db: Database, ticketId: number, limit: number) {
  return db
    .select({
      id: ticketReplyDrafts.id,
      ticketId: ticketReplyDrafts.ticketId,
      authorId: ticketReplyDrafts.authorId,
      authorLastname: sql<string | null>`${authors.lastname}`.as("author_lastname"),
      authorFirstname: sql<string | null>`${authors.firstname}`.as("author_firstname"),
      reviewerLastname: sql<string | null>`${reviewers.lastname}`.as("reviewer_lastname"),
      reviewerFirstname: sql<string | null>`${reviewers.firstname}`.as("reviewer_firstname"),
      message: ticketReplyDrafts.message,
      mediaIds: ticketReplyDrafts.mediaIds,
      status: ticketReplyDrafts.status,
      reviewComment: ticketReplyDrafts.reviewComment,
      createdAt: ticketReplyDrafts.createdAt,
    })
    .from(ticketReplyDrafts)
    .leftJoin(authors, eq(authors.id, ticketReplyDrafts.authorId))
    .leftJoin(reviewers, eq(reviewers.id, ticketReplyDrafts.reviewerId))
    .where(eq(ticketReplyDrafts.ticketId, ticketId))
    .orderBy(desc(ticketReplyDrafts.id))
    .limit(limit);
}

/** The images of a ticket's drafts waiting for approval (shown with them). */
export function draftImagesQuery(db: Database, ticketId: number, limit: number) {
  return db
    .select(MEDIA_COLUMNS)
    .from(media)
    .innerJoin(
      ticketReplyDrafts,
      and(
        eq(ticketReplyDrafts.ticketId, ticketId),
        eq(ticketReplyDrafts.status, "pending"),
        sql`instr(',' || ${ticketReplyDrafts.mediaIds} || ',', ',' || ${media.id} || ',') > 0`,
      ),
    )
    .limit(limit);
}

/** Whether this staff member's replies wait for approval; such staff cannot approve. */
export function approvalFlagQuery(db: Database, staffId: number) {
  return db.select({ needs: users.replyNeedsApproval }).from(users).where(eq(users.id, staffId));
}

type DraftRow = Awaited<ReturnType<typeof ticketDraftsQuery>>[number];
type ImageRow = Awaited<ReturnType<typeof draftImagesQuery>>[number];

export const idsOf = (list: string) => list.split(",").filter(Boolean).map(Number);

export function toDrafts(rows: DraftRow[], images: ImageRow[]): ReplyDraft[] {
  return rows.map((row) => ({
    id: row.id,
    ticketId: row.ticketId,
    authorId: row.authorId,
    author: row.authorLastname != null ? staffName({ lastname: row.authorLastname, firstname: row.authorFirstname ?? "" }) : "（削除されたスタッフ）",
    message: row.message,
    images: row.status === "pending" ? images.filter((image) => idsOf(row.mediaIds).includes(image.id)).map(toMediaItem) : [],
    status: row.status,
    reviewer: row.reviewerLastname != null ? staffName({ lastname: row.reviewerLastname, firstname: row.reviewerFirstname ?? "" }) : null,
    reviewComment: row.reviewComment,
    createdAt: row.createdAt.toISOString(),
  }));
}
