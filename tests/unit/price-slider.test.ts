import { describe, expect, it } from "vitest";
import { PRICE_FILTER_MAX, PRICE_FILTER_MIN } from "~/core/limits";
import { PRICE_SLIDER_STOPS, priceToStop, stopToPrice } from "~/core/search/price-slider";

describe("the price slider's stops", () => {
  it("run from 100 to 100,000 yen, finer where prices are common", () => {
    expect(PRICE_SLIDER_STOPS[0]).toBe(PRICE_FILTER_MIN);
    expect(PRICE_SLIDER_STOPS.at(-1)).toBe(PRICE_FILTER_MAX);
    expect(PRICE_SLIDER_STOPS.slice(0, 11)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1500]);
    expect(PRICE_SLIDER_STOPS).toContain(10_000);
    expect(PRICE_SLIDER_STOPS).toContain(15_000);
    expect(PRICE_SLIDER_STOPS).toHaveLength(46);
    // Ascending, no repeats, every stop a whole 100 yen (the number inputs' step).
    PRICE_SLIDER_STOPS.forEach((stop, index) => {
      expect(stop % 100).toBe(0);
      if (index > 0) expect(stop).toBeGreaterThan(PRICE_SLIDER_STOPS[index - 1]!);
    });
  });

  it("maps prices to the nearest stop and back", () => {
    expect(stopToPrice(priceToStop(100))).toBe(100);
    expect(stopToPrice(priceToStop(100_000))).toBe(100_000);
    expect(stopToPrice(priceToStop(3000))).toBe(3000);
    expect(stopToPrice(priceToStop(3200))).toBe(3000);
    expect(stopToPrice(priceToStop(3300))).toBe(3500);
    expect(priceToStop(-5)).toBe(0);
    expect(priceToStop(9_999_999)).toBe(PRICE_SLIDER_STOPS.length - 1);
    expect(stopToPrice(-1)).toBe(100);
    expect(stopToPrice(999)).toBe(100_000);
  });
});
