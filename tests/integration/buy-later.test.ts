/**
 * POST /api/buylater/{productId} as the product page and the cart call it (spec §7: returns 1 when logged
 * in; otherwise the client goes to /login?show=1), on a real seeded local D1: with JS the answer is 1 and
 * the page shows the notice; without JS the redirect back carries ?notice=buy_later for the notice line.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { buyLater, cartLines, carts } from "~/db/schema";
import { productBySku } from "~/services/seed/catalogue";
import { OTHER_ID } from "~/services/seed/people";
import * as buylater from "~/routes/api.buylater.$productId";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { apiRequest, jsonBody, responseOf, type ApiRequestOptions, type RouteHandler } from "../support/requests";

const it = platformTest();

const SIMPLE = productBySku("DEMO-SIMPLE").id;
const SOLDOUT = productBySku("DEMO-SOLDOUT").id;

const save = (platform: TestPlatform, productId: number, options: ApiRequestOptions) =>
  responseOf(platform, buylater.action as RouteHandler, apiRequest(`/api/buylater/${productId}`, options), { productId: String(productId) });

const saved = (platform: TestPlatform, productId: number) =>
  platform.db
    .select()
    .from(buyLater)
    .where(and(eq(buyLater.userId, OTHER_ID), eq(buyLater.productId, productId)))
    .all();

describe("buy later from the product page", () => {
  it("answers 1 to a fetch and saves the product", async ({ platform, other }) => {
    const response = await save(platform, SOLDOUT, { cookie: other, mode: "cors", fields: { redirectTo: "/category/tableware/DEMO-SOLDOUT" } });
    expect(response.status).toBe(200);
    expect(await jsonBody(response)).toBe(1);
    expect(await saved(platform, SOLDOUT)).toHaveLength(1);
  });

  it("returns a plain form post (JS off) to the page with the notice", async ({ platform, other }) => {
    const response = await save(platform, SIMPLE, { cookie: other, mode: "navigate", fields: { redirectTo: "/category/living/DEMO-SIMPLE?v=1" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/category/living/DEMO-SIMPLE?v=1&notice=buy_later#result");
    expect(await saved(platform, SIMPLE)).toHaveLength(1);
  });

  it("sends a guest to /login?show=1 (JS off) or answers login_required (JS on), saving nothing", async ({ platform }) => {
    const plain = await save(platform, SIMPLE, { mode: "navigate", fields: { redirectTo: "/category/living/DEMO-SIMPLE" } });
    expect(plain.headers.get("Location")).toBe(`/login?show=1&redirectTo=${encodeURIComponent("/category/living/DEMO-SIMPLE")}`);
    const fetch = await save(platform, SIMPLE, { mode: "cors" });
    expect(fetch.status).toBe(401);
    expect(await jsonBody(fetch)).toMatchObject({ login_required: true });
  });
});

describe("buy later from a cart row", () => {
  it("moves the row and returns to the cart with the notice", async ({ platform, other }) => {
    const [cart] = await platform.db.insert(carts).values({ id: "buy-later-cart", userId: OTHER_ID }).returning();
    const [line] = await platform.db
      .insert(cartLines)
      .values({ cartId: cart!.id, productId: productBySku("DEMO-LOWSTOCK").id, quantity: 2, lineKey: "lowstock" })
      .returning();
    const response = await save(platform, productBySku("DEMO-LOWSTOCK").id, {
      cookie: other,
      mode: "navigate",
      fields: { line: String(line!.id), redirectTo: "/cart" },
    });
    expect(response.headers.get("Location")).toBe("/cart?notice=buy_later#result");
    expect(await platform.db.select().from(cartLines).where(eq(cartLines.id, line!.id)).all()).toEqual([]);
    expect(await saved(platform, productBySku("DEMO-LOWSTOCK").id)).toMatchObject([{ quantity: 2 }]);
  });
});
