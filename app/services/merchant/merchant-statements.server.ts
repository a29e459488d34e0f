/**
 * A merchant's monthly statements (issue 38 item 8, decision 0060): what its parcels shipped in a Japanese
 * month sold, what its returns received in the month took back, the commission by each line's rate, and the
 * shipping the shop collected for those parcels; and the payout staff record once the month is paid. Every
 * query is bound to the merchant's id (the session's, for a merchant), so another merchant's rows are never read.
 * The returned goods are valued as the sales reports value them (sales-figures.server.ts receivedReturn, returnedGoods).
 */
import { and, asc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import {
  FIGURE_ORDER,
  monthOf,
  monthRange,
  monthState,
  statementFigures,
  statementMonths,
  type MonthState,
  type RateGroup,
  type StatementFigures,
  type StatementMonth,
} from "~/core/merchant/merchant-statements";
import type { Database } from "~/db/client.server";
import { merchantPayouts, merchants, orderLines, orders, orderShipments, products, returnRequestLines, returnRequests } from "~/db/schema";
import { placedDay, receivedReturn, returnedGoods } from "../reports/sales-figures.server";
import { commissionRatesQueries, commissionRatesOf } from "./merchant-commissions.server";

/** The parcel states whose goods have left: a shipped parcel counts in the month it shipped. */
const LEFT = ["shipped", "delivered"] as const;

/** How many months the list shows, newest first. */
export const STATEMENT_LIST_MONTHS = 24;

/**
 * The month's entries of the merchant: each line of its parcels shipped in [from, to), not cancelled, at its
 * total as stored (tax incl.), and each line its received returns in [from, to) took back, at the returned
 * goods' price. `categoryId` is the product's main category, which decides the line's rate.
 */
function entriesQuery(db: Database, merchantId: number, from: Date, to: Date) {
  const columns = (
    kind: "sale" | "return",
    at: typeof orderShipments.shippedAt | typeof returnRequests.receivedAt,
    amount: SQLNumber,
    quantity: SQLNumber,
  ) => ({
    kind: sql<"sale" | "return">`${kind}`.as("entry_kind"),
    at: sql<number>`${at}`.as("entry_at"),
    orderId: sql<number>`${orders.id}`.as("entry_order"),
    orderNumber: sql<string>`${orders.number}`.as("entry_order_number"),
    shipmentId: sql<number>`${orderShipments.id}`.as("entry_shipment"),
    returnId: (kind === "return" ? sql<number | null>`${returnRequests.id}` : sql<number | null>`null`).as("entry_return"),
    sku: sql<string>`${orderLines.sku}`.as("entry_sku"),
    title: sql<string>`${orderLines.title}`.as("entry_title"),
    quantity: quantity.as("entry_quantity"),
    amount: amount.as("entry_amount"),
    categoryId: sql<number>`${products.primaryCategoryId}`.as("entry_category"),
  });
  const sold = db
    .select(columns("sale", orderShipments.shippedAt, sql`${orderLines.total}`, sql`${orderLines.quantity}`))
    .from(orderShipments)
    .innerJoin(orderLines, eq(orderLines.shipmentId, orderShipments.id))
    .innerJoin(orders, eq(orders.id, orderShipments.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(
      and(
        eq(orderShipments.merchantId, merchantId),
        inArray(orderShipments.status, [...LEFT]),
        gte(orderShipments.shippedAt, from),
        lt(orderShipments.shippedAt, to),
        isNull(orderLines.cancelledAt),
      ),
    );
  const returned = db
    .select(columns("return", returnRequests.receivedAt, returnedGoods, sql`${returnRequestLines.quantity}`))
    .from(returnRequests)
    .innerJoin(returnRequestLines, eq(returnRequestLines.returnId, returnRequests.id))
    .innerJoin(orderLines, eq(orderLines.id, returnRequestLines.orderLineId))
    .innerJoin(orderShipments, eq(orderShipments.id, orderLines.shipmentId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(and(receivedReturn, eq(orderShipments.merchantId, merchantId), gte(returnRequests.receivedAt, from), lt(returnRequests.receivedAt, to)));
  return sold.unionAll(returned);
}

type SQLNumber = ReturnType<typeof sql<number>>;

/** The merchant's parcels shipped in [from, to), with the shipping the shop collected for each. */
function parcelsQuery(db: Database, merchantId: number, from: Date, to: Date) {
  return db
    .select({
      shipmentId: orderShipments.id,
      orderId: orderShipments.orderId,
      orderNumber: orders.number,
      shippedAt: orderShipments.shippedAt,
      carrier: orderShipments.carrier,
      trackingNumber: orderShipments.trackingNumber,
      shippingFee: orderShipments.shippingFee,
    })
    .from(orderShipments)
    .innerJoin(orders, eq(orders.id, orderShipments.orderId))
    .where(
      and(
        eq(orderShipments.merchantId, merchantId),
        inArray(orderShipments.status, [...LEFT]),
        gte(orderShipments.shippedAt, from),
        lt(orderShipments.shippedAt, to),
      ),
    )
    .orderBy(asc(orderShipments.shippedAt), asc(orderShipments.id));
}

function payoutQuery(db: Database, merchantId: number, month: StatementMonth) {
  return db
    .select()
    .from(merchantPayouts)
    .where(and(eq(merchantPayouts.merchantId, merchantId), eq(merchantPayouts.month, month)));
}

export type Payout = typeof merchantPayouts.$inferSelect;

export interface StatementLine {
  sku: string;
  title: string;
  quantity: number;
  amount: number;
  bp: number;
}

export interface StatementParcel {
  shipmentId: number;
  orderId: number;
  orderNumber: string;
  shippedAt: Date;
  carrier: string | null;
  trackingNumber: string | null;
  shippingFee: number;
  goods: number;
  lines: StatementLine[];
}

export interface StatementReturn {
  returnId: number;
  orderId: number;
  /** The merchant's parcel of the order (one per merchant and order). */
  shipmentId: number;
  orderNumber: string;
  receivedAt: Date;
  amount: number;
  lines: StatementLine[];
}

export interface Statement {
  merchant: { id: number; name: string };
  month: StatementMonth;
  state: MonthState;
  /** The figures as worked out from the orders now. */
  figures: StatementFigures;
  rates: RateGroup[];
  parcels: StatementParcel[];
  returns: StatementReturn[];
  /** The payout staff recorded, with the figures as paid; null while unpaid. */
  payout: Payout | null;
}

/** The merchant's statement of `month` (null when there is no such merchant), worked out from its orders; with its payout when paid. */
export async function loadStatement(db: Database, merchantId: number, month: StatementMonth, now: Date): Promise<Statement | null> {
  const { from, to } = monthRange(month);
  const [merchantRows, entries, parcelRows, payouts, ...rateRows] = await db.batch([
    db.select({ id: merchants.id, name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId)),
    entriesQuery(db, merchantId, from, to),
    parcelsQuery(db, merchantId, from, to),
    payoutQuery(db, merchantId, month),
    ...commissionRatesQueries(db, merchantId),
  ]);
  const merchant = merchantRows[0];
  if (!merchant) return null;
  const rateOf = commissionRatesOf(rateRows);
  const lines = entries.map((entry) => ({ ...entry, bp: rateOf(entry.categoryId) }));
  const shipping = parcelRows.reduce((sum, parcel) => sum + parcel.shippingFee, 0);
  const { figures, rates } = statementFigures(lines, shipping);
  const lineOf = (entry: (typeof lines)[number]): StatementLine => ({
    sku: entry.sku,
    title: entry.title,
    quantity: entry.quantity,
    amount: entry.amount,
    bp: entry.bp,
  });
  const parcels = parcelRows.map((parcel) => {
    const goods = lines.filter((entry) => entry.kind === "sale" && entry.shipmentId === parcel.shipmentId).map(lineOf);
    return { ...parcel, shippedAt: parcel.shippedAt!, goods: goods.reduce((sum, line) => sum + line.amount, 0), lines: goods };
  });
  const returns = new Map<number, StatementReturn>();
  for (const entry of lines.filter((candidate) => candidate.kind === "return").sort((a, b) => a.at - b.at)) {
    const found = returns.get(entry.returnId!) ?? {
      returnId: entry.returnId!,
      orderId: entry.orderId,
      shipmentId: entry.shipmentId,
      orderNumber: entry.orderNumber,
      receivedAt: new Date(entry.at),
      amount: 0,
      lines: [],
    };
    found.amount += entry.amount;
    found.lines.push(lineOf(entry));
    returns.set(found.returnId, found);
  }
  return { merchant, month, state: monthState(month, now), figures, rates, parcels, returns: [...returns.values()], payout: payouts[0] ?? null };
}

export interface StatementSummary {
  month: StatementMonth;
  state: MonthState;
  figures: StatementFigures;
  payout: Pick<Payout, "paidOn" | "reference" | "payable"> | null;
}

/**
 * The merchant's statements of the last months (from the month it joined, at most STATEMENT_LIST_MONTHS),
 * newest first: each month's figures (a paid month's as paid) in one round trip — the entries grouped by month
 * and category, which the rates then split as a statement does.
 */
export async function listStatements(
  db: Database,
  merchantId: number,
  now: Date,
): Promise<{ merchant: { id: number; name: string }; months: StatementSummary[] } | null> {
  // The window is read before the merchant's own row is known (one round trip): months before it joined are dropped after.
  const lastMonths = statementMonths(monthOf(new Date(0)), now, STATEMENT_LIST_MONTHS);
  const from = monthRange(lastMonths.at(-1)!).from;
  const to = monthRange(lastMonths[0]!).to;
  const entries = entriesQuery(db, merchantId, from, to).as("entries");
  const parcels = parcelsQuery(db, merchantId, from, to).as("parcels");
  const [[merchant], grouped, shipping, payouts, ...rateRows] = await db.batch([
    db.select({ id: merchants.id, name: merchants.name, createdAt: merchants.createdAt }).from(merchants).where(eq(merchants.id, merchantId)),
    db
      .select({ month: placedDay(entries.at, "%Y-%m"), kind: entries.kind, categoryId: entries.categoryId, amount: sql<number>`sum(${entries.amount})` })
      .from(entries)
      .groupBy(sql`1`, sql`${entries.kind}`, sql`${entries.categoryId}`),
    db
      .select({ month: placedDay(parcels.shippedAt, "%Y-%m"), shipping: sql<number>`sum(${parcels.shippingFee})` })
      .from(parcels)
      .groupBy(sql`1`),
    db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, merchantId)),
    ...commissionRatesQueries(db, merchantId),
  ]);
  if (!merchant) return null;
  const joined = monthOf(merchant.createdAt);
  const months = lastMonths.filter((month) => month >= joined);
  const rateOf = commissionRatesOf(rateRows);
  return {
    merchant: { id: merchant.id, name: merchant.name },
    months: months.map((month) => {
      const paid = payouts.find((payout) => payout.month === month) ?? null;
      const { figures } = statementFigures(
        grouped.filter((row) => row.month === month).map((row) => ({ kind: row.kind, amount: row.amount, bp: rateOf(row.categoryId) })),
        shipping.find((row) => row.month === month)?.shipping ?? 0,
      );
      return {
        month,
        state: monthState(month, now),
        figures: paid ? paidFigures(paid) : figures,
        payout: paid && { paidOn: paid.paidOn, reference: paid.reference, payable: paid.payable },
      };
    }),
  };
}

/** The figures a payout froze. */
export function paidFigures(payout: Payout): StatementFigures {
  return Object.fromEntries(FIGURE_ORDER.map((key) => [key, payout[key]])) as unknown as StatementFigures;
}

export type PayoutOutcome = { ok: true; payoutId: number } | { ok: false; reason: "not_found" | "not_closed" | "already_paid" | "changed" };

/**
 * Records the month paid with its figures as worked out now — if the month has ended and the amount payable is
 * still the one staff were shown. One per merchant and month: the unique index decides between two staff
 * recording at once (the insert that loses does nothing and is told the month is paid).
 */
export async function recordPayout(
  db: Database,
  merchantId: number,
  month: StatementMonth,
  input: { paidOn: string; reference: string; payable: number },
  actor: { userId: number; name: string },
  now: Date,
): Promise<PayoutOutcome> {
  const statement = await loadStatement(db, merchantId, month, now);
  if (!statement) return { ok: false, reason: "not_found" };
  if (statement.state !== "closed") return { ok: false, reason: "not_closed" };
  if (statement.payout) return { ok: false, reason: "already_paid" };
  if (statement.figures.payable !== input.payable) return { ok: false, reason: "changed" };
  const [inserted] = await db
    .insert(merchantPayouts)
    .values({
      merchantId,
      month,
      ...statement.figures,
      paidOn: input.paidOn,
      reference: input.reference,
      recordedBy: actor.userId,
      recordedByName: actor.name,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [merchantPayouts.merchantId, merchantPayouts.month] })
    .returning({ id: merchantPayouts.id });
  return inserted ? { ok: true, payoutId: inserted.id } : { ok: false, reason: "already_paid" };
}
