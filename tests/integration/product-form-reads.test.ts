/**
 * One reading of a product as the editor's form values (issue 17, tidy item 1): the edit page and the
 * catalogue CSV read a product through the same reads and mapping, so a demo product with variations,
 * choices, options, subscription tiers, several categories and a delivery icon stored without its type is
 * the same form value in both — the type shown as the schema would save it ("other"), the lists in order.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { STAFF_SCOPE } from "~/core/catalogue/catalogue-scope";
import { productCategories, productOptionChoices, productOptions, products, subscriptionPrices } from "~/db/schema";
import { catalogueProducts } from "~/services/catalogue/catalogue-records.server";
import { loadEditorProduct } from "~/services/catalogue/product-editor-reads.server";
import { platformTest } from "../support/platform-test";

const it = platformTest();

it("gives the editor the same form value as the CSV record of a product with variations, options and tiers", async ({ platform }) => {
  const { db } = platform;
  const { id } = (await db.select({ id: products.id }).from(products).where(eq(products.sku, "DEMO-VARIATION")).get())!;
  // What an older save or the seed may have stored: an icon without its type, links added out of order.
  await db.update(products).set({ deliveryIcon: "truck", deliveryIconType: null, deliveryIconText: "翌日発送", subscribe: true }).where(eq(products.id, id));
  await db.insert(productCategories).values([
    { productId: id, categoryId: 5 },
    { productId: id, categoryId: 3 },
  ]);
  await db.insert(subscriptionPrices).values([
    { productId: id, quantity: 3, unitPriceExclTax: 1800 },
    { productId: id, quantity: 1, unitPriceExclTax: 2000 },
  ]);
  const [option] = await db.insert(productOptions).values({ productId: id, title: "包装", type: "radio", position: 0 }).returning();
  await db.insert(productOptionChoices).values([
    { optionId: option!.id, title: "のし付き", fee: 220, position: 1 },
    { optionId: option!.id, title: "なし", fee: 0, position: 0 },
  ]);

  const editor = (await loadEditorProduct(db, STAFF_SCOPE, id))!;
  const [record] = await catalogueProducts(db, STAFF_SCOPE, [id]);

  expect(editor.form).toEqual(record!.form);
  expect(editor.form).toMatchObject({
    taxRate: 10,
    deliveryIconType: "other",
    subscriptionPrices: [
      { quantity: 1, unitPriceExclTax: 2000 },
      { quantity: 3, unitPriceExclTax: 1800 },
    ],
    options: [{ title: "包装", choices: [{ title: "なし" }, { title: "のし付き" }] }],
  });
  expect(editor.form.variations!.map((variation) => variation.choices!.length)).toEqual([3, 0, 0]);
  expect(editor.revision).toBe(record!.revision);
});
