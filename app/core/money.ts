/** Money is integer yen, tax included. Display goes through Intl, never hand-rolled separators. */
const yenNumber = new Intl.NumberFormat("ja-JP");

/** 1980 → "1,980円" */
export function formatYen(amount: number): string {
  return `${yenNumber.format(amount)}円`;
}

/** 1980 → "¥1,980" */
const yenCurrency = new Intl.NumberFormat("ja-JP", { style: "currency", currency: "JPY" });
export function formatYenSymbol(amount: number): string {
  return yenCurrency.format(amount);
}
