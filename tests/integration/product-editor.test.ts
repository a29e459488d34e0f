/**
 * The product editor's services on real local D1 (issue 17 item 1): create / edit / duplicate / state
 * changes, each one batch; SKUs unique across products, variations and choices; the revision guard with
 * two saves at once; price history with true before → after values; placed orders keep their prices;
 * a merchant's scope.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { describe, expect } from "vitest";
import { merchantScope, STAFF_SCOPE, type CatalogueActor } from "~/core/catalogue/catalogue-scope";
import { PRODUCT_EDITOR_TEXT } from "~/core/catalogue/product-editor";
import type { ProductFormInput } from "~/core/catalogue/product-form";
import { PRODUCT_STATUS_TEXT } from "~/core/catalogue/product-status";
import {
  couponProductExclusions,
  orderLines,
  priceChanges,
  productCategories,
  productOptionChoices,
  productOptions,
  products,
  productVariations,
  stockMovements,
  subscriptionPrices,
  variationChoices,
} from "~/db/schema";
import { MEMBER_ID, MERCHANT_ID, MERCHANT_USER_ID, OTHER_MERCHANT_ID, STAFF_ID } from "~/services/seed/people";
import { loadEditorProduct } from "~/services/catalogue/product-editor-reads.server";
import { changeProductStatus, createProduct, duplicateProduct, updateProduct } from "~/services/catalogue/product-editor.server";
import { placeMemberOrder } from "../support/orders";
import { platformTest, seedClock } from "../support/platform-test";

const now = seedClock();
const it = platformTest();
const STAFF: CatalogueActor = { userId: STAFF_ID, name: "佐藤 花子" };
const MERCHANT: CatalogueActor = { userId: MERCHANT_USER_ID, name: "十勝 太郎" };

const VARIATION_PRODUCT: ProductFormInput = {
  sku: "ED-TOWEL",
  title: "今治タオル（編集テスト）",
  type: "variation",
  regularPrice: 2000,
  primaryCategoryId: 1,
  categoryIds: [2],
  inventory: 0,
  subscribe: true,
  subscriptionPrices: [
    { quantity: 1, unitPriceExclTax: 1800 },
    { quantity: 3, unitPriceExclTax: 1700 },
  ],
  excludedCouponCodes: ["SPRING10"],
  variations: [
    { sku: "ED-TOWEL-WHITE", title: "白", inventory: 5 },
    {
      sku: "ED-TOWEL-NAVY",
      title: "紺",
      type: "variable",
      regularPrice: 2200,
      inventory: 7,
      choices: [{ sku: "ED-TOWEL-NAVY-L", groupTitle: "サイズ", title: "L", priceDiff: 300, inventory: 2 }],
    },
  ],
  options: [{ title: "のし", type: "radio", active: true, choices: [{ title: "なし" }, { title: "あり", fee: 100 }] }],
};

describe("create", () => {
  it("creates a draft with everything in one save and records its first stock as receipts", async ({ platform }) => {
    const { db } = platform;
    const result = await createProduct(db, STAFF_SCOPE, STAFF, VARIATION_PRODUCT, now);
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    const product = (await db.select().from(products).where(eq(products.id, result.productId)).get())!;
    expect(product).toMatchObject({ sku: "ED-TOWEL", status: "draft", revision: 1, merchantId: null, shippingFrom: "warehouse" });
    const variations = await db
      .select()
      .from(productVariations)
      .where(eq(productVariations.productId, result.productId))
      .orderBy(asc(productVariations.position));
    expect(variations.map((variation) => [variation.sku, variation.inventory, variation.regularPrice])).toEqual([
      ["ED-TOWEL-WHITE", 5, null],
      ["ED-TOWEL-NAVY", 7, 2200],
    ]);
    const choices = await db.select().from(variationChoices).where(eq(variationChoices.variationId, variations[1]!.id));
    expect(choices).toMatchObject([{ sku: "ED-TOWEL-NAVY-L", priceDiff: 300, inventory: 2 }]);
    const options = await db.select().from(productOptions).where(eq(productOptions.productId, result.productId));
    expect(options).toMatchObject([{ title: "のし", type: "radio" }]);
    expect(
      await db
        .select({ title: productOptionChoices.title, fee: productOptionChoices.fee })
        .from(productOptionChoices)
        .where(eq(productOptionChoices.optionId, options[0]!.id)),
    ).toEqual([
      { title: "なし", fee: 0 },
      { title: "あり", fee: 100 },
    ]);
    const tiers = await db
      .select()
      .from(subscriptionPrices)
      .where(eq(subscriptionPrices.productId, result.productId))
      .orderBy(asc(subscriptionPrices.quantity));
    expect(tiers.map((tier) => [tier.quantity, tier.unitPriceExclTax])).toEqual([
      [1, 1800],
      [3, 1700],
    ]);
    expect((await db.select().from(productCategories).where(eq(productCategories.productId, result.productId))).map((link) => link.categoryId).sort()).toEqual([
      1, 2,
    ]);
    expect(await db.select().from(couponProductExclusions).where(eq(couponProductExclusions.productId, result.productId))).toHaveLength(1);
    const receipts = await db.select().from(stockMovements).where(eq(stockMovements.productId, result.productId)).orderBy(asc(stockMovements.id));
    expect(receipts.map((row) => [row.kind, row.before, row.after, row.reason, row.actorName])).toEqual([
      ["receipt", 0, 5, "新規登録", STAFF.name],
      ["receipt", 0, 7, "新規登録", STAFF.name],
      ["receipt", 0, 2, "新規登録（サイズ：L）", STAFF.name],
    ]);
    expect(await db.select().from(priceChanges).where(eq(priceChanges.productId, result.productId))).toEqual([]);
  });

  it("refuses a variation product's own opening stock at its field: its stock is its variations', kept in step on every save", async ({ platform }) => {
    const { db } = platform;
    const before = (await db.select({ id: products.id }).from(products)).length;
    const apron: ProductFormInput = {
      ...VARIATION_PRODUCT,
      sku: "ED-APRON",
      title: "エプロン（在庫テスト）",
      variations: [
        { sku: "ED-APRON-RED", title: "赤", inventory: 5 },
        { sku: "ED-APRON-BLUE", title: "青", inventory: 7, inventoryPreorderMax: 2 },
      ],
    };
    const refused = await createProduct(db, STAFF_SCOPE, STAFF, { ...apron, inventory: 30, inventoryPreorderMax: 4 }, now);
    expect(refused).toEqual({
      ok: false,
      status: 400,
      error: PRODUCT_EDITOR_TEXT.check,
      fieldErrors: {
        inventory: ["バリエーション商品の在庫は、バリエーションごとに入力してください（商品の在庫はその合計になります）"],
        inventoryPreorderMax: ["バリエーション商品の在庫は、バリエーションごとに入力してください（商品の在庫はその合計になります）"],
      },
    });
    expect((await db.select({ id: products.id }).from(products)).length).toBe(before);

    const created = await createProduct(db, STAFF_SCOPE, STAFF, apron, now);
    if (!created.ok) throw new Error(JSON.stringify(created));
    const row = async () => (await db.select().from(products).where(eq(products.id, created.productId)).get())!;
    expect(await row()).toMatchObject({ inventory: 12, inventoryPreorderMax: 2 });
    // The receipts are the variations'; the product has none of its own.
    const receipts = await db.select().from(stockMovements).where(eq(stockMovements.productId, created.productId));
    expect(receipts.map((receipt) => [receipt.variationId != null, receipt.pool, receipt.after]).sort()).toEqual([
      [true, "preorder", 2],
      [true, "stock", 5],
      [true, "stock", 7],
    ]);

    // The editor shows the variations' sum; a variation added with its first stock, or one taken off sale, moves the product's figure with it.
    const loaded = (await loadEditorProduct(db, STAFF_SCOPE, created.productId))!;
    expect(loaded.stock).toMatchObject({ inventory: 12, inventoryPreorderMax: 2 });
    expect(loaded.form).toMatchObject({ inventory: 0, inventoryPreorderMax: 0 });
    const [red, blue] = loaded.form.variations!;
    const added = await updateProduct(
      db,
      STAFF_SCOPE,
      STAFF,
      loaded.id,
      loaded.revision,
      { ...loaded.form, variations: [{ ...red!, status: "draft" }, blue!, { sku: "ED-APRON-GREEN", title: "緑", inventory: 4 }] },
      now,
    );
    expect(added).toEqual({ ok: true, productId: loaded.id });
    expect(await row()).toMatchObject({ inventory: 11, inventoryPreorderMax: 2 });
  });

  it("saves the variation heading once for the product: every variation carries it, and an edit changes them all", async ({ platform }) => {
    const { db } = platform;
    const cup: ProductFormInput = {
      ...VARIATION_PRODUCT,
      sku: "ED-CUP",
      title: "マグカップ（見出しテスト）",
      variationHeading: "容量",
      variations: [
        { sku: "ED-CUP-S", title: "200ml" },
        { sku: "ED-CUP-L", title: "350ml" },
      ],
    };
    const created = await createProduct(db, STAFF_SCOPE, STAFF, cup, now);
    if (!created.ok) throw new Error(JSON.stringify(created));
    const headings = async () =>
      (await db.select().from(productVariations).where(eq(productVariations.productId, created.productId)).orderBy(asc(productVariations.position))).map(
        (variation) => variation.vTitle,
      );
    expect(await headings()).toEqual(["容量", "容量"]);
    const loaded = (await loadEditorProduct(db, STAFF_SCOPE, created.productId))!;
    expect(loaded.form.variationHeading).toBe("容量");
    const renamed = await updateProduct(
      db,
      STAFF_SCOPE,
      STAFF,
      loaded.id,
      loaded.revision,
      { ...loaded.form, variationHeading: "サイズ", variations: [...loaded.form.variations!, { sku: "ED-CUP-XL", title: "500ml" }] },
      now,
    );
    expect(renamed).toEqual({ ok: true, productId: loaded.id });
    expect(await headings()).toEqual(["サイズ", "サイズ", "サイズ"]);
  });

  it("refuses an SKU used by another product, variation or choice, at its field, and writes nothing", async ({ platform }) => {
    const { db } = platform;
    const before = (await db.select({ id: products.id }).from(products)).length;
    const result = await createProduct(
      db,
      STAFF_SCOPE,
      STAFF,
      {
        ...VARIATION_PRODUCT,
        sku: "DEMO-VARIATION-NAVY-S",
        variations: [
          { sku: "DEMO-SIMPLE", title: "白" },
          { sku: "NEW-1", title: "黒", type: "variable", choices: [{ sku: "DEMO-VARIATION", groupTitle: "サイズ", title: "S" }] },
        ],
      },
      now,
    );
    expect(result).toEqual({
      ok: false,
      status: 400,
      error: PRODUCT_EDITOR_TEXT.check,
      fieldErrors: {
        sku: [PRODUCT_EDITOR_TEXT.skuTaken],
        "variations[0].sku": [PRODUCT_EDITOR_TEXT.skuTaken],
        "variations[1].choices[0].sku": [PRODUCT_EDITOR_TEXT.skuTaken],
      },
    });
    expect((await db.select({ id: products.id }).from(products)).length).toBe(before);
  });

  it("lets only one of two creates with the same SKU at once win", async ({ platform }) => {
    const { db } = platform;
    const input = { ...VARIATION_PRODUCT, sku: "ED-RACE", variations: [{ sku: "ED-RACE-A", title: "A" }] };
    const results = await Promise.all([createProduct(db, STAFF_SCOPE, STAFF, input, now), createProduct(db, STAFF_SCOPE, STAFF, input, now)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ ok: false });
    expect(await db.select().from(products).where(eq(products.sku, "ED-RACE"))).toHaveLength(1);
  });

  it("refuses unknown categories, tags, merchants and coupon codes at their fields", async ({ platform }) => {
    const result = await createProduct(
      platform.db,
      STAFF_SCOPE,
      STAFF,
      { sku: "ED-BAD", title: "x", regularPrice: 100, primaryCategoryId: 9999, troubleTagIds: [9999], merchantId: 9999, excludedCouponCodes: ["NOPE"] },
      now,
    );
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        primaryCategoryId: [PRODUCT_EDITOR_TEXT.categoryUnknown],
        troubleTagIds: [PRODUCT_EDITOR_TEXT.tagUnknown],
        merchantId: [PRODUCT_EDITOR_TEXT.merchantUnknown],
        excludedCouponCodes: [PRODUCT_EDITOR_TEXT.couponUnknown(["NOPE"])],
      },
    });
  });

  it("makes a merchant's product its own and shipped by itself, whatever the form says", async ({ platform }) => {
    const { db } = platform;
    const result = await createProduct(
      db,
      merchantScope(MERCHANT_ID),
      MERCHANT,
      { sku: "ED-MERCHANT", title: "チーズ", regularPrice: 1500, primaryCategoryId: 1, merchantId: OTHER_MERCHANT_ID, shippingFrom: "warehouse" },
      now,
    );
    expect(result.ok).toBe(true);
    expect(
      await db.select({ merchantId: products.merchantId, shippingFrom: products.shippingFrom }).from(products).where(eq(products.sku, "ED-MERCHANT")).get(),
    ).toEqual({
      merchantId: MERCHANT_ID,
      shippingFrom: "merchant",
    });
  });
});

async function towel(db: Parameters<typeof loadEditorProduct>[0]) {
  const id = (await db.select({ id: products.id }).from(products).where(eq(products.sku, "ED-TOWEL")).get())!.id;
  return (await loadEditorProduct(db, STAFF_SCOPE, id))!;
}

describe("edit", () => {
  it("saves an edit in place: rows keep their ids and stock, removed rows go, prices are recorded before → after", async ({ platform }) => {
    const { db } = platform;
    const loaded = await towel(db);
    const [white, navy] = loaded.form.variations!;
    const edited: ProductFormInput = {
      ...loaded.form,
      title: "今治タオル（改）",
      regularPrice: 2100,
      discountPrice: 1900,
      subscriptionPrices: [{ quantity: 1, unitPriceExclTax: 1750 }],
      variations: [
        {
          ...navy!,
          discountPrice: 2000,
          inventory: 999,
          choices: [...navy!.choices!, { sku: "ED-TOWEL-NAVY-XL", groupTitle: "サイズ", title: "XL", priceDiff: 500 }],
        },
      ],
    };
    const result = await updateProduct(db, STAFF_SCOPE, STAFF, loaded.id, loaded.revision, edited, now);
    expect(result).toEqual({ ok: true, productId: loaded.id });
    const after = (await towel(db))!;
    expect(after.revision).toBe(loaded.revision + 1);
    expect(after.title).toBe("今治タオル（改）");
    expect(after.form.variations!.map((variation) => [variation.id, variation.sku, variation.inventory])).toEqual([[navy!.id, "ED-TOWEL-NAVY", 7]]);
    expect(after.form.variations![0]!.choices!.map((choice) => choice.sku)).toEqual(["ED-TOWEL-NAVY-L", "ED-TOWEL-NAVY-XL"]);
    expect(
      await db
        .select()
        .from(productVariations)
        .where(eq(productVariations.id, white!.id as number)),
    ).toEqual([]);
    const history = await db.select().from(priceChanges).where(eq(priceChanges.productId, loaded.id)).orderBy(asc(priceChanges.id));
    expect(history.map((row) => [row.variationId, row.field, row.before, row.after, row.actorName])).toEqual([
      [null, "regular_price", 2000, 2100, STAFF.name],
      [null, "discount_price", null, 1900, STAFF.name],
      [navy!.id, "discount_price", null, 2000, STAFF.name],
      [null, "subscription:1", 1800, 1750, STAFF.name],
      [null, "subscription:3", 1700, null, STAFF.name],
    ]);
  });

  it("refuses an edit made on an older revision, and of two saves at once exactly one wins", async ({ platform }) => {
    const { db } = platform;
    const loaded = await towel(db);
    const stale = await updateProduct(db, STAFF_SCOPE, STAFF, loaded.id, loaded.revision - 1, { ...loaded.form, title: "古い" }, now);
    expect(stale).toEqual({ ok: false, status: 409, error: PRODUCT_EDITOR_TEXT.stale });
    const results = await Promise.all([
      updateProduct(db, STAFF_SCOPE, STAFF, loaded.id, loaded.revision, { ...loaded.form, title: "Aさんの変更", regularPrice: 2500 }, now),
      updateProduct(db, STAFF_SCOPE, STAFF, loaded.id, loaded.revision, { ...loaded.form, title: "Bさんの変更", regularPrice: 2600 }, now),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, status: 409, error: PRODUCT_EDITOR_TEXT.stale });
    const after = await towel(db);
    expect(after.revision).toBe(loaded.revision + 1);
    const winner = after.title === "Aさんの変更" ? 2500 : 2600;
    expect(after.form.regularPrice).toBe(winner);
    const history = await db
      .select({ before: priceChanges.before, after: priceChanges.after })
      .from(priceChanges)
      .where(and(eq(priceChanges.productId, loaded.id), eq(priceChanges.field, "regular_price"), isNull(priceChanges.variationId)))
      .orderBy(asc(priceChanges.id));
    expect(history.at(-1)).toEqual({ before: 2100, after: winner });
  });

  it("refuses a row id of another product's variation and changes nothing", async ({ platform }) => {
    const { db } = platform;
    const loaded = await towel(db);
    const other = (await db.select({ id: productVariations.id }).from(productVariations).where(eq(productVariations.sku, "DEMO-VARIATION-NAVY")).get())!;
    const result = await updateProduct(
      db,
      STAFF_SCOPE,
      STAFF,
      loaded.id,
      loaded.revision,
      { ...loaded.form, variations: [{ id: other.id, sku: "X-1", title: "乗っ取り" }] },
      now,
    );
    expect(result).toEqual({ ok: false, status: 409, error: PRODUCT_EDITOR_TEXT.rowNotOwned });
    expect((await towel(db)).revision).toBe(loaded.revision);
  });

  it("answers 404 for another merchant's product and changes nothing", async ({ platform }) => {
    const { db } = platform;
    const loaded = await towel(db);
    expect(await loadEditorProduct(db, merchantScope(MERCHANT_ID), loaded.id)).toBeNull();
    const result = await updateProduct(db, merchantScope(MERCHANT_ID), MERCHANT, loaded.id, loaded.revision, { ...loaded.form, title: "乗っ取り" }, now);
    expect(result).toEqual({ ok: false, status: 404, error: PRODUCT_EDITOR_TEXT.notFound });
    expect((await towel(db)).title).not.toBe("乗っ取り");
  });

  it("never changes a placed order's prices", async ({ platform }) => {
    const { db } = platform;
    const order = await placeMemberOrder(db, MEMBER_ID, { sku: "DEMO-SIMPLE", now });
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const simpleId = (await db.select({ id: products.id }).from(products).where(eq(products.sku, "DEMO-SIMPLE")).get())!.id;
    const loaded = (await loadEditorProduct(db, STAFF_SCOPE, simpleId))!;
    const result = await updateProduct(
      db,
      STAFF_SCOPE,
      STAFF,
      simpleId,
      loaded.revision,
      { ...loaded.form, regularPrice: Number(loaded.form.regularPrice) * 2, discountPrice: null },
      now,
    );
    expect(result.ok).toBe(true);
    expect(await db.select().from(orderLines).where(eq(orderLines.orderId, order.id))).toEqual([line]);
  });

  it("refuses to remove a variation that was ordered, and keeps it", async ({ platform }) => {
    const { db } = platform;
    const loaded = await towel(db);
    const navy = loaded.form.variations![0]!;
    // An order line of the variation (placed as the demo product, then pointed at it).
    const order = await placeMemberOrder(db, MEMBER_ID, { sku: "DEMO-SIMPLE", now });
    await db
      .update(orderLines)
      .set({ variationId: navy.id as number })
      .where(eq(orderLines.orderId, order.id));
    const result = await updateProduct(
      db,
      STAFF_SCOPE,
      STAFF,
      loaded.id,
      loaded.revision,
      { ...loaded.form, variations: [{ sku: "ED-TOWEL-GREEN", title: "緑" }] },
      now,
    );
    expect(result).toEqual({
      ok: false,
      status: 400,
      error: PRODUCT_EDITOR_TEXT.check,
      fieldErrors: { variations: [PRODUCT_EDITOR_TEXT.variationOrdered("紺")] },
    });
    expect(await db.select({ id: productVariations.id }).from(productVariations).where(eq(productVariations.productId, loaded.id))).toEqual([{ id: navy.id }]);
  });
});

describe("duplicate and state", () => {
  it("duplicates as a draft with -COPY SKUs and no stock, and again with -COPY2", async ({ platform }) => {
    const { db } = platform;
    const loaded = await towel(db);
    const first = await duplicateProduct(db, STAFF_SCOPE, STAFF, loaded.id, now);
    const second = await duplicateProduct(db, STAFF_SCOPE, STAFF, loaded.id, now);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    const copy = (await loadEditorProduct(db, STAFF_SCOPE, first.productId))!;
    expect(copy).toMatchObject({ sku: "ED-TOWEL-COPY", status: "draft", stock: { inventory: 0 } });
    expect(copy.form.variations!.map((variation) => [variation.sku, variation.inventory])).toEqual([["ED-TOWEL-NAVY-COPY", 0]]);
    expect((await loadEditorProduct(db, STAFF_SCOPE, second.productId))!.sku).toBe("ED-TOWEL-COPY2");
  });

  it("publishes once (published_at kept), goes private with a secret that can be regenerated, archives and restores", async ({ platform }) => {
    const { db } = platform;
    let product = await towel(db);
    const step = async (action: Parameters<typeof changeProductStatus>[4], at: Date) => {
      const result = await changeProductStatus(db, STAFF_SCOPE, product.id, product.revision, action, at);
      product = await towel(db);
      return result;
    };
    expect(await step("publish", now)).toEqual({ ok: true, state: "published" });
    expect(product.publishedAt).toBe(now.toISOString());
    expect(await step("make_private", new Date(now.getTime() + 1000))).toEqual({ ok: true, state: "private" });
    const secret = product.secret;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(product.publishedAt).toBe(now.toISOString());
    await step("regenerate_secret", now);
    expect(product.secret).not.toBe(secret);
    expect(await step("restore", now)).toMatchObject({ ok: false, status: 409 });
    expect(await step("archive", now)).toEqual({ ok: true, state: "archived" });
    expect(await step("publish", now)).toMatchObject({ ok: false, status: 409 });
    expect(await step("restore", now)).toEqual({ ok: true, state: "draft" });
    const stale = await changeProductStatus(db, STAFF_SCOPE, product.id, product.revision - 1, "publish", now);
    expect(stale).toEqual({ ok: false, status: 409, error: PRODUCT_EDITOR_TEXT.stale });
  });

  it("does not publish a variation product with no variation on sale", async ({ platform }) => {
    const { db } = platform;
    const product = await towel(db);
    await db.update(productVariations).set({ status: "draft" }).where(eq(productVariations.productId, product.id));
    expect(await changeProductStatus(db, STAFF_SCOPE, product.id, product.revision, "publish", now)).toEqual({
      ok: false,
      status: 409,
      error: PRODUCT_STATUS_TEXT.noSellableVariation,
    });
  });
});
