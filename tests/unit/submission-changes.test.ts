/** What a product submission changes, before → after (decision 0066): fields by their label, variations by id or SKU, nothing for the same product. */
import { describe, expect, it } from "vitest";
import { parseProductForm, type ProductForm } from "~/core/catalogue/product-form";
import { sameProduct, submissionChanges } from "~/core/product-approvals/submission-changes";

const names = {
  categories: new Map([
    [1, "食品"],
    [2, "雑貨"],
  ]),
  features: new Map(),
  tags: new Map(),
};

function form(input: Record<string, unknown>): ProductForm {
  const parsed = parseProductForm({ sku: "U-1", title: "商品", regularPrice: 1000, primaryCategoryId: 1, type: "simple", taxRate: "10", ...input });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
}

describe("submissionChanges", () => {
  it("lists each changed field before → after, by its label and with names for ids", () => {
    const changes = submissionChanges(form({}), form({ title: "新しい商品", regularPrice: 1200, primaryCategoryId: 2 }), names);
    expect(changes).toEqual([
      { label: "商品名", before: "商品", after: "新しい商品" },
      { label: "通常価格（税込）", before: "1,000円", after: "1,200円" },
      { label: "メインカテゴリ", before: "食品", after: "雑貨" },
    ]);
  });

  it("matches variations by id, shows added and removed ones; a new product is compared with nothing", () => {
    const variation = (id: number | null, sku: string, title: string, regularPrice?: number) => ({
      id,
      sku,
      title,
      regularPrice,
      status: "published",
      type: "normal",
    });
    const before = form({ type: "variation", variations: [variation(5, "U-1-A", "赤"), variation(6, "U-1-B", "青")] });
    const after = form({ type: "variation", variations: [variation(5, "U-1-A", "赤", 1500), variation(null, "U-1-C", "緑")] });
    const labels = submissionChanges(before, after, names).map((change) => [change.label, change.after.split("・")[1] ?? change.after]);
    expect(labels).toEqual([
      ["バリエーション「赤」", "1,500円"],
      ["バリエーション「緑」", "価格は商品と同じ"],
      ["バリエーション「青」", "（削除）"],
    ]);
    expect(submissionChanges(null, form({}), names).find((change) => change.label === "商品名")).toEqual({
      label: "商品名",
      before: "（なし）",
      after: "商品",
    });
    expect(sameProduct(before, before)).toBe(true);
    expect(sameProduct(before, after)).toBe(false);
  });
});
