import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { cartLines, carts } from "~/db/schema";
import { ensureCart } from "./cart.server";

/**
 * On login the guest's rows join the member's cart (identical rows add up; limits apply on the next
 * load) and the guest cart is removed. The member keeps their coupon; the guest's is kept if they had none.
 */
export async function mergeGuestCart(db: Database, guestCartId: string, userId: number): Promise<void> {
  const guest = await db
    .select()
    .from(carts)
    .where(and(eq(carts.id, guestCartId), isNull(carts.userId)))
    .get();
  if (!guest) return;
  const memberCartId = await ensureCart(db, { userId });
  if (memberCartId === guestCartId) return;
  // The select has a WHERE clause, which SQLite needs before ON CONFLICT in an INSERT … SELECT.
  await db.batch([
    db
      .insert(cartLines)
      .select(
        db
          .select({
            // Every column in table order; a null id lets SQLite assign a new one.
            id: sql<number>`null`.as("id"),
            cartId: sql<string>`${memberCartId}`.as("cart_id"),
            productId: cartLines.productId,
            variationId: cartLines.variationId,
            choiceSku: cartLines.choiceSku,
            optionChoiceIds: cartLines.optionChoiceIds,
            wrapping: cartLines.wrapping,
            quantity: cartLines.quantity,
            isPreorder: cartLines.isPreorder,
            subscribe: cartLines.subscribe,
            lineKey: cartLines.lineKey,
            createdAt: cartLines.createdAt,
            shippingDay: cartLines.shippingDay,
            privateGrant: cartLines.privateGrant,
          })
          .from(cartLines)
          .where(eq(cartLines.cartId, guestCartId)),
      )
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.lineKey],
        set: {
          quantity: sql`${cartLines.quantity} + excluded.quantity`,
          privateGrant: sql`coalesce(excluded.private_grant, ${cartLines.privateGrant})`,
        },
      }),
    db
      .update(carts)
      .set({ couponCode: sql`coalesce(${carts.couponCode}, ${guest.couponCode})`, updatedAt: new Date() })
      .where(eq(carts.id, memberCartId)),
    db.delete(carts).where(eq(carts.id, guestCartId)),
  ]);
}
