/**
 * A merchant's monthly statement (issue 38 item 8, decision 0060): the goods of its parcels shipped in a
 * Japanese month, less the goods of its returns received in that month, less the shop's commission, plus the
 * shipping the shop collected for those parcels (the merchant ships them) — what the shop pays the merchant.
 * Pure: months, rates, the arithmetic and its rounding, and the texts.
 */
import { addMonthsToDate, jstDate, jstDayStart } from "../dates";
import { MERCHANT_PORTAL_PATH } from "../site/shop-name";
import { CRM_MERCHANTS_PATH } from "./merchant-status";

/** The merchant's own statements: the list, and `/{month}` each. */
export const MERCHANT_STATEMENTS_PATH = `${MERCHANT_PORTAL_PATH}/statements`;

/** Staff's statements of one merchant: the list, and `/{month}` each. */
export const crmStatementsPath = (merchantId: number) => `${CRM_MERCHANTS_PATH}/${merchantId}/statements`;

/** Where a list's statements are: the merchant's own, or staff's of that merchant. */
export const statementsPathOf = (viewer: "merchant" | "staff", merchantId: number) =>
  viewer === "merchant" ? MERCHANT_STATEMENTS_PATH : crmStatementsPath(merchantId);

/** A Japanese calendar month, "2026-10". */
export type StatementMonth = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The earliest month a statement may be asked for: anything before is a typo, not a month of the shop. */
const FIRST_YEAR = 2000;

export const STATEMENT_TEXT = {
  badMonth: "月の指定が正しくありません。「2026-10」のように年と月を指定してください。",
  futureMonth: "まだ始まっていない月の明細はありません。",
  notClosed: "締めが済んでいない月（今月）は支払済みにできません。月が終わってから記録してください。",
  alreadyPaid: "この月はすでに支払済みとして記録されています。",
  changedMeanwhile: "明細の金額が表示したときから変わりました。最新の明細を確認してから、もう一度記録してください。",
  paid: "支払済みとして記録しました。",
  merchantNotFound: "出店者が見つかりません。",
} as const;

/** The month as given, if it is one ("2026-10"); null for anything else. */
export function parseStatementMonth(text: string | null | undefined): StatementMonth | null {
  const match = MONTH.exec(text ?? "");
  return match && Number(match[1]) >= FIRST_YEAR ? text! : null;
}

/** The Japanese month an instant lies in. */
export function monthOf(instant: Date): StatementMonth {
  return jstDate(instant).slice(0, 7);
}

/** The month `months` after `month` (negative goes back). */
export function monthsAfter(month: StatementMonth, months: number): StatementMonth {
  return addMonthsToDate(`${month}-01`, months).slice(0, 7);
}

/** The instants the month spans in Japan: [from, to). */
export function monthRange(month: StatementMonth): { from: Date; to: Date } {
  return { from: jstDayStart(`${month}-01`), to: jstDayStart(`${monthsAfter(month, 1)}-01`) };
}

/** The month's first and last days ("2026-10-01", "2026-10-31"). */
export function monthDays(month: StatementMonth): { first: string; last: string } {
  const next = monthRange(month).to;
  return { first: `${month}-01`, last: jstDate(new Date(next.getTime() - 1)) };
}

/** "2026年10月". */
export function formatMonthJa(month: StatementMonth): string {
  const [year, number] = month.split("-");
  return `${Number(year)}年${Number(number)}月`;
}

/** closed: the month has ended (its figures are final and it may be paid); current: still running; future: not begun. */
export type MonthState = "closed" | "current" | "future";

export function monthState(month: StatementMonth, now: Date): MonthState {
  const current = monthOf(now);
  return month < current ? "closed" : month === current ? "current" : "future";
}

/** The months a statement list shows, newest first: from `first` (not before `limit` months back) to the current one. */
export function statementMonths(first: StatementMonth, now: Date, limit: number): StatementMonth[] {
  const months: StatementMonth[] = [];
  for (let month = monthOf(now); month >= first && months.length < limit; month = monthsAfter(month, -1)) months.push(month);
  return months;
}

// ---- Commission rates -------------------------------------------------------------------------------------

/** A rate in basis points (1000 = 10%): whole hundredths of a percent. */
export const COMMISSION_BP_MAX = 10_000;
export const DEFAULT_COMMISSION_BP = 1000;

/** "10%", "8.5%", "12.25%". */
export function formatRate(bp: number): string {
  return `${percentText(bp)}%`;
}

/** The rate as a form shows it: "10", "8.5", "12.25". */
export function percentText(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const hundredths = bp % 100;
  return hundredths === 0 ? String(whole) : `${whole}.${String(hundredths).padStart(2, "0").replace(/0$/, "")}`;
}

/** A percentage as typed ("10", "8.5", "12.25", up to two decimals) in basis points; null when it is not one or above 100. */
export function percentToBp(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return bp <= COMMISSION_BP_MAX ? bp : null;
}

/** A merchant's rates: its own, and the categories it pays another rate on. */
export interface CommissionRates {
  merchantBp: number;
  categories: ReadonlyMap<number, number>;
}

/**
 * The rate of a line: that of the product's main category (products.primary_category_id) if the merchant has
 * one for it, else of the nearest category above it that has one, else the merchant's own. `parents` maps a
 * category to its parent (top categories: null).
 */
export function lineRate(categoryId: number, rates: CommissionRates, parents: ReadonlyMap<number, number | null>): number {
  const seen = new Set<number>();
  for (let category: number | null | undefined = categoryId; category != null && !seen.has(category); category = parents.get(category)) {
    seen.add(category);
    const override = rates.categories.get(category);
    if (override != null) return override;
  }
  return rates.merchantBp;
}

/**
 * The commission on `base` yen at `bp`: yen below one are cut off (切り捨て, in the merchant's favour) — toward
 * zero, so the commission given back on a month whose returns exceed its sales is never more than was taken.
 */
export function commissionOn(base: number, bp: number): number {
  const yen = Math.trunc((Math.abs(base) * bp) / COMMISSION_BP_MAX);
  return base < 0 ? -yen : yen;
}

// ---- The statement's arithmetic ---------------------------------------------------------------------------

/** One entry of a month: a shipped line (sale) or a returned one (return), with the rate its category pays. */
export interface StatementEntry {
  kind: "sale" | "return";
  /** Tax included, positive: the line's total as stored, or the returned goods' price. */
  amount: number;
  bp: number;
}

export interface RateGroup {
  bp: number;
  sales: number;
  refunds: number;
  /** sales − refunds: what the commission is on. */
  base: number;
  commission: number;
}

export interface StatementFigures {
  sales: number;
  refunds: number;
  commission: number;
  shipping: number;
  payable: number;
}

/**
 * The figures of a month's entries and its parcels' shipping: the commission is worked out once per rate on
 * the rate's net goods (sales − refunds) and cut to the yen (commissionOn), then added up; the amount payable
 * is sales − refunds − commission + shipping. All integers.
 */
export function statementFigures(entries: readonly StatementEntry[], shipping: number): { figures: StatementFigures; rates: RateGroup[] } {
  const groups = new Map<number, { sales: number; refunds: number }>();
  for (const entry of entries) {
    const group = groups.get(entry.bp) ?? { sales: 0, refunds: 0 };
    if (entry.kind === "sale") group.sales += entry.amount;
    else group.refunds += entry.amount;
    groups.set(entry.bp, group);
  }
  const rates = [...groups.entries()]
    .sort(([a], [b]) => b - a)
    .map(([bp, group]) => {
      const base = group.sales - group.refunds;
      return { bp, sales: group.sales, refunds: group.refunds, base, commission: commissionOn(base, bp) };
    });
  const sum = (pick: (group: RateGroup) => number) => rates.reduce((total, group) => total + pick(group), 0);
  const figures = { sales: sum((group) => group.sales), refunds: sum((group) => group.refunds), commission: sum((group) => group.commission), shipping };
  return { figures: { ...figures, payable: figures.sales - figures.refunds - figures.commission + shipping }, rates };
}

/** The labels of the figures, in the order a statement shows them (the CSV's summary too). */
export const FIGURE_LABELS: Record<keyof StatementFigures, string> = {
  sales: "売上（税込）",
  refunds: "返品による控除",
  commission: "販売手数料",
  shipping: "送料（お客様から受領分）",
  payable: "お支払額",
};

export const FIGURE_ORDER = ["sales", "refunds", "commission", "shipping", "payable"] as const satisfies readonly (keyof StatementFigures)[];
