import { and, eq, getTableName, gt, isNull, lte, or, sql } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * Without the schema: the app writes its queries with the query builder, never `db.query` (relational
 * queries), and passing the schema made drizzle rebuild the relational config of every table on each
 * request — the largest piece of the Worker's CPU per page after React's render (`npm run profile`).
 */
export type Database = DrizzleD1Database;

export function createDatabase(d1: D1Database): Database {
  return drizzle(d1);
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
 * What a request cost D1: round trips (each statement run, or one batch) and the rows D1 read for them
 * (`meta.rows_read`, the figure D1 bills). `raw()` and `first()` answer without meta (drizzle reads
 * single selects through `raw()`), so their statements are counted as unmetered.
 */
export interface D1Usage {
  roundTrips: number;
  rowsRead: number;
  unmeteredStatements: number;
}

export function emptyD1Usage(): D1Usage {
  return { roundTrips: 0, rowsRead: 0, unmeteredStatements: 0 };
}

const METERED_RUNNERS = new Set(["all", "run"]);
const UNMETERED_RUNNERS = new Set(["first", "raw"]);

function addRowsRead(usage: D1Usage, results: D1Result | D1Result[]) {
  for (const result of Array.isArray(results) ? results : [results]) usage.rowsRead += result.meta?.rows_read ?? 0;
}

/**
 * Wraps a D1 binding so every round trip and the rows it read are counted. Batches are passed the
 * original statements, because workerd reads their internals.
 */
export function countD1RoundTrips(d1: D1Database, usage: D1Usage): D1Database {
  const originals = new WeakMap<object, D1PreparedStatement>();
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property === "bind") return (...args: unknown[]) => wrapStatement(value.apply(target, args));
        if (typeof property === "string" && METERED_RUNNERS.has(property)) {
          return async (...args: unknown[]) => {
            usage.roundTrips++;
            const result = (await value.apply(target, args)) as D1Result;
            addRowsRead(usage, result);
            return result;
          };
        }
        if (typeof property === "string" && UNMETERED_RUNNERS.has(property)) {
          return (...args: unknown[]) => {
            usage.roundTrips++;
            usage.unmeteredStatements++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    originals.set(proxy, statement);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === "prepare") return (query: string) => wrapStatement(target.prepare(query));
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          usage.roundTrips++;
          const results = await target.batch(statements.map((statement) => originals.get(statement) ?? statement));
          addRowsRead(usage, results);
          return results;
        };
      }
      if (property === "exec") {
        return (query: string) => {
          usage.roundTrips++;
          usage.unmeteredStatements++;
          return target.exec(query);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
