/**
 * An order as one JSON document (decision 0068): every row keyed by the order (its own, shipments, lines,
 * history, refunds, edits, coupon uses, returns with their lines and replacements, the tickets' links to its
 * lines) and the rows that stay in D1 but point at it (point ledger lines, tickets, subscriptions, merchant
 * alerts, return photos), whose pointer the delete sets to null. SQLite writes the document itself in one
 * statement, so the same SQL, run again inside the delete's batch, tells whether the order is still exactly
 * what was archived. Restoring inserts the rows back with their ids from the document.
 */
import { getTableColumns, getTableName, is, SQL, sql } from "drizzle-orm";
import { getTableConfig, type AnySQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "~/db/client.server";
import {
  couponUses,
  media,
  merchantAlerts,
  orderEdits,
  orderEvents,
  orderLines,
  orderRefunds,
  orders,
  orderShipments,
  pointLedger,
  returnReplacements,
  returnRequestLines,
  returnRequests,
  subscriptions,
  ticketOrderLines,
  tickets,
} from "~/db/schema";
import type { Statement } from "../orders/order-changes.server";

interface RowsPart {
  table: SQLiteTable;
  /** The part's rows of the order. */
  where: (orderId: number) => SQL;
}

interface LinkPart {
  table: SQLiteTable;
  /** The column pointing at the order (or one of its rows) that the delete sets to null. */
  column: string;
  where: (orderId: number) => SQL;
}

const ordersReturns = (orderId: number) => sql`select id from return_requests where order_id = ${orderId}`;

/** In the order they are inserted back: a row's parents first. */
const ROW_PARTS: RowsPart[] = [
  { table: orders, where: (orderId) => sql`id = ${orderId}` },
  { table: orderShipments, where: (orderId) => sql`order_id = ${orderId}` },
  { table: orderLines, where: (orderId) => sql`order_id = ${orderId}` },
  { table: orderEvents, where: (orderId) => sql`order_id = ${orderId}` },
  { table: orderRefunds, where: (orderId) => sql`order_id = ${orderId}` },
  { table: orderEdits, where: (orderId) => sql`order_id = ${orderId}` },
  { table: couponUses, where: (orderId) => sql`order_id = ${orderId}` },
  { table: returnRequests, where: (orderId) => sql`order_id = ${orderId}` },
  { table: returnRequestLines, where: (orderId) => sql`return_id in (${ordersReturns(orderId)})` },
  { table: returnReplacements, where: (orderId) => sql`return_id in (${ordersReturns(orderId)})` },
  { table: ticketOrderLines, where: (orderId) => sql`order_line_id in (select id from order_lines where order_id = ${orderId})` },
];

const LINK_PARTS: LinkPart[] = [
  { table: pointLedger, column: "order_id", where: (orderId) => sql`order_id = ${orderId}` },
  { table: tickets, column: "order_id", where: (orderId) => sql`order_id = ${orderId}` },
  { table: subscriptions, column: "order_id", where: (orderId) => sql`order_id = ${orderId}` },
  { table: merchantAlerts, column: "order_id", where: (orderId) => sql`order_id = ${orderId}` },
  { table: media, column: "return_request_id", where: (orderId) => sql`return_request_id in (${ordersReturns(orderId)})` },
];

/** The tables the document holds rows of, and those whose pointer at the order it keeps (a test checks the schema against them). */
export const ARCHIVED_TABLES = {
  rows: ROW_PARTS.map((part) => getTableName(part.table)),
  links: LINK_PARTS.map((part) => getTableName(part.table)),
};

/** The tables of the document: columns once, rows as arrays in that order. */
export interface OrderSnapshotTables {
  rows: Record<string, { columns: string[]; rows: unknown[][] }>;
  /** table → [row id, the value of its pointer] for the rows that stay in D1. */
  links: Record<string, { column: string; rows: [number, unknown][] }>;
}

const columnsOf = (table: SQLiteTable) => getTableConfig(table).columns.map((column) => column.name);
const quoted = (name: string) => `"${name}"`;
const textList = (names: string[]) => names.map((name) => `'${name}'`).join(", ");
/** Rows in a fixed order, so the same rows always give the same text: the primary key's columns. */
const orderingOf = (table: SQLiteTable) => {
  const config = getTableConfig(table);
  const keyColumns = config.columns.filter((column) => column.primary).map((column) => column.name);
  return (keyColumns.length ? keyColumns : (config.primaryKeys[0]?.columns.map((column) => column.name) ?? [])).map(quoted).join(", ");
};

function rowsJson(part: RowsPart, orderId: number): SQL {
  const name = getTableName(part.table);
  const columns = columnsOf(part.table);
  return sql`json_object('columns', json_array(${sql.raw(textList(columns))}), 'rows', json((select json_group_array(json(r)) from (select json_array(${sql.raw(columns.map(quoted).join(", "))}) as r from ${sql.raw(quoted(name))} where ${part.where(orderId)} order by ${sql.raw(orderingOf(part.table))}))))`;
}

function linksJson(part: LinkPart, orderId: number): SQL {
  const name = getTableName(part.table);
  return sql`json_object('column', '${sql.raw(part.column)}', 'rows', json((select json_group_array(json(r)) from (select json_array(id, ${sql.raw(quoted(part.column))}) as r from ${sql.raw(quoted(name))} where ${part.where(orderId)} order by id))))`;
}

/** The SQL text of the order's tables as a JSON object (OrderSnapshotTables); the same rows give the same text. */
export function snapshotSql(orderId: number): SQL {
  const entries = (parts: { table: SQLiteTable }[], json: (part: never, orderId: number) => SQL) =>
    sql.join(
      parts.map((part) => sql`'${sql.raw(getTableName(part.table))}', ${json(part as never, orderId)}`),
      sql`, `,
    );
  return sql`json_object('rows', json_object(${entries(ROW_PARTS, rowsJson)}), 'links', json_object(${entries(LINK_PARTS, linksJson)}))`;
}

/** The order's document text as D1 has it now; null when the order is not in D1. */
export async function readOrderSnapshot(db: Database, orderId: number): Promise<string | null> {
  const [row] = await db.all<{ snapshot: string | null }>(
    sql`select case when exists (select 1 from orders where id = ${orderId}) then ${snapshotSql(orderId)} end as snapshot`,
  );
  return row?.snapshot ?? null;
}

/** The table and column a foreign key points at (every key of the schema is one column). */
function referenced(key: ReturnType<typeof getTableConfig>["foreignKeys"][number]) {
  const reference = key.reference();
  return {
    table: sql.raw(quoted(getTableName(reference.foreignTable))),
    column: sql.raw(quoted(reference.foreignColumns[0]!.name)),
    from: reference.columns[0]!.name,
  };
}

/**
 * A column's value as inserted back: a pointer whose row was deleted meanwhile becomes null (what its
 * ON DELETE SET NULL would have done had the order stayed in D1).
 */
function insertedValue(table: SQLiteTable, column: string, value: SQL): SQL {
  const key = getTableConfig(table).foreignKeys.find((fk) => fk.onDelete === "set null" && referenced(fk).from === column);
  if (!key) return value;
  const parent = referenced(key);
  return sql`case when exists (select 1 from ${parent.table} where ${parent.column} = ${value}) then ${value} end`;
}

/** A row whose parent outside the archive is gone is not inserted (ON DELETE CASCADE would have removed it). */
function cascadeParentsExist(table: SQLiteTable, valueOf: (column: string) => SQL): SQL {
  const conditions = getTableConfig(table)
    .foreignKeys.filter((fk) => fk.onDelete === "cascade")
    .map((fk) => {
      const parent = referenced(fk);
      return sql`exists (select 1 from ${parent.table} where ${parent.column} = ${valueOf(parent.from)})`;
    });
  return conditions.length ? sql.join(conditions, sql` and `) : sql`1`;
}

/** A column of the schema the document lacks (added after it was archived) takes its default. */
function defaultValue(column: AnySQLiteColumn): SQL {
  if (!column.hasDefault || column.default === undefined) return sql`null`;
  return is(column.default, SQL) ? column.default : sql`${column.mapToDriverValue(column.default)}`;
}

/**
 * The statements that put the document's rows back, ids and all, and point the rows that stayed at them
 * again. A column the schema no longer has is left out; one it gained takes its default.
 */
export function restoreStatements(db: Database, tables: OrderSnapshotTables): Statement[] {
  const inserts = ROW_PARTS.flatMap((part) => {
    const stored = tables.rows[getTableName(part.table)];
    if (!stored || stored.rows.length === 0) return [];
    const valueOf = (column: string) => sql.raw(`json_extract(value, '$[${stored.columns.indexOf(column)}]')`);
    // Drizzle inserts a select into every column of the table, in the schema's order.
    const values = getTableConfig(part.table).columns.map((column) =>
      stored.columns.includes(column.name) ? insertedValue(part.table, column.name, valueOf(column.name)) : defaultValue(column),
    );
    return [
      db
        .insert(part.table)
        .select(sql`select ${sql.join(values, sql`, `)} from json_each(${JSON.stringify(stored.rows)}) where ${cascadeParentsExist(part.table, valueOf)}`),
    ];
  });
  const links = LINK_PARTS.flatMap((part) => {
    const name = getTableName(part.table);
    const stored = tables.links[name];
    if (!stored || stored.rows.length === 0) return [];
    const pairs = JSON.stringify(stored.rows);
    const key = Object.entries(getTableColumns(part.table)).find(([, column]) => column.name === part.column)![0];
    return [
      db
        .update(part.table)
        .set({ [key]: sql`(select json_extract(value, '$[1]') from json_each(${pairs}) where json_extract(value, '$[0]') = ${sql.raw(quoted(name))}.id)` })
        .where(sql`id in (select json_extract(value, '$[0]') from json_each(${pairs})) and ${sql.raw(quoted(part.column))} is null`),
    ];
  });
  return [...inserts, ...links];
}
