import { describe, expect, it } from "vitest";
import { getTableName, is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { ORDER_ARCHIVE_AFTER_YEARS, orderArchiveCutoff, orderArchiveKey } from "~/core/archive/order-archive";
import * as schema from "~/db/schema";
import { ARCHIVED_TABLES } from "~/services/archive/order-snapshot.server";

describe("orderArchiveCutoff", () => {
  it("is the archive's years before now, to the millisecond of the calendar date", () => {
    expect(ORDER_ARCHIVE_AFTER_YEARS).toBe(5);
    expect(orderArchiveCutoff(new Date("2031-03-01T00:00:00Z")).toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });

  it("never reaches into the reports' longest range (366 days), whatever the years", () => {
    const now = new Date("2031-03-01T00:00:00Z");
    expect(orderArchiveCutoff(now, 0).toISOString()).toBe("2030-02-27T00:00:00.000Z");
    expect(orderArchiveCutoff(now, 1).toISOString()).toBe("2030-02-27T00:00:00.000Z");
  });
});

it("names an order's object by its number", () => {
  expect(orderArchiveKey("20261121-482913")).toBe("orders-archive/20261121-482913.json");
});

it("holds or unlinks every table that points at an archived row, so a table added later cannot lose rows silently", () => {
  const archived = new Set(ARCHIVED_TABLES.rows);
  const covered = new Set([...ARCHIVED_TABLES.rows, ...ARCHIVED_TABLES.links]);
  const pointing = (Object.values(schema) as unknown[])
    .filter((value): value is SQLiteTable => is(value, SQLiteTable))
    .filter((table) => getTableConfig(table).foreignKeys.some((key) => archived.has(getTableName(key.reference().foreignTable))))
    .map((table) => getTableName(table));
  expect(pointing.length).toBeGreaterThan(5);
  expect(pointing.filter((name) => !covered.has(name))).toEqual([]);
});
