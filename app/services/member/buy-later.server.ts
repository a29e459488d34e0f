/** A member's buy-later list: rows moved out of the cart, products saved from their page, and back again. */
import { and, eq, isNull, sql } from "drizzle-orm";
import { moveBackRefusal, savedItemUnavailable } from "~/core/member/saved-items";
import type { Database } from "~/db/client.server";
import { buyLater, cartLines, products } from "~/db/schema";
import { addLine, ownedLine } from "../cart/cart-line-ops.server";
import { parseOptionKey } from "../cart/cart-lines.server";
import { sellerActive } from "../catalogue/catalogue.server";
import { ensureCart, type CartOwner } from "../cart/cart.server";

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

export type MoveBackResult = { ok: true } | { ok: false; notFound: true } | { ok: false; refusal: string };

/**
 * Moves a buy-later item back into the member's cart — unless it cannot be bought now (archived, no
 * longer published, its merchant suspended): then it stays on the list and the refusal says why.
 */
export async function moveBackToCart(db: Database, userId: number, buyLaterId: number): Promise<MoveBackResult> {
  const found = await db
    .select({ item: buyLater, title: products.title, status: products.status, sellerActive: sql<number>`${sellerActive}` })
    .from(buyLater)
    .innerJoin(products, eq(products.id, buyLater.productId))
    .where(and(eq(buyLater.id, buyLaterId), eq(buyLater.userId, userId)))
    .get();
  if (!found) return { ok: false, notFound: true };
  const { item } = found;
  const unavailable = savedItemUnavailable({ status: found.status, sellerSuspended: !found.sellerActive });
  if (unavailable) return { ok: false, refusal: moveBackRefusal(found.title, unavailable) };
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
  return { ok: true };
}
