/**
 * The product editor's one schema (issue 17, spec §3 Product): every field the `products`,
 * `product_variations`, `variation_choices`, `product_options`, `product_option_choices`,
 * `subscription_prices`, `product_categories` / `_features` / `_tags` and `coupon_product_exclusions` tables
 * hold for a product, with a Japanese message per field and the rules across fields
 * (app/core/catalogue/product-form-rules.ts). The same schema reads
 *   - the editor's form, on the server and in the browser: `parseWithValibot(formData, { schema:
 *     ProductFormSchema, disableAutoCoercion: true })` (field names like `variations[0].sku`);
 *   - a plain object — the CSV import builds a `ProductFormInput` from a row and calls `parseProductForm`.
 * Status (下書き/公開/…) is not part of the form: app/core/catalogue/product-status.ts changes it.
 *
 * Stock: `inventory` / `inventoryPreorderMax` of the product, a variation or a choice are read only when that
 * record is created (a receipt 「新規登録」); afterwards stock moves on the stock page only.
 */
import * as v from "valibot";
import { MALFORMED_INPUT_MESSAGE } from "../validation";
import { MAX_LINE_QUANTITY, MAX_SUBSCRIPTION_QUANTITY } from "../limits";
import { DELIVERY_ICON_NAMES } from "./product-notes";
import { LOW_STOCK_THRESHOLD_MAX } from "./stock-alerts";
import {
  choice,
  codeList,
  idList,
  nullableText,
  optionalDay,
  optionalLine,
  optionalText,
  optionalWholeNumber,
  requiredText,
  RowIdSchema,
  rows,
  skuField,
  tick,
  wholeNumber,
  wholeNumberOr,
} from "./product-form-fields";
import { PRODUCT_FORM_LIMITS as L, PRODUCT_FORM_MESSAGES as M } from "./product-form-messages";
import { productFormIssues } from "./product-form-rules";
import {
  COLDSHIPPING_MODES,
  DELIVERY_ICON_TYPES,
  OPTION_TYPES,
  PRODUCT_TYPES,
  SHIPPING_ORIGINS,
  TAX_RATES,
  VARIATION_STATUSES,
  VARIATION_TYPES,
} from "./product-form-choices";

export { PRODUCT_FORM_LIMITS, PRODUCT_FORM_MESSAGES } from "./product-form-messages";

/** Coupon codes as the coupons table holds them. */
const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const price = () => wholeNumber(M.regularPrice, 1, L.priceMax);

export const VariationChoiceSchema = v.object(
  {
    id: RowIdSchema,
    sku: skuField(M.skuRequired, M.sku),
    groupTitle: requiredText(L.textMax, M.choiceGroupRequired, M.choiceGroup),
    title: requiredText(L.textMax, M.choiceTitleRequired, M.choiceTitle),
    priceDiff: wholeNumberOr(0, M.priceDiff, -L.priceMax, L.priceMax),
    /** Own stock; empty = shares the variation's (read on creation only). */
    inventory: optionalWholeNumber(M.choiceStock, 0, L.stockMax),
  },
  MALFORMED_INPUT_MESSAGE,
);

export const VariationSchema = v.object(
  {
    id: RowIdSchema,
    sku: skuField(M.skuRequired, M.sku),
    title: requiredText(L.textMax, M.variationTitleRequired, M.variationTitle),
    status: choice(VARIATION_STATUSES, M.variationStatus, "published"),
    type: choice(VARIATION_TYPES, M.variationType, "normal"),
    /** Own prices; empty = the product's. */
    regularPrice: optionalWholeNumber(M.regularPrice, 1, L.priceMax),
    discountPrice: optionalWholeNumber(M.discountPrice, 1, L.priceMax),
    inventory: wholeNumberOr(0, M.inventory, 0, L.stockMax),
    inventoryPreorderMax: wholeNumberOr(0, M.preorderStock, 0, L.stockMax),
    expiry: nullableText(L.textMax, M.expiry),
    maxSubscription: optionalWholeNumber(M.maxSubscription, 1, MAX_SUBSCRIPTION_QUANTITY),
    deliveryIcon: v.pipe(
      choice(["", ...DELIVERY_ICON_NAMES], M.deliveryIcon, ""),
      v.transform((icon) => icon || null),
    ),
    choices: rows(VariationChoiceSchema, L.choicesMax, M.choicesMax),
  },
  MALFORMED_INPUT_MESSAGE,
);

export const OptionChoiceSchema = v.object(
  {
    id: RowIdSchema,
    title: requiredText(L.textMax, M.optionChoiceTitleRequired, M.optionChoiceTitle),
    fee: wholeNumberOr(0, M.optionFee, 0, L.priceMax),
  },
  MALFORMED_INPUT_MESSAGE,
);

export const OptionSchema = v.object(
  {
    id: RowIdSchema,
    title: requiredText(L.textMax, M.optionTitleRequired, M.optionTitle),
    type: choice(OPTION_TYPES, M.optionType, "list"),
    active: tick(M.flag),
    required: tick(M.flag),
    choices: rows(OptionChoiceSchema, L.optionChoicesMax, M.optionChoicesMax),
  },
  MALFORMED_INPUT_MESSAGE,
);

/** A subscription tier: the unit price (excl. tax; tax is added rounded down) from this quantity up. */
export const TierSchema = v.object(
  {
    quantity: wholeNumber(M.tierQuantity, 1, MAX_SUBSCRIPTION_QUANTITY),
    unitPriceExclTax: wholeNumber(M.tierPrice, 1, L.priceMax),
  },
  MALFORMED_INPUT_MESSAGE,
);

const ProductFieldsSchema = v.object(
  {
    sku: skuField(M.skuRequired, M.sku),
    title: requiredText(L.titleMax, M.titleRequired, M.title),
    catchcopy: optionalText(L.catchcopyMax, M.catchcopy),
    /** HTML; sanitised when saved. */
    description: optionalText(L.descriptionMax, M.description),
    type: choice(PRODUCT_TYPES, M.type, "simple"),
    taxRate: v.pipe(choice(TAX_RATES, M.taxRate, "10"), v.transform(Number)),
    regularPrice: price(),
    discountPrice: optionalWholeNumber(M.discountPrice, 1, L.priceMax),
    originalPrice: optionalWholeNumber(M.originalPrice, 1, L.priceMax),
    primaryCategoryId: wholeNumber(M.primaryCategory, 1, 999_999_999),
    categoryIds: idList(M.categories, L.categoriesMax),
    featureIds: idList(M.features, L.featuresMax),
    troubleTagIds: idList(M.tags, L.tagsMax),
    situationTagIds: idList(M.tags, L.tagsMax),
    shippingFrom: choice(SHIPPING_ORIGINS, M.shippingFrom, "warehouse"),
    merchantId: optionalWholeNumber(M.merchant, 1, 999_999_999),
    shippingDays: wholeNumberOr(1, M.shippingDays, 1, L.shippingDaysMax),
    hideShippingInfo: tick(M.flag),
    coldshipping: choice(COLDSHIPPING_MODES, M.coldshipping, "none"),
    isDigital: tick(M.flag),
    expiry: nullableText(L.textMax, M.expiry),
    period: wholeNumberOr(1, M.period, 1, L.periodMax),
    inventory: wholeNumberOr(0, M.inventory, 0, L.stockMax),
    inventoryPreorderMax: wholeNumberOr(0, M.preorderStock, 0, L.stockMax),
    /** Staff are alerted at this stock or below (app/core/catalogue/stock-alerts.ts); empty = the shop's default. */
    lowStockThreshold: optionalWholeNumber(M.lowStockThreshold, 0, LOW_STOCK_THRESHOLD_MAX),
    preorderLimit: wholeNumberOr(0, M.preorderLimit, 0, MAX_LINE_QUANTITY),
    preorderShipDate: optionalDay(M.preorderShipDate),
    disablePreorder: tick(M.flag),
    disableRequest: tick(M.flag),
    subscribe: tick(M.flag),
    subscribeOnly: tick(M.flag),
    subscriptionPrices: rows(TierSchema, MAX_SUBSCRIPTION_QUANTITY, M.tiersMax),
    couponDisabled: tick(M.flag),
    excludedCouponCodes: codeList(L.excludedCouponsMax, COUPON_CODE_PATTERN, M.excludedCoupons),
    disableWrapping: tick(M.flag),
    deliveryIcon: v.pipe(
      choice(["", ...DELIVERY_ICON_NAMES], M.deliveryIcon, ""),
      v.transform((icon) => icon || null),
    ),
    deliveryIconType: choice(DELIVERY_ICON_TYPES, M.deliveryIconType, "other"),
    deliveryIconText: nullableText(L.textMax, M.deliveryIconText),
    /**
     * The heading of the product page's variation picker (「カラー」): one for the product, saved on each
     * of its variations (product_variations.v_title), which the pages and the API read.
     */
    variationHeading: v.pipe(
      optionalLine(L.textMax, M.variationHeading),
      v.transform((text) => text || "タイプ"),
    ),
    variations: rows(VariationSchema, L.variationsMax, M.variationsMax),
    options: rows(OptionSchema, L.optionsMax, M.optionsMax),
  },
  MALFORMED_INPUT_MESSAGE,
);

/**
 * The whole product. Field rules first; the rules across fields (sale below regular, SKUs unique in the
 * form, tiers, a variation product's variations …) run once every field reads, each issue at its field.
 */
export const ProductFormSchema = v.pipe(
  ProductFieldsSchema,
  v.rawCheck<ProductFields>(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.issues) return;
    for (const issue of productFormIssues(dataset.value)) {
      addIssue({
        message: issue.message,
        path: issue.path.map((key) => ({ type: "object", origin: "value", input: dataset.value, key, value: undefined })) as unknown as [v.ObjectPathItem],
      });
    }
  }),
  v.transform(normaliseProduct),
);

/** What a form, a CSV row or a script passes (text or typed values). */
export type ProductFormInput = v.InferInput<typeof ProductFieldsSchema>;
/** The fields as read, before the rules across fields (what productFormIssues checks). */
export type ProductFields = v.InferOutput<typeof ProductFieldsSchema>;
/** A valid product, ready for app/services/catalogue/product-editor.server.ts. */
export type ProductForm = v.InferOutput<typeof ProductFormSchema>;
export type VariationForm = ProductForm["variations"][number];
export type OptionForm = ProductForm["options"][number];

/** Values that mean nothing in their context are dropped, so the stored product says only what applies. */
function normaliseProduct(product: ProductFields) {
  return {
    ...product,
    categoryIds: product.categoryIds.filter((id) => id !== product.primaryCategoryId),
    deliveryIconType: product.deliveryIcon ? product.deliveryIconType : null,
    deliveryIconText: product.deliveryIcon ? product.deliveryIconText : null,
    subscriptionPrices: [...product.subscriptionPrices].sort((a, b) => a.quantity - b.quantity),
  };
}

export type ProductFormResult = { ok: true; value: ProductForm } | { ok: false; errors: Record<string, string[]> };

/** Field path as Conform names it: variations[0].sku. */
export function fieldName(path: readonly (string | number)[]): string {
  return path.reduce<string>((name, key) => (typeof key === "number" ? `${name}[${key}]` : name ? `${name}.${key}` : key), "");
}

/** A plain object (a CSV row, a script) read with the editor's schema: the product, or the messages by field. */
export function parseProductForm(input: unknown): ProductFormResult {
  const result = v.safeParse(ProductFormSchema, input);
  if (result.success) return { ok: true, value: result.output };
  const errors: Record<string, string[]> = {};
  for (const issue of result.issues) {
    const name = fieldName((issue.path ?? []).map((item) => item.key as string | number));
    (errors[name] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}
