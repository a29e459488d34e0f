/**
 * The receipt (領収書) as a qualified invoice (適格請求書): the tax-included amount and the tax per rate,
 * the tax rounded down once per rate per invoice (never per line), plus the addressee and memo
 * (宛名・但し書き) the member may edit.
 */
import * as v from "valibot";
import { collapseSpaces } from "~/core/search/search-text";
import { singleLine } from "~/core/validation";
import { includedTax, REDUCED_TAX_RATE, STANDARD_TAX_RATE, type TaxRate } from "~/core/tax";

export interface RateTotals {
  taxable10: number;
  tax10: number;
  taxable8: number;
  tax8: number;
}

export interface TaxLine {
  rate: TaxRate;
  /** Tax-included amount at this rate. */
  taxable: number;
  /** Tax contained in it. */
  tax: number;
}

/**
 * The per-rate amounts of an order from its lines: goods summed per rate, the standard-rate charges
 * (shipping, cold shipping, handling, wrapping) added to the 10% part, then the reductions (coupon, points)
 * taken off the 10% part first and the rest off the 8% part — as the checkout stores them. Each rate's tax
 * is computed once from its total.
 */
export function taxByRate(args: { lines: { total: number; taxRate: number }[]; standardRateCharges: number; reductions: number }): RateTotals {
  const goods = (rate: number) => args.lines.filter((line) => line.taxRate === rate).reduce((sum, line) => sum + line.total, 0);
  let taxable10 = goods(STANDARD_TAX_RATE) + Math.max(0, args.standardRateCharges);
  let taxable8 = goods(REDUCED_TAX_RATE);
  let reductions = Math.max(0, args.reductions);
  const off10 = Math.min(reductions, taxable10);
  taxable10 -= off10;
  reductions -= off10;
  taxable8 -= Math.min(reductions, taxable8);
  return {
    taxable10,
    tax10: includedTax(taxable10, STANDARD_TAX_RATE),
    taxable8,
    tax8: includedTax(taxable8, REDUCED_TAX_RATE),
  };
}

/** True when stored per-rate figures add up to the order total and each tax is its amount's tax. */
export function rateTotalsConsistent(totals: RateTotals, orderTotal: number): boolean {
  return (
    totals.taxable10 >= 0 &&
    totals.taxable8 >= 0 &&
    totals.taxable10 + totals.taxable8 === orderTotal &&
    totals.tax10 === includedTax(totals.taxable10, STANDARD_TAX_RATE) &&
    totals.tax8 === includedTax(totals.taxable8, REDUCED_TAX_RATE)
  );
}

/** The lines a receipt prints: one per rate with an amount (10% first); a zero total prints the 10% line. */
export function receiptTaxLines(totals: RateTotals): TaxLine[] {
  const lines: TaxLine[] = [];
  if (totals.taxable10 > 0) lines.push({ rate: STANDARD_TAX_RATE, taxable: totals.taxable10, tax: totals.tax10 });
  if (totals.taxable8 > 0) lines.push({ rate: REDUCED_TAX_RATE, taxable: totals.taxable8, tax: totals.tax8 });
  if (lines.length === 0) lines.push({ rate: STANDARD_TAX_RATE, taxable: 0, tax: 0 });
  return lines;
}

export const RECEIPT_FIELD_MAX_LENGTH = 40;
/** The memo printed when the member has not written one. */
export const DEFAULT_RECEIPT_MEMO = "お品代として";

const receiptText = (label: string) =>
  v.pipe(
    v.string(`${label}の形式が正しくありません`),
    singleLine,
    v.transform(collapseSpaces),
    v.maxLength(RECEIPT_FIELD_MAX_LENGTH, `${label}は${RECEIPT_FIELD_MAX_LENGTH}文字以内で入力してください`),
  );

/** The addressee and memo form; an empty field means "print the default". */
export const ReceiptFieldsSchema = v.object({
  receipt_name: receiptText("宛名"),
  receipt_memo: receiptText("但し書き"),
});

/** The form's two fields (a missing field is empty), or a Japanese message per invalid field. */
export function parseReceiptFields(input: {
  receipt_name: unknown;
  receipt_memo: unknown;
}): { ok: true; value: ReceiptFields } | { ok: false; errors: Partial<Record<keyof ReceiptFields, string>> } {
  const result = v.safeParse(ReceiptFieldsSchema, { receipt_name: input.receipt_name ?? "", receipt_memo: input.receipt_memo ?? "" });
  if (result.success) return { ok: true, value: result.output };
  const errors: Partial<Record<keyof ReceiptFields, string>> = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if ((key === "receipt_name" || key === "receipt_memo") && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

export type ReceiptFields = v.InferOutput<typeof ReceiptFieldsSchema>;
