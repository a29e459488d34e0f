/**
 * The demo products are saved through the product editor's schema and statements (issue 17: "the demo
 * seed is loadable through the same import path, so the editor and the seed cannot drift"): every demo
 * product reads back in the editor as exactly the form the seed saved, and that form passes the editor's
 * schema; a demo product the schema refuses stops the seed; the catalogue's fixed ids hold; seeding again
 * changes nothing, and a demo product the shop deleted comes back with its own ids.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { STAFF_SCOPE } from "~/core/catalogue/catalogue-scope";
import { parseProductForm, PRODUCT_FORM_MESSAGES } from "~/core/catalogue/product-form";
import { buildCatalogue, productBySku, type DemoProduct } from "~/services/seed/catalogue";
import { MEMBER_ID, STAFF_ID } from "~/services/seed/people";
import { demoProductForm, seedProducts } from "~/services/seed/seed-products.server";
import { seedDatabase } from "~/services/seed/seed.server";
import { products } from "~/db/schema";
import { loadEditorProduct } from "~/services/catalogue/product-editor-reads.server";
import { platformTest, type TestPlatform } from "../support/platform-test";

const NOW = new Date("2026-01-15T01:00:00.000Z");
const it = platformTest({ seedAt: NOW });
const DEMO = buildCatalogue(NOW, { memberId: MEMBER_ID, staffId: STAFF_ID }).products;
const ACTOR = { userId: STAFF_ID, name: "初期データ" };

/** The product tables a save writes, each in a stable order. */
const PRODUCT_TABLES = [
  "products",
  "product_variations",
  "variation_choices",
  "product_options",
  "product_option_choices",
  "subscription_prices",
  "product_categories",
  "product_features",
  "product_tags",
  "coupon_product_exclusions",
  "product_media",
  "related_products",
  "stock_movements",
  "price_changes",
];

async function snapshot(platform: TestPlatform): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of PRODUCT_TABLES) tables[table] = (await platform.env.DB.prepare(`select * from ${table} order by 1, 2`).all()).results;
  return tables;
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/**
 * A form without its rows' ids (the editor's reader adds them; the seed's ids travel apart, as NewRowIds),
 * its sets of categories, features and tags in one order.
 */
function comparable(form: ReturnType<typeof demoProductForm>) {
  return {
    ...form,
    categoryIds: sorted(form.categoryIds),
    featureIds: sorted(form.featureIds),
    troubleTagIds: sorted(form.troubleTagIds),
    situationTagIds: sorted(form.situationTagIds),
    variations: form.variations.map(({ id: _id, choices, ...variation }) => ({ ...variation, choices: choices.map(({ id: _choiceId, ...choice }) => choice) })),
    options: form.options.map(({ id: _id, choices, ...option }) => ({ ...option, choices: choices.map(({ id: _choiceId, ...choice }) => choice) })),
  };
}

describe("the demo products, through the product editor", () => {
  it("every one reads back in the editor as exactly the form the seed saved, and the editor's schema accepts it", async ({ platform }) => {
    expect(DEMO.length).toBeGreaterThanOrEqual(75);
    const editors = await Promise.all(DEMO.map((demo) => loadEditorProduct(platform.db, STAFF_SCOPE, demo.ids.product)));
    for (const [index, demo] of DEMO.entries()) {
      const editor = editors[index];
      expect(editor?.sku, demo.sku).toBe(demo.sku);
      const reread = parseProductForm(editor!.form);
      expect(reread, demo.sku).toMatchObject({ ok: true });
      if (!reread.ok) continue;
      expect(comparable(reread.value), demo.sku).toEqual(comparable(demoProductForm(demo)));
    }
    // Every demo product through the editor's reads at once: past a minute when CI's browsers load both cores.
  }, 150_000);

  it("keeps the catalogue's ids for the products, variations, choices and options other demo rows and tests name", async ({ platform }) => {
    for (const demo of DEMO.filter((product) => Object.keys(product.ids.bySku).length > 0 || product.ids.options.length > 0)) {
      const { form } = (await loadEditorProduct(platform.db, STAFF_SCOPE, demo.ids.product))!;
      const rows = [...(form.variations ?? []), ...(form.variations ?? []).flatMap((variation) => variation.choices ?? [])];
      expect(Object.fromEntries(rows.map((row) => [row.sku, row.id])), demo.sku).toEqual(demo.ids.bySku);
      expect(
        (form.options ?? []).map((option) => ({ id: option.id, choices: (option.choices ?? []).map((choice) => choice.id) })),
        demo.sku,
      ).toEqual(demo.ids.options);
    }
    expect(productBySku("DEMO-OPTIONS").id).toBe(7);
    const options = DEMO.find((product) => product.sku === "DEMO-OPTIONS")!.ids.options;
    expect(options).toEqual([
      { id: 1, choices: [1, 2, 3] },
      { id: 2, choices: [4, 5] },
    ]);
  });

  it("starts the demo's stock without a receipt: the stock histories are empty", async ({ platform }) => {
    expect((await platform.env.DB.prepare("select count(*) as n from stock_movements").first<{ n: number }>())?.n).toBe(0);
    expect(await platform.db.select({ inventory: products.inventory }).from(products).where(eq(products.sku, "DEMO-LOWSTOCK"))).toEqual([{ inventory: 3 }]);
  });

  it("stops at a demo product the editor's schema refuses, naming its SKU and the schema's message, and writes nothing", async ({ platform }) => {
    const noCoupon = DEMO.find((product) => product.sku === "DEMO-NOCOUPON")!;
    // The pair the demo once had: coupons disabled AND one coupon excluded.
    const refused: DemoProduct = {
      ...noCoupon,
      sku: "DEMO-REFUSED",
      form: { ...noCoupon.form, sku: "DEMO-REFUSED", excludedCouponCodes: ["SPRING10"] },
      ids: { ...noCoupon.ids, product: 9_001 },
    };
    const fine: DemoProduct = { ...noCoupon, sku: "DEMO-FINE", form: { ...noCoupon.form, sku: "DEMO-FINE" }, ids: { ...noCoupon.ids, product: 9_002 } };
    const before = await snapshot(platform);
    await expect(seedProducts(platform.db, [fine, refused], ACTOR, NOW)).rejects.toThrow(
      `demo product DEMO-REFUSED: excludedCouponCodes: ${PRODUCT_FORM_MESSAGES.excludedWhileDisabled}`,
    );
    expect(await snapshot(platform)).toEqual(before);
  });

  it("changes nothing when run again, leaves a product the shop changed as it is, and brings back a deleted one with its own ids", async ({ platform }) => {
    const before = await snapshot(platform);
    const again = await seedDatabase(platform.db, { now: new Date(NOW.getTime() + 86_400_000) });
    expect(again.inserted.products).toBe(0);
    expect(await snapshot(platform)).toEqual(before);

    await platform.db.update(products).set({ title: "店で変えた名前" }).where(eq(products.sku, "DEMO-SIMPLE"));
    await platform.db.delete(products).where(eq(products.sku, "DEMO-OPTIONS"));
    const topUp = await seedDatabase(platform.db, { now: NOW });
    expect(topUp.inserted.products).toBe(1);
    expect((await platform.db.select({ title: products.title }).from(products).where(eq(products.sku, "DEMO-SIMPLE")))[0]?.title).toBe("店で変えた名前");
    // Everything else is as before, DEMO-OPTIONS with its options and their choices under their own ids again.
    const after = await snapshot(platform);
    const othersThanSimple = (rows: unknown[]) => (rows as { sku: string }[]).filter((row) => row.sku !== "DEMO-SIMPLE");
    expect({ ...after, products: othersThanSimple(after.products!) }).toEqual({ ...before, products: othersThanSimple(before.products!) });
  });
});
