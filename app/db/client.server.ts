import { and, eq, getTableName, gt, isNull, lte, or, sql } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

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
export function createDatabase(d1: D1Database | D1DatabaseSession): Database {
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
 * data, read from their SQL for the same reason.
 */
export interface D1Usage {
  roundTrips: number;
  rowsRead: number;
  rowsWritten: number;
  unmeteredStatements: number;
  writes: number;
}

export function emptyD1Usage(): D1Usage {
  return { roundTrips: 0, rowsRead: 0, rowsWritten: 0, unmeteredStatements: 0, writes: 0 };
}

/** A statement that changes data: INSERT/UPDATE/DELETE/REPLACE, also behind a WITH (Drizzle writes them in lower case). */
const WRITE_STATEMENT = /^\s*(?:insert|update|delete|replace)\b|\b(?:insert\s+(?:or\s+\w+\s+)?into|delete\s+from)\b|\bupdate\s+\S+\s+set\b/i;

export function isWriteStatement(query: string): boolean {
  return WRITE_STATEMENT.test(query);
}

const METERED_RUNNERS = new Set(["all", "run"]);
const UNMETERED_RUNNERS = new Set(["first", "raw"]);

function addRowsRead(usage: D1Usage, results: D1Result | D1Result[]) {
  for (const result of Array.isArray(results) ? results : [results]) {
    usage.rowsRead += result.meta?.rows_read ?? 0;
    usage.rowsWritten += result.meta?.rows_written ?? 0;
  }
}

/**
 * Wraps a D1 binding or session so every round trip, the rows it read and the statements that write are
 * counted. Batches are passed the original statements, because workerd reads their internals.
 */
export function countD1RoundTrips<T extends D1Database | D1DatabaseSession>(d1: T, usage: D1Usage): T {
  const originals = new WeakMap<object, D1PreparedStatement>();
  const writing = new WeakSet<object>();
  const wrapStatement = (statement: D1PreparedStatement, writes: boolean): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property === "bind") return (...args: unknown[]) => wrapStatement(value.apply(target, args), writes);
        if (typeof property === "string" && METERED_RUNNERS.has(property)) {
          return async (...args: unknown[]) => {
            usage.roundTrips++;
            if (writes) usage.writes++;
            const result = (await value.apply(target, args)) as D1Result;
            addRowsRead(usage, result);
            return result;
          };
        }
        if (typeof property === "string" && UNMETERED_RUNNERS.has(property)) {
          return (...args: unknown[]) => {
            usage.roundTrips++;
            usage.unmeteredStatements++;
            if (writes) usage.writes++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    originals.set(proxy, statement);
    if (writes) writing.add(proxy);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === "prepare") return (query: string) => wrapStatement(target.prepare(query), isWriteStatement(query));
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          usage.roundTrips++;
          usage.writes += statements.filter((statement) => writing.has(statement)).length;
          const results = await target.batch(statements.map((statement) => originals.get(statement) ?? statement));
          addRowsRead(usage, results);
          return results;
        };
      }
      if (property === "exec") {
        return (query: string) => {
          usage.roundTrips++;
          usage.unmeteredStatements++;
          if (isWriteStatement(query)) usage.writes++;
          return (target as D1Database).exec(query);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
