/**
 * Stock alerts on real local D1 (issue 37): the product list's `stock` filter picks exactly the products the
 * pure rule (app/core/catalogue/stock-alerts.ts) names — simple, set and variation products, the shop's default
 * threshold and a product's own, 販売終了 left out — on the demo catalogue and products made for the test; the
 * counts, run inside another batch, equal the totals of the lists they link to.
 */
import { asc, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { STAFF_SCOPE, type CatalogueActor } from "~/core/catalogue/catalogue-scope";
import type { ProductFormInput } from "~/core/catalogue/product-form";
import { productListing } from "~/core/catalogue/product-listing";
import { productStockAlerts, STOCK_ALERT_HREFS, STOCK_ALERT_LABELS, STOCK_ALERTS, type StockAlert } from "~/core/catalogue/stock-alerts";
import { parseListingQuery } from "~/core/search/listing-query";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import type { Database } from "~/db/client.server";
import { products, productVariations } from "~/db/schema";
import { STAFF_ID } from "~/services/seed/people";
import { changeProductStatus, createProduct } from "~/services/catalogue/product-editor.server";
import { listedProductIds, listingOptions } from "~/services/catalogue/product-listing.server";
import { stockAlertCountsQuery } from "~/services/catalogue/stock-alerts.server";
import * as crmList from "~/routes/crm.products._index";
import type { ProductListData } from "~/web/types/catalogue-editor";
import { platformTest, seedClock } from "../support/platform-test";
import { pageRequest, run, valueOf, type RouteHandler } from "../support/requests";

const now = seedClock();
const it = platformTest();
const STAFF: CatalogueActor = { userId: STAFF_ID, name: "佐藤 健" };

const simple = (sku: string, inventory: number, extra: ProductFormInput = {}): ProductFormInput => ({
  sku,
  title: sku,
  regularPrice: 1000,
  primaryCategoryId: 1,
  inventory,
  ...extra,
});
const withVariations = (sku: string, variations: { inventory: number; status?: string }[], extra: ProductFormInput = {}): ProductFormInput =>
  simple(sku, 0, {
    type: "variation",
    variations: variations.map((variation, index) => ({ sku: `${sku}-${index}`, title: `${index}`, ...variation })),
    ...extra,
  });

/** The test's products and the alerts each must raise. */
const MADE: { input: ProductFormInput; alerts: StockAlert[]; archive?: boolean }[] = [
  { input: simple("LS-OUT", 0), alerts: ["out"] },
  { input: simple("LS-LOW-DEFAULT", 5), alerts: ["low"] },
  { input: simple("LS-OK-DEFAULT", 6), alerts: [] },
  { input: simple("LS-OWN-HIGH", 8, { lowStockThreshold: 10 }), alerts: ["low"] },
  { input: simple("LS-OWN-ZERO", 1, { lowStockThreshold: 0 }), alerts: [] },
  { input: simple("LS-SET", 2, { type: "set" }), alerts: ["low"] },
  { input: withVariations("LS-VAR-OUT", [{ inventory: 20 }, { inventory: 0 }]), alerts: ["out"] },
  { input: withVariations("LS-VAR-LOW", [{ inventory: 4 }, { inventory: 50 }]), alerts: ["low"] },
  { input: withVariations("LS-VAR-BOTH", [{ inventory: 0 }, { inventory: 1 }]), alerts: ["out", "low"] },
  { input: withVariations("LS-VAR-OWN", [{ inventory: 9 }, { inventory: 30 }], { lowStockThreshold: 9 }), alerts: ["low"] },
  { input: withVariations("LS-VAR-ENDED", [{ inventory: 30 }, { inventory: 0, status: "archived" }]), alerts: [] },
  { input: simple("LS-ENDED", 0), alerts: [], archive: true },
];

/** Every product's alerts by the pure rule, from what the database holds. */
async function alertsByRule(db: Database): Promise<Record<StockAlert, Set<number>>> {
  const [rows, variations] = await db.batch([
    db
      .select({ id: products.id, status: products.status, type: products.type, inventory: products.inventory, lowStockThreshold: products.lowStockThreshold })
      .from(products),
    db.select({ productId: productVariations.productId, status: productVariations.status, inventory: productVariations.inventory }).from(productVariations),
  ]);
  const sets: Record<StockAlert, Set<number>> = { out: new Set(), low: new Set() };
  for (const row of rows) {
    const alerts = productStockAlerts(
      { ...row, variations: variations.filter((variation) => variation.productId === row.id) },
      DEFAULT_SHOP_SETTINGS.lowStockDefault,
    );
    for (const alert of alerts) sets[alert].add(row.id);
  }
  return sets;
}

async function listed(db: Database, alert: StockAlert): Promise<number[]> {
  const options = await listingOptions(db, STAFF_SCOPE);
  const query = parseListingQuery(productListing("staff", options.categories, options.merchants), new URLSearchParams({ stock: alert }));
  return listedProductIds(db, STAFF_SCOPE, options, query);
}

/** The test's products, made once for the file (its platform is the file's), by SKU. */
let made: Promise<Map<string, number>> | undefined;
function makeProducts(db: Database): Promise<Map<string, number>> {
  made ??= (async () => {
    const ids = new Map<string, number>();
    for (const product of MADE) {
      const created = await createProduct(db, STAFF_SCOPE, STAFF, product.input, now);
      if (!created.ok) throw new Error(JSON.stringify(created));
      ids.set(product.input.sku as string, created.productId);
      if (product.archive) {
        const { revision } = (await db.select({ revision: products.revision }).from(products).where(eq(products.id, created.productId)).get())!;
        const archived = await changeProductStatus(db, STAFF_SCOPE, created.productId, revision, "archive", now);
        if (!archived.ok) throw new Error(archived.error);
      }
    }
    return ids;
  })();
  return made;
}

describe("stock alerts", () => {
  it("the filter lists exactly the products the rule names, the test's products each as expected", async ({ platform }) => {
    const ids = await makeProducts(platform.db);
    const expected = await alertsByRule(platform.db);
    for (const alert of STOCK_ALERTS) {
      const found = await listed(platform.db, alert);
      expect(new Set(found), alert).toEqual(expected[alert]);
      const made = MADE.filter((product) => found.includes(ids.get(product.input.sku as string)!)).map((product) => product.input.sku);
      expect(made, alert).toEqual(MADE.filter((product) => product.alerts.includes(alert)).map((product) => product.input.sku));
    }
    // The demo catalogue has alerts of its own: the comparison above is not only about the test's products.
    expect(expected.out.size).toBeGreaterThan(MADE.filter((product) => product.alerts.includes("out")).length);
  });

  it("the counts, in another batch, equal the totals of the lists they link to, opened as a page without JS", async ({ platform, staff }) => {
    await makeProducts(platform.db);
    const [[counts], first] = await platform.db.batch([
      stockAlertCountsQuery(platform.db),
      platform.db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(1),
    ]);
    expect(first).toHaveLength(1);
    for (const alert of STOCK_ALERTS) {
      const outcome = await run(platform, crmList.loader as RouteHandler, pageRequest(STOCK_ALERT_HREFS[alert], staff));
      expect(outcome.status, alert).toBe(200);
      const page = await valueOf<ProductListData>(outcome);
      expect(page.page.total, alert).toBe(counts![alert]);
      expect(counts![alert], alert).toBe((await listed(platform.db, alert)).length);
      expect(page.definition.filters.find((filter) => filter.name === "stock")).toMatchObject({
        type: "choice",
        choices: [
          { value: "out", label: STOCK_ALERT_LABELS.out },
          { value: "low", label: STOCK_ALERT_LABELS.low },
        ],
      });
    }
    expect(counts).toEqual({ out: expect.any(Number), low: expect.any(Number) });
  });
});
