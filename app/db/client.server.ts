import { and, eq, getTableName, gt, isNull, lte, or, sql } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

export type Database = DrizzleD1Database<typeof schema>;

export function createDatabase(d1: D1Database): Database {
  return drizzle(d1, { schema });
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

/** Counts D1 round trips (each statement run, or one batch) so responses can report them. */
export interface D1Usage {
  roundTrips: number;
}

const RUNNERS = new Set(["all", "first", "run", "raw"]);

/**
 * Wraps a D1 binding so every round trip is counted. Batches are passed the original statements,
 * because workerd reads their internals.
 */
export function countD1RoundTrips(d1: D1Database, usage: D1Usage): D1Database {
  const originals = new WeakMap<object, D1PreparedStatement>();
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property === "bind") return (...args: unknown[]) => wrapStatement(value.apply(target, args));
        if (typeof property === "string" && RUNNERS.has(property)) {
          return (...args: unknown[]) => {
            usage.roundTrips++;
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
        return (statements: D1PreparedStatement[]) => {
          usage.roundTrips++;
          return target.batch(statements.map((statement) => originals.get(statement) ?? statement));
        };
      }
      if (property === "exec") {
        return (query: string) => {
          usage.roundTrips++;
          return target.exec(query);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
