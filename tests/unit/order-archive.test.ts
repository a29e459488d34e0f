import { describe, expect, it } from "vitest";
import { ORDER_ARCHIVE_AFTER_YEARS, orderArchiveCutoff, orderArchiveKey } from "~/core/archive/order-archive";

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
