/**
 * The product editor's routes on real local D1 (issue 17 item 1): who may open and post what (merchant /
 * other merchant / staff / customer / anonymous, for every route and its POSTs), the form sent without JS
 * (messages at their fields with the typed values back, a row added by a list intent, PRG on success),
 * state changes and the list's filters.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { describe, expect } from "vitest";
import { PRODUCT_FORM_MESSAGES } from "~/core/catalogue/product-form";
import { products } from "~/db/schema";
import { MERCHANT_ID, OTHER_MERCHANT_ID } from "~/services/seed/people";
import * as crmList from "~/routes/crm.products._index";
import * as crmEdit from "~/routes/crm.products.$productId._index";
import * as crmNew from "~/routes/crm.products.new";
import * as merchantList from "~/routes/merchant.products._index";
import * as merchantEdit from "~/routes/merchant.products.$productId._index";
import * as merchantNew from "~/routes/merchant.products.new";
import type { ProductEditorActionData, ProductEditorData, ProductListData } from "~/web/types/catalogue-editor";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { contextFor, expectRedirect, pageRequest, postRequest, run, valueOf, type RouteHandler } from "../support/requests";

const it = platformTest();

async function productOf(platform: TestPlatform, merchantId: number | null) {
  const row = await platform.db
    .select({ id: products.id, revision: products.revision })
    .from(products)
    .where(merchantId === null ? isNull(products.merchantId) : eq(products.merchantId, merchantId))
    .orderBy(asc(products.id))
    .get();
  return row!;
}

const VALID = { sku: "RT-NEW-1", title: "ルートで登録", regularPrice: "1500", primaryCategoryId: "1", type: "simple", taxRate: "10" };

describe("ownership matrix", () => {
  it("staff routes: anonymous → login, customer and merchants → 403 (GET and POST), staff → 200", async ({ platform, member, merchant, staff }) => {
    const shop = await productOf(platform, null);
    const routes: { name: string; handler: RouteHandler; path: string; params?: Record<string, string>; post?: boolean }[] = [
      { name: "list", handler: crmList.loader as RouteHandler, path: "/crm/products" },
      { name: "new", handler: crmNew.loader as RouteHandler, path: "/crm/products/new" },
      { name: "new POST", handler: crmNew.action as RouteHandler, path: "/crm/products/new", post: true },
      { name: "edit", handler: crmEdit.loader as RouteHandler, path: `/crm/products/${shop.id}`, params: { productId: String(shop.id) } },
      { name: "edit POST", handler: crmEdit.action as RouteHandler, path: `/crm/products/${shop.id}`, params: { productId: String(shop.id) }, post: true },
    ];
    for (const route of routes) {
      const request = (cookie?: string) => (route.post ? postRequest(route.path, { intent: "duplicate" }, { cookie }) : pageRequest(route.path, cookie));
      expectRedirect(await run(platform, route.handler, request(), route.params), 302, /^\/login\?show=1&redirectTo=%2Fcrm%2Fproducts/);
      for (const cookie of [member, merchant]) expect((await run(platform, route.handler, request(cookie), route.params)).status, route.name).toBe(403);
      if (!route.post) expect((await run(platform, route.handler, request(staff), route.params)).status, route.name).toBe(200);
    }
  });

  it("merchant routes: anonymous → login, customer and staff → 403, another merchant's product → 404 (GET and POST), own → 200", async ({
    platform,
    member,
    staff,
    merchant,
    otherMerchant,
  }) => {
    const own = await productOf(platform, MERCHANT_ID);
    const others = await productOf(platform, OTHER_MERCHANT_ID);
    const shop = await productOf(platform, null);
    const edit = (id: number) => ({ path: `/merchant/products/${id}`, params: { productId: String(id) } });
    for (const route of [
      { handler: merchantList.loader as RouteHandler, path: "/merchant/products" },
      { handler: merchantNew.loader as RouteHandler, path: "/merchant/products/new" },
      { handler: merchantEdit.loader as RouteHandler, ...edit(own.id) },
    ] as { handler: RouteHandler; path: string; params?: Record<string, string> }[]) {
      expectRedirect(await run(platform, route.handler, pageRequest(route.path), route.params), 302, /^\/login\?show=1&redirectTo=%2Fmerchant%2Fproducts/);
      for (const cookie of [member, staff]) expect((await run(platform, route.handler, pageRequest(route.path, cookie), route.params)).status).toBe(403);
      expect((await run(platform, route.handler, pageRequest(route.path, merchant), route.params)).status).toBe(200);
    }
    for (const route of [
      { handler: merchantNew.action as RouteHandler, path: "/merchant/products/new" },
      { handler: merchantEdit.action as RouteHandler, ...edit(own.id) },
    ] as { handler: RouteHandler; path: string; params?: Record<string, string> }[]) {
      const post = (cookie?: string) => postRequest(route.path, { ...VALID, sku: "RT-NOBODY", revision: String(own.revision) }, { cookie });
      expectRedirect(await run(platform, route.handler, post(), route.params), 302, /^\/login\?show=1&redirectTo=%2Fmerchant%2Fproducts/);
      for (const cookie of [member, staff]) expect((await run(platform, route.handler, post(cookie), route.params)).status).toBe(403);
    }
    expect(await platform.db.select().from(products).where(eq(products.sku, "RT-NOBODY"))).toEqual([]);
    for (const id of [others.id, shop.id]) {
      const { path, params } = edit(id);
      expect((await run(platform, merchantEdit.loader as RouteHandler, pageRequest(path, merchant), params)).status).toBe(404);
      for (const fields of [{ intent: "duplicate" }, { intent: "status", action: "archive", revision: "0" }, { ...VALID, revision: "0" }] as Record<
        string,
        string
      >[]) {
        expect((await run(platform, merchantEdit.action as RouteHandler, postRequest(path, fields, { cookie: merchant }), params)).status).toBe(404);
      }
    }
    // The other merchant cannot open the first one's product either; nothing changed.
    const { path, params } = edit(own.id);
    expect((await run(platform, merchantEdit.loader as RouteHandler, pageRequest(path, otherMerchant), params)).status).toBe(404);
    expect((await platform.db.select({ revision: products.revision }).from(products).where(eq(products.id, others.id)).get())!.revision).toBe(others.revision);
  });
});

describe("the form without JS", () => {
  it("sends the form back with the typed values and a message at each field, and saves nothing", async ({ platform, staff }) => {
    const outcome = await run(
      platform,
      crmNew.action as RouteHandler,
      postRequest("/crm/products/new", { ...VALID, regularPrice: "1000", discountPrice: "1200", title: "値下げテスト" }, { cookie: staff, mode: "navigate" }),
    );
    expect(outcome.status).toBe(400);
    const body = await valueOf<ProductEditorActionData>(outcome);
    if (body.kind !== "form") throw new Error("not a form reply");
    expect(body.lastResult.error).toMatchObject({ discountPrice: [PRODUCT_FORM_MESSAGES.discountNotBelowRegular] });
    expect(body.lastResult.initialValue).toMatchObject({ title: "値下げテスト", discountPrice: "1200" });
    expect(await platform.db.select().from(products).where(eq(products.sku, VALID.sku))).toEqual([]);
  });

  it("adds an empty variation row when asked, without saving or showing messages", async ({ platform, staff }) => {
    const intent = JSON.stringify({ type: "insert", payload: { name: "variations" } });
    const fields: [string, string][] = [
      ...Object.entries({ ...VALID, type: "variation" }),
      ["variations[0].sku", "RT-V-1"],
      ["variations[0].title", "赤"],
      ["__intent__", intent],
    ];
    const outcome = await run(platform, crmNew.action as RouteHandler, postRequest("/crm/products/new", fields, { cookie: staff, mode: "navigate" }));
    expect(outcome.status).toBe(200);
    const body = await valueOf<ProductEditorActionData>(outcome);
    if (body.kind !== "form") throw new Error("not a form reply");
    expect((body.lastResult.initialValue as { variations: unknown[] }).variations).toHaveLength(2);
    expect(body.lastResult.error ?? {}).toEqual({});
    expect(await platform.db.select().from(products).where(eq(products.sku, VALID.sku))).toEqual([]);
  });

  it("removes a row when asked, and a new option starts shown", async ({ platform, staff }) => {
    const post = async (fields: [string, string][]) => {
      const body = await valueOf<ProductEditorActionData>(
        await run(platform, crmNew.action as RouteHandler, postRequest("/crm/products/new", fields, { cookie: staff, mode: "navigate" })),
      );
      if (body.kind !== "form") throw new Error("not a form reply");
      return body.lastResult.initialValue as { variations?: { sku: string }[]; options?: { active?: string }[] };
    };
    const rows: [string, string][] = [...Object.entries({ ...VALID, type: "variation" }), ["variations[0].sku", "RT-V-1"], ["variations[1].sku", "RT-V-2"]];
    const removed = await post([...rows, ["__intent__", JSON.stringify({ type: "remove", payload: { name: "variations", index: 0 } })]]);
    expect(removed.variations?.map((variation) => variation.sku)).toEqual(["RT-V-2"]);
    const option = await post([
      ...Object.entries(VALID),
      ["__intent__", JSON.stringify({ type: "insert", payload: { name: "options", defaultValue: { active: "on" } } })],
    ]);
    expect(option.options).toEqual([{ active: "on" }]);
  });

  it("creates, then saves and publishes, each answered with a redirect and its notice", async ({ platform, staff }) => {
    const created = await run(platform, crmNew.action as RouteHandler, postRequest("/crm/products/new", VALID, { cookie: staff, mode: "navigate" }));
    const row = (await platform.db.select({ id: products.id, revision: products.revision }).from(products).where(eq(products.sku, VALID.sku)).get())!;
    expectRedirect(created, 303, `/crm/products/${row.id}?notice=created#result`);
    const params = { productId: String(row.id) };
    const path = `/crm/products/${row.id}`;
    const page = await valueOf<ProductEditorData>(await run(platform, crmEdit.loader as RouteHandler, pageRequest(path, staff), params));
    expect(page.product).toMatchObject({
      state: "draft",
      actions: ["publish", "make_private", "archive"],
      paths: { images: `${path}/images`, stock: `${path}/stock` },
    });
    const saved = await run(
      platform,
      crmEdit.action as RouteHandler,
      postRequest(path, { ...VALID, title: "名前を変えました", revision: String(row.revision) }, { cookie: staff }),
      params,
    );
    expectRedirect(saved, 303, `${path}?notice=saved#result`);
    const stale = await run(
      platform,
      crmEdit.action as RouteHandler,
      postRequest(path, { ...VALID, revision: String(row.revision) }, { cookie: staff }),
      params,
    );
    expect(stale.status).toBe(409);
    const published = await run(
      platform,
      crmEdit.action as RouteHandler,
      postRequest(path, { intent: "status", action: "publish", revision: String(row.revision + 1) }, { cookie: staff }),
      params,
    );
    expectRedirect(published, 303, `${path}?notice=publish#result`);
    const after = await valueOf<ProductEditorData>(await run(platform, crmEdit.loader as RouteHandler, pageRequest(`${path}?notice=publish`, staff), params));
    expect(after.notice).toBe("商品を公開しました。");
    expect(after.product).toMatchObject({ state: "published", publicPath: expect.stringMatching(new RegExp(`/${VALID.sku}$`)) });
  });

  it("a merchant's product is created as its own, shipped by itself", async ({ platform, merchant }) => {
    const outcome = await run(
      platform,
      merchantNew.action as RouteHandler,
      postRequest(
        "/merchant/products/new",
        { ...VALID, sku: "RT-MERCHANT", merchantId: String(OTHER_MERCHANT_ID), shippingFrom: "warehouse" },
        { cookie: merchant },
      ),
    );
    expect(outcome.status).toBe(303);
    expect(
      await platform.db
        .select({ merchantId: products.merchantId, shippingFrom: products.shippingFrom })
        .from(products)
        .where(eq(products.sku, "RT-MERCHANT"))
        .get(),
    ).toEqual({
      merchantId: MERCHANT_ID,
      shippingFrom: "merchant",
    });
  });
});

describe("the list", () => {
  it("finds a product by a variation's SKU, filters by state, and shows a merchant only its own products", async ({ platform, staff, merchant }) => {
    const list = async (handler: RouteHandler, path: string, cookie: string) =>
      valueOf<ProductListData>(await run(platform, handler, pageRequest(path, cookie)));
    const byVariation = await list(crmList.loader as RouteHandler, "/crm/products?q=DEMO-VARIATION-NAVY", staff);
    expect(byVariation.page.rows.map((row) => row.sku)).toEqual(["DEMO-VARIATION"]);
    const drafts = await list(crmList.loader as RouteHandler, "/crm/products?state=draft", staff);
    expect(drafts.page.rows.every((row) => row.state === "draft")).toBe(true);
    const own = await list(merchantList.loader as RouteHandler, "/merchant/products", merchant);
    const ownIds = await platform.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.merchantId, MERCHANT_ID)));
    expect(own.page.total).toBe(ownIds.length);
    expect(own.definition.filters.map((filter) => filter.name)).not.toContain("merchant");
    const soldOut = await list(crmList.loader as RouteHandler, "/crm/products?stock_max=0", staff);
    expect(soldOut.page.rows.length).toBeGreaterThan(0);
    expect(soldOut.page.rows.every((row) => row.stock === 0)).toBe(true);
  });

  it("reads the filter's choices in the list's own batch: one round trip; a category or merchant that is no choice is dropped by a redirect", async ({
    platform,
    staff,
  }) => {
    const request = pageRequest(`/crm/products?category=1&merchant=${MERCHANT_ID}`, staff);
    const context = contextFor(platform, request);
    const outcome = await run(platform, crmList.loader as RouteHandler, request, {}, context);
    const page = await valueOf<ProductListData>(outcome);
    expect(page.page.rows.length).toBeGreaterThan(0);
    const categoryFilter = page.definition.filters.find((filter) => filter.name === "category");
    expect(categoryFilter && "choices" in categoryFilter ? categoryFilter.choices.length : 0).toBeGreaterThan(1);
    expect(context.d1Usage).toMatchObject({ sequentialTrips: 1 });
    expectRedirect(
      await run(platform, crmList.loader as RouteHandler, pageRequest("/crm/products?category=9999&state=draft", staff)),
      302,
      "/crm/products?state=draft",
    );
    expectRedirect(await run(platform, crmList.loader as RouteHandler, pageRequest("/crm/products?merchant=9999", staff)), 302, "/crm/products");
  });
});
