/**
 * The points campaign banner's colour (spec §3 Point promo: color, default #ee6d68): a promo saved with no
 * colour (or one that is not a colour) is shown in the default — in the cart page's data and in
 * POST /api/cart/campaigns — not only when the database filled its column default.
 */
import { describe, expect } from "vitest";
import { POINT_PROMO_DEFAULT_COLOR } from "~/core/limits";
import { pointPromos } from "~/db/schema";
import * as campaigns from "~/routes/api.cart.campaigns";
import { loadCart } from "~/services/cart/cart-view.server";
import { platformTest } from "../support/platform-test";
import { apiRequest, jsonBody, responseOf, type RouteHandler } from "../support/requests";

const it = platformTest();

const DAY = 24 * 60 * 60 * 1000;

describe("a point promo without a colour", () => {
  it("is shown in #ee6d68", async ({ platform }) => {
    // The running promo with the highest rate is the one shown.
    const now = Date.now();
    await platform.db
      .insert(pointPromos)
      .values({ id: 50, title: "ポイント5倍デー", color: "", rate: 5, startsAt: new Date(now - DAY), endsAt: new Date(now + DAY) });
    const view = await loadCart(platform.db, { cartId: "no-cart" }, {}, new Date());
    expect(view.pointPromo).toMatchObject({ title: "ポイント5倍デー", color: POINT_PROMO_DEFAULT_COLOR });

    const response = await responseOf(platform, campaigns.action as RouteHandler, apiRequest("/api/cart/campaigns", { mode: "cors" }));
    expect((await jsonBody<{ point_promo: { color: string } }>(response)).point_promo).toMatchObject({ title: "ポイント5倍デー", color: "#ee6d68" });
  });

  it("keeps a colour the shop chose, and replaces one that is not a colour", async ({ platform }) => {
    const now = Date.now();
    await platform.db
      .insert(pointPromos)
      .values({ id: 51, title: "青", color: "#1e3a8a", rate: 7, startsAt: new Date(now - DAY), endsAt: new Date(now + DAY) });
    expect((await loadCart(platform.db, { cartId: "no-cart" }, {}, new Date())).pointPromo?.color).toBe("#1e3a8a");
    await platform.db
      .insert(pointPromos)
      .values({ id: 52, title: "壊れた色", color: "javascript:1", rate: 9, startsAt: new Date(now - DAY), endsAt: new Date(now + DAY) });
    expect((await loadCart(platform.db, { cartId: "no-cart" }, {}, new Date())).pointPromo).toMatchObject({ title: "壊れた色", color: "#ee6d68" });
  });
});
