import { describe, expect, it } from "vitest";
import { deliveryOf } from "~/core/cart/delivery";
import { isApiVisible, productPath } from "~/core/catalogue/products";

describe("productPath", () => {
  it("is the product page under its primary category", () => {
    expect(productPath({ categorySlug: "japanese-tea", sku: "DEMO-SIMPLE" })).toBe("/category/japanese-tea/DEMO-SIMPLE");
  });

  it("keeps a slug or sku with reserved characters inside its own path segment", () => {
    expect(productPath({ categorySlug: "a/b", sku: "X?Y#1" })).toBe("/category/a%2Fb/X%3FY%231");
  });
});

describe("isApiVisible: what a call naming a product by id may show", () => {
  it("shows published and archived products, not drafts or private ones", () => {
    expect(isApiVisible({ status: "published", isPrivate: false })).toBe(true);
    expect(isApiVisible({ status: "archived", isPrivate: false })).toBe(true);
    expect(isApiVisible({ status: "draft", isPrivate: false })).toBe(false);
    expect(isApiVisible({ status: "published", isPrivate: true })).toBe(false);
  });
});

describe("deliveryOf: a product's shipping promise from its catalogue facts", () => {
  const product = {
    shippingDays: 1,
    preorderShipDate: null,
    isDigital: false,
    deliveryIcon: "新入荷",
    deliveryIconType: "new" as const,
    deliveryIconText: "新しく入荷しました",
  };

  it("shows the catalogue's own icon while the item is in stock", () => {
    expect(deliveryOf(product, "in_stock").icon).toEqual({ icon: "新入荷", icon_type: "new", show_text: "新しく入荷しました" });
  });

  it("promises nothing for an item that cannot be bought now", () => {
    for (const state of ["sold_out", "requested", "unavailable"] as const) expect(deliveryOf(product, state)).toEqual({ icon: null, text: null });
  });
});
