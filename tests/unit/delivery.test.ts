import { describe, expect, it } from "vitest";
import { deliveryPromise, type DeliveryFacts } from "~/core/cart/delivery";

const inStock: DeliveryFacts = { state: "in_stock", shippingDays: 1, preorderShipDate: null, isDigital: false };

describe("deliveryPromise", () => {
  it("promises next-day shipping only for what is in stock and ships in a day", () => {
    expect(deliveryPromise(inStock)).toEqual({
      icon: { icon: "express", icon_type: "other", show_text: "翌日発送" },
      text: "ご注文の翌日に発送します。",
    });
    expect(deliveryPromise({ ...inStock, shippingDays: 3 })).toEqual({
      icon: { icon: "truck", icon_type: "other", show_text: "3日以内に発送" },
      text: "ご注文から3日以内に発送します。",
    });
  });

  it("promises a pre-order's ship date, never 翌日発送 or 1日以内", () => {
    const preorder = deliveryPromise({ ...inStock, state: "preorder", preorderShipDate: "2027-01-24" });
    expect(preorder).toEqual({
      icon: { icon: "calendar", icon_type: "other", show_text: "2027年1月24日頃発送予定" },
      text: "2027年1月24日頃より順次発送予定です。",
    });
    expect(JSON.stringify(preorder)).not.toMatch(/翌日|1日以内/);
    expect(deliveryPromise({ ...inStock, state: "preorder" })).toEqual({
      icon: { icon: "calendar", icon_type: "other", show_text: "入荷次第発送" },
      text: "入荷次第、順次発送いたします。",
    });
    // Sold as a pre-order because it takes long to make: the days it takes.
    expect(deliveryPromise({ ...inStock, state: "preorder_shipdays", shippingDays: 10 }).icon?.show_text).toBe("10日以内に発送");
  });

  it("promises nothing for what cannot be bought now (sold out, requested, archived)", () => {
    for (const state of ["sold_out", "requested", "unavailable"] as const) {
      expect(deliveryPromise({ ...inStock, state }), state).toEqual({ icon: null, text: null });
    }
  });

  it("shows a download for digital items and the catalogue's own icon while in stock", () => {
    expect(deliveryPromise({ ...inStock, isDigital: true })).toEqual({
      icon: { icon: "download", icon_type: "other", show_text: "ダウンロード商品" },
      text: null,
    });
    const own = { icon: "new-arrival", type: "new" as const, text: "新入荷" };
    expect(deliveryPromise({ ...inStock, catalogueIcon: own })).toEqual({
      icon: { icon: "new-arrival", icon_type: "new", show_text: "新入荷" },
      text: "ご注文の翌日に発送します。",
    });
    expect(deliveryPromise({ ...inStock, state: "sold_out", catalogueIcon: own }).icon).toBeNull();
  });
});
