/**
 * The statements of one product save (app/services/catalogue/product-editor.server.ts), to run in ONE D1 batch: the
 * product row, its variations and their choices, options and their choices (updated in place by id, so
 * carts keep pointing at them; new rows inserted; removed rows deleted), subscription tiers, categories /
 * features / tags, coupon exclusions, the stock of what is created (a receipt 「新規登録」), and the price
 * history. A new row that a later statement refers to is found by its SKU (unique) or, for an option, as
 * the product's newest option — the batch is one transaction, run in order.
 */
import { and, eq, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { SQLiteDeleteBase } from "drizzle-orm/sqlite-core";
import type { CatalogueActor } from "~/core/catalogue/catalogue-scope";
import { PRODUCT_EDITOR_TEXT } from "~/core/catalogue/product-editor";
import type { OptionForm, ProductForm, VariationForm } from "~/core/catalogue/product-form";
import { MAX_SUBSCRIPTION_QUANTITY } from "~/core/limits";
import type { Database } from "~/db/client.server";
import {
  couponProductExclusions,
  priceChanges,
  productCategories,
  productFeatures,
  productOptionChoices,
  productOptions,
  products,
  productTags,
  productVariations,
  stockMovements,
  subscriptionPrices,
  variationChoices,
} from "~/db/schema";
import { sanitizeRichText } from "../html.server";
import { guard } from "../orders/order-guards.server";
import { searchIndexStatements } from "../search/search-index.server";
import { variationProductTotals } from "./stock-adjustments.server";
import { formSkus } from "./product-editor-reads.server";

export type Statement = BatchItem<"sqlite">;

/** The product a statement is about: its id, or (on creation) the SQL that finds it by its SKU. */
export type ProductRef = number | SQL;

export function productRefBySku(sku: string): SQL {
  return sql`(select id from products where sku = ${sku})`;
}

const variationRef = (variation: VariationForm): SQL | number => variation.id ?? sql`(select id from product_variations where sku = ${variation.sku})`;

/**
 * The ids the new rows of a created product take, for the one caller that must choose them: the demo seed
 * (app/services/seed/seed-products.server.ts), whose people, orders, reviews and photos — and many tests — name
 * the demo catalogue's rows by id. Everyone else leaves the ids to the database. A form's own `id` fields
 * cannot carry these: there an id means an existing row the save updates.
 */
export interface NewRowIds {
  product: number;
  /** Variations and variation choices, by SKU (unique across both). */
  bySku: Readonly<Record<string, number>>;
  /** Options by position, each with its choices' ids by position. */
  options: readonly { id: number; choices: readonly number[] }[];
}

/** `{ id }` when the caller chose the new row's id, else nothing (the database picks). */
const chosenId = (id: number | undefined) => (id === undefined ? {} : { id });

/** The products columns a save writes (stock, status and the private link are not the editor's). */
export function productColumns(product: ProductForm, merchantId: number | null, now: Date) {
  return {
    sku: product.sku,
    title: product.title,
    catchcopy: product.catchcopy,
    description: sanitizeRichText(product.description),
    type: product.type,
    taxRate: product.taxRate,
    regularPrice: product.regularPrice,
    discountPrice: product.discountPrice,
    originalPrice: product.originalPrice,
    primaryCategoryId: product.primaryCategoryId,
    shippingFrom: product.shippingFrom,
    merchantId,
    shippingDays: product.shippingDays,
    hideShippingInfo: product.hideShippingInfo,
    coldshipping: product.coldshipping,
    isDigital: product.isDigital,
    expiry: product.expiry,
    period: product.period,
    lowStockThreshold: product.lowStockThreshold,
    preorderLimit: product.preorderLimit,
    preorderShipDate: product.preorderShipDate,
    disablePreorder: product.disablePreorder,
    disableRequest: product.disableRequest,
    subscribe: product.subscribe,
    subscribeOnly: product.subscribeOnly,
    couponDisabled: product.couponDisabled,
    disableWrapping: product.disableWrapping,
    deliveryIcon: product.deliveryIcon,
    deliveryIconType: product.deliveryIconType,
    deliveryIconText: product.deliveryIconText,
    updatedAt: now,
  };
}

/**
 * Fails the batch unless none of `skus` is used by another product, its variations or their choices
 * (each table's own unique index cannot see the other two). `productId` null: every use is another's.
 */
export function skuFreeGuard(db: Database, skus: readonly string[], productId: number | null): Statement {
  const own = productId ?? -1;
  return guard(
    db,
    sql`not exists (
      select 1 from json_each(${JSON.stringify(skus)}) as wanted where
        exists (select 1 from products where products.sku = wanted.value and products.id <> ${own})
        or exists (select 1 from product_variations where product_variations.sku = wanted.value and product_variations.product_id <> ${own})
        or exists (select 1 from variation_choices join product_variations on product_variations.id = variation_choices.variation_id
                   where variation_choices.sku = wanted.value and product_variations.product_id <> ${own}))`,
  );
}

function stockReceipt(
  db: Database,
  productRef: ProductRef,
  variation: SQL | number | null,
  pool: "stock" | "preorder",
  after: number,
  actor: CatalogueActor,
  now: Date,
  reason: string = PRODUCT_EDITOR_TEXT.newStockReason,
): Statement {
  return db.insert(stockMovements).values({
    productId: productRef as number,
    variationId: variation as number | null,
    kind: "receipt",
    pool,
    before: 0,
    after,
    reason,
    actorUserId: actor.userId,
    actorName: actor.name,
    createdAt: now,
  });
}

/** The product's own stock as created, recorded as receipts. */
export function newProductStockStatements(db: Database, productRef: ProductRef, product: ProductForm, actor: CatalogueActor, now: Date): Statement[] {
  const statements: Statement[] = [];
  if (product.inventory > 0) statements.push(stockReceipt(db, productRef, null, "stock", product.inventory, actor, now));
  if (product.inventoryPreorderMax > 0) statements.push(stockReceipt(db, productRef, null, "preorder", product.inventoryPreorderMax, actor, now));
  return statements;
}

/** Rows of the product (`productRef`) in `table`, as a sub-select for another table's parent id. */
const variationsOf = (productRef: ProductRef) =>
  sql`(select ${productVariations.id} from ${productVariations} where ${productVariations.productId} = ${productRef})`;
const optionsOf = (productRef: ProductRef) => sql`(select ${productOptions.id} from ${productOptions} where ${productOptions.productId} = ${productRef})`;

/** `column` is not one of `ids` (always true for none). */
const notOneOf = (column: Parameters<typeof notInArray>[0], ids: number[]) => (ids.length > 0 ? notInArray(column, ids) : undefined);

function variationColumns(variation: VariationForm, heading: string, position: number) {
  return {
    sku: variation.sku,
    title: variation.title,
    // The product's one heading, on every variation: the pages read it from the first.
    vTitle: heading,
    status: variation.status,
    type: variation.type,
    regularPrice: variation.regularPrice,
    discountPrice: variation.discountPrice,
    expiry: variation.expiry,
    maxSubscription: variation.maxSubscription,
    deliveryIcon: variation.deliveryIcon,
    position,
  };
}

/**
 * Variations and their choices: existing ones (with an id the caller checked belongs to the product) are
 * updated without touching their stock; new ones are inserted with their first stock; those left out of
 * the form are deleted (the caller refused it when one was ordered).
 */
export function variationStatements(
  db: Database,
  productRef: ProductRef,
  { variations, variationHeading }: Pick<ProductForm, "variations" | "variationHeading">,
  actor: CatalogueActor,
  now: Date,
  creation: CreationOptions = {},
): Statement[] {
  const keptIds = variations.flatMap((variation) => (variation.id ? [variation.id] : []));
  const keptChoiceIds = variations.flatMap((variation) => variation.choices.flatMap((choice) => (choice.id ? [choice.id] : [])));
  const statements: Statement[] = [
    db.delete(variationChoices).where(and(sql`${variationChoices.variationId} in ${variationsOf(productRef)}`, notOneOf(variationChoices.id, keptChoiceIds))),
    db.delete(productVariations).where(and(eq(productVariations.productId, productRef as number), notOneOf(productVariations.id, keptIds))),
  ];
  variations.forEach((variation, position) => {
    if (variation.id) {
      statements.push(
        db
          .update(productVariations)
          .set(variationColumns(variation, variationHeading, position))
          .where(and(eq(productVariations.id, variation.id), eq(productVariations.productId, productRef as number))),
      );
    } else {
      statements.push(
        db.insert(productVariations).values({
          ...chosenId(creation.ids?.bySku[variation.sku]),
          ...variationColumns(variation, variationHeading, position),
          productId: productRef as number,
          inventory: variation.inventory,
          inventoryPreorderMax: variation.inventoryPreorderMax,
        }),
      );
      const ref = variationRef(variation);
      if (creation.receipts !== false) {
        if (variation.inventory > 0) statements.push(stockReceipt(db, productRef, ref, "stock", variation.inventory, actor, now));
        if (variation.inventoryPreorderMax > 0) statements.push(stockReceipt(db, productRef, ref, "preorder", variation.inventoryPreorderMax, actor, now));
      }
    }
    statements.push(...choiceStatements(db, productRef, variation, actor, now, creation));
  });
  return statements;
}

function choiceStatements(
  db: Database,
  productRef: ProductRef,
  variation: VariationForm,
  actor: CatalogueActor,
  now: Date,
  creation: CreationOptions,
): Statement[] {
  const ref = variationRef(variation);
  return variation.choices.flatMap((choice, position): Statement[] => {
    const columns = { sku: choice.sku, groupTitle: choice.groupTitle, title: choice.title, priceDiff: choice.priceDiff, position };
    if (choice.id) {
      return [
        db
          .update(variationChoices)
          .set(columns)
          .where(and(eq(variationChoices.id, choice.id), eq(variationChoices.variationId, ref as number))),
      ];
    }
    const insert = db
      .insert(variationChoices)
      .values({ ...chosenId(creation.ids?.bySku[choice.sku]), ...columns, variationId: ref as number, inventory: choice.inventory });
    if (!choice.inventory || creation.receipts === false) return [insert];
    return [
      insert,
      stockReceipt(
        db,
        productRef,
        ref,
        "stock",
        choice.inventory,
        actor,
        now,
        `${PRODUCT_EDITOR_TEXT.newStockReason}（${choice.groupTitle}：${choice.title}）`,
      ),
    ];
  });
}

/** Options and their choices, kept by id like variations (cart rows name option choices by id). */
export function optionStatements(db: Database, productRef: ProductRef, options: readonly OptionForm[], creation: CreationOptions = {}): Statement[] {
  const keptIds = options.flatMap((option) => (option.id ? [option.id] : []));
  const keptChoiceIds = options.flatMap((option) => option.choices.flatMap((choice) => (choice.id ? [choice.id] : [])));
  const statements: Statement[] = [
    db
      .delete(productOptionChoices)
      .where(and(sql`${productOptionChoices.optionId} in ${optionsOf(productRef)}`, notOneOf(productOptionChoices.id, keptChoiceIds))),
    db.delete(productOptions).where(and(eq(productOptions.productId, productRef as number), notOneOf(productOptions.id, keptIds))),
  ];
  options.forEach((option, position) => {
    const columns = { title: option.title, type: option.type, active: option.active, required: option.required, position };
    const chosen = creation.ids?.options[position];
    statements.push(
      option.id
        ? db
            .update(productOptions)
            .set(columns)
            .where(and(eq(productOptions.id, option.id), eq(productOptions.productId, productRef as number)))
        : db.insert(productOptions).values({ ...chosenId(chosen?.id), ...columns, productId: productRef as number }),
    );
    // A new option is the product's newest one until the next option is inserted (or has the id chosen for it).
    const ref = option.id ?? chosen?.id ?? sql`(select max(${productOptions.id}) from ${productOptions} where ${productOptions.productId} = ${productRef})`;
    option.choices.forEach((choice, choicePosition) => {
      const choiceColumns = { title: choice.title, fee: choice.fee, position: choicePosition };
      statements.push(
        choice.id
          ? db
              .update(productOptionChoices)
              .set(choiceColumns)
              .where(and(eq(productOptionChoices.id, choice.id), eq(productOptionChoices.optionId, ref as number)))
          : db.insert(productOptionChoices).values({ ...chosenId(chosen?.choices[choicePosition]), ...choiceColumns, optionId: ref as number }),
      );
    });
  });
  return statements;
}

/** Tiers, categories, features, tags and coupon exclusions: replaced as a whole. */
export function linkStatements(db: Database, productRef: ProductRef, product: ProductForm): Statement[] {
  const productId = productRef as number;
  const statements: Statement[] = [
    db.delete(subscriptionPrices).where(and(eq(subscriptionPrices.productId, productId), isNull(subscriptionPrices.variationId))),
    db.delete(productCategories).where(eq(productCategories.productId, productId)),
    db.insert(productCategories).values([product.primaryCategoryId, ...product.categoryIds].map((categoryId) => ({ productId, categoryId }))),
    db.delete(productFeatures).where(eq(productFeatures.productId, productId)),
    db.delete(productTags).where(eq(productTags.productId, productId)),
    db.delete(couponProductExclusions).where(eq(couponProductExclusions.productId, productId)),
  ];
  if (product.subscriptionPrices.length > 0) {
    statements.push(db.insert(subscriptionPrices).values(product.subscriptionPrices.map((tier) => ({ productId, variationId: null, ...tier }))));
  }
  if (product.featureIds.length > 0) statements.push(db.insert(productFeatures).values(product.featureIds.map((featureId) => ({ productId, featureId }))));
  const tagIds = [...product.troubleTagIds, ...product.situationTagIds];
  if (tagIds.length > 0) statements.push(db.insert(productTags).values(tagIds.map((tagId) => ({ productId, tagId }))));
  if (product.excludedCouponCodes.length > 0) {
    statements.push(
      db
        .insert(couponProductExclusions)
        .values(product.excludedCouponCodes.map((code) => ({ productId, couponId: sql`(select id from coupons where code = ${code})` as unknown as number }))),
    );
  }
  return statements;
}

/**
 * The price history of an edit, written BEFORE the statements that change the prices: each row takes its
 * "before" from the row as the batch finds it, so two edits racing each record what they really replaced.
 * Only prices that change get a row.
 */
export function priceChangeStatements(db: Database, productId: number, product: ProductForm, actor: CatalogueActor, now: Date): Statement[] {
  // The columns of price_changes in table order: id, product_id, variation_id, field, before, after, actor_user_id, actor_name, created_at.
  const record = (variationId: number | null, field: string, before: SQL, after: number | null, from: SQL) =>
    db
      .insert(priceChanges)
      .select(
        sql`select null, ${productId}, ${variationId}, ${field}, ${before}, ${after}, ${actor.userId}, ${actor.name}, ${now.getTime()} ${from} and (${before}) is not ${after}`,
      );
  const productRow = sql`from products where products.id = ${productId}`;
  const statements: Statement[] = [
    record(null, "regular_price", sql`products.regular_price`, product.regularPrice, productRow),
    record(null, "discount_price", sql`products.discount_price`, product.discountPrice, productRow),
  ];
  for (const variation of product.variations) {
    if (!variation.id) continue;
    const variationRow = sql`from product_variations where product_variations.id = ${variation.id} and product_variations.product_id = ${productId}`;
    statements.push(
      record(variation.id, "regular_price", sql`product_variations.regular_price`, variation.regularPrice, variationRow),
      record(variation.id, "discount_price", sql`product_variations.discount_price`, variation.discountPrice, variationRow),
    );
  }
  for (let quantity = 1; quantity <= MAX_SUBSCRIPTION_QUANTITY; quantity++) {
    const after = product.subscriptionPrices.find((tier) => tier.quantity === quantity)?.unitPriceExclTax ?? null;
    const before = sql`(select unit_price_excl_tax from subscription_prices where product_id = ${productId} and variation_id is null and quantity = ${quantity})`;
    statements.push(record(null, `subscription:${quantity}`, before, after, sql`where 1`));
  }
  return statements;
}

/** Columns a caller adds to the product row (the CSV import: the state its file asks for). */
type ProductRowExtras = Partial<typeof products.$inferInsert>;

/** How the demo seed creates its products; the editor and the CSV import pass nothing. */
export interface CreationOptions {
  /** The ids the new rows take (see NewRowIds). */
  ids?: NewRowIds;
  /**
   * false: the stock a product is created with is not recorded as a receipt 「新規登録」 — the demo's
   * stock is where the demo starts, not something anyone received, so its stock history starts empty.
   */
  receipts?: boolean;
}

/**
 * Every statement that creates a product, in order, for one D1 batch (the editor's createProduct and the CSV
 * import, and the demo seed with its `creation` options): the SKU guard, the row (answering its id,
 * statement 2), its first stock as receipts, variations, options and links. A new product has no rows to
 * replace, so the edit's deletes are left out.
 */
export function createProductStatements(
  db: Database,
  product: ProductForm,
  actor: CatalogueActor,
  now: Date,
  extras: ProductRowExtras = {},
  creation: CreationOptions = {},
): Statement[] {
  const ref = productRefBySku(product.sku);
  const row = { ...productColumns(product, product.merchantId, now), ...extras };
  return [
    skuFreeGuard(
      db,
      formSkus(product).map((entry) => entry.sku),
      null,
    ),
    db
      .insert(products)
      .values({
        ...chosenId(creation.ids?.product),
        ...productColumns(product, product.merchantId, now),
        status: "draft",
        inventory: product.inventory,
        inventoryPreorderMax: product.inventoryPreorderMax,
        createdAt: now,
        revision: 1,
        ...extras,
      })
      .returning({ id: products.id }),
    ...searchIndexStatements(db, ref, row),
    ...(creation.receipts === false ? [] : newProductStockStatements(db, ref, product, actor, now)),
    ...[
      ...variationStatements(db, ref, product, actor, now, creation),
      ...optionStatements(db, ref, product.options, creation),
      ...linkStatements(db, ref, product),
    ].filter((statement) => !(statement instanceof SQLiteDeleteBase)),
    variationTotalsStatement(db, ref),
  ];
}

/**
 * Every statement that saves an edit, in order, for one D1 batch (the editor's updateProduct and the CSV
 * import): first the guard `unchanged` (the revision the edit was made on, and the editor's scope), then the
 * SKU guard, the price history read before the UPDATE, the row with its revision bumped, variations, options
 * and links.
 */
export function updateProductStatements(
  db: Database,
  productId: number,
  product: ProductForm,
  unchanged: SQL,
  actor: CatalogueActor,
  now: Date,
  extras: ProductRowExtras = {},
): Statement[] {
  const row = { ...productColumns(product, product.merchantId, now), ...extras };
  return [
    guard(db, unchanged),
    skuFreeGuard(
      db,
      formSkus(product).map((entry) => entry.sku),
      productId,
    ),
    ...priceChangeStatements(db, productId, product, actor, now),
    db
      .update(products)
      .set({ ...row, revision: sql`${products.revision} + 1` })
      .where(eq(products.id, productId)),
    ...searchIndexStatements(db, productId, row),
    ...variationStatements(db, productId, product, actor, now),
    ...optionStatements(db, productId, product.options),
    ...linkStatements(db, productId, product),
    variationTotalsStatement(db, productId),
  ];
}

/**
 * A variation product's own stock figures become its published variations' sums once its variations are
 * saved (new ones with their first stock, one hidden, the type changed); other products keep theirs.
 */
function variationTotalsStatement(db: Database, productRef: ProductRef): Statement {
  return db
    .update(products)
    .set(variationProductTotals(productRef as number))
    .where(eq(products.id, productRef as number));
}
