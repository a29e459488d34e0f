/**
 * The rows of a shopper's cart: adding one (guarded by its cap and the item's stock in the same
 * statement), listing them as stored, and changing or removing one the shopper owns.
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { cartLineKey } from "~/core/cart/cart";
import type { Database } from "~/db/client.server";
import { cartLines, carts } from "~/db/schema";
import { parseOptionKey } from "./cart-lines.server";
import { ownerCondition, touch, type CartOwner } from "./cart.server";

export interface NewCartLine {
  productId: number;
  variationId: number | null;
  choiceSku: string | null;
  optionChoiceIds: number[];
  quantity: number;
  isPreorder: boolean;
  subscribe: number | null;
  /** Gift wrapping asked for with this add (an existing row keeps wrapping it already has). */
  wrapping?: boolean;
  /** Requested shipping day (yyyy-mm-dd); an add without one keeps the row's. */
  shippingDay?: string | null;
  /** The private product's link secret the shopper holds (see cartLines.privateGrant). */
  privateGrant?: string | null;
}

/** What an add may bring a row to: its own cap (50 / 6) and the stock all rows of the same item share. */
export interface LineLimits {
  lineCap: number;
  stock: number;
}

function optionKey(ids: number[]): string {
  return [...ids].sort((a, b) => a - b).join(",");
}

/** The same item (product, variation, variable choice) in a cart, whatever its options: rows of it share its stock. */
function sameItem(cartId: string | SQL, line: Pick<NewCartLine, "productId" | "variationId" | "choiceSku">): SQL {
  return sql`${cartLines.cartId} = ${cartId} and ${cartLines.productId} = ${line.productId} and ${cartLines.variationId} is ${line.variationId} and ${cartLines.choiceSku} is ${line.choiceSku}`;
}

/**
 * Adds a row, or more of an identical row, in one conditional upsert: with `limits`, nothing is written
 * when the row would pass its cap or the item's rows together its stock — checked inside the statement,
 * so two adds at once cannot both pass. Answers the row's new quantity, or null when refused. Without
 * `limits` (moving rows between a member's lists) the next cart load brings the row within them.
 */
export async function addLine(db: Database, cartId: string, line: NewCartLine, limits?: LineLimits): Promise<number | null> {
  const inCart = sql`(select coalesce(sum(${cartLines.quantity}), 0) from ${cartLines} where ${sameItem(cartId, line)})`;
  const fits = limits ? sql`${line.quantity} <= ${limits.lineCap} and ${inCart} + ${line.quantity} <= ${limits.stock}` : sql`1`;
  const [rows] = await db.batch([
    db
      .insert(cartLines)
      .select(
        db
          .select({
            // Every column in table order; a null id lets SQLite assign a new one.
            id: sql<number>`null`.as("id"),
            cartId: carts.id,
            productId: sql<number>`${line.productId}`.as("product_id"),
            variationId: sql<number | null>`${line.variationId}`.as("variation_id"),
            choiceSku: sql<string | null>`${line.choiceSku}`.as("choice_sku"),
            optionChoiceIds: sql<string>`${optionKey(line.optionChoiceIds)}`.as("option_choice_ids"),
            wrapping: sql<number>`${line.wrapping ? 1 : 0}`.as("wrapping"),
            quantity: sql<number>`${line.quantity}`.as("quantity"),
            isPreorder: sql<number>`${line.isPreorder ? 1 : 0}`.as("is_preorder"),
            subscribe: sql<number | null>`${line.subscribe}`.as("subscribe"),
            lineKey: sql<string>`${cartLineKey(line)}`.as("line_key"),
            createdAt: sql<number>`(unixepoch('subsec') * 1000)`.as("created_at"),
            shippingDay: sql<string | null>`${line.shippingDay ?? null}`.as("shipping_day"),
            privateGrant: sql<string | null>`${line.privateGrant ?? null}`.as("private_grant"),
          })
          .from(carts)
          .where(and(eq(carts.id, cartId), fits)),
      )
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.lineKey],
        set: {
          quantity: sql`${cartLines.quantity} + excluded.quantity`,
          wrapping: sql`max(${cartLines.wrapping}, excluded.wrapping)`,
          shippingDay: sql`coalesce(excluded.shipping_day, ${cartLines.shippingDay})`,
          privateGrant: sql`coalesce(excluded.private_grant, ${cartLines.privateGrant})`,
        },
        setWhere: limits ? sql`${cartLines.quantity} + excluded.quantity <= ${limits.lineCap}` : undefined,
      })
      .returning({ quantity: cartLines.quantity }),
    touch(db, cartId),
  ]);
  return rows[0]?.quantity ?? null;
}

/** The shopper's row by id, or null when it is not in their cart (ownership check). */
export async function ownedLine(db: Database, owner: CartOwner, lineId: number) {
  return (
    (
      (await db
        .select({ line: cartLines })
        .from(cartLines)
        .innerJoin(carts, eq(carts.id, cartLines.cartId))
        .where(and(eq(cartLines.id, lineId), ownerCondition(owner)))
        .get()) ?? null
    )?.line ?? null
  );
}

/** A stored row of the shopper's cart (identity columns as saved), for naming rows by p/v/o/c. */
export interface StoredCartLine {
  id: number;
  productId: number;
  variationId: number | null;
  choiceSku: string | null;
  optionChoiceIds: number[];
  wrapping: boolean;
  quantity: number;
  isPreorder: boolean;
  subscribe: number | null;
  lineKey: string;
}

/** The rows of the shopper's own cart as stored, oldest first (none without a cart). */
export async function listOwnedLines(db: Database, owner: CartOwner): Promise<StoredCartLine[]> {
  if (owner.userId == null && !owner.cartId && !owner.draftCartId) return [];
  const rows = await db
    .select({ line: cartLines })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(ownerCondition(owner))
    .orderBy(asc(cartLines.id))
    .all();
  return rows.map(({ line }) => ({
    id: line.id,
    productId: line.productId,
    variationId: line.variationId,
    choiceSku: line.choiceSku,
    optionChoiceIds: parseOptionKey(line.optionChoiceIds),
    wrapping: line.wrapping,
    quantity: line.quantity,
    isPreorder: line.isPreorder,
    subscribe: line.subscribe,
    lineKey: line.lineKey,
  }));
}

export async function setLineQuantity(db: Database, owner: CartOwner, lineId: number, quantity: number): Promise<boolean> {
  const line = await ownedLine(db, owner, lineId);
  if (!line) return false;
  await db.batch([db.update(cartLines).set({ quantity }).where(eq(cartLines.id, line.id)), touch(db, line.cartId)]);
  return true;
}

export async function removeLine(db: Database, owner: CartOwner, lineId: number): Promise<boolean> {
  const line = await ownedLine(db, owner, lineId);
  if (!line) return false;
  await db.batch([db.delete(cartLines).where(eq(cartLines.id, line.id)), touch(db, line.cartId)]);
  return true;
}

export async function setLineWrapping(db: Database, owner: CartOwner, lineId: number, wrapping: boolean): Promise<boolean> {
  const line = await ownedLine(db, owner, lineId);
  if (!line) return false;
  await db.update(cartLines).set({ wrapping }).where(eq(cartLines.id, line.id));
  return true;
}
