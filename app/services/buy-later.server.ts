/** A member's buy-later list: rows moved out of the cart, products saved from their page, and back again. */
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { buyLater, cartLines } from "~/db/schema";
import { addLine, ownedLine } from "./cart-line-ops.server";
import { parseOptionKey } from "./cart-lines.server";
import { ensureCart, type CartOwner } from "./cart.server";

/** Moves a row to the member's buy-later list. */
export async function moveToBuyLater(db: Database, owner: Required<Pick<CartOwner, "userId">>, lineId: number): Promise<boolean> {
  const line = await ownedLine(db, owner, lineId);
  if (!line) return false;
  const already = await db
    .select({ id: buyLater.id })
    .from(buyLater)
    .where(
      and(
        eq(buyLater.userId, owner.userId),
        eq(buyLater.productId, line.productId),
        line.variationId == null ? isNull(buyLater.variationId) : eq(buyLater.variationId, line.variationId),
        line.choiceSku == null ? isNull(buyLater.choiceSku) : eq(buyLater.choiceSku, line.choiceSku),
        eq(buyLater.optionChoiceIds, line.optionChoiceIds),
      ),
    )
    .get();
  // The same item saved twice stays one entry.
  if (already) {
    await db.delete(cartLines).where(eq(cartLines.id, line.id));
    return true;
  }
  await db.batch([
    db.insert(buyLater).values({
      userId: owner.userId,
      productId: line.productId,
      variationId: line.variationId,
      choiceSku: line.choiceSku,
      optionChoiceIds: line.optionChoiceIds,
      quantity: line.quantity,
    }),
    db.delete(cartLines).where(eq(cartLines.id, line.id)),
  ]);
  return true;
}

/** Saves a product for later straight from its page (no cart row involved). */
export async function saveForLater(db: Database, userId: number, productId: number): Promise<void> {
  const existing = await db
    .select({ id: buyLater.id })
    .from(buyLater)
    .where(and(eq(buyLater.userId, userId), eq(buyLater.productId, productId), isNull(buyLater.variationId)))
    .get();
  if (!existing) await db.insert(buyLater).values({ userId, productId });
}

/** Moves a buy-later item back into the member's cart. */
export async function moveBackToCart(db: Database, userId: number, buyLaterId: number): Promise<boolean> {
  const item = await db
    .select()
    .from(buyLater)
    .where(and(eq(buyLater.id, buyLaterId), eq(buyLater.userId, userId)))
    .get();
  if (!item) return false;
  const cartId = await ensureCart(db, { userId });
  await addLine(db, cartId, {
    productId: item.productId,
    variationId: item.variationId,
    choiceSku: item.choiceSku,
    optionChoiceIds: parseOptionKey(item.optionChoiceIds),
    quantity: item.quantity,
    isPreorder: false,
    subscribe: null,
  });
  await db.delete(buyLater).where(eq(buyLater.id, item.id));
  return true;
}
