/**
 * What the product editor reads: one product as the form's values (ids of its rows included, so a save
 * updates them in place) with the facts shown beside the form (state, stock, link), the choices the form
 * offers (categories, features, tags, merchants), and the checks a save needs the database for — every
 * SKU free, every chosen record existing, every row id the product's own, no ordered variation removed.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { CatalogueScope } from "~/core/catalogue/catalogue-scope";
import { PRODUCT_EDITOR_TEXT } from "~/core/catalogue/product-editor";
import { fieldName, type ProductForm, type ProductFormInput } from "~/core/catalogue/product-form";
import type { Database } from "~/db/client.server";
import {
  categories,
  coupons,
  features,
  merchants,
  orderLines,
  productOptionChoices,
  productOptions,
  products,
  productVariations,
  subscriptions,
  tags,
  variationChoices,
} from "~/db/schema";
import { catalogueProducts } from "./catalogue-records.server";
import { productsInScope } from "./catalogue-scope.server";
import { currentSettingsQuery, settingsFromRows } from "../settings/shop-settings.server";

export type FieldErrors = Record<string, string[]>;

/** The product as the editor shows it: its form values and what is shown read-only beside them. */
export interface EditorProduct {
  id: number;
  revision: number;
  status: "draft" | "published" | "archived";
  isPrivate: boolean;
  secret: string | null;
  publishedAt: string | null;
  updatedAt: string | null;
  merchantId: number | null;
  sku: string;
  title: string;
  /** The primary category's slug: the product page is /category/{slug}/{sku}. */
  categorySlug: string;
  form: ProductFormInput;
  /** Stock (read-only here; changed on the stock page). */
  stock: { inventory: number; inventoryPreorderMax: number; variations: { id: number; title: string; inventory: number; inventoryPreorderMax: number }[] };
}

/**
 * The product as the editor shows it. Its form values come from the same reads and the same mapping as
 * the catalogue CSV (`catalogueProducts`), so the editor and an exported record cannot disagree; beside
 * them, what the page shows read-only (state, last change, the product page's address). Two round trips at once.
 */
export async function loadEditorProduct(db: Database, scope: CatalogueScope, productId: number): Promise<EditorProduct | null> {
  const [[product], [facts]] = await Promise.all([
    catalogueProducts(db, scope, [productId]),
    db
      .select({
        status: products.status,
        isPrivate: products.isPrivate,
        updatedAt: products.updatedAt,
        categorySlug: categories.slug,
        // The stock shown: a variation product's is its variations' sum, which its form does not carry.
        inventory: products.inventory,
        inventoryPreorderMax: products.inventoryPreorderMax,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.primaryCategoryId))
      .where(and(eq(products.id, productId), productsInScope(scope))),
  ]);
  if (!product || !facts) return null;
  const { form } = product;
  return {
    id: productId,
    revision: product.revision!,
    status: facts.status,
    isPrivate: facts.isPrivate,
    secret: product.secret ?? null,
    publishedAt: product.publishedAt?.toISOString() ?? null,
    updatedAt: facts.updatedAt?.toISOString() ?? null,
    merchantId: form.merchantId,
    sku: form.sku,
    title: form.title,
    categorySlug: facts.categorySlug ?? "",
    form,
    stock: {
      inventory: facts.inventory,
      inventoryPreorderMax: facts.inventoryPreorderMax,
      variations: form.variations.map((variation) => ({
        id: variation.id!,
        title: variation.title,
        inventory: variation.inventory,
        inventoryPreorderMax: variation.inventoryPreorderMax,
      })),
    },
  };
}

export interface EditorChoices {
  categories: { id: number; name: string; parentId: number | null }[];
  features: { id: number; name: string }[];
  troubles: { id: number; name: string }[];
  situations: { id: number; name: string }[];
  merchants: { id: number; name: string }[];
  /** The low-stock threshold of a product that sets none (the shop settings in force). */
  lowStockDefault: number;
}

/** What the form's pickers offer (a merchant picks no merchant), and the settings' low-stock default, in one round trip. */
export async function loadEditorChoices(db: Database, scope: CatalogueScope): Promise<EditorChoices> {
  const [categoryRows, featureRows, tagRows, merchantRows, settingsRows] = await db.batch([
    db
      .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
    db.select({ id: features.id, name: features.name }).from(features).orderBy(asc(features.position), asc(features.id)),
    db.select({ id: tags.id, name: tags.name, kind: tags.kind }).from(tags).orderBy(asc(tags.position), asc(tags.id)),
    db
      .select({ id: merchants.id, name: merchants.name })
      .from(merchants)
      .where(scope.kind === "merchant" ? eq(merchants.id, scope.merchantId) : undefined)
      .orderBy(asc(merchants.id)),
    currentSettingsQuery(db),
  ]);
  return {
    categories: categoryRows,
    features: featureRows,
    troubles: tagRows.filter((tag) => tag.kind === "trouble").map(({ id, name }) => ({ id, name })),
    situations: tagRows.filter((tag) => tag.kind === "situation").map(({ id, name }) => ({ id, name })),
    merchants: merchantRows,
    lowStockDefault: settingsFromRows(settingsRows).lowStockDefault,
  };
}

/** Every SKU of a form, with the field it is typed in. */
export function formSkus(product: ProductForm): { sku: string; field: string }[] {
  return [
    { sku: product.sku, field: "sku" },
    ...product.variations.flatMap((variation, index) => [
      { sku: variation.sku, field: fieldName(["variations", index, "sku"]) },
      ...variation.choices.map((choice, choiceIndex) => ({ sku: choice.sku, field: fieldName(["variations", index, "choices", choiceIndex, "sku"]) })),
    ]),
  ];
}

/**
 * What the database says against a valid form, by field: an SKU another product uses (as its SKU, a
 * variation's or a choice's), a category / feature / tag / merchant / coupon that does not exist, a row id
 * that is not this product's, a removed variation that was ordered. `productId` null: a new product.
 */
export async function databaseIssues(db: Database, product: ProductForm, productId: number | null): Promise<{ errors: FieldErrors; rowsNotOwned: boolean }> {
  const skus = formSkus(product);
  const wanted = skus.map((entry) => entry.sku);
  const own = productId ?? -1;
  const tagIds = [...product.troubleTagIds, ...product.situationTagIds];
  const [
    takenProducts,
    takenVariations,
    takenChoices,
    categoryRows,
    featureRows,
    tagRows,
    merchantRows,
    couponRows,
    ownVariations,
    ownChoices,
    ownOptions,
    ownOptionChoices,
    ordered,
  ] = await db.batch([
    db
      .select({ sku: products.sku })
      .from(products)
      .where(and(inArray(products.sku, wanted), sql`${products.id} <> ${own}`)),
    db
      .select({ sku: productVariations.sku })
      .from(productVariations)
      .where(and(inArray(productVariations.sku, wanted), sql`${productVariations.productId} <> ${own}`)),
    db
      .select({ sku: variationChoices.sku })
      .from(variationChoices)
      .innerJoin(productVariations, eq(productVariations.id, variationChoices.variationId))
      .where(and(inArray(variationChoices.sku, wanted), sql`${productVariations.productId} <> ${own}`)),
    db
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, [product.primaryCategoryId, ...product.categoryIds])),
    db.select({ id: features.id }).from(features).where(inArray(features.id, product.featureIds)),
    db.select({ id: tags.id, kind: tags.kind }).from(tags).where(inArray(tags.id, tagIds)),
    db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.id, product.merchantId ?? -1)),
    db.select({ code: coupons.code }).from(coupons).where(inArray(coupons.code, product.excludedCouponCodes)),
    db.select({ id: productVariations.id, title: productVariations.title }).from(productVariations).where(eq(productVariations.productId, own)),
    db
      .select({ id: variationChoices.id, variationId: variationChoices.variationId })
      .from(variationChoices)
      .innerJoin(productVariations, eq(productVariations.id, variationChoices.variationId))
      .where(eq(productVariations.productId, own)),
    db.select({ id: productOptions.id }).from(productOptions).where(eq(productOptions.productId, own)),
    db
      .select({ id: productOptionChoices.id, optionId: productOptionChoices.optionId })
      .from(productOptionChoices)
      .innerJoin(productOptions, eq(productOptions.id, productOptionChoices.optionId))
      .where(eq(productOptions.productId, own)),
    db
      .select({ variationId: productVariations.id })
      .from(productVariations)
      .where(
        and(
          eq(productVariations.productId, own),
          sql`(exists (select 1 from ${orderLines} where ${orderLines.variationId} = ${productVariations.id}) or exists (select 1 from ${subscriptions} where ${subscriptions.variationId} = ${productVariations.id}))`,
        ),
      ),
  ]);
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const taken = new Set([...takenProducts, ...takenVariations, ...takenChoices].map((row) => row.sku));
  for (const { sku, field } of skus) if (taken.has(sku)) add(field, PRODUCT_EDITOR_TEXT.skuTaken);
  const categoryIds = new Set(categoryRows.map((row) => row.id));
  if (!categoryIds.has(product.primaryCategoryId)) add("primaryCategoryId", PRODUCT_EDITOR_TEXT.categoryUnknown);
  if (product.categoryIds.some((id) => !categoryIds.has(id))) add("categoryIds", PRODUCT_EDITOR_TEXT.categoryUnknown);
  if (featureRows.length !== product.featureIds.length) add("featureIds", PRODUCT_EDITOR_TEXT.featureUnknown);
  const kindOf = new Map(tagRows.map((row) => [row.id, row.kind]));
  if (product.troubleTagIds.some((id) => kindOf.get(id) !== "trouble")) add("troubleTagIds", PRODUCT_EDITOR_TEXT.tagUnknown);
  if (product.situationTagIds.some((id) => kindOf.get(id) !== "situation")) add("situationTagIds", PRODUCT_EDITOR_TEXT.tagUnknown);
  if (product.merchantId !== null && merchantRows.length === 0) add("merchantId", PRODUCT_EDITOR_TEXT.merchantUnknown);
  const knownCodes = new Set(couponRows.map((row) => row.code));
  const unknownCodes = product.excludedCouponCodes.filter((code) => !knownCodes.has(code));
  if (unknownCodes.length > 0) add("excludedCouponCodes", PRODUCT_EDITOR_TEXT.couponUnknown(unknownCodes));
  const keptVariationIds = new Set(product.variations.flatMap((variation) => (variation.id ? [variation.id] : [])));
  const orderedIds = new Set(ordered.map((row) => row.variationId));
  for (const variation of ownVariations) {
    if (!keptVariationIds.has(variation.id) && orderedIds.has(variation.id)) add("variations", PRODUCT_EDITOR_TEXT.variationOrdered(variation.title));
  }
  const rowsNotOwned = !rowIdsOwned(product, { ownVariations, ownChoices, ownOptions, ownOptionChoices });
  return { errors, rowsNotOwned };
}

/** Every row id in the form is one of this product's rows, under the parent it is posted under. */
function rowIdsOwned(
  product: ProductForm,
  own: {
    ownVariations: { id: number }[];
    ownChoices: { id: number; variationId: number }[];
    ownOptions: { id: number }[];
    ownOptionChoices: { id: number; optionId: number }[];
  },
): boolean {
  const variationIds = new Set(own.ownVariations.map((row) => row.id));
  const choiceParent = new Map(own.ownChoices.map((row) => [row.id, row.variationId]));
  const optionIds = new Set(own.ownOptions.map((row) => row.id));
  const optionChoiceParent = new Map(own.ownOptionChoices.map((row) => [row.id, row.optionId]));
  const variationsOk = product.variations.every(
    (variation) =>
      (variation.id === null || variationIds.has(variation.id)) &&
      variation.choices.every((choice) => choice.id === null || (variation.id !== null && choiceParent.get(choice.id) === variation.id)),
  );
  const optionsOk = product.options.every(
    (option) =>
      (option.id === null || optionIds.has(option.id)) &&
      option.choices.every((choice) => choice.id === null || (option.id !== null && optionChoiceParent.get(choice.id) === option.id)),
  );
  return variationsOk && optionsOk;
}
