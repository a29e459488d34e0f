/** Money is integer yen, tax included. Display goes through Intl, never hand-rolled separators. */
const grouped = new Intl.NumberFormat("ja-JP");

/** 12345 → "12,345": counts (products found, points) as the yen figures are written. */
export function formatCount(count: number): string {
  return grouped.format(count);
}

/** 1980 → "1,980円" */
export function formatYen(amount: number): string {
  return `${formatCount(amount)}円`;
}

/** 1980 → "¥1,980" */
const yenCurrency = new Intl.NumberFormat("ja-JP", { style: "currency", currency: "JPY" });
export function formatYenSymbol(amount: number): string {
  return yenCurrency.format(amount);
}
