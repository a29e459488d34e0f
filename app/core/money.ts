/** Money is integer yen, tax included. Display goes through Intl, never hand-rolled separators. */
const grouped = new Intl.NumberFormat("ja-JP");

/**
 * 12345 → "12,345": counts (products found, points) as the yen figures are written. These formatters are
 * marked free of side effects, so a constant written with one (a fee's note) does not keep its module in
 * a page's JS when the page uses nothing from it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function formatCount(count: number): string {
  return grouped.format(count);
}

/** 1980 → "1,980円" */
/* @__NO_SIDE_EFFECTS__ */
export function formatYen(amount: number): string {
  return `${formatCount(amount)}円`;
}

/** 1980 → "¥1,980" */
const yenCurrency = new Intl.NumberFormat("ja-JP", { style: "currency", currency: "JPY" });
/* @__NO_SIDE_EFFECTS__ */
export function formatYenSymbol(amount: number): string {
  return yenCurrency.format(amount);
}
