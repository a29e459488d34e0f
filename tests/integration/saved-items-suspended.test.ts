/**
 * A suspended merchant's product on a member's saved lists (お気に入り, あとで買う), on real local D1: it stays
 * on both lists (the shopper saved it) marked 販売停止中, with no way into the cart; 「カートに戻す」 from the
 * buy-later page or the cart's list is refused with a Japanese reason and nothing moves; once staff
 * reactivate the merchant it goes back to the cart as before.
 */
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { moveBackRefusal } from "~/core/member/saved-items";
import { buyLater, cartLines, carts, favorites, merchants, products } from "~/db/schema";
import { MEMBER_ID, MERCHANT_ID } from "~/services/seed/people";
import * as cartApi from "~/routes/api.cart";
import * as cartPage from "~/routes/cart";
import * as buyLaterPage from "~/routes/user.buy-later";
import * as favoritesPage from "~/routes/user.favorites";
import { loadCart } from "~/services/cart/cart-view.server";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { pageRequest, postRequest, run, type RouteHandler } from "../support/requests";

const it = platformTest();

async function memberCartLines(platform: TestPlatform) {
  return platform.db
    .select({ productId: cartLines.productId })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.userId, MEMBER_ID));
}

it("keeps a suspended merchant's product on the saved lists as 販売停止中 and refuses it into the cart", async ({ platform, member }) => {
  const { db } = platform;
  const product = (await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(and(eq(products.merchantId, MERCHANT_ID), eq(products.status, "published"), eq(products.isPrivate, false), eq(products.type, "simple")))
    .get())!;
  await db.insert(favorites).values({ userId: MEMBER_ID, productId: product.id });
  const [saved] = await db.insert(buyLater).values({ userId: MEMBER_ID, productId: product.id }).returning();
  await db.update(merchants).set({ status: "suspended" }).where(eq(merchants.id, MERCHANT_ID));

  const favoritesView = await run(platform, favoritesPage.loader as RouteHandler, pageRequest("/user/favorites", member));
  expect((favoritesView.value as { items: { productId: number; unavailable: string | null }[] }).items).toContainEqual(
    expect.objectContaining({ productId: product.id, unavailable: "seller_suspended" }),
  );
  const buyLaterView = await run(platform, buyLaterPage.loader as RouteHandler, pageRequest("/user/buy-later", member));
  expect((buyLaterView.value as { items: { id: number; unavailable: string | null }[] }).items).toContainEqual(
    expect.objectContaining({ id: saved!.id, unavailable: "seller_suspended" }),
  );
  const cart = await loadCart(db, { userId: MEMBER_ID }, {}, new Date());
  expect(cart.buyLater).toContainEqual(expect.objectContaining({ id: saved!.id, unavailable: "seller_suspended" }));
  // The cart's JSON (spec §7 /api/cart) carries the same mark for the script-driven cart.
  const cartJson = await run(platform, cartApi.action as RouteHandler, postRequest("/api/cart", {}, { cookie: member }));
  expect(cartJson.status).toBe(200);
  expect(((await cartJson.response!.json()) as { buy_later: unknown[] }).buy_later).toContainEqual(
    expect.objectContaining({ id: saved!.id, unavailable: "seller_suspended", unavailable_label: "販売停止中" }),
  );

  const refusal = moveBackRefusal(product.title, "seller_suspended");
  const fromPage = await run(
    platform,
    buyLaterPage.action as RouteHandler,
    postRequest("/user/buy-later", { intent: "move", id: String(saved!.id) }, { cookie: member, mode: "navigate" }),
  );
  expect(fromPage.status).toBe(409);
  expect(fromPage.value).toEqual({ ok: false, error: refusal });
  const fromCart = await run(
    platform,
    cartPage.action as RouteHandler,
    postRequest("/cart", { intent: "move_back", item: String(saved!.id) }, { cookie: member }),
  );
  expect(fromCart.status).toBe(409);
  expect(fromCart.value).toMatchObject({ ok: false, error: refusal });
  expect(await db.select().from(buyLater).where(eq(buyLater.id, saved!.id))).toHaveLength(1);
  expect(await memberCartLines(platform)).not.toContainEqual({ productId: product.id });

  // Reactivated, the same item goes back to the cart.
  await db.update(merchants).set({ status: "active" }).where(eq(merchants.id, MERCHANT_ID));
  const moved = await run(
    platform,
    buyLaterPage.action as RouteHandler,
    postRequest("/user/buy-later", { intent: "move", id: String(saved!.id) }, { cookie: member, mode: "navigate" }),
  );
  expect(moved.status).toBe(303);
  expect(await memberCartLines(platform)).toContainEqual({ productId: product.id });
});
