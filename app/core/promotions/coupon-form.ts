/**
 * Staff's coupon editor (/crm/coupons): one Valibot schema for every field the coupon tables hold — the
 * coupon (fix/rate, value, member-only, alone, automatic, period, minimum amount, usage limits), its
 * per-product values by SKU (coupon_product_prices), whether the other products get the coupon's own value
 * (products_default), excluded SKUs (coupon_product_exclusions) and price ranges (coupon_price_ranges) —
 * with Japanese messages on each field; the listing; and the form values of a stored coupon. Pure.
 * Whether SKUs exist and a code is free is asked of the database by the service, with COUPON_MESSAGES.
 */
import * as v from "valibot";
import {
  addFieldIssue,
  checkboxField,
  dayField,
  discountLabel,
  discountTypeField,
  discountValueField,
  discountValueIssue,
  hasIssueAt,
  optionalText,
  periodDays,
  PROMOTION_MESSAGES,
  promotionChecks,
  promotionCodeField,
  titleField,
  wholeNumberField,
  yenAmountField,
  type DiscountType,
} from "./promotion-forms";
import { MALFORMED_INPUT_MESSAGE, singleLine } from "../validation";

export const COUPONS_PATH = "/crm/coupons";

export const COUPON_SHORT_TITLE_MAX = 30;
/** Rows a form may send (per-product values, ranges) and SKUs it may exclude; more is not a person typing. */
export const COUPON_MAX_ROWS = 200;
/** Empty rows the editor offers below the filled ones (without JS, save to get more). */
export const COUPON_BLANK_ROWS = 3;
const SKU_MAX = 64;

export const COUPON_MESSAGES = {
  shortTitleRequired: "短いタイトル（カート・商品ページの表示名）を入力してください",
  shortTitleTooLong: `短いタイトルは${COUPON_SHORT_TITLE_MAX}文字以内で入力してください`,
  limitNumber: "利用上限は1以上の整数で入力してください（空欄は無制限）",
  skuRequired: "SKUを入力してください",
  skuTooLong: `SKUは${SKU_MAX}文字以内で入力してください`,
  skuTwice: "同じSKUが2回入力されています",
  skuExcludedToo: "除外商品に入っているSKUには個別の割引を設定できません",
  skuUnknown: (skus: readonly string[]) => `存在しないSKUがあります：${skus.join("、")}`,
  // The product editor refuses the same pair from its side (product-form-messages: excludedWhileDisabled).
  excludedCouponDisabled: (skus: readonly string[]) => `クーポンを使えない商品は除外に指定できません（もともとどのクーポンも使えません）：${skus.join("、")}`,
  rowValueRequired: "割引額を入力してください",
  rangeMinRequired: "適用される金額（〜円以上）を1円以上で入力してください",
  rangeNotAscending: "金額は上の行より大きい金額を、小さい順に入力してください",
  tooManyRows: `一度に設定できるのは${COUPON_MAX_ROWS}件までです`,
  notFound: "指定されたクーポンは見つかりません。",
  usedNotDeletable: "利用されたクーポンは削除できません。終了させてください。",
  alreadyEnded: "このクーポンはすでに終了しています。",
  usedCodeFixed: "利用されたクーポンのコードは変更できません（注文履歴とメールに記載されています）",
} as const;

const shortTitleField = titleField(COUPON_MESSAGES.shortTitleRequired, COUPON_SHORT_TITLE_MAX, COUPON_MESSAGES.shortTitleTooLong);

/** A usage limit: a whole number of at least 1, empty is unlimited (null). */
const limitField = v.pipe(
  wholeNumberField(COUPON_MESSAGES.limitNumber, null),
  v.check((limit) => limit == null || limit >= 1, COUPON_MESSAGES.limitNumber),
);

const skuText = v.pipe(
  optionalText(MALFORMED_INPUT_MESSAGE),
  v.transform((sku) => sku.normalize("NFKC").trim()),
  v.maxLength(SKU_MAX, COUPON_MESSAGES.skuTooLong),
);

/** A row's discount type; a row sent without one is fix, as the select starts. */
const rowTypeField = v.optional(discountTypeField, "fix");

const PriceRow = v.object({
  sku: skuText,
  type: rowTypeField,
  value: wholeNumberField(PROMOTION_MESSAGES.valueNumber, null),
  titleSimple: v.pipe(optionalText(MALFORMED_INPUT_MESSAGE), singleLine, v.trim(), v.maxLength(COUPON_SHORT_TITLE_MAX, COUPON_MESSAGES.shortTitleTooLong)),
});

const RangeRow = v.object({
  minAmount: wholeNumberField(PROMOTION_MESSAGES.amountNumber, null),
  type: rowTypeField,
  value: wholeNumberField(PROMOTION_MESSAGES.valueNumber, null),
});

/** Rows as a form sends them: absent is none; a row left empty comes as nothing or as an object of blanks. */
function rowsField<Row extends v.GenericSchema>(row: Row) {
  return v.pipe(v.optional(v.array(v.optional(row), MALFORMED_INPUT_MESSAGE), []), v.maxLength(COUPON_MAX_ROWS, COUPON_MESSAGES.tooManyRows));
}

/** A schema's output with every field present (fields that start optional are filled by their transforms). */
type Filled<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

type PriceRowValue = Filled<v.InferOutput<typeof PriceRow>>;
type RangeRowValue = Filled<v.InferOutput<typeof RangeRow>>;

const isBlankPrice = (row: PriceRowValue | undefined) => row == null || (row.sku === "" && row.value == null && row.titleSimple === "");
const isBlankRange = (row: RangeRowValue | undefined) => row == null || (row.minAmount == null && row.value == null);

/** The excluded SKUs, one a line (commas, 、 and spaces separate too), each once. */
const excludedSkusField = v.pipe(
  optionalText(MALFORMED_INPUT_MESSAGE),
  v.transform((text) => [
    ...new Set(
      text
        .normalize("NFKC")
        .split(/[\s,、]+/)
        .filter((sku) => sku !== ""),
    ),
  ]),
  v.maxLength(COUPON_MAX_ROWS, COUPON_MESSAGES.tooManyRows),
  v.check((skus) => skus.every((sku) => sku.length <= SKU_MAX), COUPON_MESSAGES.skuTooLong),
);

const CouponFields = v.object({
  code: promotionCodeField,
  title: titleField(),
  titleSimple: shortTitleField,
  type: discountTypeField,
  value: discountValueField,
  freeShipping: checkboxField,
  alone: checkboxField,
  memberOnly: checkboxField,
  isAuto: checkboxField,
  productsDefault: checkboxField,
  minAmount: yenAmountField,
  maxUses: limitField,
  maxUsesPerUser: limitField,
  startsOn: dayField,
  endsOn: dayField,
  prices: rowsField(PriceRow),
  excludedSkus: excludedSkusField,
  ranges: rowsField(RangeRow),
});

type CouponFieldsValue = Omit<Filled<v.InferOutput<typeof CouponFields>>, "prices" | "ranges"> & {
  prices: (PriceRowValue | undefined)[];
  ranges: (RangeRowValue | undefined)[];
};

/** Each filled per-product row: a SKU (once, not excluded) and a value valid for its type. */
function checkPriceRows(input: CouponFieldsValue, addIssue: Parameters<typeof addFieldIssue>[0], excludedValid: boolean) {
  const seen = new Set<string>();
  input.prices.forEach((row, index) => {
    if (!row || isBlankPrice(row)) return;
    if (row.sku === "") addFieldIssue(addIssue, input, ["prices", index, "sku"], COUPON_MESSAGES.skuRequired);
    else if (seen.has(row.sku)) addFieldIssue(addIssue, input, ["prices", index, "sku"], COUPON_MESSAGES.skuTwice);
    else if (excludedValid && input.excludedSkus.includes(row.sku)) addFieldIssue(addIssue, input, ["prices", index, "sku"], COUPON_MESSAGES.skuExcludedToo);
    seen.add(row.sku);
    const valueIssue = row.value == null ? COUPON_MESSAGES.rowValueRequired : discountValueIssue(row.type, row.value);
    if (valueIssue) addFieldIssue(addIssue, input, ["prices", index, "value"], valueIssue);
  });
}

/** Each filled range: from at least 1 yen, above the range before it, with a valid value. */
function checkRangeRows(input: CouponFieldsValue, addIssue: Parameters<typeof addFieldIssue>[0]) {
  let previous = 0;
  input.ranges.forEach((row, index) => {
    if (!row || isBlankRange(row)) return;
    if (row.minAmount == null || row.minAmount < 1) addFieldIssue(addIssue, input, ["ranges", index, "minAmount"], COUPON_MESSAGES.rangeMinRequired);
    else if (row.minAmount <= previous) addFieldIssue(addIssue, input, ["ranges", index, "minAmount"], COUPON_MESSAGES.rangeNotAscending);
    else previous = row.minAmount;
    const valueIssue = row.value == null ? COUPON_MESSAGES.rowValueRequired : discountValueIssue(row.type, row.value);
    if (valueIssue) addFieldIssue(addIssue, input, ["ranges", index, "value"], valueIssue);
  });
}

export const CouponFormSchema = v.pipe(
  CouponFields,
  promotionChecks(),
  v.rawCheck(({ dataset, addIssue }) => {
    const input = dataset.value as CouponFieldsValue;
    if (!hasIssueAt(dataset, "prices") && Array.isArray(input.prices)) checkPriceRows(input, addIssue, !hasIssueAt(dataset, "excludedSkus"));
    if (!hasIssueAt(dataset, "ranges") && Array.isArray(input.ranges)) checkRangeRows(input, addIssue);
  }),
  v.transform((fields) => {
    const input = fields as CouponFieldsValue;
    return {
      ...input,
      // Each row keeps its place in the form (`index`), where a message about it (an unknown SKU) belongs.
      prices: input.prices.flatMap((row, index) => (row && !isBlankPrice(row) ? [{ ...row, value: row.value ?? 0, index }] : [])),
      ranges: input.ranges
        .filter((row): row is RangeRowValue => !isBlankRange(row))
        .map((row) => ({ minAmount: row.minAmount ?? 0, type: row.type, value: row.value ?? 0 })),
    };
  }),
);

export type CouponInput = v.InferOutput<typeof CouponFormSchema>;

/** A coupon as stored, with its rows, as the editor reads it. */
export interface StoredCoupon {
  code: string;
  title: string;
  titleSimple: string;
  type: DiscountType;
  value: number;
  freeShipping: boolean;
  alone: boolean;
  memberOnly: boolean;
  isAuto: boolean;
  productsDefault: boolean;
  minAmount: number;
  maxUses: number | null;
  maxUsesPerUser: number | null;
  startsAt: Date | null;
  expiresAt: Date | null;
  prices: { sku: string; type: DiscountType; value: number; titleSimple: string }[];
  excludedSkus: string[];
  ranges: { minAmount: number; type: DiscountType; value: number }[];
}

/** The editor's values for a stored coupon (or, with `copy`, for a new coupon made from it: no code). */
export function couponFormValues(coupon: StoredCoupon, options: { copy?: boolean } = {}) {
  const { startsOn, endsOn } = periodDays(coupon.startsAt, coupon.expiresAt);
  const text = (value: number | null) => (value == null ? "" : String(value));
  return {
    code: options.copy ? "" : coupon.code,
    title: coupon.title,
    titleSimple: coupon.titleSimple,
    type: coupon.type,
    value: String(coupon.value),
    freeShipping: coupon.freeShipping,
    alone: coupon.alone,
    memberOnly: coupon.memberOnly,
    isAuto: coupon.isAuto,
    productsDefault: coupon.productsDefault,
    minAmount: String(coupon.minAmount),
    maxUses: text(coupon.maxUses),
    maxUsesPerUser: text(coupon.maxUsesPerUser),
    startsOn,
    endsOn,
    prices: coupon.prices.map((row) => ({ sku: row.sku, type: row.type, value: String(row.value), titleSimple: row.titleSimple })),
    excludedSkus: coupon.excludedSkus.join("\n"),
    ranges: coupon.ranges.map((row) => ({ minAmount: String(row.minAmount), type: row.type, value: String(row.value) })),
  };
}

export type CouponFormValues = ReturnType<typeof couponFormValues>;

/** A new coupon's editor: a fix coupon for every product. */
export const NEW_COUPON_VALUES: Partial<CouponFormValues> = { type: "fix", productsDefault: true, minAmount: "0" };

/** What a coupon gives, as one line: "500円OFF・送料無料". */
export function couponOfferLabel(coupon: { type: DiscountType; value: number; freeShipping: boolean }): string {
  const parts = coupon.value > 0 ? [discountLabel(coupon.type, coupon.value)] : [];
  if (coupon.freeShipping) parts.push("送料無料");
  return parts.join("・") || "—";
}

/** Staff's warning when a lowered limit is already reached: saved, but the coupon takes no more orders. */
export function usageLimitWarning(limit: number | null, used: number): string | null {
  if (limit == null || used < limit) return null;
  return `利用上限（${limit.toLocaleString("ja-JP")}回）に対して、すでに${used.toLocaleString("ja-JP")}回利用されています。このクーポンはこれ以上使えません。`;
}
