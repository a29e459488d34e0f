/**
 * The guard statements of the order-placement batch: each fails the whole batch (one transaction) when
 * what the order relies on ran out or changed meanwhile — stock, pre-order stock, points, coupon uses,
 * the merchant still selling, the buyer's account not suspended, and the cart rows themselves (so one
 * cart never becomes two orders).
 */
import { count, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { d1FailedWith, type Database } from "~/db/client.server";
import { cartLines, couponUses, products, productVariations, users, variationChoices } from "~/db/schema";
import { sellerActive } from "../catalogue/catalogue.server";

/** A statement that fails the batch when `condition` is false (SQLite raises on abs(min int)). */
export function guard(db: Database, condition: SQL) {
  return db.select({ ok: sql<number>`case when ${condition} then count(*) else abs(-9223372036854775808) end` }).from(users);
}

/**
 * Whether a failed batch failed on what it guards: a guard above (SQLite's integer overflow, which no
 * statement of an order raises otherwise) or a constraint a racing request can break (a placement token
 * or e-mail taken meanwhile, stock below zero, a row gone). Anything else — D1 unreachable, a NOT NULL or
 * syntax error — is a fault, not a changed cart. D1 puts SQLite's message in the error's (and its cause's).
 */
export function isGuardFailure(error: unknown): boolean {
  return d1FailedWith(error, /integer overflow|(UNIQUE|CHECK|FOREIGN KEY) constraint failed/);
}

/** Stock comes off the choice (when it keeps its own), the variation, or the product; pre-orders off pre-order stock. */
export function stockStatements(
  db: Database,
  quantity: number,
  isPreorder: boolean,
  line: { productId: number; variationId: number | null; choiceSku: string | null; choiceHasOwnStock: boolean },
): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  if (isPreorder) {
    if (line.variationId != null) {
      statements.push(
        guard(
          db,
          sql`(select ${productVariations.inventoryPreorderMax} from ${productVariations} where ${productVariations.id} = ${line.variationId}) >= ${quantity}`,
        ),
        db
          .update(productVariations)
          .set({ inventoryPreorderMax: sql`${productVariations.inventoryPreorderMax} - ${quantity}` })
          .where(eq(productVariations.id, line.variationId)),
      );
    } else {
      statements.push(
        guard(db, sql`(select ${products.inventoryPreorderMax} from ${products} where ${products.id} = ${line.productId}) >= ${quantity}`),
        db
          .update(products)
          .set({ inventoryPreorderMax: sql`${products.inventoryPreorderMax} - ${quantity}` })
          .where(eq(products.id, line.productId)),
      );
    }
    return statements;
  }
  if (line.choiceSku != null && line.choiceHasOwnStock) {
    statements.push(
      guard(db, sql`(select ${variationChoices.inventory} from ${variationChoices} where ${variationChoices.sku} = ${line.choiceSku}) >= ${quantity}`),
      db
        .update(variationChoices)
        .set({ inventory: sql`${variationChoices.inventory} - ${quantity}` })
        .where(eq(variationChoices.sku, line.choiceSku)),
    );
  }
  if (line.variationId != null) {
    statements.push(
      guard(db, sql`(select ${productVariations.inventory} from ${productVariations} where ${productVariations.id} = ${line.variationId}) >= ${quantity}`),
      db
        .update(productVariations)
        .set({ inventory: sql`${productVariations.inventory} - ${quantity}` })
        .where(eq(productVariations.id, line.variationId)),
    );
  } else {
    statements.push(
      guard(db, sql`(select ${products.inventory} from ${products} where ${products.id} = ${line.productId}) >= ${quantity}`),
      db
        .update(products)
        .set({ inventory: sql`${products.inventory} - ${quantity}` })
        .where(eq(products.id, line.productId)),
    );
  }
  return statements;
}

/**
 * The product's merchant still sells (not suspended): checked in the order's batch like stock, so a
 * suspension that lands while the shopper confirms refuses the order instead of selling past it.
 */
export function sellerActiveGuard(db: Database, productId: number) {
  return guard(db, sql`exists (select 1 from ${products} where ${products.id} = ${productId} and ${sellerActive})`);
}

/**
 * No account suspended by staff has the order's e-mail (decision 0056): a member signed in before the
 * suspension landed, or a guest typing a suspended member's address, orders nothing.
 */
export function buyerNotSuspendedGuard(db: Database, email: string) {
  return guard(db, sql`not exists (select 1 from ${users} where ${users.email} = ${email} and ${users.suspendedAt} is not null)`);
}

/** After this order's use is inserted, the coupon's total and per-customer limits must still hold. */
export function couponLimitGuards(db: Database, couponId: number, email: string): BatchItem<"sqlite">[] {
  const limits = sql`(select max_uses from coupons where id = ${couponId})`;
  const perCustomer = sql`(select max_uses_per_user from coupons where id = ${couponId})`;
  return [
    guard(db, sql`${limits} is null or (select ${count()} from ${couponUses} where ${couponUses.couponId} = ${couponId}) <= ${limits}`),
    guard(
      db,
      sql`${perCustomer} is null or (select ${count()} from ${couponUses} where ${couponUses.couponId} = ${couponId} and ${couponUses.email} = ${email}) <= ${perCustomer}`,
    ),
  ];
}

/**
 * The cart still holds every row that was priced, with its quantity. A second checkout tab
 * submitting the same cart finds them gone (the first order emptied the cart) and places nothing.
 */
export function cartStateGuards(db: Database, cartId: string, lines: { id: number; quantity: number }[]): BatchItem<"sqlite">[] {
  return lines.map((line) =>
    guard(
      db,
      sql`exists (select 1 from ${cartLines} where ${cartLines.id} = ${line.id} and ${cartLines.cartId} = ${cartId} and ${cartLines.quantity} = ${line.quantity})`,
    ),
  );
}
