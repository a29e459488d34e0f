/**
 * Staff's reply templates on D1 (issue 36 item 5): list, read, create, save over the revision the form was
 * loaded on (two staff editing one template: one save wins, the other is told), delete. The rules (variables,
 * limits) are app/core/tickets/reply-templates.ts.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { TEMPLATE_TEXT, templateProblem } from "~/core/tickets/reply-templates";
import type { Database } from "~/db/client.server";
import { replyTemplates } from "~/db/schema";

export interface ReplyTemplate {
  id: number;
  title: string;
  body: string;
  revision: number;
}

const COLUMNS = { id: replyTemplates.id, title: replyTemplates.title, body: replyTemplates.body, revision: replyTemplates.revision };

/** The templates, by title (`limit` 0 where nobody asks: the statement still runs in a batch, reading nothing). */
export function templatesQuery(db: Database, limit = 200) {
  return db.select(COLUMNS).from(replyTemplates).orderBy(asc(replyTemplates.title), asc(replyTemplates.id)).limit(limit);
}

export async function findTemplate(db: Database, id: number): Promise<ReplyTemplate | null> {
  const [row] = await db.select(COLUMNS).from(replyTemplates).where(eq(replyTemplates.id, id));
  return row ?? null;
}

export type TemplateWriteResult = { ok: true; id: number } | { ok: false; status: 400 | 404 | 409; field: "title" | "body" | "template"; error: string };

const cleaned = (input: { title: string; body: string }) => ({ title: input.title.trim(), body: input.body.replace(/\r\n?/g, "\n").trim() });

export async function createTemplate(
  db: Database,
  staffId: number,
  input: { title: string; body: string },
  now: Date = new Date(),
): Promise<TemplateWriteResult> {
  const { title, body } = cleaned(input);
  const problem = templateProblem(title, body);
  if (problem) return { ok: false, status: 400, ...problem };
  const [row] = await db
    .insert(replyTemplates)
    .values({ title, body, updatedBy: staffId, createdAt: now, updatedAt: now })
    .returning({ id: replyTemplates.id });
  return { ok: true, id: row!.id };
}

/** Saves a template over the revision its form showed; a save made meanwhile makes this one 409. */
export async function saveTemplate(
  db: Database,
  staffId: number,
  id: number,
  input: { title: string; body: string; revision: number },
  now: Date = new Date(),
): Promise<TemplateWriteResult> {
  const { title, body } = cleaned(input);
  const problem = templateProblem(title, body);
  if (problem) return { ok: false, status: 400, ...problem };
  const saved = await db
    .update(replyTemplates)
    .set({ title, body, updatedBy: staffId, updatedAt: now, revision: sql`${replyTemplates.revision} + 1` })
    .where(and(eq(replyTemplates.id, id), eq(replyTemplates.revision, input.revision)))
    .returning({ id: replyTemplates.id });
  if (saved.length === 1) return { ok: true, id };
  return (await findTemplate(db, id))
    ? { ok: false, status: 409, field: "template", error: TEMPLATE_TEXT.stale }
    : { ok: false, status: 404, field: "template", error: TEMPLATE_TEXT.notFound };
}

export async function deleteTemplate(db: Database, id: number): Promise<boolean> {
  const deleted = await db.delete(replyTemplates).where(eq(replyTemplates.id, id)).returning({ id: replyTemplates.id });
  return deleted.length === 1;
}
