/**
 * The generic listing query (spec §2 screen 1, §3 "Listing query", §7 "Listings and mails"), pure.
 *
 * A listing is described once by a `ListingDefinition` (its sortable columns as an allow-list, the default
 * order, the page size and its filters with the operator each one uses). Every view of a listing is a URL:
 * `parseListingQuery` turns GET parameters — or the form-encoded JSON call of §7 — into a `ListingQuery`,
 * and `listingHref` turns a query back into a short, shareable URL. Nothing here throws: a malformed or
 * hostile value becomes its default (page 0, the default order, "no filter").
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
import { addDaysToDate, formatDateJa, jstDayStart } from "./dates";
import { normaliseSearchText } from "./search-text";

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

/** Highest page number read; anything above is treated as malformed (page 0). */
const PAGE_PATTERN = /^\d{1,6}$/;
/** Form fields looked at; a hostile body with thousands of fields is not walked through. */
const MAX_ENTRIES = 500;
const FIRST_YEAR = 2000;
const LAST_YEAR = 2099;

type Entries = Iterable<[string, FormDataEntryValue]>;

/** The first string value of each name (files ignored), at most MAX_ENTRIES fields read. */
function collect(entries: Entries): Map<string, string[]> {
  const values = new Map<string, string[]>();
  let read = 0;
  for (const [name, value] of entries) {
    if (++read > MAX_ENTRIES) break;
    if (typeof value !== "string") continue;
    const list = values.get(name);
    if (list) list.push(value);
    else values.set(name, [value]);
  }
  return values;
}

function first(values: Map<string, string[]>, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = values.get(name)?.[0];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** A real calendar day as yyyy-mm-dd ("2026/1/5" and full-width digits accepted), or null. */
export function parseDay(value: string | undefined): string | null {
  if (value === undefined) return null;
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value.normalize("NFKC").trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** "like", "Between", "equals", "eq", "==", "=" → the canonical operator; anything else null. */
export function parseOperator(value: string | undefined): FilterOperator | null {
  const text = (value ?? "").trim().toUpperCase();
  if (text === "BETWEEN") return "BETWEEN";
  if (text === "LIKE") return "LIKE";
  if (text === "=" || text === "==" || text === "EQ" || text === "EQUALS") return "=";
  return null;
}

function readFilter(filter: ListingFilter, values: Map<string, string[]>): FilterValue | null {
  const bracket = `inputs[${filter.name}]`;
  const operator = first(values, `operators[${filter.name}]`);
  if (operator !== undefined && operator.trim() !== "" && parseOperator(operator) !== filter.operator) return null;
  switch (filter.type) {
    case "date": {
      const listed = values.get(`${bracket}[]`) ?? [];
      let from = parseDay(first(values, `${bracket}[from]`, `${bracket}[0]`) ?? listed[0] ?? first(values, `${filter.name}_from`));
      let to = parseDay(first(values, `${bracket}[to]`, `${bracket}[1]`) ?? listed[1] ?? first(values, `${filter.name}_to`));
      if (from == null && to == null) return null;
      if (from != null && to != null && from > to) [from, to] = [to, from];
      return { from, to };
    }
    case "text": {
      const text = normaliseSearchText(first(values, bracket, filter.name) ?? "");
      return text ? text : null;
    }
    case "choice": {
      const raw = (first(values, bracket, filter.name) ?? "").trim();
      return filter.choices.some((choice) => choice.value === raw) ? raw : null;
    }
  }
}

/**
 * The query a request asks for, from GET parameters (`url.searchParams`) or a form body, in either the
 * short or the §7 bracketed form. Never throws.
 */
export function parseListingQuery<Sort extends string>(definition: ListingDefinition<Sort>, entries: Entries): ListingQuery<Sort> {
  const values = collect(entries);
  const rawPage = (first(values, "query[page]", "page") ?? "").trim();
  const rawOrderby = (first(values, "query[orderby]", "orderby") ?? "").trim();
  const rawOrdersens = (first(values, "query[ordersens]", "ordersens") ?? "").trim().toUpperCase();
  const inputs: Record<string, FilterValue> = {};
  for (const filter of definition.filters) {
    const value = readFilter(filter, values);
    if (value != null) inputs[filter.name] = value;
  }
  return {
    page: PAGE_PATTERN.test(rawPage) ? Number(rawPage) : 0,
    orderby: definition.orderby.find((column) => column === rawOrderby) ?? definition.defaultOrderby,
    ordersens: rawOrdersens === "ASC" || rawOrdersens === "DESC" ? rawOrdersens : definition.defaultOrdersens,
    inputs,
  };
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

export interface FilterBadge {
  name: string;
  label: string;
}

/** One badge per filter in effect, in the definition's order, labelled as a shopper reads it. */
export function filterBadges(definition: ListingDefinition, query: ListingQuery): FilterBadge[] {
  const badges: FilterBadge[] = [];
  for (const filter of definition.filters) {
    const value = query.inputs[filter.name];
    if (value == null) continue;
    if (filter.type === "date" && typeof value !== "string") {
      const from = value.from ? formatDateJa(value.from) : "";
      const to = value.to ? formatDateJa(value.to) : "";
      const range = from && to ? (from === to ? from : `${from}〜${to}`) : from ? `${from}以降` : `${to}まで`;
      badges.push({ name: filter.name, label: `${filter.label}：${range}` });
    } else if (filter.type === "choice" && typeof value === "string") {
      const choice = filter.choices.find((option) => option.value === value);
      badges.push({ name: filter.name, label: `${filter.label}：${choice?.label ?? value}` });
    } else if (typeof value === "string") {
      badges.push({ name: filter.name, label: `${filter.label}：「${value}」` });
    }
  }
  return badges;
}

/**
 * The instants a BETWEEN filter covers: from the start of its first day to the start of the day after its
 * last one (exclusive), days being Japanese calendar days. Open ends are null.
 */
export function jstDayRange(range: DateRange): { start: Date | null; end: Date | null } {
  return { start: range.from ? jstDayStart(range.from) : null, end: range.to ? jstDayStart(addDaysToDate(range.to, 1)) : null };
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
