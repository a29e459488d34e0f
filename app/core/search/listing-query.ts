/**
 * Reading a listing query from GET parameters or a §7 form body, and labelling the filters in effect
 * (app/core/search/listing.ts describes the parameters). Apart from listing.ts, whose URL building is all a
 * listing page loads first; the server and the filter island use this.
 */
import { addDaysToDate, formatDateJa, jstDayStart } from "../dates";
import type { DateRange, FilterOperator, FilterValue, ListingDefinition, ListingFilter, ListingQuery } from "./listing";
import { normaliseSearchText } from "./search-text";

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
