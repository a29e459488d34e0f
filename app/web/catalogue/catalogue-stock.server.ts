/**
 * The product stock pages over HTTP (/crm/products/{id}/stock for staff, /merchant/products/{id}/stock
 * for the product's merchant; another merchant's product is 404): the stocks now, the stock and price
 * histories, and the adjustment form (a plain POST; PRG with a notice; refused: 400/404/409 with a
 * message per field and everything as typed).
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import type { CatalogueScope } from "~/core/catalogue/catalogue-scope";
import { paginatorPages, pageCount } from "~/core/paginator";
import { PRICE_HISTORY_PAGE_SIZE } from "~/core/catalogue/price-history";
import { STOCK_FORM_FIELDS, STOCK_HISTORY_PAGE_SIZE, STOCK_MESSAGES, type StockFormField } from "~/core/catalogue/stock-adjustment";
import { StockAdjustmentSchema, stockFormErrors } from "~/core/catalogue/stock-adjustment-forms";
import { IdSchema, PageSchema } from "~/core/validation";
import { findProductInScope } from "~/services/catalogue/catalogue-scope.server";
import { listPriceChanges } from "~/services/catalogue/price-history.server";
import { adjustStock } from "~/services/catalogue/stock-adjustments.server";
import { purgeProductPages } from "../site/edge-cache.server";
import { listStockMovements, productStock, type StockHistoryEntry } from "~/services/catalogue/stock-history.server";
import { requireMerchantCatalogueEditor, requireStaffCatalogueEditor, type CatalogueEditor } from "../account/auth.server";
import { invariantResponse, readFormData, redirectWithNotice } from "../http.server";
import { fieldsOf, parseQuery, redirectedNotice } from "../input.server";
import type { ProductStockPageData, StockAdjustmentActionData, StockHistoryLine } from "../types/catalogue-stock";

/** Which back office: staff (every product) or a merchant's portal (its own). */
export type CatalogueSide = "crm" | "merchant";

const BASES: Record<CatalogueSide, string> = { crm: "/crm/products", merchant: "/merchant/products" };
const NOTICES = { adjusted: STOCK_MESSAGES.done } as const;
const PRIVATE = { "Cache-Control": "private, no-store" } as const;

const PageQuerySchema = v.object({
  page: PageSchema,
  prices: PageSchema,
  target: v.fallback(v.nullable(v.pipe(v.string(), v.regex(/^(p|[vc][1-9]\d{0,8})$/))), null),
  pool: v.fallback(v.picklist(["stock", "preorder"]), "stock"),
});

/** The editor of this side, and the product `/…/products/{id}/stock` names when the editor may see it (else 404). */
async function productOfPage(request: Request, context: AppLoadContext, side: CatalogueSide, rawId: string | undefined) {
  const editor: CatalogueEditor = side === "crm" ? await requireStaffCatalogueEditor(request, context) : await requireMerchantCatalogueEditor(request, context);
  const id = v.safeParse(IdSchema, rawId ?? "");
  const product = id.success ? await findProductInScope(context.db, editor.scope, id.output) : null;
  invariantResponse(product, STOCK_MESSAGES.productNotFound, { status: 404 });
  return { editor, product, path: `${BASES[side]}/${product.id}/stock` };
}

export async function loadProductStockPage(request: Request, context: AppLoadContext, side: CatalogueSide, rawId: string | undefined) {
  const { editor, product } = await productOfPage(request, context, side, rawId);
  const query = parseQuery(request, PageQuerySchema);
  const [stock, movements, prices] = await Promise.all([
    productStock(context.db, editor.scope, product.id),
    listStockMovements(context.db, editor.scope, product.id, query.page),
    listPriceChanges(context.db, editor.scope, product.id, query.prices),
  ]);
  invariantResponse(stock, STOCK_MESSAGES.productNotFound, { status: 404 });
  const lines = movements.rows.map((row) => withOrderLink(row, editor.scope));
  const page: ProductStockPageData = {
    base: BASES[side],
    product: stock,
    stockHistory: historyPage({ rows: lines, total: movements.total }, query.page, STOCK_HISTORY_PAGE_SIZE),
    priceHistory: historyPage(prices, query.prices, PRICE_HISTORY_PAGE_SIZE),
    preset: { target: query.target, pool: query.pool },
    notice: redirectedNotice(request, NOTICES),
  };
  return data(page, { headers: PRIVATE });
}

/**
 * A history line with the link to its order: staff open the order desk; a merchant opens its own parcel of
 * the order (a line that left the warehouse names the order without a link).
 */
function withOrderLink({ order, ...row }: StockHistoryEntry, scope: CatalogueScope): StockHistoryLine {
  if (!order) return { ...row, order: null };
  const ownParcel = scope.kind === "merchant" && order.shipmentId != null && order.shipmentMerchantId === scope.merchantId;
  const href = scope.kind === "staff" ? `/crm/orders/${order.id}` : ownParcel ? `/merchant/shipments/${order.shipmentId}` : null;
  return { ...row, order: { number: order.number, href } };
}

/** A page of a history as the page shows it (times as ISO text, the pages to link). */
function historyPage<Row extends { createdAt: Date }>(history: { rows: Row[]; total: number }, page: number, pageSize: number) {
  return {
    rows: history.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: history.total,
    page,
    pages: paginatorPages(page, pageCount(history.total, pageSize)),
  };
}

/** The form's fields as typed (text only, as long as a field may reasonably be), shown again after a refusal. */
function typedValues(form: FormData): Record<StockFormField, string> {
  const values = {} as Record<StockFormField, string>;
  for (const field of STOCK_FORM_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value.slice(0, 400) : "";
  }
  return values;
}

/** One adjustment of the product's stock; done: back to the page with a notice (303). */
export async function productStockAction(request: Request, context: AppLoadContext, side: CatalogueSide, rawId: string | undefined) {
  const { editor, product, path } = await productOfPage(request, context, side, rawId);
  const form = await readFormData(request);
  const values = typedValues(form);
  const read = v.safeParse(StockAdjustmentSchema, fieldsOf(form));
  if (!read.success) return data<StockAdjustmentActionData>({ errors: stockFormErrors(read.issues), values }, { status: 400, headers: PRIVATE });
  const { target, pool, change } = read.output;
  const result = await adjustStock(context.db, editor.scope, { productId: product.id, target, pool }, change, editor.actor);
  if (!result.ok) return data<StockAdjustmentActionData>({ errors: { [result.field]: result.error }, values }, { status: result.status, headers: PRIVATE });
  await purgeProductPages(context, [product.id]);
  throw redirectWithNotice(path, "adjusted");
}
