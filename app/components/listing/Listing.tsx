/**
 * The generic listing (spec §2 screen 1): a filter modal (a plain form section without JS), sortable column
 * headers (aria-sort), removable filter badges, the shared 0-based Paginator and, optionally, row removal
 * with a confirmation that works without JS. All state lives in GET parameters (app/core/search/listing.ts), so
 * every view is a URL and every control is a link or a form.
 *
 * Using it for a new list (e.g. the staff ticket list):
 * 1. Describe the list once in app/core: a `ListingDefinition` — `orderby` (allow-list of sortable columns),
 *    `defaultOrderby`, `defaultOrdersens`, `pageSize`, and `filters` ({ name, label, operator, type }:
 *    BETWEEN/date, LIKE/text, "="/choice with its `choices`).
 * 2. Loader: `const query = parseListingQuery(DEFINITION, new URL(request.url).searchParams)`, then in a
 *    service `loadListingPage(DEFINITION, query, source, run)` (app/services/search/listing.server.ts) where
 *    `source` maps each orderby value to a column and each filter name to a condition
 *    (likeFilter / betweenDaysFilter / equalsFilter / presenceFilter). Return the page and
 *    `confirmRemove: confirmRemoveId(url)` (app/web/search/listing.server.ts) if rows can be removed; the action reads
 *    the removal form with `RemoveRowSchema` there. Throwing
 *    `canonicalListingRedirect(url, DEFINITION, query)` first keeps URLs short after a form sent without JS.
 * 3. Component:
 *      <Listing
 *        path="/crm/tickets" definition={TICKET_LISTING} page={data.page}
 *        caption="お問い合わせ一覧" emptyText="お問い合わせはありません。"
 *        rowKey={(ticket) => ticket.id}
 *        columns={[
 *          { key: "subject", label: "件名", rowHeader: true, render: (ticket) => <Link …/> },
 *          { key: "updated", label: "更新日時", sort: "updated", firstDirection: "DESC", render: (ticket) => … },
 *        ]}
 *        removal={{ confirmingId: data.confirmRemove, action: "/crm/tickets?index", rowName: (ticket) => ticket.subject }}
 *      />
 * 4. Removal: the page's action receives POST intent=remove, id, back (the listing URL to return to; an
 *    index route's action is addressed as "/path?index"). On success it answers with a 303 to `back` plus
 *    notice=removed (`listingReturnPath` in app/web/http.server.ts cleans `back`), with or without JS; on
 *    failure with data({ ok: false, error }, { status }), which the page shows.
 * 5. The §7 JSON form (`POST {listing_path}` → { query, inputs, operators, data, detail }) is `listingJson`.
 */
import { Link, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { isFilteredListing, listingHref, type ListingDefinition, type ListingQuery, type SortDirection } from "~/core/search/listing";
import { RESULT_ANCHOR } from "~/core/site/result-anchor";
import { island } from "../island";
import { formatCount } from "~/core/money";

// The filter form and its modal, the badges that drop a filter, the sortable column headers, the page links
// and a row's removal confirmation matter once the shopper acts: their code (the query parsing, the dialog)
// loads after the page, the server's HTML (a <details> form, links, the confirmation form) meanwhile.
const ListingFilters = island(() => import("./ListingFilters").then((module) => module.ListingFilters));
const ListingBadges = island(() => import("./ListingFilters").then((module) => module.ListingBadges));
const Paginator = island(() => import("../Paginator").then((module) => module.Paginator));
const SortableHeader = island(() => import("./SortableHeader").then((module) => module.SortableHeader));
const RemovalConfirm = island(() => import("./RemovalConfirm").then((module) => module.RemovalConfirm));

export interface ListingColumn<Row> {
  key: string;
  label: string;
  /** The definition's orderby value this column sorts by; absent = not sortable. */
  sort?: string;
  /** Direction of the first click on this header (default ASC; dates read best DESC). */
  firstDirection?: SortDirection;
  /** The cell that names the row (a <th scope="row">). */
  rowHeader?: boolean;
  className?: string;
  render: (row: Row) => ReactNode;
}

export interface ListingRemoval<Row> {
  /** The id in the URL's `remove` parameter: that row shows its confirmation. */
  confirmingId: number | null;
  /** Where the confirmation form posts (the page's own path). */
  action: string;
  /** Names the row for screen readers (the remove link reads 「name」を削除). */
  rowName: (row: Row) => string;
  /** The confirmation question, default 「name」を削除しますか？ */
  confirmText?: (row: Row) => string;
  /** The row's remove link text, default 削除. */
  label?: string;
  /** Shown after a removal (the URL carries notice=removed), default 削除しました。 */
  removedText?: string;
}

export interface ListingPageData<Row> {
  query: ListingQuery;
  rows: Row[];
  total: number;
  pages: number;
  /** The pages the paginator links (loadListingPage's `paginator`). */
  paginator: number[];
}

export interface ListingProps<Row> {
  path: string;
  definition: ListingDefinition;
  page: ListingPageData<Row>;
  columns: ListingColumn<Row>[];
  rowKey: (row: Row) => number;
  /** Names the table for screen readers. */
  caption: string;
  emptyText: string;
  /** Counter word after the total, default 件. */
  unit?: string;
  rowTestId?: string;
  rowClassName?: (row: Row) => string | undefined;
  removal?: ListingRemoval<Row>;
  /** Shown by the filter button (e.g. a link to a related page). */
  toolbar?: ReactNode;
}

/** This listing's URL with some of its query changed (none: the view shown). */
type ListingHref = (overrides?: Parameters<typeof listingHref>[3]) => string;

export function Listing<Row>({
  path,
  definition,
  page,
  columns,
  rowKey,
  caption,
  emptyText,
  unit = "件",
  rowTestId,
  rowClassName,
  removal,
  toolbar,
}: ListingProps<Row>) {
  const { query, rows, total, paginator } = page;
  const [searchParams] = useSearchParams();
  const removed = removal != null && searchParams.get("notice") === "removed";
  const href: ListingHref = (overrides = {}) => listingHref(path, definition, query, overrides);
  return (
    <section aria-label={caption} className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <ListingFilters path={path} definition={definition} query={query} />
        <p role="status" className="m-0 text-sm font-bold" data-testid="listing-count">
          {formatCount(total)}
          {unit}
        </p>
        {toolbar}
      </div>
      <ListingBadges path={path} definition={definition} query={query} />
      {removed ? (
        <p id={RESULT_ANCHOR} role="status" className="m-0 rounded bg-green-50 px-3 py-2 text-sm text-green-800" data-testid="listing-notice">
          {removal.removedText ?? "削除しました。"}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <ListingEmpty query={query} emptyText={emptyText} href={href} />
      ) : (
        <ListingTable
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          caption={caption}
          query={query}
          href={href}
          rowTestId={rowTestId}
          rowClassName={rowClassName}
          removal={removal}
        />
      )}
      <Paginator pages={paginator} current={query.page} hrefFor={(target) => href({ page: target })} />
    </section>
  );
}

/** No rows: the list's own empty text, or — when filters hide every row — a link that clears them. */
function ListingEmpty({ query, emptyText, href }: { query: ListingQuery; emptyText: string; href: ListingHref }) {
  return (
    <div className="card grid justify-items-center gap-2 p-6 text-center">
      <p className="m-0" data-testid="listing-empty">
        {isFilteredListing(query) ? "条件に合う項目はありません。" : emptyText}
      </p>
      {isFilteredListing(query) ? (
        <Link to={href({ inputs: Object.fromEntries(Object.keys(query.inputs).map((name) => [name, null])) })} className="text-sm">
          条件をすべて解除
        </Link>
      ) : null}
    </div>
  );
}

/** The rows as a table, sortable by the headers of sortable columns. */
function ListingTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  query,
  href,
  rowTestId,
  rowClassName,
  removal,
}: Pick<ListingProps<Row>, "columns" | "rowKey" | "caption" | "rowTestId" | "rowClassName" | "removal"> & {
  rows: Row[];
  query: ListingQuery;
  href: ListingHref;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-b-solid border-gray-300 text-left">
            {columns.map((column) => {
              const className = `px-2 py-2 font-bold whitespace-nowrap ${column.className ?? ""}`;
              return column.sort ? (
                <SortableHeader
                  key={column.key}
                  label={column.label}
                  sort={column.sort}
                  firstDirection={column.firstDirection}
                  className={className}
                  query={query}
                  href={href}
                />
              ) : (
                <th key={column.key} scope="col" className={className}>
                  {column.label}
                </th>
              );
            })}
            {removal ? (
              <th scope="col" className="w-12 px-2 py-2 font-bold">
                <span className="sr-only">操作</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ListingRow
              key={rowKey(row)}
              row={row}
              id={rowKey(row)}
              columns={columns}
              href={href}
              testId={rowTestId}
              className={rowClassName?.(row)}
              removal={removal}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One row, its remove link and, when the URL asks, its removal confirmation spanning the row below. */
function ListingRow<Row>({
  row,
  id,
  columns,
  href,
  testId,
  className,
  removal,
}: {
  row: Row;
  id: number;
  columns: ListingColumn<Row>[];
  href: ListingHref;
  testId?: string;
  className?: string;
  removal?: ListingRemoval<Row>;
}) {
  const confirming = removal?.confirmingId === id;
  return (
    <>
      <tr className={`border-b border-b-solid border-gray-200 align-top ${className ?? ""}`} data-testid={testId}>
        {columns.map((column) =>
          column.rowHeader ? (
            <th key={column.key} scope="row" className={`px-2 py-2 text-left font-normal ${column.className ?? ""}`}>
              {column.render(row)}
            </th>
          ) : (
            <td key={column.key} className={`px-2 py-2 ${column.className ?? ""}`}>
              {column.render(row)}
            </td>
          ),
        )}
        {removal ? (
          <td className="px-2 py-2 text-right">
            {confirming ? null : (
              <Link to={withRemove(href(), id)} preventScrollReset className="text-xs" aria-label={`「${removal.rowName(row)}」を${removal.label ?? "削除"}`}>
                {removal.label ?? "削除"}
              </Link>
            )}
          </td>
        ) : null}
      </tr>
      {removal && confirming ? (
        <tr>
          <td colSpan={columns.length + 1} className="px-2 pb-3">
            <RemovalConfirm id={id} text={removal.confirmText?.(row) ?? `「${removal.rowName(row)}」を削除しますか？`} action={removal.action} back={href()} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/**
 * The listing URL with `remove=ID`: the row asks for confirmation (a link, so it works without JS), and the
 * page opens at that confirmation.
 */
function withRemove(href: string, id: number): string {
  const url = new URL(href, "http://listing.invalid");
  url.searchParams.set("remove", String(id));
  return `${url.pathname}${url.search}#${RESULT_ANCHOR}`;
}
