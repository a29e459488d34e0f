/**
 * What the product's stock page reads (issue 17 item 3): every stock of the product as it is now — the
 * product's own (simple/set) or each variation's, with the choices that keep their own — and the stock
 * history, newest first: adjustments and imports as recorded, and what orders did (placed, cancelled,
 * returned to stock) as the orders say. Every read carries the editor's scope.
 */
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { CatalogueScope } from "~/core/catalogue/catalogue-scope";
import { actorLabel, type OrderActor } from "~/core/orders/order-events";
import { RETURN_STOCK_NOTES } from "~/core/returns/return-requests";
import { STOCK_HISTORY_PAGE_SIZE, type StockHistoryKind, type StockPool } from "~/core/catalogue/stock-adjustment";
import type { Database } from "~/db/client.server";
import {
  orderEvents,
  orderLines,
  orders,
  orderShipments,
  products,
  productVariations,
  returnRequestLines,
  stockMovements,
  variationChoices,
} from "~/db/schema";
import { productsInScope } from "./catalogue-scope.server";

export interface ChoiceStock {
  id: number;
  sku: string;
  label: string;
  /** null = the choice uses its variation's stock. */
  stock: number | null;
}

export interface VariationStock {
  id: number;
  sku: string;
  title: string;
  status: string;
  stock: number;
  preorder: number;
  choices: ChoiceStock[];
}

export interface ProductStock {
  id: number;
  sku: string;
  title: string;
  type: "simple" | "set" | "variation";
  /** The product's own stock (simple/set); a variation product's is its variations'. */
  stock: number;
  preorder: number;
  variations: VariationStock[];
}

/** The product's stocks now, or null when the scope may not see it. */
export async function productStock(db: Database, scope: CatalogueScope, productId: number): Promise<ProductStock | null> {
  const [productRows, variationRows] = await db.batch([
    db
      .select({
        id: products.id,
        sku: products.sku,
        title: products.title,
        type: products.type,
        stock: products.inventory,
        preorder: products.inventoryPreorderMax,
      })
      .from(products)
      .where(and(eq(products.id, productId), productsInScope(scope))),
    db
      .select({
        id: productVariations.id,
        sku: productVariations.sku,
        title: productVariations.title,
        status: productVariations.status,
        stock: productVariations.inventory,
        preorder: productVariations.inventoryPreorderMax,
      })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId))
      .where(and(eq(productVariations.productId, productId), productsInScope(scope)))
      .orderBy(asc(productVariations.position), asc(productVariations.id)),
  ]);
  const product = productRows[0];
  if (!product) return null;
  const choices = variationRows.length
    ? await db
        .select({
          id: variationChoices.id,
          variationId: variationChoices.variationId,
          sku: variationChoices.sku,
          groupTitle: variationChoices.groupTitle,
          title: variationChoices.title,
          stock: variationChoices.inventory,
        })
        .from(variationChoices)
        .where(
          inArray(
            variationChoices.variationId,
            variationRows.map((variation) => variation.id),
          ),
        )
        .orderBy(asc(variationChoices.position), asc(variationChoices.id))
    : [];
  return {
    ...product,
    variations: variationRows.map((variation) => ({
      ...variation,
      choices: choices
        .filter((choice) => choice.variationId === variation.id)
        .map((choice) => ({ id: choice.id, sku: choice.sku, label: `${choice.groupTitle}：${choice.title}`, stock: choice.stock })),
    })),
  };
}

/** The order behind a line of the history (placed, cancelled, returned), for the link to it. */
export interface StockHistoryOrder {
  id: number;
  number: string;
  shipmentId: number | null;
  /** The merchant whose parcel the line left in (null: the warehouse's), so a merchant is linked only to its own. */
  shipmentMerchantId: number | null;
}

export interface StockHistoryEntry {
  /** Unique within the product's history: a movement's or an order line's event. */
  id: string;
  createdAt: Date;
  actorName: string;
  kind: StockHistoryKind;
  pool: StockPool;
  variationTitle: string | null;
  /** How much the line moved the stock (−2 for an order of two). */
  change: number;
  /** The stock before and after: recorded for adjustments and imports; an order's line records only its quantity. */
  before: number | null;
  after: number | null;
  /** The adjustment's reason, or the ordered choice (「サイズ：M」). */
  reason: string;
  order: StockHistoryOrder | null;
}

type HistoryRow = Omit<StockHistoryEntry, "id" | "createdAt" | "actorName" | "reason" | "order"> & {
  key: string;
  at: number;
  note: string;
  actorKind: OrderActor["kind"] | null;
  actorName: string;
  orderId: number | null;
  orderNumber: string | null;
  shipmentId: number | null;
  shipmentMerchantId: number | null;
};

/**
 * Every line of a product's stock history, as one SQL union (so it pages and counts as one list): the
 * recorded movements, and what orders did — read from the orders themselves, which already say it: each
 * line took its quantity when the order was placed; a line cancelled alone (order_lines.cancelled_at), or
 * with the whole order (orders.cancelled_at), gave it back; a received return gave back what came back
 * when staff put it back in stock (the return_received event says so). Who cancelled or received comes
 * from the order's event of that moment. Pre-order lines moved the pre-order stock.
 */
function historyLines(productId: number): SQL {
  const pool = sql`case when l.is_preorder = 1 then 'preorder' else 'stock' end`;
  return sql`
    select 'm' || m.id as key, m.created_at as at, m.kind as kind, m.pool as pool, m.variation_id as variation_id,
           m.after - m.before as change, m.before as before, m.after as after, m.reason as note, null as actor_kind, m.actor_name as actor_name,
           null as order_id, null as order_number, null as shipment_id
      from ${stockMovements} m where m.product_id = ${productId}
    union all
    select 'o' || l.id, o.created_at, 'order', ${pool}, l.variation_id, -l.quantity, null, null, l.choice_label, 'customer', '', o.id, o.number, l.shipment_id
      from ${orderLines} l join ${orders} o on o.id = l.order_id where l.product_id = ${productId}
    union all
    select 'l' || l.id, l.cancelled_at, 'cancel', ${pool}, l.variation_id, l.quantity, null, null, l.choice_label, e.actor_kind, e.actor_name, o.id, o.number, l.shipment_id
      from ${orderLines} l join ${orders} o on o.id = l.order_id
      left join ${orderEvents} e on e.id = (select id from ${orderEvents} where order_id = o.id and kind = 'lines_cancelled' and created_at = l.cancelled_at limit 1)
     where l.product_id = ${productId} and l.cancelled_at is not null
    union all
    select 'c' || l.id, o.cancelled_at, 'cancel', ${pool}, l.variation_id, l.quantity, null, null, l.choice_label, e.actor_kind, e.actor_name, o.id, o.number, l.shipment_id
      from ${orderLines} l join ${orders} o on o.id = l.order_id
      left join ${orderEvents} e on e.id = (select id from ${orderEvents} where order_id = o.id and kind in ('cancelled', 'lapsed') order by id desc limit 1)
     where l.product_id = ${productId} and o.cancelled_at is not null and l.cancelled_at is null
    union all
    select 'r' || e.id || '-' || l.id, e.created_at, 'return', ${pool}, l.variation_id, r.quantity, null, null, l.choice_label, e.actor_kind, e.actor_name, o.id, o.number, l.shipment_id
      from ${returnRequestLines} r join ${orderLines} l on l.id = r.order_line_id join ${orders} o on o.id = l.order_id
      join ${orderEvents} e on e.order_id = o.id and e.return_id = r.return_id and e.kind = 'return_received' and e.note like ${`%${RETURN_STOCK_NOTES.restocked}`}
     where l.product_id = ${productId}`;
}

/** A page (0-based) of the product's stock history, newest first, and how many lines it has. */
export async function listStockMovements(
  db: Database,
  scope: CatalogueScope,
  productId: number,
  page: number,
): Promise<{ rows: StockHistoryEntry[]; total: number }> {
  const scopeCondition = productsInScope(scope);
  const inScope = sql`exists (select 1 from ${products} where ${products.id} = ${productId}${scopeCondition ? sql` and ${scopeCondition}` : sql``})`;
  const lines = historyLines(productId);
  const column = <T>(name: string) => sql<T>`${sql.identifier("h")}.${sql.identifier(name)}`;
  const [rows, [counted]] = await db.batch([
    db
      .select({
        key: column<string>("key"),
        at: column<number>("at"),
        kind: column<StockHistoryKind>("kind"),
        pool: column<StockPool>("pool"),
        change: column<number>("change"),
        before: column<number | null>("before"),
        after: column<number | null>("after"),
        note: column<string>("note"),
        actorKind: column<OrderActor["kind"] | null>("actor_kind"),
        actorName: column<string>("actor_name"),
        orderId: column<number | null>("order_id"),
        orderNumber: column<string | null>("order_number"),
        shipmentId: column<number | null>("shipment_id"),
        shipmentMerchantId: sql<number | null>`s.merchant_id`.as("shipment_merchant_id"),
        variationTitle: sql<string | null>`v.title`.as("variation_title"),
      })
      // The union as a table (drizzle batches built queries only), with the variation's title and the parcel's merchant.
      .from(sql`(${lines}) h left join ${productVariations} v on v.id = h.variation_id left join ${orderShipments} s on s.id = h.shipment_id`)
      .where(inScope)
      .orderBy(sql`h.at desc, h.key desc`)
      .limit(STOCK_HISTORY_PAGE_SIZE)
      .offset(page * STOCK_HISTORY_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)` })
      .from(sql`(${lines}) h`)
      .where(inScope),
  ]);
  return { rows: rows.map(historyEntry), total: counted?.total ?? 0 };
}

function historyEntry(row: HistoryRow): StockHistoryEntry {
  return {
    id: row.key,
    createdAt: new Date(row.at),
    // An order is placed by the shopper, whose name the stock pages do not need; staff and the system are named.
    actorName: row.actorKind == null ? row.actorName : actorLabel({ kind: row.actorKind, name: row.actorName }),
    kind: row.kind,
    pool: row.pool,
    variationTitle: row.variationTitle,
    change: row.change,
    before: row.before,
    after: row.after,
    reason: row.note,
    order:
      row.orderId == null ? null : { id: row.orderId, number: row.orderNumber ?? "", shipmentId: row.shipmentId, shipmentMerchantId: row.shipmentMerchantId },
  };
}
