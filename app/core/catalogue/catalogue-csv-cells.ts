/**
 * The catalogue CSV's cells both ways (app/core/catalogue/catalogue-csv.ts is the layout): a product as the editor's
 * schema holds it (app/core/catalogue/product-form.ts) written as the cells of its record and its variations' records,
 * and the cells of a record read back into the editor's input, on top of what the product already is. The
 * export, the dry run's "before → after" and the import all go through these two directions, so a file
 * exported and imported unchanged changes nothing. Pure.
 */
import type { ProductForm, ProductFormInput, VariationForm } from "./product-form";
import { COLDSHIPPING_LABELS, DELIVERY_ICON_TYPE_LABELS, PRODUCT_TYPE_LABELS, SHIPPING_ORIGIN_LABELS, VARIATION_STATUS_LABELS } from "./product-form-choices";
import { PRODUCT_STATE_LABELS, type ProductState } from "./product-status";
import {
  CATALOGUE_CSV_COLUMNS,
  choiceCell,
  columnHeader,
  flagCell,
  listCell,
  listCellOf,
  numberCellText,
  type CatalogueColumnKey,
  type CatalogueCsvRow,
  type RowProblem,
} from "./catalogue-csv";

/** Slugs ↔ ids of what list cells name. */
export interface CatalogueLookups {
  categories: readonly { id: number; slug: string }[];
  features: readonly { id: number; slug: string }[];
  troubles: readonly { id: number; slug: string }[];
  situations: readonly { id: number; slug: string }[];
  merchants: readonly { id: number; slug: string }[];
  /** Every coupon code the shop has (a product's excluded coupons must exist). */
  coupons: readonly string[];
}

/** A product as the CSV shows it: the editor's fields, its listing state, its revision when it exists. */
export interface CatalogueProduct {
  id: number | null;
  revision: number | null;
  state: ProductState;
  /** What a change of state keeps (app/core/catalogue/product-status.ts): the private link's secret, the first publication. */
  secret?: string | null;
  publishedAt?: Date | null;
  form: ProductForm;
}

export type Cells = Partial<Record<CatalogueColumnKey, string>>;

const TIER_COLUMNS = [1, 2, 3, 4, 5, 6].map((quantity) => [quantity, `subscription_price_${quantity}` as CatalogueColumnKey] as const);

/** The same words the editor shows, plus what people write in a spreadsheet. */
const TAX_RATE_WORDS: Record<"10" | "8", string> = { "10": "10%", "8": "8%" };
const SHIPPING_ORIGIN_WORDS: Record<"warehouse" | "merchant", string> = { warehouse: "倉庫", merchant: "出品者" };

const number = (value: number | null | undefined) => (value == null ? "" : String(value));
const flag = (value: boolean) => (value ? "1" : "0");

function slugsOf(ids: readonly number[], list: readonly { id: number; slug: string }[]): string {
  return listCellOf(ids.map((id) => list.find((item) => item.id === id)?.slug ?? String(id)));
}

/** The cells of a product's own record. */
export function productCells(product: CatalogueProduct, lookups: CatalogueLookups): Cells {
  const { form } = product;
  const tiers = new Map(form.subscriptionPrices.map((tier) => [tier.quantity, tier.unitPriceExclTax]));
  const cells: Cells = {
    sku: form.sku,
    parent_sku: "",
    title: form.title,
    type: PRODUCT_TYPE_LABELS[form.type],
    status: PRODUCT_STATE_LABELS[product.state],
    merchant: form.merchantId == null ? "" : (lookups.merchants.find((merchant) => merchant.id === form.merchantId)?.slug ?? ""),
    tax_rate: TAX_RATE_WORDS[String(form.taxRate) as "10" | "8"],
    regular_price: number(form.regularPrice),
    discount_price: number(form.discountPrice),
    original_price: number(form.originalPrice),
    // A variation product's stock is on its variations' records: its own cells stay empty.
    inventory: number(form.type === "variation" ? null : form.inventory),
    inventory_preorder_max: number(form.type === "variation" ? null : form.inventoryPreorderMax),
    low_stock_threshold: number(form.lowStockThreshold),
    preorder_limit: number(form.preorderLimit),
    preorder_ship_date: form.preorderShipDate ?? "",
    disable_preorder: flag(form.disablePreorder),
    disable_request: flag(form.disableRequest),
    primary_category: lookups.categories.find((category) => category.id === form.primaryCategoryId)?.slug ?? "",
    categories: slugsOf(form.categoryIds, lookups.categories),
    features: slugsOf(form.featureIds, lookups.features),
    troubles: slugsOf(form.troubleTagIds, lookups.troubles),
    situations: slugsOf(form.situationTagIds, lookups.situations),
    catchcopy: form.catchcopy,
    description: form.description,
    shipping_from: SHIPPING_ORIGIN_WORDS[form.shippingFrom],
    shipping_days: number(form.shippingDays),
    coldshipping: COLDSHIPPING_LABELS[form.coldshipping],
    hide_shipping_info: flag(form.hideShippingInfo),
    is_digital: flag(form.isDigital),
    expiry: form.expiry ?? "",
    subscribe: flag(form.subscribe),
    subscribe_only: flag(form.subscribeOnly),
    period: number(form.period),
    coupon_disabled: flag(form.couponDisabled),
    excluded_coupons: listCellOf(form.excludedCouponCodes),
    disable_wrapping: flag(form.disableWrapping),
    delivery_icon: form.deliveryIcon ?? "",
    delivery_icon_type: form.deliveryIcon && form.deliveryIconType ? DELIVERY_ICON_TYPE_LABELS[form.deliveryIconType] : "",
    delivery_icon_text: form.deliveryIconText ?? "",
    v_title: form.type === "variation" ? form.variationHeading : "",
  };
  for (const [quantity, key] of TIER_COLUMNS) cells[key] = number(tiers.get(quantity));
  return cells;
}

/** The cells of a variation's record. */
export function variationCells(variation: VariationForm, parentSku: string): Cells {
  return {
    sku: variation.sku,
    parent_sku: parentSku,
    title: variation.title,
    status: VARIATION_STATUS_LABELS[variation.status],
    regular_price: number(variation.regularPrice),
    discount_price: number(variation.discountPrice),
    inventory: number(variation.inventory),
    inventory_preorder_max: number(variation.inventoryPreorderMax),
    expiry: variation.expiry ?? "",
    max_subscription: number(variation.maxSubscription),
    delivery_icon: variation.deliveryIcon ?? "",
  };
}

/** The records of products (each followed by its variations' records) in the export's column order. */
export function catalogueRecords(productsToWrite: readonly CatalogueProduct[], lookups: CatalogueLookups): string[][] {
  const keys = CATALOGUE_CSV_COLUMNS.map((column) => column.key);
  return productsToWrite.flatMap((product) => {
    const records = [productCells(product, lookups), ...product.form.variations.map((variation) => variationCells(variation, product.form.sku))];
    return records.map((cells) => keys.map((key) => cells[key] ?? ""));
  });
}

// ─── Reading cells back ─────────────────────────────────────────────────────────────────────

/** What a record's cells make of the product: the editor's input, a new listing state, the problems of cells no field can read. */
export interface ReadCells<T> {
  input: T;
  state: ProductState | null;
  problems: RowProblem[];
}

function wordsOf(labels: Record<string, string>): string {
  return Object.values(labels)
    .map((label) => `「${label}」`)
    .join("");
}

/**
 * Reads a choice cell (the export's words first, then other accepted ones), or adds a problem naming the
 * words it accepts. An empty cell leaves the choice as it is (a new product's: the editor's default).
 */
function readChoice<V extends string>(
  cells: Cells,
  key: CatalogueColumnKey,
  problems: RowProblem[],
  labels: Record<V, string>,
  ...also: Record<V, string>[]
): V | undefined {
  const cell = cells[key];
  if (cell === undefined || cell === "") return undefined;
  const value = choiceCell(cell, labels, ...also);
  if (value == null) problems.push({ column: columnHeader(key), message: `${wordsOf(labels)}のいずれかを書いてください。` });
  return value ?? undefined;
}

function readFlag(cells: Cells, key: CatalogueColumnKey, problems: RowProblem[]): boolean | undefined {
  const cell = cells[key];
  if (cell === undefined) return undefined;
  const value = flagCell(cell);
  if (value == null) problems.push({ column: columnHeader(key), message: "「1」（はい）か「0」（いいえ）を書いてください。" });
  return value ?? undefined;
}

function readSlugs(cells: Cells, key: CatalogueColumnKey, list: readonly { id: number; slug: string }[], problems: RowProblem[]): number[] | undefined {
  const cell = cells[key];
  if (cell === undefined) return undefined;
  const ids: number[] = [];
  for (const slug of listCell(cell)) {
    const found = list.find((item) => item.slug === slug);
    if (found) ids.push(found.id);
    else problems.push({ column: columnHeader(key), message: `「${slug}」という${columnHeader(key)}はありません。` });
  }
  return ids;
}

/** A number cell as the editor's schema reads it (the schema says what is wrong with it). */
function readNumber(cells: Cells, key: CatalogueColumnKey): string | undefined {
  const cell = cells[key];
  return cell === undefined ? undefined : numberCellText(cell);
}

function defined<T extends object>(entries: T): Partial<T> {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * A product record's cells on top of `base` (the product as it is, or a new product's defaults): each
 * column the file has replaces that field; the editor's schema then checks the whole.
 */
export function productInputFromCells(base: ProductFormInput, cells: Cells, lookups: CatalogueLookups): ReadCells<ProductFormInput> {
  const problems: RowProblem[] = [];
  const merchant = cells.merchant;
  let merchantId: number | null | undefined;
  if (merchant !== undefined) {
    merchantId = merchant === "" ? null : (lookups.merchants.find((item) => item.slug === merchant)?.id ?? undefined);
    if (merchantId === undefined) problems.push({ column: columnHeader("merchant"), message: `「${merchant}」という出品者はありません。` });
  }
  const primaryCategory = cells.primary_category;
  let primaryCategoryId: number | string | undefined;
  if (primaryCategory !== undefined) {
    primaryCategoryId = primaryCategory === "" ? "" : lookups.categories.find((item) => item.slug === primaryCategory)?.id;
    if (primaryCategoryId === undefined)
      problems.push({ column: columnHeader("primary_category"), message: `「${primaryCategory}」というカテゴリはありません。` });
  }
  const hasTiers = TIER_COLUMNS.some(([, key]) => cells[key] !== undefined);
  const baseTiers = new Map(
    (Array.isArray(base.subscriptionPrices) ? base.subscriptionPrices : []).map((tier) => [Number(tier.quantity), tier.unitPriceExclTax]),
  );
  const subscriptionPrices = hasTiers
    ? TIER_COLUMNS.flatMap(([quantity, key]) => {
        const cell = cells[key] === undefined ? baseTiers.get(quantity) : numberCellText(cells[key]);
        return cell === undefined || cell === null || cell === "" ? [] : [{ quantity, unitPriceExclTax: cell }];
      })
    : undefined;
  const state = readChoice(cells, "status", problems, PRODUCT_STATE_LABELS) ?? null;
  const overrides = defined({
    title: cells.title,
    type: readChoice(cells, "type", problems, PRODUCT_TYPE_LABELS),
    merchantId,
    taxRate: readChoice(cells, "tax_rate", problems, TAX_RATE_WORDS),
    regularPrice: readNumber(cells, "regular_price"),
    discountPrice: readNumber(cells, "discount_price"),
    originalPrice: readNumber(cells, "original_price"),
    inventory: readNumber(cells, "inventory"),
    inventoryPreorderMax: readNumber(cells, "inventory_preorder_max"),
    lowStockThreshold: readNumber(cells, "low_stock_threshold"),
    preorderLimit: readNumber(cells, "preorder_limit"),
    preorderShipDate: cells.preorder_ship_date,
    disablePreorder: readFlag(cells, "disable_preorder", problems),
    disableRequest: readFlag(cells, "disable_request", problems),
    primaryCategoryId,
    categoryIds: readSlugs(cells, "categories", lookups.categories, problems),
    featureIds: readSlugs(cells, "features", lookups.features, problems),
    troubleTagIds: readSlugs(cells, "troubles", lookups.troubles, problems),
    situationTagIds: readSlugs(cells, "situations", lookups.situations, problems),
    catchcopy: cells.catchcopy,
    description: cells.description,
    shippingFrom: readChoice(cells, "shipping_from", problems, SHIPPING_ORIGIN_WORDS, SHIPPING_ORIGIN_LABELS),
    shippingDays: readNumber(cells, "shipping_days"),
    coldshipping: readChoice(cells, "coldshipping", problems, COLDSHIPPING_LABELS),
    hideShippingInfo: readFlag(cells, "hide_shipping_info", problems),
    isDigital: readFlag(cells, "is_digital", problems),
    expiry: cells.expiry,
    subscribe: readFlag(cells, "subscribe", problems),
    subscribeOnly: readFlag(cells, "subscribe_only", problems),
    period: readNumber(cells, "period"),
    subscriptionPrices,
    couponDisabled: readFlag(cells, "coupon_disabled", problems),
    excludedCouponCodes: cells.excluded_coupons === undefined ? undefined : listCell(cells.excluded_coupons),
    disableWrapping: readFlag(cells, "disable_wrapping", problems),
    deliveryIcon: cells.delivery_icon,
    deliveryIconType: readChoice(cells, "delivery_icon_type", problems, DELIVERY_ICON_TYPE_LABELS),
    deliveryIconText: cells.delivery_icon_text,
    variationHeading: cells.v_title,
  } satisfies Partial<Record<keyof ProductFormInput, unknown>>);
  return { input: { ...base, ...overrides } as ProductFormInput, state, problems };
}

type VariationInput = NonNullable<Extract<ProductFormInput["variations"], unknown[]>>[number];

/** A variation record's cells on top of the variation as it is (or a new one). */
export function variationInputFromCells(base: VariationInput | null, row: CatalogueCsvRow): ReadCells<VariationInput> {
  const problems: RowProblem[] = [];
  const { cells } = row;
  const overrides = defined({
    sku: row.sku,
    title: cells.title,
    status: readChoice(cells, "status", problems, VARIATION_STATUS_LABELS),
    regularPrice: readNumber(cells, "regular_price"),
    discountPrice: readNumber(cells, "discount_price"),
    inventory: readNumber(cells, "inventory"),
    inventoryPreorderMax: readNumber(cells, "inventory_preorder_max"),
    expiry: cells.expiry,
    maxSubscription: readNumber(cells, "max_subscription"),
    deliveryIcon: cells.delivery_icon,
  });
  return { input: { ...(base ?? { id: null, type: "normal", choices: [] }), ...overrides } as VariationInput, state: null, problems };
}

/** The form fields the editor's schema reports, by the column a person fixes them in. */
const FIELD_COLUMNS: Record<string, CatalogueColumnKey> = {
  sku: "sku",
  title: "title",
  type: "type",
  merchantId: "merchant",
  taxRate: "tax_rate",
  regularPrice: "regular_price",
  discountPrice: "discount_price",
  originalPrice: "original_price",
  inventory: "inventory",
  inventoryPreorderMax: "inventory_preorder_max",
  lowStockThreshold: "low_stock_threshold",
  preorderLimit: "preorder_limit",
  preorderShipDate: "preorder_ship_date",
  disablePreorder: "disable_preorder",
  disableRequest: "disable_request",
  primaryCategoryId: "primary_category",
  categoryIds: "categories",
  featureIds: "features",
  troubleTagIds: "troubles",
  situationTagIds: "situations",
  catchcopy: "catchcopy",
  description: "description",
  shippingFrom: "shipping_from",
  shippingDays: "shipping_days",
  coldshipping: "coldshipping",
  hideShippingInfo: "hide_shipping_info",
  isDigital: "is_digital",
  expiry: "expiry",
  subscribe: "subscribe",
  subscribeOnly: "subscribe_only",
  period: "period",
  couponDisabled: "coupon_disabled",
  excludedCouponCodes: "excluded_coupons",
  disableWrapping: "disable_wrapping",
  deliveryIcon: "delivery_icon",
  deliveryIconType: "delivery_icon_type",
  deliveryIconText: "delivery_icon_text",
  variations: "sku",
  status: "status",
  variationHeading: "v_title",
  maxSubscription: "max_subscription",
};

/**
 * Where an editor message belongs in the file: the variation it is about (its index in the form) or the
 * product, and the column's header (null when no column holds the field, e.g. an option's choices).
 */
export function problemPlace(field: string, subscriptionPrices: readonly { quantity?: unknown }[]): { variation: number | null; column: string | null } {
  const variation = /^variations\[(\d+)\]\.(\w+)/.exec(field);
  if (variation) {
    const key = FIELD_COLUMNS[variation[2]!];
    return { variation: Number(variation[1]), column: key && variation[2] !== "choices" ? columnHeader(key) : null };
  }
  const tier = /^subscriptionPrices\[(\d+)\]/.exec(field);
  if (tier) {
    const quantity = Number(subscriptionPrices[Number(tier[1])]?.quantity);
    return { variation: null, column: quantity >= 1 && quantity <= 6 ? columnHeader(`subscription_price_${quantity}` as CatalogueColumnKey) : null };
  }
  const key = FIELD_COLUMNS[field.split(/[.[]/)[0]!];
  return { variation: null, column: key ? columnHeader(key) : null };
}
