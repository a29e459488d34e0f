/**
 * The back office's product list (/crm/products for staff, /merchant/products for a merchant), on the
 * generic listing (app/core/search/listing.ts): filtered by state, category, merchant (staff only), stock at or
 * below a count, a stock alert (out or low, app/core/catalogue/stock-alerts.ts), and a keyword (title or any SKU of the product, its variations or choices); sorted;
 * paged. Pure.
 */
import type { CatalogueScope } from "./catalogue-scope";
import { labelledChoices, type ListingChoice, type ListingDefinition } from "../search/listing";
import { PRODUCT_STATE_LABELS } from "./product-status";
import { STOCK_ALERT_FILTER, STOCK_ALERT_LABELS } from "./stock-alerts";

export type ProductListSort = "updated" | "title" | "sku" | "price" | "stock";

/** The merchant filter's value for the shop's own products (no merchant). */
export const OWN_PRODUCTS = "shop";

/** Stock thresholds the 「在庫 N 以下」 filter offers (the product's stock, variations summed). */
export const STOCK_THRESHOLDS = [0, 5, 10, 20, 50, 100] as const;

export interface ListingOption {
  id: number;
  name: string;
}

export function productListing(
  scopeKind: CatalogueScope["kind"],
  categories: readonly ListingOption[],
  merchants: readonly ListingOption[],
): ListingDefinition<ProductListSort> {
  const merchantChoices: ListingChoice[] = [
    { value: OWN_PRODUCTS, label: "当社の商品" },
    ...merchants.map((merchant) => ({ value: String(merchant.id), label: merchant.name })),
  ];
  return {
    orderby: ["updated", "title", "sku", "price", "stock"],
    defaultOrderby: "updated",
    defaultOrdersens: "DESC",
    pageSize: 30,
    filters: [
      { name: "q", label: "キーワード", operator: "LIKE", type: "text", placeholder: "商品名・SKU（一部でも可）" },
      { name: "state", label: "状態", operator: "=", type: "choice", choices: labelledChoices(PRODUCT_STATE_LABELS) },
      {
        name: "category",
        label: "カテゴリ",
        operator: "=",
        type: "choice",
        choices: categories.map((category) => ({ value: String(category.id), label: category.name })),
      },
      ...(scopeKind === "staff" ? [{ name: "merchant", label: "出品者", operator: "=" as const, type: "choice" as const, choices: merchantChoices }] : []),
      {
        name: "stock_max",
        label: "在庫",
        operator: "=",
        type: "choice",
        choices: STOCK_THRESHOLDS.map((count) => ({ value: String(count), label: count === 0 ? "在庫切れ（0）" : `${count}点以下` })),
      },
      { name: STOCK_ALERT_FILTER, label: "在庫の通知", operator: "=", type: "choice", choices: labelledChoices(STOCK_ALERT_LABELS) },
    ],
  };
}

/**
 * The filter choices a list's URL names (`category`, `merchant`), as options without names: what the query is
 * read against before the real choices arrive in the list's own batch. A value that is not a real choice is
 * then refused by the real ones (the canonical URL drops it).
 */
export function namedListingOptions(params: URLSearchParams): { categories: ListingOption[]; merchants: ListingOption[] } {
  const named = (name: string) =>
    params
      .getAll(name)
      .filter((value) => value !== OWN_PRODUCTS)
      .map((value) => ({ id: Number(value), name: "" }));
  return { categories: named("category"), merchants: named("merchant") };
}
