import { describe, expect, it } from "vitest";
import { readShippingDay, shippingDayWindow, type ShippingDayItem } from "~/core/cart/shipping-day";

/** 2026-04-01 10:00 in Japan (01:00 UTC). */
const NOW = new Date(Date.UTC(2026, 3, 1, 1, 0));
const item: ShippingDayItem = { shippingDays: 1, isPreorder: false, preorderShipDate: null, isDigital: false, subscription: false };

describe("shippingDayWindow", () => {
  it("starts when the item can ship at the earliest and lasts 30 days", () => {
    expect(shippingDayWindow(item, NOW)).toEqual({ earliest: "2026-04-02", latest: "2026-05-02" });
    expect(shippingDayWindow({ ...item, shippingDays: 10 }, NOW)).toEqual({ earliest: "2026-04-11", latest: "2026-05-11" });
  });

  it("counts days in Japan time (23:30 on 31 March UTC is already 1 April there)", () => {
    expect(shippingDayWindow(item, new Date(Date.UTC(2026, 2, 31, 23, 30)))?.earliest).toBe("2026-04-02");
  });

  it("starts a pre-order at its ship date, when that is later", () => {
    expect(shippingDayWindow({ ...item, isPreorder: true, preorderShipDate: "2026-06-15" }, NOW)).toEqual({ earliest: "2026-06-15", latest: "2026-07-15" });
    expect(shippingDayWindow({ ...item, isPreorder: true, preorderShipDate: "2026-03-01" }, NOW)?.earliest).toBe("2026-04-02");
  });

  it("gives digital items and subscriptions none", () => {
    expect(shippingDayWindow({ ...item, isDigital: true }, NOW)).toBeNull();
    expect(shippingDayWindow({ ...item, subscription: true }, NOW)).toBeNull();
  });
});

describe("readShippingDay", () => {
  it("reads nothing as none", () => {
    expect(readShippingDay(null, item, NOW)).toEqual({ ok: true, day: null });
    expect(readShippingDay("", item, NOW)).toEqual({ ok: true, day: null });
    expect(readShippingDay("", { ...item, isDigital: true }, NOW)).toEqual({ ok: true, day: null });
  });

  it("accepts the first and last day of the window", () => {
    expect(readShippingDay("2026-04-02", item, NOW)).toEqual({ ok: true, day: "2026-04-02" });
    expect(readShippingDay(" 2026-05-02 ", item, NOW)).toEqual({ ok: true, day: "2026-05-02" });
  });

  it("refuses days outside the window, impossible dates and other text, naming the window", () => {
    const message = "発送希望日は2026年4月2日から2026年5月2日までの日付を指定してください。";
    for (const value of ["2026-04-01", "2026-05-03", "2026-02-30", "2026/04/10", "明日"]) {
      expect(readShippingDay(value, item, NOW), value).toEqual({ ok: false, message });
    }
  });

  it("refuses any day for an item that takes none", () => {
    expect(readShippingDay("2026-04-10", { ...item, isDigital: true }, NOW)).toEqual({
      ok: false,
      message: "この商品は発送希望日を指定できません（ダウンロード商品・定期便）。",
    });
  });
});
