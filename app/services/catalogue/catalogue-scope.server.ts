/** The SQL side of app/core/catalogue/catalogue-scope.ts: the condition every back-office product query carries. */
import { and, eq, type SQL } from "drizzle-orm";
import type { CatalogueScope } from "~/core/catalogue/catalogue-scope";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";

/** Products the scope may see and change (undefined = all, for staff). */
export function productsInScope(scope: CatalogueScope): SQL | undefined {
  return scope.kind === "merchant" ? eq(products.merchantId, scope.merchantId) : undefined;
}

/** The product with this id if the scope may edit it; null otherwise (the route answers 404). */
export async function findProductInScope(db: Database, scope: CatalogueScope, productId: number) {
  const [row] = await db
    .select({ id: products.id, sku: products.sku, title: products.title, merchantId: products.merchantId, revision: products.revision })
    .from(products)
    .where(and(eq(products.id, productId), productsInScope(scope)))
    .limit(1);
  return row ?? null;
}
