import { describe, expect, it } from "vitest";
import { dailySeries, salesCard, todoItems } from "~/core/reports/dashboard";
import { changeLabel, changePercent, lastDays, salesPeriods } from "~/core/reports/sales-periods";

/** 2026-11-25 (a Wednesday) 10:30 in Japan. */
const WEDNESDAY_MORNING = new Date("2026-11-25T01:30:00Z");

describe("the dashboard's periods, in Japan's days", () => {
  it("run from Japan's midnight, Monday and the 1st to now, against the period before up to the same point", () => {
    const [today, week, month] = salesPeriods(WEDNESDAY_MORNING);
    expect(today).toMatchObject({
      current: { from: new Date("2026-11-24T15:00:00Z"), to: WEDNESDAY_MORNING },
      previous: { from: new Date("2026-11-23T15:00:00Z"), to: new Date("2026-11-24T01:30:00Z") },
    });
    expect(week).toMatchObject({
      current: { from: new Date("2026-11-22T15:00:00Z") },
      previous: { from: new Date("2026-11-15T15:00:00Z"), to: new Date("2026-11-18T01:30:00Z") },
    });
    expect(month).toMatchObject({
      current: { from: new Date("2026-10-31T15:00:00Z") },
      previous: { from: new Date("2026-09-30T15:00:00Z"), to: new Date("2026-10-25T01:30:00Z") },
    });
  });

  it("count a Sunday in the week that began the Monday before, and just after Japan's midnight as the new day", () => {
    const sundayNight = new Date("2026-11-29T14:59:00Z"); // 23:59 on Sunday the 29th in Japan
    expect(salesPeriods(sundayNight)[1]!.current.from).toEqual(new Date("2026-11-22T15:00:00Z"));
    const mondayMidnight = new Date("2026-11-29T15:00:00Z"); // 00:00 on Monday the 30th
    expect(salesPeriods(mondayMidnight)[0]!.current.from).toEqual(mondayMidnight);
    expect(salesPeriods(mondayMidnight)[1]!.current.from).toEqual(mondayMidnight);
  });

  it("compare the 31st with the last day of a shorter month", () => {
    const march31 = new Date("2027-03-31T03:00:00Z");
    expect(salesPeriods(march31)[2]!.previous).toEqual({ from: new Date("2027-01-31T15:00:00Z"), to: new Date("2027-02-28T03:00:00Z") });
  });

  it("list the chart's days, oldest first, ending today", () => {
    const { days, from } = lastDays(WEDNESDAY_MORNING, 30);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-10-27");
    expect(days.at(-1)).toBe("2026-11-25");
    expect(from).toEqual(new Date("2026-10-26T15:00:00Z"));
    expect(dailySeries(days.slice(-2), [{ day: "2026-11-25", sales: 1980, orders: 1 }])).toEqual([
      { day: "2026-11-24", sales: 0, orders: 0 },
      { day: "2026-11-25", sales: 1980, orders: 1 },
    ]);
  });
});

describe("the changes and the cards", () => {
  it("say ↑/↓ in whole percent, ±0%, and — when there was nothing before", () => {
    expect(changeLabel(changePercent(1200, 1000))).toBe("↑20%");
    expect(changeLabel(changePercent(950, 1000))).toBe("↓5%");
    expect(changeLabel(changePercent(1000, 1000))).toBe("±0%");
    expect(changeLabel(changePercent(500, 0))).toBe("—");
  });

  it("average the orders of the period, and zero without any", () => {
    const [today] = salesPeriods(WEDNESDAY_MORNING);
    expect(salesCard(today!, { sales: 10000, salesExTax: 9091, orders: 3 }, { sales: 5000, salesExTax: 4545, orders: 2 })).toMatchObject({
      current: { average: 3333 },
      salesChange: "↑100%",
      ordersChange: "↑50%",
    });
    expect(salesCard(today!, { sales: 0, salesExTax: 0, orders: 0 }, { sales: 0, salesExTax: 0, orders: 0 }).current.average).toBe(0);
  });

  it("list a parcel line per merchant after the warehouse's, each linking to its sender's list", () => {
    const counts = {
      newToday: 1,
      awaitingPayment: 2,
      paymentLapsed: 1,
      toShip: 5,
      returnsToDecide: 0,
      returnsToReceive: 0,
      ticketsUnread: 0,
      ticketsOverdue: 0,
      outOfStock: 0,
      lowStock: 0,
      stockRequests: 0,
    };
    const items = todoItems(
      counts,
      [
        { merchantId: null, merchantName: null, orders: 4 },
        { merchantId: 3, merchantName: "山の蜂蜜園", orders: 2 },
      ],
      "2026-11-25",
      { out: "/crm/products?stock=out", low: "/crm/products?stock=low" },
    );
    expect(items.find((item) => item.label === "発送待ち（合計）")).toMatchObject({ count: 5, href: "/crm/orders?to_ship=any" });
    expect(items.find((item) => item.label === "発送待ち：当社倉庫")).toMatchObject({ count: 4, href: "/crm/orders?to_ship=warehouse" });
    expect(items.find((item) => item.label === "発送待ち：山の蜂蜜園")).toMatchObject({ count: 2, href: "/crm/orders?to_ship=merchant-3" });
    expect(items.find((item) => item.label === "本日の新規注文")!.href).toBe("/crm/orders?date_created_from=2026-11-25&date_created_to=2026-11-25");
  });
});
