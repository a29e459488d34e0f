import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { cartLines, carts } from "~/db/schema";
import { ensureCart } from "~/services/cart/cart.server";
import { addLine } from "~/services/cart/cart-line-ops.server";
import { mergeGuestCart } from "~/services/cart/cart-merge.server";
import { loadCart } from "~/services/cart/cart-view.server";
import { platformTest, seedClock } from "../support/platform-test";

const now = seedClock();
const it = platformTest();

const simple = { productId: 1, variationId: null, choiceSku: null, optionChoiceIds: [], isPreorder: false, subscribe: null };

describe("mergeGuestCart", () => {
  it("adds the guest's rows to the member's cart, summing identical rows, and removes the guest cart", async ({ platform }) => {
    const memberCart = await ensureCart(platform.db, { userId: 3 });
    await addLine(platform.db, memberCart, { ...simple, quantity: 1 });
    const guestCart = await ensureCart(platform.db, {});
    await addLine(platform.db, guestCart, { ...simple, quantity: 2 });
    await addLine(platform.db, guestCart, { ...simple, productId: 2, quantity: 1 });
    await platform.db.update(carts).set({ couponCode: "SPRING10" }).where(eq(carts.id, guestCart));

    await mergeGuestCart(platform.db, guestCart, 3);

    const rows = await platform.db.select().from(cartLines).where(eq(cartLines.cartId, memberCart));
    expect(rows.map((row) => [row.productId, row.quantity]).sort()).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect(await platform.db.select().from(carts).where(eq(carts.id, guestCart))).toEqual([]);
    const view = await loadCart(platform.db, { userId: 3 }, {}, now);
    expect(view.couponCode).toBe("SPRING10");
    expect(view.cart.quantity).toBe(4);
  });

  it("ignores a member's own cart id and unknown ids", async ({ platform }) => {
    const memberCart = await ensureCart(platform.db, { userId: 3 });
    await mergeGuestCart(platform.db, memberCart, 3);
    await mergeGuestCart(platform.db, "no-such-cart", 3);
    const rows = await platform.db.select().from(cartLines).where(eq(cartLines.cartId, memberCart));
    expect(rows.length).toBe(2);
  });
});
