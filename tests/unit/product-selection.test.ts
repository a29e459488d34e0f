import { describe, expect, it } from "vitest";
import { missingPick, NO_SELECTION, readSelection, resolveSelection, selectionForSku, selectionQuery } from "~/core/catalogue/product-selection";

const product = {
  variations: [
    { id: 1, choices: [{ sku: "V1-S" }, { sku: "V1-M" }] },
    { id: 2, choices: [] },
  ],
  options: [
    { id: 10, choices: [{ id: 100 }, { id: 101 }] },
    { id: 11, choices: [{ id: 110 }, { id: 111 }] },
  ],
  subscribable: true,
  subscribeOnly: false,
};

describe("readSelection", () => {
  it("reads the spec fields from a query string", () => {
    const raw = readSelection(new URLSearchParams("v=1&c=V1-S&o[10]=101&o[11]=110&q=3&subscribe=1"));
    expect(raw).toEqual({ variationId: 1, choiceSku: "V1-S", optionChoiceIds: [101, 110], quantity: 3, subscribe: true });
  });
  it("accepts repeated o values from a form", () => {
    const form = new FormData();
    form.append("o", "100");
    form.append("o", "100");
    form.append("o", "111");
    expect(readSelection(form).optionChoiceIds).toEqual([100, 111]);
  });
  it("reads anything malformed as not chosen", () => {
    const raw = readSelection(new URLSearchParams("v=abc&c=<script>&o=-1&o=1.5&q=0&subscribe=yes"));
    expect(raw).toEqual({ variationId: null, choiceSku: null, optionChoiceIds: [], quantity: 1, subscribe: false });
    expect(readSelection(new URLSearchParams("q=99999999999")).quantity).toBe(1);
  });
});

describe("selectionQuery", () => {
  it("writes what readSelection reads back, and nothing for the page as first shown", () => {
    const picked = { variationId: 3, choiceSku: "DEMO-VARIATION-NAVY-L", optionChoiceIds: [21, 24], quantity: 4, subscribe: true };
    expect(readSelection(new URLSearchParams(selectionQuery(picked)))).toEqual(picked);
    expect(selectionQuery(NO_SELECTION)).toEqual([]);
  });
});

describe("resolveSelection", () => {
  it("keeps only what belongs to the product", () => {
    const resolved = resolveSelection({ variationId: 1, choiceSku: "V1-M", optionChoiceIds: [101, 110, 999], quantity: 2, subscribe: false }, product);
    expect(resolved.variation?.id).toBe(1);
    expect(resolved.choice?.sku).toBe("V1-M");
    expect(resolved.optionChoices.map(({ optionId, choice }) => [optionId, choice.id])).toEqual([
      [10, 101],
      [11, 110],
    ]);
  });
  it("drops a choice of another variation and an unknown variation", () => {
    expect(resolveSelection({ variationId: 2, choiceSku: "V1-S", optionChoiceIds: [], quantity: 1, subscribe: false }, product).choice).toBeNull();
    expect(resolveSelection({ variationId: 9, choiceSku: null, optionChoiceIds: [], quantity: 1, subscribe: false }, product).variation).toBeNull();
  });
  it("takes one choice per option", () => {
    const resolved = resolveSelection({ variationId: null, choiceSku: null, optionChoiceIds: [100, 101], quantity: 1, subscribe: false }, product);
    expect(resolved.optionChoices).toHaveLength(1);
  });
  it("subscribes only when the product allows it, always when subscribe-only", () => {
    const raw = { variationId: null, choiceSku: null, optionChoiceIds: [], quantity: 1, subscribe: true };
    expect(resolveSelection(raw, { ...product, subscribable: false }).subscribe).toBe(false);
    expect(resolveSelection({ ...raw, subscribe: false }, { ...product, subscribeOnly: true }).subscribe).toBe(true);
  });
});

describe("selectionForSku", () => {
  const apron = {
    sku: "DEMO-VARIATION",
    variations: [
      { id: 1, sku: "DEMO-VARIATION-NAVY", choices: [{ sku: "DEMO-VARIATION-NAVY-S" }] },
      { id: 3, sku: "DEMO-VARIATION-BLACK", choices: [] },
    ],
  };

  it("names the product, a variation or a variable choice of it", () => {
    expect(selectionForSku("DEMO-VARIATION", apron)).toEqual({ variationId: null, choiceSku: null });
    expect(selectionForSku("DEMO-VARIATION-BLACK", apron)).toEqual({ variationId: 3, choiceSku: null });
    expect(selectionForSku("demo-variation-navy-s", apron)).toEqual({ variationId: 1, choiceSku: "DEMO-VARIATION-NAVY-S" });
    expect(selectionForSku(" ＤＥＭＯ-VARIATION-BLACK ", apron)).toEqual({ variationId: 3, choiceSku: null });
  });

  it("names nothing for another product's sku or an empty one", () => {
    expect(selectionForSku("DEMO-SIMPLE", apron)).toBeNull();
    expect(selectionForSku("", apron)).toBeNull();
  });
});

describe("missingPick: what must still be picked before buying", () => {
  const normal = { type: "normal" as const };
  const variable = { type: "variable" as const };

  it("asks a variation product for its variation", () => {
    expect(missingPick({ productType: "variation", variation: null, choicePicked: false })).toBe("choose_variation");
    expect(missingPick({ productType: "variation", variation: null, choicePicked: true })).toBe("choose_variation");
  });

  it("asks a variable variation for its choice, a normal one for nothing more", () => {
    expect(missingPick({ productType: "variation", variation: variable, choicePicked: false })).toBe("choose_choice");
    expect(missingPick({ productType: "variation", variation: variable, choicePicked: true })).toBeNull();
    expect(missingPick({ productType: "variation", variation: normal, choicePicked: false })).toBeNull();
  });

  it("asks simple and set products for nothing", () => {
    expect(missingPick({ productType: "simple", variation: null, choicePicked: false })).toBeNull();
    expect(missingPick({ productType: "set", variation: null, choicePicked: false })).toBeNull();
  });
});
