import { and, eq, getTableName, gt, isNull, lte, or, sql } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { interceptD1, isWriteStatement, type D1Target } from "./d1-calls.server";

/**
 * Without the schema: the app writes its queries with the query builder, never `db.query` (relational
 * queries), and passing the schema made drizzle rebuild the relational config of every table on each
 * request — the largest piece of the Worker's CPU per page after React's render (`npm run profile`).
 */
export type Database = DrizzleD1Database;

/**
 * Drizzle over the binding itself (background jobs: the primary) or over a request's D1 session (decision
 * 0067), which has the two methods Drizzle runs — prepare and batch — but not exec.
 */
export function createDatabase(d1: D1Target): Database {
  return drizzle(d1 as D1Database);
}

/**
 * Whether D1 failed with a message matching `pattern`: D1 puts SQLite's (or its own) message in the error,
 * and Drizzle wraps it as the cause of its own.
 */
export function d1FailedWith(error: unknown, pattern: RegExp): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (pattern.test(cause.message)) return true;
  }
  return false;
}

/**
 * D1 refused the query because the database has more queued than it can run ("D1 DB is overloaded. Too many
 * requests queued." or "… Requests queued for too long.", Cloudflare's D1 error list): nothing of it ran, and
 * the same request may succeed a moment later.
 */
export function isD1Overloaded(error: unknown): boolean {
  return d1FailedWith(error, /D1 DB is overloaded/);
}

/**
 * D1 batch() returns rows keyed by column name, so two joined columns with the same name (e.g.
 * categories.name and merchants.name) overwrite each other. Select such columns through `aliased`,
 * which renames them in SQL and keeps the column's own decoding (booleans, timestamps).
 */
export function aliased<T extends AnySQLiteColumn>(column: T, name: string) {
  return sql<T["_"]["data"]>`${column}`.mapWith(column).as(name);
}

/** A column with its table's name, for correlated sub-selects (drizzle leaves it out on one-table queries). */
export function qualified(column: AnySQLiteColumn) {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * Deletes the row `id` of a member-owned table (mails, buy-later items, restock requests) only when it
 * belongs to `userId`; false when the member has no such row (another member's id included).
 */
export async function deleteOwnedRow(
  db: Database,
  table: SQLiteTable & { id: AnySQLiteColumn; userId: AnySQLiteColumn },
  id: number,
  userId: number,
): Promise<boolean> {
  const removed = await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .returning({ id: table.id });
  return removed.length > 0;
}

/** Rows valid at `now`: started (or no start) and not yet ended (or no end). */
export function activeAt(startsAt: AnySQLiteColumn, endsAt: AnySQLiteColumn, now: Date) {
  return and(or(isNull(startsAt), lte(startsAt, now)), or(isNull(endsAt), gt(endsAt, now)));
}

/**
 * What a request cost D1: round trips (each statement run, or one batch) and the rows D1 read and wrote for
 * them (`meta.rows_read` and `meta.rows_written`, the figures D1 bills; rows written include index entries).
 * `raw()` and `first()` answer without meta (drizzle reads single selects through `raw()`, and writes with
 * RETURNING), so their statements are counted as unmetered; `writes` counts the statements run that change
 * data, read from their SQL for the same reason. `sequentialTrips` is the longest chain of round trips each
 * sent after the one before it had answered: what the visitor waits for (round trips in flight together
 * count once).
 */
export interface D1Usage {
  roundTrips: number;
  sequentialTrips: number;
  rowsRead: number;
  rowsWritten: number;
  unmeteredStatements: number;
  writes: number;
}

export function emptyD1Usage(): D1Usage {
  return { roundTrips: 0, sequentialTrips: 0, rowsRead: 0, rowsWritten: 0, unmeteredStatements: 0, writes: 0 };
}

export { isWriteStatement };

function addRowsRead(usage: D1Usage, results: D1Result | D1Result[]) {
  for (const result of Array.isArray(results) ? results : [results]) {
    usage.rowsRead += result.meta?.rows_read ?? 0;
    usage.rowsWritten += result.meta?.rows_written ?? 0;
  }
}

/**
 * Wraps a D1 binding or session so every round trip, the rows it read and the statements that write are
 * counted, with the depth of the chain each trip extends (a trip sent after others answered may depend on them).
 */
export function countD1RoundTrips<T extends D1Target>(d1: T, usage: D1Usage): T {
  let answeredDepth = 0;
  const trip = async <R>(run: () => Promise<R>): Promise<R> => {
    const depth = answeredDepth + 1;
    usage.roundTrips++;
    usage.sequentialTrips = Math.max(usage.sequentialTrips, depth);
    try {
      return await run();
    } finally {
      answeredDepth = Math.max(answeredDepth, depth);
    }
  };
  return interceptD1(d1, {
    statement: ({ writes, metered, run }) =>
      trip(async () => {
        if (writes) usage.writes++;
        if (!metered) usage.unmeteredStatements++;
        const result = await run();
        if (metered) addRowsRead(usage, result as D1Result);
        return result;
      }),
    batch: ({ statements, writes, run }) =>
      trip(async () => {
        usage.writes += writes;
        const results = await run(statements);
        addRowsRead(usage, results);
        return results;
      }),
  });
}
