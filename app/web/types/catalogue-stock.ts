/** What the product stock pages (/crm/products/{id}/stock, /merchant/products/{id}/stock) answer and their component reads (types only). */
import type { StockFormErrors, StockFormField } from "~/core/catalogue/stock-adjustment";
import type { PriceHistoryEntry } from "~/services/catalogue/price-history.server";
import type { ProductStock, StockHistoryEntry } from "~/services/catalogue/stock-history.server";

/** JSON turns dates into text. */
type Serialized<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

export interface HistoryPage<Row> {
  rows: Serialized<Row>[];
  total: number;
  /** 0-based. */
  page: number;
  /** Page numbers to link (paginatorPages). */
  pages: number[];
}

/** A line of the stock history as the page shows it: the order it came from, linked where the viewer may open it. */
export type StockHistoryLine = Omit<StockHistoryEntry, "order"> & { order: { number: string; href: string | null } | null };

export interface ProductStockPageData {
  /** /crm/products or /merchant/products. */
  base: string;
  product: ProductStock;
  stockHistory: HistoryPage<StockHistoryLine>;
  priceHistory: HistoryPage<PriceHistoryEntry>;
  /** What a link asked the form to start with (the 調整 link of a stock). */
  preset: { target: string | null; pool: "stock" | "preorder" };
  notice: string | null;
}

/** A refused adjustment: each field's message and everything as typed. */
export interface StockAdjustmentActionData {
  errors: StockFormErrors;
  values: Record<StockFormField, string>;
}
