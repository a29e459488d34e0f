/**
 * Consumption tax on integer yen. Rates are per product: 10% standard, 8% reduced (food).
 * Rounding is down (Math.floor), as the spec requires.
 */
export const STANDARD_TAX_RATE = 10;
export const REDUCED_TAX_RATE = 8;
export type TaxRate = typeof STANDARD_TAX_RATE | typeof REDUCED_TAX_RATE;

/** Tax-included price from a tax-excluded one (e.g. a subscription tier): 1400 at 8% → 1512. */
export function withTax(amountExclTax: number, rate: number): number {
  return amountExclTax + Math.floor((amountExclTax * rate) / 100);
}

/** Tax contained in a tax-included amount, rounded down (once per rate per invoice): 1980 at 10% → 180. */
export function includedTax(amountInclTax: number, rate: number): number {
  return Math.floor((amountInclTax * rate) / (100 + rate));
}
