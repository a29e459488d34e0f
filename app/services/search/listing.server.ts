/**
 * A parsed listing query (app/core/search/listing.ts) as Drizzle clauses for one table, and the §7 JSON answer.
 *
 *   const source: ListingSource<MailSort> = {
 *     scope: eq(notificationMails.userId, userId),               // what this viewer may see, always applied
 *     sortColumns: { date_created: notificationMails.dateCreated, title: notificationMails.title, … },
 *     idColumn: notificationMails.id,                            // tie-breaker: stable pages
 *     filters: { title: likeFilter(notificationMails.title), date_created: betweenDaysFilter(…), … },
 *   };
 *   const page = await loadListingPage(MAIL_LISTING, query, source, async ({ where, orderBy, limit, offset }) => {
 *     const [counted, rows] = await db.batch([
 *       db.select({ n: count() }).from(notificationMails).where(where),
 *       db.select().from(notificationMails).where(where).orderBy(...orderBy).limit(limit).offset(offset),
 *     ]);
 *     return { total: counted[0]?.n ?? 0, rows };
 *   });
 *   return Response.json(listingJson(MAIL_LISTING, page, toJson));   // the §7 JSON form
 *
 * Only allow-listed columns and bound values reach SQL: orderby is checked against the definition, filter
 * values are parameters. (D1 batches key row values by column name: alias same-named joined columns.)
 */
import { and, asc, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { clampPage, listingQueryJson, type FilterValue, type ListingDefinition, type ListingQuery } from "~/core/search/listing";
import { jstDayRange } from "~/core/search/listing-query";
import { pageCount, paginatorPages } from "~/core/paginator";

/** Builds the condition of one filter from its parsed value (undefined = no condition). */
export type FilterSql = (value: FilterValue) => SQL | undefined;

export interface ListingSource<Sort extends string> {
  scope: SQL | undefined;
  sortColumns: Record<Sort, SQLiteColumn | SQL>;
  idColumn: SQLiteColumn;
  filters: Record<string, FilterSql>;
}

export interface ListingClauses {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/**
 * LIKE: the text anywhere in the column (or SQL expression), ignoring ASCII case as SQL LIKE does; % and _
 * are plain characters. Run as instr(), not LIKE: D1 refuses LIKE patterns over 50 bytes (about 16
 * Japanese characters) with an error, and filter text may be up to 100 characters.
 */
export function likeFilter(column: SQLiteColumn | SQL): FilterSql {
  return (value) => (typeof value === "string" && value ? sql`instr(lower(${column}), lower(${value})) > 0` : undefined);
}

/** BETWEEN on a timestamp column: Japanese calendar days, both ends inclusive, either open. */
export function betweenDaysFilter(column: SQLiteColumn): FilterSql {
  return (value) => {
    if (typeof value === "string") return undefined;
    const { start, end } = jstDayRange(value);
    return and(start ? gte(column, start) : undefined, end ? lt(column, end) : undefined);
  };
}

/** "=": the column equals the chosen value (the value was checked against the filter's choices). */
export function equalsFilter(column: SQLiteColumn): FilterSql {
  return (value) => (typeof value === "string" ? eq(column, value) : undefined);
}

/** "=" on a nullable column read as a flag: "0" = null (e.g. unread), "1" = not null (read). */
export function presenceFilter(column: SQLiteColumn): FilterSql {
  return (value) => (value === "0" ? isNull(column) : value === "1" ? isNotNull(column) : undefined);
}

export function listingClauses<Sort extends string>(
  definition: ListingDefinition<Sort>,
  query: ListingQuery<Sort>,
  source: ListingSource<Sort>,
): ListingClauses {
  const conditions: (SQL | undefined)[] = [source.scope];
  for (const filter of definition.filters) {
    const value = query.inputs[filter.name];
    const build = source.filters[filter.name];
    if (value != null && build) conditions.push(build(value));
  }
  const direction = query.ordersens === "ASC" ? asc : desc;
  const column = source.sortColumns[query.orderby] ?? source.sortColumns[definition.defaultOrderby];
  return {
    where: and(...conditions),
    orderBy: [direction(column), direction(source.idColumn)],
    limit: definition.pageSize,
    offset: query.page * definition.pageSize,
  };
}

export interface ListingPage<Row, Sort extends string = string> {
  /** The query shown; its page is moved back to the last page when the asked one is past the end. */
  query: ListingQuery<Sort>;
  rows: Row[];
  total: number;
  /** Number of pages. */
  pages: number;
  /** The 0-based pages a paginator links, computed here so the page loads no paginator code. */
  paginator: number[];
}

/**
 * Runs a listing (`run` answers the total and one page of rows, ideally in one D1 batch). A page past the
 * end shows the last page instead, at the cost of one more round trip in that case only.
 */
export async function loadListingPage<Row, Sort extends string>(
  definition: ListingDefinition<Sort>,
  query: ListingQuery<Sort>,
  source: ListingSource<Sort>,
  run: (clauses: ListingClauses) => Promise<{ total: number; rows: Row[] }>,
): Promise<ListingPage<Row, Sort>> {
  const first = await run(listingClauses(definition, query, source));
  const pages = pageCount(first.total, definition.pageSize);
  const page = clampPage(query.page, pages);
  if (page === query.page || pages === 0) return { query, rows: first.rows, total: first.total, pages, paginator: paginatorPages(query.page, pages) };
  const shown = { ...query, page };
  const again = await run(listingClauses(definition, shown, source));
  const shownPages = pageCount(again.total, definition.pageSize);
  return { query: shown, rows: again.rows, total: again.total, pages: shownPages, paginator: paginatorPages(page, shownPages) };
}

/** The §7 answer: { query, inputs, operators, data, detail: { pages, total, page_size, paginator } }. */
export function listingJson<Row, Data>(definition: ListingDefinition, page: ListingPage<Row>, toData: (row: Row) => Data) {
  return {
    ...listingQueryJson(definition, page.query),
    data: page.rows.map(toData),
    detail: {
      pages: page.pages,
      total: page.total,
      page_size: definition.pageSize,
      /** The 0-based pages a paginator links (within 4 of the current, plus first and last). */
      paginator: page.paginator,
    },
  };
}
