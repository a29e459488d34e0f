/**
 * What every part of the shop agrees on about a product, whoever names it: where its page is, whether a
 * call that names it by id may show it, and how its absence is worded. Pure.
 */

export const PRODUCT_NOT_FOUND_MESSAGE = "お探しの商品は見つかりませんでした。";

/** The product page's canonical path. */
export function productPath(product: { categorySlug: string; sku: string }): string {
  return `/category/${encodeURIComponent(product.categorySlug)}/${encodeURIComponent(product.sku)}`;
}

/**
 * What the API may show when a product is named by id: published and archived products (archived ones
 * price as "unavailable"); drafts and private products are not found — a private one is reachable only
 * through its secret link page.
 */
export function isApiVisible(product: { status: "published" | "draft" | "archived"; isPrivate: boolean }): boolean {
  return product.status !== "draft" && !product.isPrivate;
}
