/**
 * The generic listing query (spec §2 screen 1, §3 "Listing query", §7 "Listings and mails"), pure.
 *
 * A listing is described once by a `ListingDefinition` (its sortable columns as an allow-list, the default
 * order, the page size and its filters with the operator each one uses). Every view of a listing is a URL:
 * `parseListingQuery` (listing-query.ts, apart so a listing page's first-load JS has only what builds URLs)
 * turns GET parameters — or the form-encoded JSON call of §7 — into a `ListingQuery`, and `listingHref` turns
 * a query back into a short, shareable URL. Nothing there or here throws: a malformed or hostile value
 * becomes its default (page 0, the default order, "no filter").
 *
 * Parameters understood (the short names are what the pages put in their URLs; the bracketed ones are the
 * §7 form of `POST {listing_path}`; both may be mixed, bracketed ones win):
 *   page        | query[page]       0-based page number
 *   orderby     | query[orderby]    one of the definition's `orderby` values
 *   ordersens   | query[ordersens]  ASC or DESC (any case)
 *   {name}      | inputs[{name}]    a LIKE or "=" filter's value
 *   {name}_from | inputs[{name}][from] (or [0], or the first inputs[{name}][])   a BETWEEN filter's start day
 *   {name}_to   | inputs[{name}][to]   (or [1], or the second inputs[{name}][])  a BETWEEN filter's last day
 *               | operators[{name}] optional; when given it must be the filter's own operator
 *                                   (BETWEEN, LIKE, "=" — also written equals/eq), else the filter is ignored
 *
 * Filter operators (§3): BETWEEN on dates (yyyy-mm-dd, Japan time, both ends inclusive, either may be left
 * open), LIKE on text (a substring match ignoring ASCII case; % and _ in the text are plain characters),
 * "=" on a fixed set of choices.
 */

export type SortDirection = "ASC" | "DESC";
export type FilterOperator = "BETWEEN" | "LIKE" | "=";

export interface ListingChoice {
  value: string;
  label: string;
}

/** A choice filter's options from labels by value, in the given order (the record's own by default). */
export function labelledChoices<V extends string>(labels: Record<V, string>, values: readonly V[] = Object.keys(labels) as V[]): ListingChoice[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

export type ListingFilter =
  | { name: string; label: string; operator: "BETWEEN"; type: "date" }
  | { name: string; label: string; operator: "LIKE"; type: "text"; placeholder?: string }
  | { name: string; label: string; operator: "="; type: "choice"; choices: readonly ListingChoice[] };

export interface ListingDefinition<Sort extends string = string> {
  /** The columns a listing may be sorted by (an allow-list; nothing else ever reaches SQL). */
  orderby: readonly Sort[];
  defaultOrderby: Sort;
  defaultOrdersens: SortDirection;
  pageSize: number;
  filters: readonly ListingFilter[];
}

/** A BETWEEN filter's days (yyyy-mm-dd), either end may be open; a LIKE or "=" filter's text. */
export type DateRange = { from: string | null; to: string | null };
export type FilterValue = string | DateRange;

export interface ListingQuery<Sort extends string = string> {
  page: number;
  orderby: Sort;
  ordersens: SortDirection;
  /** The filters in effect, by name; a filter that is not set is absent. */
  inputs: Record<string, FilterValue>;
}

/** The query with nothing filtered, on the first page, in the default order. */
export function defaultListingQuery<Sort extends string>(definition: ListingDefinition<Sort>): ListingQuery<Sort> {
  return { page: 0, orderby: definition.defaultOrderby, ordersens: definition.defaultOrdersens, inputs: {} };
}

export function isFilteredListing(query: ListingQuery): boolean {
  return Object.keys(query.inputs).length > 0;
}

export type ListingOverrides<Sort extends string> = Partial<Omit<ListingQuery<Sort>, "inputs">> & {
  inputs?: Record<string, FilterValue | null>;
};

/**
 * The short GET parameters of `query` with `overrides` applied, defaults left out. A changed filter or order
 * starts again at page 0 unless `overrides.page` says otherwise; an input set to null is removed.
 */
export function listingSearchParams<Sort extends string>(
  definition: ListingDefinition<Sort>,
  query: ListingQuery<Sort>,
  overrides: ListingOverrides<Sort> = {},
): URLSearchParams {
  const inputs: Record<string, FilterValue> = { ...query.inputs };
  for (const [name, value] of Object.entries(overrides.inputs ?? {})) {
    if (value == null) delete inputs[name];
    else inputs[name] = value;
  }
  const changed = overrides.inputs !== undefined || overrides.orderby !== undefined || overrides.ordersens !== undefined;
  const target = {
    page: overrides.page ?? (changed ? 0 : query.page),
    orderby: overrides.orderby ?? query.orderby,
    ordersens: overrides.ordersens ?? query.ordersens,
  };
  const params = new URLSearchParams();
  for (const filter of definition.filters) {
    const value = inputs[filter.name];
    if (value == null) continue;
    if (typeof value === "string") {
      if (value) params.set(filter.name, value);
    } else {
      if (value.from) params.set(`${filter.name}_from`, value.from);
      if (value.to) params.set(`${filter.name}_to`, value.to);
    }
  }
  if (target.orderby !== definition.defaultOrderby) params.set("orderby", target.orderby);
  if (target.ordersens !== definition.defaultOrdersens) params.set("ordersens", target.ordersens);
  if (target.page > 0) params.set("page", String(target.page));
  return params;
}

/** `path` with the listing's query string, e.g. listingHref('/user/mails', MAIL_LISTING, query, { page: 2 }). */
export function listingHref<Sort extends string>(
  path: string,
  definition: ListingDefinition<Sort>,
  query: ListingQuery<Sort>,
  overrides: ListingOverrides<Sort> = {},
): string {
  const search = listingSearchParams(definition, query, overrides).toString();
  return search ? `${path}?${search}` : path;
}

/** Clicking a column header: a new column starts in its natural direction; the current one flips. */
export function nextSort<Sort extends string>(
  query: ListingQuery<Sort>,
  column: Sort,
  firstDirection: SortDirection = "ASC",
): { orderby: Sort; ordersens: SortDirection } {
  if (query.orderby !== column) return { orderby: column, ordersens: firstDirection };
  return { orderby: column, ordersens: query.ordersens === "ASC" ? "DESC" : "ASC" };
}

/** The page to show: `page`, or the last page when it is past the end (0 when there is nothing). */
export function clampPage(page: number, totalPages: number): number {
  return Math.max(0, Math.min(page, totalPages - 1));
}

/** The §7 echo of a query: { query: { page, orderby, ordersens }, inputs, operators }. */
export function listingQueryJson(definition: ListingDefinition, query: ListingQuery) {
  const operators: Record<string, FilterOperator> = {};
  for (const filter of definition.filters) if (query.inputs[filter.name] != null) operators[filter.name] = filter.operator;
  return {
    query: { page: query.page, orderby: query.orderby, ordersens: query.ordersens },
    inputs: query.inputs,
    operators,
  };
}
