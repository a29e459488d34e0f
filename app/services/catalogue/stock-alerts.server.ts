/**
 * The stock alerts of app/core/catalogue/stock-alerts.ts in SQL: one condition per alert, which the product
 * list's `stock` filter (product-listing.server.ts) and the counts below both use, so a count always equals
 * the list it links to (STOCK_ALERT_HREFS).
 */
import { count, sql, type SQL } from "drizzle-orm";
import type { StockAlert } from "~/core/catalogue/stock-alerts";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { qualified, type Database } from "~/db/client.server";
import { products, productVariations } from "~/db/schema";
import { currentSettingSql } from "../settings/shop-settings.server";

/** The item's alert test on its stock; the threshold is always the product's, or the shop settings' default in force. */
function itemCondition(alert: StockAlert, inventory: SQL): SQL {
  const threshold = sql`coalesce(${qualified(products.lowStockThreshold)}, ${currentSettingSql("$.lowStockDefault", DEFAULT_SHOP_SETTINGS.lowStockDefault)})`;
  return alert === "out" ? sql`${inventory} <= 0` : sql`(${inventory} > 0 and ${inventory} <= ${threshold})`;
}

/** A product (not 販売終了) whose own stock, or a variation's (not 販売終了) for a variation product, raises `alert`. */
export function stockAlertCondition(alert: StockAlert): SQL {
  const own = itemCondition(alert, qualified(products.inventory));
  const variation = itemCondition(alert, qualified(productVariations.inventory));
  return sql`(${qualified(products.status)} <> 'archived' and case when ${qualified(products.type)} = 'variation'
    then exists (select 1 from ${productVariations} where ${qualified(productVariations.productId)} = ${qualified(products.id)}
      and ${qualified(productVariations.status)} <> 'archived' and ${variation})
    else ${own} end)`;
}

/**
 * How many products the staff list shows under each alert, as ONE unrun query for the caller's own
 * `db.batch([...])`; its result is `[{ out, low }]`.
 */
export function stockAlertCountsQuery(db: Database) {
  return db
    .select({
      out: count(sql`case when ${stockAlertCondition("out")} then 1 end`),
      low: count(sql`case when ${stockAlertCondition("low")} then 1 end`),
    })
    .from(products);
}
