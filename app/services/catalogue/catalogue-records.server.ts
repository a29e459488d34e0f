/**
 * Products in bulk as the editor's schema holds them (app/core/catalogue/product-form.ts), for the catalogue CSV:
 * the export of a whole listing and the import's "as it is now" of thousands of SKUs. Every read goes in
 * D1 batches of many statements (one round trip each) and every IN list stays under D1's 100 bound
 * parameters, so 10,000 products cost a few dozen round trips, not one per product.
 */
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CatalogueLookups, CatalogueProduct } from "~/core/catalogue/catalogue-csv-cells";
import type { SkuOwner } from "~/core/catalogue/catalogue-import";
import type { CatalogueScope } from "~/core/catalogue/catalogue-scope";
import { productStateOf } from "~/core/catalogue/product-status";
import { aliased, type Database } from "~/db/client.server";
import {
  categories,
  couponProductExclusions,
  coupons,
  features,
  merchants,
  productCategories,
  productFeatures,
  productOptionChoices,
  productOptions,
  products,
  productTags,
  productVariations,
  subscriptionPrices,
  tags,
  variationChoices,
} from "~/db/schema";
import { productsInScope } from "./catalogue-scope.server";

/** Values bound per IN list: D1 allows 100 per statement, and the scope's condition takes one. */
export const IN_LIST_SIZE = 90;
/** Statements per D1 batch when reading: one round trip each, well inside a Worker's request limits. */
const READS_PER_BATCH = 48;

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Runs read statements in batches of READS_PER_BATCH; answers their results in order (none for none). */
async function readInBatches(db: Database, statements: BatchItem<"sqlite">[]): Promise<unknown[][]> {
  const results: unknown[][] = [];
  for (const [first, ...rest] of chunks(statements, READS_PER_BATCH)) {
    results.push(...((await db.batch([first!, ...rest])) as unknown[][]));
  }
  return results;
}

/** The slugs list cells use: categories, features, tags, merchants and coupon codes (small tables, one round trip). */
export async function catalogueLookups(db: Database): Promise<CatalogueLookups> {
  const [categoryRows, featureRows, tagRows, merchantRows, couponRows] = await db.batch([
    db.select({ id: categories.id, slug: categories.slug }).from(categories).orderBy(asc(categories.id)),
    db.select({ id: features.id, slug: features.slug }).from(features).orderBy(asc(features.id)),
    db.select({ id: tags.id, slug: tags.slug, kind: tags.kind }).from(tags).orderBy(asc(tags.id)),
    db.select({ id: merchants.id, slug: merchants.slug }).from(merchants).orderBy(asc(merchants.id)),
    db.select({ code: coupons.code }).from(coupons),
  ]);
  return {
    categories: categoryRows,
    features: featureRows,
    troubles: tagRows.filter((tag) => tag.kind === "trouble"),
    situations: tagRows.filter((tag) => tag.kind === "situation"),
    merchants: merchantRows,
    coupons: couponRows.map((row) => row.code),
  };
}

/** Who holds each of these SKUs (a product, a variation or a choice; in the scope or another merchant's). */
export async function skuOwners(db: Database, scope: CatalogueScope, skus: readonly string[]): Promise<Map<string, SkuOwner>> {
  const statements: BatchItem<"sqlite">[] = [];
  for (const chunk of chunks([...new Set(skus)], IN_LIST_SIZE)) {
    statements.push(db.select({ sku: products.sku, merchantId: products.merchantId }).from(products).where(inArray(products.sku, chunk)));
    statements.push(
      db
        // Aliased: a D1 batch reads rows by column name, and the two "sku" columns would clash.
        .select({ sku: aliased(productVariations.sku, "variation_sku"), productSku: aliased(products.sku, "product_sku"), merchantId: products.merchantId })
        .from(productVariations)
        .innerJoin(products, eq(products.id, productVariations.productId))
        .where(inArray(productVariations.sku, chunk)),
      db
        .select({ sku: aliased(variationChoices.sku, "choice_sku"), productSku: aliased(products.sku, "product_sku"), merchantId: products.merchantId })
        .from(variationChoices)
        .innerJoin(productVariations, eq(productVariations.id, variationChoices.variationId))
        .innerJoin(products, eq(products.id, productVariations.productId))
        .where(inArray(variationChoices.sku, chunk)),
    );
  }
  const inScope = (merchantId: number | null) => scope.kind === "staff" || merchantId === scope.merchantId;
  const owners = new Map<string, SkuOwner>();
  const kinds = ["product", "variation", "choice"] as const;
  const results = await readInBatches(db, statements);
  results.forEach((rows, index) => {
    const kind = kinds[index % kinds.length]!;
    for (const row of rows as { sku: string; productSku?: string; merchantId: number | null }[]) {
      owners.set(row.sku, { kind, productSku: row.productSku ?? row.sku, inScope: inScope(row.merchantId) });
    }
  });
  return owners;
}

/** The statements reading every part of the products `where` picks (eight, in a fixed order). */
function productReads(db: Database, where: SQL | undefined) {
  const ids = db.select({ id: products.id }).from(products).where(where);
  return [
    db.select().from(products).where(where).orderBy(asc(products.id)),
    db
      .select()
      .from(productVariations)
      .where(inArray(productVariations.productId, ids))
      .orderBy(asc(productVariations.productId), asc(productVariations.position), asc(productVariations.id)),
    db
      .select({
        variationId: variationChoices.variationId,
        id: variationChoices.id,
        sku: variationChoices.sku,
        groupTitle: variationChoices.groupTitle,
        title: variationChoices.title,
        priceDiff: variationChoices.priceDiff,
        inventory: variationChoices.inventory,
      })
      .from(variationChoices)
      .innerJoin(productVariations, eq(productVariations.id, variationChoices.variationId))
      .where(inArray(productVariations.productId, ids))
      .orderBy(asc(variationChoices.variationId), asc(variationChoices.position), asc(variationChoices.id)),
    db
      .select()
      .from(productOptions)
      .where(inArray(productOptions.productId, ids))
      .orderBy(asc(productOptions.productId), asc(productOptions.position), asc(productOptions.id)),
    db
      .select({ optionId: productOptionChoices.optionId, id: productOptionChoices.id, title: productOptionChoices.title, fee: productOptionChoices.fee })
      .from(productOptionChoices)
      .innerJoin(productOptions, eq(productOptions.id, productOptionChoices.optionId))
      .where(inArray(productOptions.productId, ids))
      .orderBy(asc(productOptionChoices.optionId), asc(productOptionChoices.position), asc(productOptionChoices.id)),
    db
      .select({
        productId: subscriptionPrices.productId,
        variationId: subscriptionPrices.variationId,
        quantity: subscriptionPrices.quantity,
        unitPriceExclTax: subscriptionPrices.unitPriceExclTax,
      })
      .from(subscriptionPrices)
      .where(inArray(subscriptionPrices.productId, ids))
      .orderBy(asc(subscriptionPrices.quantity)),
    db
      .select({ productId: productCategories.productId, id: productCategories.categoryId })
      .from(productCategories)
      .where(inArray(productCategories.productId, ids))
      .orderBy(asc(productCategories.categoryId)),
    db
      .select({ productId: productFeatures.productId, id: productFeatures.featureId })
      .from(productFeatures)
      .where(inArray(productFeatures.productId, ids))
      .orderBy(asc(productFeatures.featureId)),
    db
      .select({ productId: productTags.productId, id: productTags.tagId, kind: tags.kind })
      .from(productTags)
      .innerJoin(tags, eq(tags.id, productTags.tagId))
      .where(inArray(productTags.productId, ids))
      .orderBy(asc(productTags.tagId)),
    db
      .select({ productId: couponProductExclusions.productId, code: coupons.code })
      .from(couponProductExclusions)
      .innerJoin(coupons, eq(coupons.id, couponProductExclusions.couponId))
      .where(inArray(couponProductExclusions.productId, ids))
      .orderBy(asc(coupons.code)),
  ] as const;
}

type Reads = ReturnType<typeof productReads>;
/** What the reads answer, in their order. */
type ReadResults = { -readonly [K in keyof Reads]: Awaited<Reads[K]> };

function byKey<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/** Builds the editor's view of each product from the rows the reads answered. */
function assemble(results: ReadResults): CatalogueProduct[] {
  const [productRows, variationRows, choiceRows, optionRows, optionChoiceRows, tierRows, categoryRows, featureRows, tagRows, exclusionRows] = results;
  const variationsOf = byKey(variationRows, (row) => row.productId);
  const choicesOf = byKey(choiceRows, (row) => row.variationId);
  const optionsOf = byKey(optionRows, (row) => row.productId);
  const optionChoicesOf = byKey(optionChoiceRows, (row) => row.optionId);
  const tiersOf = byKey(
    tierRows.filter((row) => row.variationId == null),
    (row) => row.productId,
  );
  const categoriesOf = byKey(categoryRows, (row) => row.productId);
  const featuresOf = byKey(featureRows, (row) => row.productId);
  const tagsOf = byKey(tagRows, (row) => row.productId);
  const exclusionsOf = byKey(exclusionRows, (row) => row.productId);
  return productRows.map((row): CatalogueProduct => {
    const tagList = tagsOf.get(row.id) ?? [];
    return {
      id: row.id,
      revision: row.revision,
      state: productStateOf(row),
      secret: row.secret,
      publishedAt: row.publishedAt,
      form: {
        sku: row.sku,
        title: row.title,
        catchcopy: row.catchcopy,
        description: row.description,
        type: row.type,
        taxRate: row.taxRate,
        regularPrice: row.regularPrice,
        discountPrice: row.discountPrice,
        originalPrice: row.originalPrice,
        primaryCategoryId: row.primaryCategoryId,
        categoryIds: (categoriesOf.get(row.id) ?? []).map((category) => category.id).filter((id) => id !== row.primaryCategoryId),
        featureIds: (featuresOf.get(row.id) ?? []).map((feature) => feature.id),
        troubleTagIds: tagList.filter((tag) => tag.kind === "trouble").map((tag) => tag.id),
        situationTagIds: tagList.filter((tag) => tag.kind === "situation").map((tag) => tag.id),
        shippingFrom: row.shippingFrom,
        merchantId: row.merchantId,
        shippingDays: row.shippingDays,
        hideShippingInfo: row.hideShippingInfo,
        coldshipping: row.coldshipping,
        isDigital: row.isDigital,
        expiry: row.expiry,
        period: row.period,
        // A variation product's own figures are its variations' sums, not stock of its own (the form has none).
        inventory: row.type === "variation" ? 0 : row.inventory,
        inventoryPreorderMax: row.type === "variation" ? 0 : row.inventoryPreorderMax,
        lowStockThreshold: row.lowStockThreshold,
        preorderLimit: row.preorderLimit,
        preorderShipDate: row.preorderShipDate,
        disablePreorder: row.disablePreorder,
        disableRequest: row.disableRequest,
        subscribe: row.subscribe,
        subscribeOnly: row.subscribeOnly,
        subscriptionPrices: (tiersOf.get(row.id) ?? []).map((tier) => ({ quantity: tier.quantity, unitPriceExclTax: tier.unitPriceExclTax })),
        couponDisabled: row.couponDisabled,
        excludedCouponCodes: (exclusionsOf.get(row.id) ?? []).map((exclusion) => exclusion.code),
        disableWrapping: row.disableWrapping,
        deliveryIcon: row.deliveryIcon,
        deliveryIconType: row.deliveryIcon ? (row.deliveryIconType ?? "other") : null,
        deliveryIconText: row.deliveryIcon ? row.deliveryIconText : null,
        // One heading for the product: its variations carry it, the first one's is the one the pages show.
        variationHeading: variationsOf.get(row.id)?.[0]?.vTitle ?? "",
        variations: (variationsOf.get(row.id) ?? []).map((variation) => ({
          id: variation.id,
          sku: variation.sku,
          title: variation.title,
          status: variation.status,
          type: variation.type,
          regularPrice: variation.regularPrice,
          discountPrice: variation.discountPrice,
          inventory: variation.inventory,
          inventoryPreorderMax: variation.inventoryPreorderMax,
          expiry: variation.expiry,
          maxSubscription: variation.maxSubscription,
          deliveryIcon: variation.deliveryIcon,
          choices: (choicesOf.get(variation.id) ?? []).map(({ variationId: _variation, ...choice }) => choice),
        })),
        options: (optionsOf.get(row.id) ?? []).map((option) => ({
          id: option.id,
          title: option.title,
          type: option.type,
          active: option.active,
          required: option.required,
          choices: (optionChoicesOf.get(option.id) ?? []).map(({ optionId: _option, ...choice }) => choice),
        })),
      },
    };
  });
}

/** The products of the scope among `ids`, in the order of `ids`. */
export async function catalogueProducts(db: Database, scope: CatalogueScope, ids: readonly number[]): Promise<CatalogueProduct[]> {
  const statements: BatchItem<"sqlite">[] = [];
  const idChunks = chunks([...new Set(ids)], IN_LIST_SIZE);
  for (const chunk of idChunks) statements.push(...productReads(db, and(inArray(products.id, chunk), productsInScope(scope))));
  const results = await readInBatches(db, statements);
  const perChunk = productReads(db, undefined).length;
  const found = idChunks.flatMap((_, index) => assemble(results.slice(index * perChunk, (index + 1) * perChunk) as never));
  const order = new Map(ids.map((id, index) => [id, index]));
  return found.sort((a, b) => (order.get(a.id!) ?? 0) - (order.get(b.id!) ?? 0));
}

/** The scope's products with these SKUs, by SKU. */
export async function catalogueProductsBySku(db: Database, scope: CatalogueScope, skus: readonly string[]): Promise<Map<string, CatalogueProduct>> {
  const statements: BatchItem<"sqlite">[] = [];
  const skuChunks = chunks([...new Set(skus)], IN_LIST_SIZE);
  for (const chunk of skuChunks) statements.push(...productReads(db, and(inArray(products.sku, chunk), productsInScope(scope))));
  const results = await readInBatches(db, statements);
  const perChunk = productReads(db, undefined).length;
  const found = skuChunks.flatMap((_, index) => assemble(results.slice(index * perChunk, (index + 1) * perChunk) as never));
  return new Map(found.map((product) => [product.form.sku, product]));
}
