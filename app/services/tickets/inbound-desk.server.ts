/**
 * The received mails as staff see them (/crm/inbound, issue 36 item 2): every mail with what became of it, the
 * held ones first to handle. A held mail that names a ticket (a stranger's or a program's answer to it) can be
 * added to it as the customer's message after staff have looked; any held mail can be set aside. Each action
 * claims the held row in the batch that acts, so two staff at once act once.
 */
import { and, count, desc, eq, inArray, isNotNull, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { inboundMails, tickets } from "~/db/schema";
import { customerMailStatements, keepMailImages } from "./inbound-mail.server";

export type InboundView = "held" | "all";

export interface InboundRow {
  id: number;
  receivedAt: Date;
  fromAddress: string;
  toAddress: string;
  subject: string;
  outcome: (typeof inboundMails.$inferSelect)["outcome"];
  reason: string | null;
  ticketId: number | null;
  body: string;
  attachmentNotes: string | null;
  hasRaw: boolean;
  /** Held, and naming a ticket: staff may add it there. */
  acceptable: boolean;
}

export const INBOUND_PAGE_SIZE = 50;

/** The newest received mails (held only, or all), and how many are held. */
export async function listInboundMails(db: Database, view: InboundView): Promise<{ rows: InboundRow[]; held: number }> {
  const [rows, [held]] = await db.batch([
    db
      .select()
      .from(inboundMails)
      .where(view === "held" ? eq(inboundMails.outcome, "held") : undefined)
      .orderBy(desc(inboundMails.receivedAt), desc(inboundMails.id))
      .limit(INBOUND_PAGE_SIZE),
    db.select({ n: count() }).from(inboundMails).where(eq(inboundMails.outcome, "held")),
  ]);
  return {
    held: held?.n ?? 0,
    rows: rows.map((row) => ({
      id: row.id,
      receivedAt: row.receivedAt,
      fromAddress: row.fromAddress,
      toAddress: row.toAddress,
      subject: row.subject,
      outcome: row.outcome,
      reason: row.reason,
      ticketId: row.ticketId,
      body: row.body,
      attachmentNotes: row.attachmentNotes,
      hasRaw: row.rawKey != null,
      acceptable: row.outcome === "held" && row.ticketId != null,
    })),
  };
}

/** The raw message of a received mail, for staff (null when it was not kept or is gone). */
export async function inboundRawKey(db: Database, inboundId: number): Promise<string | null> {
  const [row] = await db.select({ rawKey: inboundMails.rawKey }).from(inboundMails).where(eq(inboundMails.id, inboundId));
  return row?.rawKey ?? null;
}

export type InboundActionResult = { ok: true; ticketId: number | null } | { ok: false; error: string };

const INBOUND_ACTION_TEXT = {
  notHeld: "このメールはすでに処理されています。",
  noTicket: "このメールには追加先のお問い合わせがありません。",
} as const;

/** A held row claimed for `outcome` by `staffId`: the batch's first statement, changing one row or none. */
function claimHeld(db: Database, inboundId: number, staffId: number, outcome: "accepted" | "discarded") {
  return db
    .update(inboundMails)
    .set({ outcome, handledBy: staffId })
    .where(and(eq(inboundMails.id, inboundId), eq(inboundMails.outcome, "held")));
}

/**
 * Adds a held mail to the ticket it names as that ticket's customer's message (staff judged the sender to be
 * them), with the images of the raw mail given (`files`, read again from R2 by the caller).
 */
export async function acceptHeldMail(
  db: Database,
  bucket: R2Bucket,
  staffId: number,
  inboundId: number,
  files: File[],
  now: Date = new Date(),
): Promise<InboundActionResult> {
  const [row] = await db
    .select({ outcome: inboundMails.outcome, body: inboundMails.body, ticketId: inboundMails.ticketId, customerId: tickets.userId })
    .from(inboundMails)
    .leftJoin(tickets, eq(tickets.id, inboundMails.ticketId))
    .where(eq(inboundMails.id, inboundId));
  if (!row || row.outcome !== "held") return { ok: false, error: INBOUND_ACTION_TEXT.notHeld };
  // customerId null: a guest's ticket (the images then belong to no member, as the guest's own mail's do).
  if (row.ticketId == null) return { ok: false, error: INBOUND_ACTION_TEXT.noTicket };
  const { mediaIds } = await keepMailImages(db, bucket, row.customerId, files, now);
  const [claimed] = await db.batch([
    claimHeld(db, inboundId, staffId, "accepted").returning({ id: inboundMails.id }),
    ...customerMailStatements(db, row.ticketId, row.customerId, row.body, mediaIds, now),
  ]);
  if (claimed.length === 0) return { ok: false, error: INBOUND_ACTION_TEXT.notHeld };
  return { ok: true, ticketId: row.ticketId };
}

/** Sets a held mail aside (junk, a duplicate): it stays in the list as 破棄, its raw message kept as long as any. */
export async function discardHeldMail(db: Database, staffId: number, inboundId: number): Promise<InboundActionResult> {
  const claimed = await claimHeld(db, inboundId, staffId, "discarded").returning({ id: inboundMails.id });
  return claimed.length ? { ok: true, ticketId: null } : { ok: false, error: INBOUND_ACTION_TEXT.notHeld };
}

/** Deletes the raw messages of mails older than `before` from R2 (their records stay). */
export async function purgeInboundRaw(db: Database, bucket: R2Bucket, before: Date): Promise<number> {
  const old = await db
    .select({ id: inboundMails.id, rawKey: inboundMails.rawKey })
    .from(inboundMails)
    .where(and(isNotNull(inboundMails.rawKey), lt(inboundMails.receivedAt, before)))
    .limit(500);
  if (old.length === 0) return 0;
  await bucket.delete(old.flatMap((row) => (row.rawKey ? [row.rawKey] : [])));
  await db
    .update(inboundMails)
    .set({ rawKey: null })
    .where(
      inArray(
        inboundMails.id,
        old.map((row) => row.id),
      ),
    );
  return old.length;
}
