/**
 * Stock and prices with history (issue 17 item 3) on real local D1: receipts and corrections of a product's,
 * a variation's, a choice's and a pre-order stock, each recorded (who, when, before → after) in the same
 * batch as the stock and the product's revision; refusals change nothing; two adjustments at once both
 * record true values and add up, and the 再入荷のお知らせ go once; the price history; who may open the
 * pages and post (merchant / other merchant / staff / member / anonymous).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { STAFF_SCOPE, merchantScope, type CatalogueActor } from "~/core/catalogue/catalogue-scope";
import { subscriptionPriceField } from "~/core/catalogue/price-history";
import { STOCK_HISTORY_PAGE_SIZE, STOCK_MESSAGES } from "~/core/catalogue/stock-adjustment";
import { notificationMails, priceChanges, products, productVariations, stockMovements, stockRequests, variationChoices } from "~/db/schema";
import { productBySku } from "~/services/seed/catalogue";
import { MEMBER_ID, MERCHANT_ID, MERCHANT_USER_ID, OTHER_ID, STAFF_ID } from "~/services/seed/people";
import * as crmPage from "~/routes/crm.products.$productId.stock";
import * as merchantPage from "~/routes/merchant.products.$productId.stock";
import { priceChangeStatements } from "~/services/catalogue/price-history.server";
import { restockItem } from "~/services/member/restock.server";
import { adjustStock } from "~/services/catalogue/stock-adjustments.server";
import type { ProductStockPageData, StockAdjustmentActionData } from "~/web/types/catalogue-stock";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { apiRequest, expectRedirect, pageRequest, postRequest, run, valueOf, type RouteHandler } from "../support/requests";

const it = platformTest();

/** 十勝しあわせ牧場's (the merchant fixture's) cheese set: stock 50. */
const OWN = productBySku("FOOD-CHEESE").id;
/** 有田 青華窯's (the other merchant's) boxed cups. */
const OTHERS = productBySku("GIFT-YUNOMI").id;
const SOLDOUT = productBySku("DEMO-SOLDOUT").id;
const PREORDER = productBySku("DEMO-PREORDER").id;
const VARIATION = productBySku("DEMO-VARIATION").id;
/** DEMO-VARIATION's 紺 (navy, variable: choices S/M/L keep their own stock 12/18/10 = its 40). */
const NAVY = 1;
const NAVY_S = 1;
const STAFF: CatalogueActor = { userId: STAFF_ID, name: "スタッフ 一郎" };
const MERCHANT: CatalogueActor = { userId: MERCHANT_USER_ID, name: "牧場 花子" };

type Db = TestPlatform["db"];
const productRow = async (db: Db, id: number) => (await db.select().from(products).where(eq(products.id, id)).get())!;
const variationRow = async (db: Db, id: number) => (await db.select().from(productVariations).where(eq(productVariations.id, id)).get())!;
const choiceStock = async (db: Db, id: number) => (await db.select().from(variationChoices).where(eq(variationChoices.id, id)).get())!.inventory;
const movementsOf = (db: Db, productId: number) =>
  db.select().from(stockMovements).where(eq(stockMovements.productId, productId)).orderBy(stockMovements.id).all();
/** The member's 再入荷のお知らせ of the product with this SKU. */
const restockMailsOf = async (db: Db, userId: number, sku: string) =>
  // Matched here: D1 caps LIKE patterns at 50 bytes.
  (await db.select().from(notificationMails).where(eq(notificationMails.userId, userId)).all()).filter((mail) =>
    mail.title.startsWith(`【再入荷のお知らせ】「${productBySku(sku).title}」`),
  );

const stockPath = (side: "crm" | "merchant", id: number | string) => `/${side === "crm" ? "crm" : "merchant"}/products/${id}/stock`;
const pageOf = (side: "crm" | "merchant") => (side === "crm" ? crmPage : merchantPage);
const openPage = (platform: TestPlatform, side: "crm" | "merchant", id: number | string, cookie?: string, search = "") =>
  run(platform, pageOf(side).loader as RouteHandler, pageRequest(`${stockPath(side, id)}${search}`, cookie), { productId: String(id) });
const post = (platform: TestPlatform, side: "crm" | "merchant", id: number | string, fields: Record<string, string>, cookie?: string) =>
  run(platform, pageOf(side).action as RouteHandler, postRequest(stockPath(side, id), fields, { cookie, mode: "navigate" }), { productId: String(id) });
const RECEIPT = { target: "p", pool: "stock", kind: "receipt", quantity: "5", reason: "" };

describe("who may open the stock pages and adjust", () => {
  const cases = [
    { side: "merchant", who: "merchant", product: OWN, page: 200, adjust: 303 },
    { side: "merchant", who: "otherMerchant", product: OWN, page: 404, adjust: 404 },
    { side: "merchant", who: "merchant", product: OTHERS, page: 404, adjust: 404 },
    { side: "merchant", who: "staff", product: OWN, page: 403, adjust: 403 },
    { side: "merchant", who: "member", product: OWN, page: 403, adjust: 403 },
    { side: "merchant", who: "anonymous", product: OWN, page: 302, adjust: 302 },
    { side: "crm", who: "staff", product: OWN, page: 200, adjust: 303 },
    { side: "crm", who: "staff", product: OTHERS, page: 200, adjust: 303 },
    { side: "crm", who: "merchant", product: OWN, page: 403, adjust: 403 },
    { side: "crm", who: "otherMerchant", product: OWN, page: 403, adjust: 403 },
    { side: "crm", who: "member", product: OWN, page: 403, adjust: 403 },
    { side: "crm", who: "anonymous", product: OWN, page: 302, adjust: 302 },
  ] as const;

  for (const entry of cases) {
    it(`${stockPath(entry.side, entry.product === OWN ? "own" : "others")} as ${entry.who}: page ${entry.page}, adjusting ${entry.adjust}`, async ({
      platform,
      member,
      staff,
      merchant,
      otherMerchant,
    }) => {
      const cookie = { anonymous: undefined, member, staff, merchant, otherMerchant }[entry.who];
      const stockBefore = (await productRow(platform.db, entry.product)).inventory;
      const page = await openPage(platform, entry.side, entry.product, cookie);
      expect(page.status).toBe(entry.page);
      if (entry.page === 302) expect(page.response?.headers.get("Location")).toMatch(/^\/login\?/);
      if (entry.page === 404) expect(await page.response?.text()).toBe(STOCK_MESSAGES.productNotFound);
      const adjusted = await post(platform, entry.side, entry.product, RECEIPT, cookie);
      expect(adjusted.status).toBe(entry.adjust);
      expect((await productRow(platform.db, entry.product)).inventory).toBe(stockBefore + (entry.adjust === 303 ? 5 : 0));
    });
  }

  it("an id that is not a product's is 404", async ({ platform, staff }) => {
    for (const id of ["999999", "abc", "0"]) expect((await openPage(platform, "crm", id, staff)).status).toBe(404);
  });
});

describe("adjusting from the page (JS off: a plain POST, PRG)", () => {
  it("a receipt adds stock, records who and before → after, bumps the product's revision, and shows in the history", async ({ platform, merchant }) => {
    const before = await productRow(platform.db, OWN);
    const done = await post(platform, "merchant", OWN, { ...RECEIPT, quantity: "１２", reason: "十勝工房より入荷" }, merchant);
    expectRedirect(done, 303, `/merchant/products/${OWN}/stock?notice=adjusted#result`);
    const after = await productRow(platform.db, OWN);
    expect(after.inventory).toBe(before.inventory + 12);
    expect(after.revision).toBe(before.revision + 1);
    expect(after.updatedAt).not.toBeNull();
    const [movement] = (await movementsOf(platform.db, OWN)).slice(-1);
    expect(movement).toMatchObject({
      kind: "receipt",
      pool: "stock",
      before: before.inventory,
      after: before.inventory + 12,
      reason: "十勝工房より入荷",
      actorUserId: MERCHANT_USER_ID,
      actorName: MERCHANT.name,
      variationId: null,
    });
    const page = await valueOf<ProductStockPageData>(await openPage(platform, "merchant", OWN, merchant, "?notice=adjusted"));
    expect(page.notice).toBe(STOCK_MESSAGES.done);
    expect(page.product.stock).toBe(before.inventory + 12);
    expect(page.stockHistory.rows[0]).toMatchObject({ kind: "receipt", actorName: MERCHANT.name, before: before.inventory, after: before.inventory + 12 });
  });

  it("corrects to a count and by ±N with a reason; without a reason, below zero or malformed it answers in Japanese and changes nothing", async ({
    platform,
    staff,
  }) => {
    const id = productBySku("DEMO-LOWSTOCK").id;
    expect((await post(platform, "crm", id, { target: "p", pool: "stock", kind: "set", quantity: "7", reason: "棚卸し" }, staff)).status).toBe(303);
    expect((await post(platform, "crm", id, { target: "p", pool: "stock", kind: "delta", quantity: "-2", reason: "破損" }, staff)).status).toBe(303);
    expect((await productRow(platform.db, id)).inventory).toBe(5);
    expect((await movementsOf(platform.db, id)).map((row) => [row.kind, row.before, row.after, row.reason])).toEqual([
      ["correction", 3, 7, "棚卸し"],
      ["correction", 7, 5, "破損"],
    ]);

    const unchanged = async () => {
      expect((await productRow(platform.db, id)).inventory).toBe(5);
      expect(await movementsOf(platform.db, id)).toHaveLength(2);
    };
    const refused = async (fields: Record<string, string>, status: number, errors: StockAdjustmentActionData["errors"]) => {
      const outcome = await post(platform, "crm", id, fields, staff);
      expect(outcome.status).toBe(status);
      const body = await valueOf<StockAdjustmentActionData>(outcome);
      expect(body.errors).toEqual(errors);
      await unchanged();
      return body;
    };
    const noReason = await refused({ target: "p", pool: "stock", kind: "delta", quantity: "-1", reason: " " }, 400, { reason: STOCK_MESSAGES.reasonRequired });
    // What was typed comes back with the messages.
    expect(noReason.values).toEqual({ target: "p", pool: "stock", kind: "delta", quantity: "-1", reason: " " });
    await refused({ target: "p", pool: "stock", kind: "delta", quantity: "-6", reason: "破損" }, 409, {
      quantity: "在庫が0未満になるため調整できません（現在の在庫：5点）。",
    });
    await refused({ target: "p", pool: "stock", kind: "set", quantity: "-1", reason: "x" }, 400, { quantity: STOCK_MESSAGES.setQuantity });
    await refused({ target: "v1", pool: "stock", kind: "receipt", quantity: "1", reason: "" }, 404, { target: STOCK_MESSAGES.targetNotFound });
    await refused({ target: "p; drop table products", pool: "x", kind: "burn", quantity: "abc", reason: "" }, 400, {
      target: STOCK_MESSAGES.target,
      pool: STOCK_MESSAGES.pool,
      kind: STOCK_MESSAGES.kind,
    });
    await refused({}, 400, { pool: STOCK_MESSAGES.pool, kind: STOCK_MESSAGES.kind, target: STOCK_MESSAGES.target });
    const notAForm = await run(
      platform,
      crmPage.action as RouteHandler,
      apiRequest(stockPath("crm", id), { body: '{"quantity":5}', contentType: "application/json", cookie: staff, mode: "navigate" }),
      { productId: String(id) },
    );
    expect(notAForm.status).toBe(400);
    expect(await notAForm.response?.text()).toMatch(/送信内容を読み取れませんでした/);
    await unchanged();
  });

  it("a variation product's stock is its variations': the product itself is refused, a variation's and its pre-order pool are adjusted", async ({
    platform,
    staff,
  }) => {
    const refused = await post(platform, "crm", VARIATION, RECEIPT, staff);
    expect(refused.status).toBe(400);
    expect((await valueOf<StockAdjustmentActionData>(refused)).errors).toEqual({ target: STOCK_MESSAGES.variationRequired });
    expect((await post(platform, "crm", VARIATION, { ...RECEIPT, target: "v2", pool: "preorder", quantity: "4" }, staff)).status).toBe(303);
    expect((await variationRow(platform.db, 2)).inventoryPreorderMax).toBe(4);
    expect((await productRow(platform.db, VARIATION)).inventoryPreorderMax).toBe(4);
    expect((await movementsOf(platform.db, VARIATION)).at(-1)).toMatchObject({ variationId: 2, pool: "preorder", before: 0, after: 4 });
  });

  it("a choice with its own stock moves with its variation; it has no pre-order pool", async ({ platform, staff }) => {
    const productBefore = await productRow(platform.db, VARIATION);
    const counted = await post(platform, "crm", VARIATION, { target: `c${NAVY_S}`, pool: "stock", kind: "set", quantity: "9", reason: "棚卸し" }, staff);
    expect(counted.status).toBe(303);
    expect(await choiceStock(platform.db, NAVY_S)).toBe(9);
    expect((await variationRow(platform.db, NAVY)).inventory).toBe(37);
    // The product's own figure (listings read it) is the sum of its variations'.
    expect((await productRow(platform.db, VARIATION)).inventory).toBe(productBefore.inventory - 3);
    expect((await movementsOf(platform.db, VARIATION)).at(-1)).toMatchObject({ variationId: NAVY, before: 12, after: 9, reason: "【サイズ：S】棚卸し" });
    const preorder = await post(platform, "crm", VARIATION, { target: `c${NAVY_S}`, pool: "preorder", kind: "receipt", quantity: "1", reason: "" }, staff);
    expect(preorder.status).toBe(400);
    expect((await valueOf<StockAdjustmentActionData>(preorder)).errors).toEqual({ pool: STOCK_MESSAGES.choicePreorder });
  });
});

describe("two adjustments at once", () => {
  it("two receipts racing both record true values, add up, and the waiting members are mailed once", async ({ platform }) => {
    await platform.db.insert(stockRequests).values([
      { userId: MEMBER_ID, productId: SOLDOUT, variationId: null },
      { userId: OTHER_ID, productId: SOLDOUT, variationId: null },
    ]);
    const receipt = (amount: number) =>
      adjustStock(
        platform.db,
        STAFF_SCOPE,
        { productId: SOLDOUT, target: { level: "product" }, pool: "stock" },
        { kind: "receipt", mode: "add", amount, reason: "" },
        STAFF,
      );
    const results = await Promise.all([receipt(3), receipt(4), restockItem(platform.db, { productId: SOLDOUT, variationId: null, quantity: 5 }, STAFF)]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect((await productRow(platform.db, SOLDOUT)).inventory).toBe(12);
    const movements = await movementsOf(platform.db, SOLDOUT);
    expect(movements).toHaveLength(3);
    // Each starts where the one before ended: true before/after values, in the order they ran.
    expect(movements[0]?.before).toBe(0);
    for (let index = 1; index < movements.length; index++) expect(movements[index]?.before).toBe(movements[index - 1]?.after);
    expect(movements.at(-1)?.after).toBe(12);
    expect(results.reduce((sum, result) => sum + (result.ok ? result.notified : 0), 0)).toBe(2);
    for (const userId of [MEMBER_ID, OTHER_ID]) expect(await restockMailsOf(platform.db, userId, "DEMO-SOLDOUT")).toHaveLength(1);
    expect(
      await platform.db
        .select()
        .from(stockRequests)
        .where(and(eq(stockRequests.productId, SOLDOUT), isNull(stockRequests.notifiedAt))),
    ).toHaveLength(0);
  });

  it("two corrections of the last item: one takes it, the other is refused and records nothing", async ({ platform }) => {
    const id = productBySku("FOOD-HONEY").id;
    await platform.db.update(products).set({ inventory: 1 }).where(eq(products.id, id));
    const minusOne = () =>
      adjustStock(
        platform.db,
        STAFF_SCOPE,
        { productId: id, target: { level: "product" }, pool: "stock" },
        { kind: "correction", mode: "add", amount: -1, reason: "破損" },
        STAFF,
      );
    const results = await Promise.all([minusOne(), minusOne()]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({
      status: 409,
      field: "quantity",
      error: "在庫が0未満になるため調整できません（現在の在庫：0点）。",
    });
    expect((await productRow(platform.db, id)).inventory).toBe(0);
    expect(await movementsOf(platform.db, id)).toHaveLength(1);
  });
});

describe("restock mails", () => {
  it("a pre-order receipt mails nobody; a correction that leaves the item sold out mails nobody; stock back above zero does", async ({ platform }) => {
    await platform.db.insert(stockRequests).values({ userId: MEMBER_ID, productId: PREORDER, variationId: null });
    const adjust = (pool: "stock" | "preorder", change: { kind: "receipt" | "correction"; mode: "add" | "set"; amount: number; reason: string }) =>
      adjustStock(platform.db, STAFF_SCOPE, { productId: PREORDER, target: { level: "product" }, pool }, change, STAFF);
    expect(await adjust("preorder", { kind: "receipt", mode: "add", amount: 5, reason: "" })).toMatchObject({ ok: true, before: 20, after: 25, notified: 0 });
    expect(await adjust("stock", { kind: "correction", mode: "set", amount: 0, reason: "棚卸し" })).toMatchObject({ ok: true, notified: 0 });
    expect(await restockMailsOf(platform.db, MEMBER_ID, "DEMO-PREORDER")).toHaveLength(0);
    expect(await adjust("stock", { kind: "receipt", mode: "add", amount: 2, reason: "" })).toMatchObject({ ok: true, before: 0, after: 2, notified: 1 });
    expect(await restockMailsOf(platform.db, MEMBER_ID, "DEMO-PREORDER")).toHaveLength(1);
  });

  it("a merchant's scope cannot adjust another merchant's product, even through the service", async ({ platform }) => {
    const before = (await productRow(platform.db, OTHERS)).inventory;
    const recorded = (await movementsOf(platform.db, OTHERS)).length;
    const result = await adjustStock(
      platform.db,
      merchantScope(MERCHANT_ID),
      { productId: OTHERS, target: { level: "product" }, pool: "stock" },
      { kind: "receipt", mode: "add", amount: 1, reason: "" },
      MERCHANT,
    );
    expect(result).toMatchObject({ ok: false, status: 404 });
    expect((await productRow(platform.db, OTHERS)).inventory).toBe(before);
    expect(await movementsOf(platform.db, OTHERS)).toHaveLength(recorded);
  });
});

describe("the histories on the page", () => {
  it("shows the price changes newest first with their labels; an unchanged price and a refused edit leave no row", async ({ platform, merchant }) => {
    const first = new Date(Date.now() - 60_000);
    await platform.db.batch(
      priceChangeStatements(
        platform.db,
        OWN,
        [
          { field: "regular_price", before: 3780, after: 3980 },
          { field: "discount_price", before: null, after: 3500 },
          { field: "regular_price", before: 3980, after: 3980 },
        ],
        MERCHANT,
        first,
      ) as unknown as Parameters<typeof platform.db.batch>[0],
    );
    await platform.db.batch(
      priceChangeStatements(platform.db, OWN, [{ field: subscriptionPriceField(2), before: 3400, after: 3300 }], STAFF, new Date()) as unknown as Parameters<
        typeof platform.db.batch
      >[0],
    );
    // A refused edit (its condition false) writes nothing.
    const refused = priceChangeStatements(platform.db, OWN, [{ field: "regular_price", before: 3980, after: 1 }], STAFF, new Date(), sql`0`);
    await platform.db.batch(refused as unknown as Parameters<typeof platform.db.batch>[0]);
    expect(await platform.db.select().from(priceChanges).where(eq(priceChanges.productId, OWN))).toHaveLength(3);

    const page = await valueOf<ProductStockPageData>(await openPage(platform, "merchant", OWN, merchant));
    expect(page.priceHistory.total).toBe(3);
    expect(page.priceHistory.rows.map((row) => [row.actorName, row.field, row.before, row.after])).toEqual([
      [STAFF.name, "subscription:2", 3400, 3300],
      [MERCHANT.name, "discount_price", null, 3500],
      [MERCHANT.name, "regular_price", 3780, 3980],
    ]);
  });

  it("pages the stock history newest first", async ({ platform, staff }) => {
    const id = productBySku("FOOD-RICE").id;
    const start = Date.now() - 3_600_000;
    const rows = Array.from({ length: STOCK_HISTORY_PAGE_SIZE + 3 }, (_, index) => ({
      productId: id,
      kind: "receipt" as const,
      before: index,
      after: index + 1,
      actorUserId: STAFF_ID,
      actorName: STAFF.name,
      createdAt: new Date(start + index * 1000),
    }));
    // D1 binds at most 100 parameters a statement.
    for (let index = 0; index < rows.length; index += 8) await platform.db.insert(stockMovements).values(rows.slice(index, index + 8));
    const first = await valueOf<ProductStockPageData>(await openPage(platform, "crm", id, staff));
    expect(first.stockHistory.total).toBe(STOCK_HISTORY_PAGE_SIZE + 3);
    expect(first.stockHistory.rows).toHaveLength(STOCK_HISTORY_PAGE_SIZE);
    expect(first.stockHistory.rows[0]?.after).toBe(STOCK_HISTORY_PAGE_SIZE + 3);
    expect(first.stockHistory.pages).toEqual([0, 1]);
    const second = await valueOf<ProductStockPageData>(await openPage(platform, "crm", id, staff, "?page=1"));
    expect(second.stockHistory.rows.map((row) => row.after)).toEqual([3, 2, 1]);
  });
});
