/**
 * Stock alerts for staff (issue 37): which products are out of stock or running low, by a threshold each
 * product may set (products.low_stock_threshold; null = the shop settings' lowStockDefault). Pure: the listing filter and the
 * counts ask the same in SQL (app/services/catalogue/stock-alerts.server.ts); tests hold the two together.
 *
 * An item is the product, or each variation of a variation product (their stock is theirs; the product's is
 * the sum). An item is "out" at stock 0 and "low" from 1 up to the threshold. Stock is always counted here
 * (every sale takes it off, downloads too), so nothing is exempt for being unlimited; what is 販売終了
 * (archived) — the product, or one variation — is never restocked and never alerts.
 * Not LOW_STOCK_THRESHOLD (app/core/limits.ts): that is the shopper's 「残りN点」 message, a different audience.
 */

/** The largest threshold the editor takes. */
export const LOW_STOCK_THRESHOLD_MAX = 9_999;

export const STOCK_ALERTS = ["out", "low"] as const;
export type StockAlert = (typeof STOCK_ALERTS)[number];

export const STOCK_ALERT_LABELS: Record<StockAlert, string> = { out: "在庫切れ", low: "在庫わずか" };

/** The product list's filter (app/core/catalogue/product-listing.ts) that picks the products of an alert. */
export const STOCK_ALERT_FILTER = "stock";

/** The staff product list showing the products of each alert. */
export const STOCK_ALERT_HREFS: Record<StockAlert, string> = {
  out: `/crm/products?${STOCK_ALERT_FILTER}=out`,
  low: `/crm/products?${STOCK_ALERT_FILTER}=low`,
};

export interface StockAlertProduct {
  status: "published" | "draft" | "archived";
  type: "simple" | "set" | "variation";
  inventory: number;
  lowStockThreshold: number | null;
  variations: readonly { status: "published" | "draft" | "archived"; inventory: number }[];
}

/** One item's alert at `threshold`: out at 0, low from 1 to the threshold, else none. */
export function stockAlertOf(inventory: number, threshold: number): StockAlert | null {
  if (inventory <= 0) return "out";
  return inventory <= threshold ? "low" : null;
}

/** The alerts a product raises: each alert any of its items has; `lowStockDefault` is the threshold of a product that sets none. */
export function productStockAlerts(product: StockAlertProduct, lowStockDefault: number): Set<StockAlert> {
  const alerts = new Set<StockAlert>();
  if (product.status === "archived") return alerts;
  const threshold = product.lowStockThreshold ?? lowStockDefault;
  const items = product.type === "variation" ? product.variations.filter((variation) => variation.status !== "archived") : [product];
  for (const item of items) {
    const alert = stockAlertOf(item.inventory, threshold);
    if (alert) alerts.add(alert);
  }
  return alerts;
}
