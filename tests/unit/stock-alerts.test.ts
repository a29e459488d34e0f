import { describe, expect, it } from "vitest";
import { productStockAlerts, STOCK_ALERT_HREFS, stockAlertOf, type StockAlertProduct } from "~/core/catalogue/stock-alerts";

const simple = (inventory: number, lowStockThreshold: number | null = null): StockAlertProduct => ({
  status: "published",
  type: "simple",
  inventory,
  lowStockThreshold,
  variations: [],
});

const withVariations = (inventories: number[], extra: Partial<StockAlertProduct> = {}): StockAlertProduct => ({
  status: "published",
  type: "variation",
  inventory: 0,
  lowStockThreshold: null,
  variations: inventories.map((inventory) => ({ status: "published", inventory })),
  ...extra,
});

/** The shop settings' default threshold (DEFAULT_SHOP_SETTINGS.lowStockDefault) unless told. */
const alertsOf = (product: StockAlertProduct, lowStockDefault = 5) => [...productStockAlerts(product, lowStockDefault)].sort();

describe("one item's alert", () => {
  it("is out at 0, low from 1 to the threshold, none above it", () => {
    expect(stockAlertOf(0, 5)).toBe("out");
    expect(stockAlertOf(1, 5)).toBe("low");
    expect(stockAlertOf(5, 5)).toBe("low");
    expect(stockAlertOf(6, 5)).toBeNull();
  });

  it("with threshold 0 only alerts when out", () => {
    expect(stockAlertOf(0, 0)).toBe("out");
    expect(stockAlertOf(1, 0)).toBeNull();
  });
});

describe("a product's alerts", () => {
  it("uses the shop's default when the product sets none, its own threshold otherwise", () => {
    expect(alertsOf(simple(5))).toEqual(["low"]);
    expect(alertsOf(simple(5), 4)).toEqual([]);
    expect(alertsOf(simple(8), 8)).toEqual(["low"]);
    expect(alertsOf(simple(6))).toEqual([]);
    expect(alertsOf(simple(6, 6))).toEqual(["low"]);
    expect(alertsOf(simple(3, 2))).toEqual([]);
    expect(alertsOf(simple(0, 0))).toEqual(["out"]);
  });

  it("reads a set product's own stock like a simple one's", () => {
    expect(alertsOf({ ...simple(2), type: "set" })).toEqual(["low"]);
  });

  it("reads each variation of a variation product, not their sum, and may raise both alerts", () => {
    expect(alertsOf(withVariations([20, 0]))).toEqual(["out"]);
    expect(alertsOf(withVariations([4, 50]))).toEqual(["low"]);
    expect(alertsOf(withVariations([0, 3, 40]))).toEqual(["low", "out"]);
    expect(alertsOf(withVariations([7, 8], { lowStockThreshold: 8 }))).toEqual(["low"]);
    expect(alertsOf(withVariations([6, 9]))).toEqual([]);
  });

  it("never alerts for what is 販売終了: the product, or a variation", () => {
    expect(alertsOf({ ...simple(0), status: "archived" })).toEqual([]);
    expect(alertsOf(withVariations([0, 2], { status: "archived" }))).toEqual([]);
    const oneEnded = withVariations([30]);
    expect(alertsOf({ ...oneEnded, variations: [...oneEnded.variations, { status: "archived", inventory: 0 }] })).toEqual([]);
  });

  it("alerts for a draft: it is stocked before it is published", () => {
    expect(alertsOf({ ...simple(0), status: "draft" })).toEqual(["out"]);
  });
});

describe("the staff list of each alert", () => {
  it("is the product list with the stock filter", () => {
    expect(STOCK_ALERT_HREFS).toEqual({ out: "/crm/products?stock=out", low: "/crm/products?stock=low" });
  });
});
