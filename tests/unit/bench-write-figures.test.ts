import { describe, expect, it } from "vitest";
import { CHECKOUT_MESSAGES } from "~/core/checkout/checkout";
import { CONFIRMATION_MESSAGES } from "~/core/checkout/order-confirmation";
import { D1_MAX_DATABASE_BYTES, ordersThatFit, percentile, refusalReason, UNTOLD } from "../../scripts/lib/bench-write-figures";

describe("the write bench's figures", () => {
  it("takes percentiles by nearest rank, whatever the order of the values", () => {
    const values = [50, 10, 40, 20, 30, 100, 90, 80, 70, 60];
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(100);
    expect(percentile(values, 99)).toBe(100);
    expect(percentile(values, 10)).toBe(10);
    expect(percentile(values, 0)).toBe(10);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it("names the reason a refused checkout gave, from the page's Japanese message (escaped as React writes it)", () => {
    const page = (message: string) => `<div role="alert"><p>${message.replaceAll('"', "&quot;")}</p></div>`;
    expect(refusalReason(page(CHECKOUT_MESSAGES.changedMeanwhile))).toMatch(/sold out meanwhile/);
    expect(refusalReason(page(CONFIRMATION_MESSAGES.changed))).toMatch(/cart changed/);
    expect(refusalReason(page(CHECKOUT_MESSAGES.busy))).toMatch(/D1 overloaded/);
    expect(refusalReason(page(CHECKOUT_MESSAGES.emptyCart))).toBe("emptyCart");
    expect(refusalReason(page(CHECKOUT_MESSAGES.subscriptionNeedsAccount))).toBe("subscriptionNeedsAccount");
  });

  it("counts an answer with none of the checkout's messages as untold", () => {
    expect(refusalReason("<html><body>Internal Server Error</body></html>")).toBe(UNTOLD);
    expect(refusalReason("")).toBe(UNTOLD);
  });

  it("turns the 10 GB database into whole orders, beside what the rest of the shop stores", () => {
    expect(D1_MAX_DATABASE_BYTES).toBe(10_000_000_000);
    expect(ordersThatFit(2_000)).toBe(5_000_000);
    expect(ordersThatFit(3_000)).toBe(3_333_333);
    expect(ordersThatFit(2_000, D1_MAX_DATABASE_BYTES, 4_000_000_000)).toBe(3_000_000);
    expect(ordersThatFit(2_000, 1_000, 5_000)).toBe(0);
    expect(ordersThatFit(0)).toBe(Number.POSITIVE_INFINITY);
  });
});
