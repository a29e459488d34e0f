/**
 * One product with everything its page and the /api/product/* calls need, read in a single D1 batch
 * (child rows are keyed by a sub-select on the product, so no second round trip is needed).
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { bestCouponForProduct, evaluateCoupon, productCouponLine, type CartCoupon } from "~/core/cart";
import { deliveryPromise } from "~/core/delivery";
import { withTax } from "~/core/tax";
import {
  calculatePrice,
  sellingPrice,
  type PriceResult,
  type PricingProduct,
  type Purchasability,
  type SubscriptionTier,
} from "~/core/pricing";
import { readSelection, resolveSelection, selectionForSku, type RawSelection } from "~/core/product-selection";
import { activeAt, aliased, type Database } from "~/db/client.server";
import {
  buyLater,
  cartLines,
  carts,
  categories,
  couponPriceRanges,
  couponProductExclusions,
  couponProductPrices,
  coupons,
  favorites,
  merchants,
  productMedia,
  productOptionChoices,
  productOptions,
  products,
  productVariations,
  relatedProducts,
  stockRequests,
  subscriptionPrices,
  variationChoices,
} from "~/db/schema";
import { listedProduct, productSummaries, toSummary } from "./catalogue.server";
import { couponPricesQuery, toCartCoupon } from "./coupon-rules.server";
import { sanitizeRichText } from "./html.server";
import {
  reviewGalleryQuery,
  reviewPage,
  reviewsQuery,
  reviewStatsQuery,
  toReviews,
  toReviewStats,
  type ReviewPhotoRow,
  type ReviewRow,
} from "./reviews.server";

const RELATED_LIMIT = 6;

/** Who is looking: decides favorites, stock requests, member coupons and what is already in the cart. */
export interface Viewer {
  userId?: number;
  cartId?: string;
  now: Date;
}

/** How the product is addressed: by sku (pages) or id (API); private ones only with their secret. */
export type ProductRef = { sku: string } | { id: number };

/** The product(s) a batch is about, as a parenthesised list or sub-select for `in`. */
function productScope(ref: ProductRef): SQL {
  return "sku" in ref
    ? sql`(select ${products.id} from ${products} where ${products.sku} = ${ref.sku})`
    : sql`(${ref.id})`;
}

function productIdOf(ref: ProductRef): SQL {
  return "sku" in ref ? productScope(ref) : sql`${ref.id}`;
}

const inScope = (column: SQL | AnySQLiteColumn, scope: SQL) => sql`${column} in ${scope}`;

function cartOf(viewer: Viewer): SQL {
  return viewer.userId != null ? eq(carts.userId, viewer.userId) : eq(carts.id, viewer.cartId ?? "");
}

/**
 * The rows pricing needs for every product in `scope` (one product, or all products in a cart), as
 * statements to run inside the caller's batch. shapeProducts turns the results into priced products.
 */
export function pricedProductsQueries(db: Database, scope: SQL, viewer: Viewer) {
  const now = viewer.now;
  // The coupons a product page may offer: entered by code, so never the automatic ones.
  const offeredCoupons = and(eq(coupons.isAuto, false), activeAt(coupons.startsAt, coupons.expiresAt, now));
  return [
    db
      .select({
        product: products,
        categorySlug: categories.slug,
        categoryName: aliased(categories.name, "category_name"),
        merchantName: aliased(merchants.name, "merchant_name"),
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
      .leftJoin(merchants, eq(merchants.id, products.merchantId))
      .where(inScope(products.id, scope)),
    db
      .select()
      .from(productVariations)
      .where(and(inScope(productVariations.productId, scope), inArray(productVariations.status, ["published", "archived"])))
      .orderBy(asc(productVariations.position)),
    db
      .select({ productId: productVariations.productId, choice: variationChoices })
      .from(variationChoices)
      .innerJoin(productVariations, eq(productVariations.id, variationChoices.variationId))
      .where(inScope(productVariations.productId, scope))
      .orderBy(asc(variationChoices.position)),
    db
      .select({
        productId: productOptions.productId,
        optionId: aliased(productOptions.id, "option_id"),
        optionTitle: aliased(productOptions.title, "option_title"),
        optionType: productOptions.type,
        required: productOptions.required,
        choiceId: aliased(productOptionChoices.id, "choice_id"),
        choiceTitle: aliased(productOptionChoices.title, "choice_title"),
        fee: productOptionChoices.fee,
      })
      .from(productOptionChoices)
      .innerJoin(productOptions, eq(productOptions.id, productOptionChoices.optionId))
      .where(and(inScope(productOptions.productId, scope), eq(productOptions.active, true)))
      .orderBy(asc(productOptions.position), asc(productOptionChoices.position)),
    db.select().from(subscriptionPrices).where(inScope(subscriptionPrices.productId, scope)),
    db
      .select({
        productId: cartLines.productId,
        variationId: cartLines.variationId,
        choiceSku: cartLines.choiceSku,
        quantity: sql<number>`sum(${cartLines.quantity})`,
      })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(and(cartOf(viewer), inScope(cartLines.productId, scope)))
      .groupBy(cartLines.productId, cartLines.variationId, cartLines.choiceSku),
    db
      .select({ productId: stockRequests.productId, variationId: stockRequests.variationId })
      .from(stockRequests)
      .where(and(eq(stockRequests.userId, viewer.userId ?? 0), inScope(stockRequests.productId, scope), isNull(stockRequests.notifiedAt))),
    db.select().from(coupons).where(offeredCoupons),
    couponPricesQuery(db, inScope(couponProductPrices.productId, scope)),
    db
      .select({ productId: couponProductExclusions.productId, couponId: couponProductExclusions.couponId, code: coupons.code, sku: products.sku })
      .from(couponProductExclusions)
      .innerJoin(coupons, eq(coupons.id, couponProductExclusions.couponId))
      .innerJoin(products, eq(products.id, couponProductExclusions.productId))
      .where(inScope(couponProductExclusions.productId, scope)),
    db
      .select()
      .from(couponPriceRanges)
      .where(inArray(couponPriceRanges.couponId, db.select({ id: coupons.id }).from(coupons).where(offeredCoupons))),
  ] as const;
}

function pageQueries(db: Database, ref: ProductRef, viewer: Viewer, reviewPage: number) {
  const productId = productIdOf(ref);
  return [
    db.select().from(productMedia).where(eq(productMedia.productId, productId)).orderBy(asc(productMedia.position)),
    relatedQuery(db, productId),
    reviewsQuery(db, productId, reviewPage),
    reviewGalleryQuery(db, productId, reviewPage),
    db
      .select({ productId: favorites.productId })
      .from(favorites)
      .where(and(eq(favorites.userId, viewer.userId ?? 0), eq(favorites.productId, productId))),
    buyLaterQuery(db, productId, viewer.userId),
  ] as const;
}

/** Whether the member keeps the product in their buy-later list (a guest keeps nothing). */
export function buyLaterQuery(db: Database, productId: SQL, userId: number | undefined) {
  return db
    .select({ id: buyLater.id })
    .from(buyLater)
    .where(and(eq(buyLater.userId, userId ?? 0), eq(buyLater.productId, productId)))
    .limit(1);
}

/** Related products that are listed, in the merchant's order. */
function relatedQuery(db: Database, productId: SQL) {
  const related = db
    .select({ id: relatedProducts.relatedProductId })
    .from(relatedProducts)
    .where(eq(relatedProducts.productId, productId));
  const position = sql`(select ${relatedProducts.position} from ${relatedProducts} where ${relatedProducts.productId} = ${productId} and ${relatedProducts.relatedProductId} = ${products.id})`;
  return productSummaries(db, and(listedProduct, inArray(products.id, related)), [asc(position)], RELATED_LIMIT);
}

type BatchRows<T> = { [K in keyof T]: T[K] extends PromiseLike<infer R> ? R : never };
export type PricedProductsRows = BatchRows<ReturnType<typeof pricedProductsQueries>>;
type PricingRows = Awaited<ReturnType<typeof runPricing>>;

function namedRows(rows: PricedProductsRows) {
  const [product, variations, choices, options, tiers, inCart, requests, couponRows, couponPrices, exclusions, ranges] = rows;
  return { product, variations, choices, options, tiers, inCart, requests, couponRows, couponPrices, exclusions, ranges };
}

async function runPricing(db: Database, ref: ProductRef, viewer: Viewer) {
  return namedRows(await db.batch([...pricedProductsQueries(db, productScope(ref), viewer)]));
}

/** Every product of a pricedProductsQueries result, shaped for pricing, by product id. */
export function shapeProducts(rows: PricedProductsRows, viewer: Viewer): Map<number, ShapedProduct> {
  const all = namedRows(rows);
  const shaped = new Map<number, ShapedProduct>();
  for (const head of all.product) {
    const id = head.product.id;
    const mine = <T extends { productId: number }>(list: T[]) => list.filter((row) => row.productId === id);
    const one = shapeProduct(
      {
        ...all,
        product: [head],
        variations: mine(all.variations),
        choices: mine(all.choices),
        options: mine(all.options),
        tiers: mine(all.tiers),
        inCart: mine(all.inCart),
        requests: mine(all.requests),
        couponPrices: mine(all.couponPrices),
        exclusions: mine(all.exclusions),
      },
      viewer,
    );
    if (one) shaped.set(id, one);
  }
  return shaped;
}

/** The product with its variations, choices, options and tiers, shaped for pricing and display. */
function shapeProduct(rows: PricingRows, viewer: Viewer) {
  const head = rows.product[0];
  if (!head) return null;
  const p = head.product;
  const variations = rows.variations.map((variation) => ({
    id: variation.id,
    sku: variation.sku,
    title: variation.title,
    vTitle: variation.vTitle,
    type: variation.type,
    status: variation.status,
    regularPrice: variation.regularPrice,
    discountPrice: variation.discountPrice,
    price: sellingPrice({
      regularPrice: variation.regularPrice ?? p.regularPrice,
      discountPrice: variation.regularPrice != null ? variation.discountPrice : p.discountPrice,
    }),
    inventory: variation.inventory,
    inventoryPreorderMax: variation.inventoryPreorderMax,
    maxSubscription: variation.maxSubscription,
    expiry: variation.expiry,
    deliveryIcon: variation.deliveryIcon,
    choices: rows.choices
      .filter(({ choice }) => choice.variationId === variation.id)
      .map(({ choice }) => ({
        sku: choice.sku,
        groupTitle: choice.groupTitle,
        title: choice.title,
        priceDiff: choice.priceDiff,
        inventory: choice.inventory,
      })),
  }));
  const options: { id: number; title: string; type: "list" | "radio"; required: boolean; choices: { id: number; title: string; fee: number }[] }[] = [];
  for (const row of rows.options) {
    let entry = options.find((candidate) => candidate.id === row.optionId);
    if (!entry) {
      entry = { id: row.optionId, title: row.optionTitle, type: row.optionType, required: row.required, choices: [] };
      options.push(entry);
    }
    entry.choices.push({ id: row.choiceId, title: row.choiceTitle, fee: row.fee });
  }
  const publishedVariations = variations.filter((variation) => variation.status === "published");
  // A variation product's own stock is what its published variations hold together.
  const pricing: PricingProduct = {
    type: p.type,
    status: p.status,
    taxRate: p.taxRate,
    regularPrice: p.regularPrice,
    discountPrice: p.discountPrice,
    originalPrice: p.originalPrice,
    inventory: p.type === "variation" ? publishedVariations.reduce((sum, v) => sum + v.inventory, 0) : p.inventory,
    preorderLimit: p.preorderLimit,
    inventoryPreorderMax:
      p.type === "variation" ? publishedVariations.reduce((sum, v) => sum + v.inventoryPreorderMax, 0) : p.inventoryPreorderMax,
    preorderShipDate: p.preorderShipDate,
    disablePreorder: p.disablePreorder,
    disableRequest: p.disableRequest,
    shippingDays: p.shippingDays,
    couponDisabled: p.couponDisabled,
  };
  const couponRules: CartCoupon[] = rows.couponRows.map((coupon) => toCartCoupon(coupon, rows));
  return {
    head,
    product: p,
    pricing,
    variations,
    options,
    tiers: rows.tiers,
    couponRules,
    excludedCouponCodes: rows.exclusions.map((exclusion) => exclusion.code),
    inCart: rows.inCart,
    requestedVariationIds: new Set(rows.requests.map((request) => request.variationId ?? 0)),
    isMember: viewer.userId != null,
  };
}

export type ShapedProduct = NonNullable<ReturnType<typeof shapeProduct>>;

/** Prices a selection with the engine: the one place page, API and cart agree on a price. */
export function priceSelection(
  shaped: ShapedProduct,
  raw: RawSelection,
  now: Date,
  options: { countCart?: boolean } = {},
) {
  const selection = resolveSelection(raw, {
    variations: shaped.variations,
    options: shaped.options,
    subscribable: shaped.product.subscribe,
    subscribeOnly: shaped.product.subscribeOnly,
  });
  const { variation, choice } = selection;
  const ownTiers = shaped.tiers.filter((tier) => tier.variationId === (variation?.id ?? null));
  const tiers: SubscriptionTier[] = (ownTiers.length ? ownTiers : shaped.tiers.filter((tier) => tier.variationId == null)).map(
    (tier) => ({ quantity: tier.quantity, unitPriceExclTax: tier.unitPriceExclTax }),
  );
  // The cart itself prices its rows against the whole stock; the product page counts what is in the cart.
  const inCart = options.countCart === false ? 0 : shaped.inCart
    .filter((line) => (line.variationId ?? null) === (variation?.id ?? null) && (line.choiceSku ?? null) === (choice?.sku ?? null))
    .reduce((sum, line) => sum + Number(line.quantity), 0);
  const firstPass = calculatePrice({
    product: shaped.pricing,
    variation: variation && { ...variation },
    choice,
    optionFees: selection.optionChoices.map(({ choice: picked }) => picked.fee),
    quantity: selection.quantity,
    subscribe: selection.subscribe,
    tiers,
    inCart,
    requested: shaped.requestedVariationIds.has(variation?.id ?? 0),
  });
  const best = bestCouponForProduct(
    shaped.couponRules,
    { id: shaped.product.id, couponDisabled: shaped.product.couponDisabled },
    { isMember: shaped.isMember, now: now.getTime() },
    { total: firstPass.subtotal, quantity: firstPass.quantity },
  );
  const price: PriceResult = best
    ? { ...firstPass, max_discount: best.discount, total: firstPass.subtotal - best.discount }
    : firstPass;
  return {
    selection,
    price,
    coupon: best ? { code: best.coupon.code, title: best.coupon.titleSimple, memberOnly: best.coupon.memberOnly } : null,
  };
}

/**
 * The coupon worth most on this priced selection (the product coupon check, spec §7): its rule, what
 * it takes off and the price range that set its value; null when none applies.
 */
export function couponForSelection(shaped: ShapedProduct, price: PriceResult, now: Date) {
  const viewer = { isMember: shaped.isMember, now: now.getTime() };
  const product = { id: shaped.product.id, couponDisabled: shaped.product.couponDisabled };
  const row = { total: price.subtotal, quantity: price.quantity };
  const best = bestCouponForProduct(shaped.couponRules, product, viewer, row);
  if (!best) return null;
  return { rule: best.coupon, discount: best.discount, range: evaluateCoupon(best.coupon, [productCouponLine(product, row)], viewer).range };
}

/** Loads and prices a product for the calculate API and the cart; null when unknown. */
export async function loadPricedProduct(db: Database, ref: ProductRef, viewer: Viewer) {
  return shapeProduct(await runPricing(db, ref, viewer), viewer);
}

export type ProductAccess = { kind: "public" } | { kind: "private-link"; secret: string };

/** Subscription tier prices shown in the price box, tax incl. */
function tierTable(shaped: ShapedProduct) {
  return shaped.tiers
    .filter((tier) => tier.variationId == null)
    .sort((a, b) => a.quantity - b.quantity)
    .map((tier) => ({ quantity: tier.quantity, unitPrice: withTax(tier.unitPriceExclTax, shaped.product.taxRate) }));
}

/** Everything the product page shows, in one D1 round trip; null when it must 404. */
export async function loadProductPage(
  db: Database,
  ref: { sku: string },
  viewer: Viewer,
  access: ProductAccess,
  isSecretValid: (expected: string | null, given: string) => boolean,
  reviewPage = 0,
) {
  const pricing = pricedProductsQueries(db, productScope(ref), viewer);
  const results = await db.batch([...pricing, ...pageQueries(db, ref, viewer, reviewPage)]);
  const [media, related, reviewRows, reviewPhotos, favorite, later] = results.slice(pricing.length) as unknown as [
    (typeof productMedia.$inferSelect)[],
    Parameters<typeof toSummary>[0][],
    ReviewRow[],
    ReviewPhotoRow[],
    { productId: number }[],
    { id: number }[],
  ];
  const shaped = shapeProduct(namedRows(results.slice(0, pricing.length) as unknown as PricedProductsRows), viewer);
  if (!shaped || shaped.product.status === "draft") return null;
  const p = shaped.product;
  if (p.isPrivate) {
    if (access.kind !== "private-link" || !isSecretValid(p.secret, access.secret)) return null;
  } else if (access.kind === "private-link") {
    return null;
  }
  return {
    shaped,
    product: {
      id: p.id,
      sku: p.sku,
      title: p.title,
      catchcopy: p.catchcopy,
      descriptionHtml: sanitizeRichText(p.description),
      type: p.type,
      status: p.status,
      taxRate: p.taxRate,
      categorySlug: shaped.head.categorySlug,
      categoryName: shaped.head.categoryName,
      shippingFrom: p.shippingFrom,
      merchantName: shaped.head.merchantName,
      shippingDays: p.shippingDays,
      hideShippingInfo: p.hideShippingInfo,
      coldshipping: p.coldshipping,
      isDigital: p.isDigital,
      expiry: p.expiry,
      period: p.period,
      subscribe: p.subscribe,
      subscribeOnly: p.subscribeOnly,
      couponDisabled: p.couponDisabled,
      disableRequest: p.disableRequest,
      wrappingAvailable: !p.disableWrapping && p.shippingFrom === "warehouse",
      isPrivate: p.isPrivate,
      reviewCount: p.reviewCount,
      reviewAvg: p.reviewAvg / 10,
    },
    variations: shaped.variations.map(
      ({ regularPrice: _r, discountPrice: _d, maxSubscription: _m, inventoryPreorderMax: _i, expiry: _e, deliveryIcon: _di, ...variation }) => variation,
    ),
    options: shaped.options,
    tiers: tierTable(shaped),
    excludedCouponCodes: shaped.excludedCouponCodes,
    media: media.map((item) => ({
      url: item.url,
      alt: item.alt || p.title,
      width: item.width,
      height: item.height,
      variationId: item.variationId,
    })),
    related: related.map(toSummary),
    reviews: toReviews(reviewRows, reviewPhotos),
    isFavorite: favorite.length > 0,
    inBuyLater: viewer.userId != null && later.length > 0,
  };
}

export type ProductPageData = NonNullable<Awaited<ReturnType<typeof loadProductPage>>>;
export { readSelection };

/** The shipping promise (spec §3 "Delivery icon") of a product in a purchase state: one rule, app/core/delivery. */
export function deliveryOf(
  p: Pick<
    typeof products.$inferSelect,
    "shippingDays" | "preorderShipDate" | "isDigital" | "deliveryIcon" | "deliveryIconType" | "deliveryIconText"
  >,
  state: Purchasability,
) {
  return deliveryPromise({
    state,
    shippingDays: p.shippingDays,
    preorderShipDate: p.preorderShipDate,
    isDigital: p.isDigital,
    catalogueIcon: { icon: p.deliveryIcon, type: p.deliveryIconType, text: p.deliveryIconText },
  });
}

/** Toggles a favorite; answers the new state. */
export async function toggleFavorite(db: Database, userId: number, productId: number): Promise<boolean> {
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)))
    .returning({ productId: favorites.productId });
  if (removed.length > 0) return false;
  await db.insert(favorites).values({ userId, productId }).onConflictDoNothing();
  return true;
}

/** Records a restock request once per member and item (repeat requests change nothing). */
export async function requestRestock(db: Database, userId: number, productId: number, variationId: number | null) {
  await db.insert(stockRequests).values({ userId, productId, variationId }).onConflictDoNothing();
}

// ─── The /api/product/* calls (spec §7) ────────────────────────────────────────────────────

export const PRODUCT_NOT_FOUND_MESSAGE = "お探しの商品は見つかりませんでした。";

/**
 * What the API may show when a product is named by id: published and archived products (archived ones
 * price as "unavailable"); drafts and private products are not found — a private one is reachable only
 * through its secret link page.
 */
export function isApiVisible(product: { status: "published" | "draft" | "archived"; isPrivate: boolean }): boolean {
  return product.status !== "draft" && !product.isPrivate;
}

function apiVisibleById(productId: number): SQL | undefined {
  return and(eq(products.id, productId), eq(products.isPrivate, false), inArray(products.status, ["published", "archived"]));
}

/** The product page's canonical path. */
export function productPath(product: { categorySlug: string; sku: string }): string {
  return `/category/${encodeURIComponent(product.categorySlug)}/${encodeURIComponent(product.sku)}`;
}

/** Nothing chosen: the product as its page first shows it. */
export const NO_SELECTION: RawSelection = { variationId: null, choiceSku: null, optionChoiceIds: [], quantity: 1, subscribe: false };

/** loadPricedProduct for a product named by id, or null when the API must answer "not found". */
export async function loadVisiblePricedProduct(db: Database, productId: number, viewer: Viewer) {
  const shaped = await loadPricedProduct(db, { id: productId }, viewer);
  return shaped && isApiVisible(shaped.product) ? shaped : null;
}

/** Just enough of a product named by id to act on it (favorite, links back); null when not found. */
export async function findApiProduct(db: Database, productId: number) {
  const row = await db
    .select({ id: products.id, sku: products.sku, title: products.title, categorySlug: categories.slug })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
    .where(apiVisibleById(productId))
    .get();
  return row ? { ...row, url: productPath(row) } : null;
}

function visibleIdQuery(db: Database, productId: number) {
  return db.select({ id: products.id }).from(products).where(apiVisibleById(productId));
}

/** A page (0-based) of the published reviews of a product the API may show, with their photos; null when not found. */
export async function loadVisibleReviews(db: Database, productId: number, page: number) {
  const [visible, rows, photos, [stats]] = await db.batch([
    visibleIdQuery(db, productId),
    reviewsQuery(db, sql`${productId}`, page),
    reviewGalleryQuery(db, sql`${productId}`, page),
    reviewStatsQuery(db, sql`${productId}`),
  ]);
  return visible.length === 0 ? null : reviewPage(rows, photos, page, stats);
}

/** How many published reviews a product has and their average; null when not found. */
export async function loadReviewStats(db: Database, productId: number) {
  const [visible, [stats]] = await db.batch([visibleIdQuery(db, productId), reviewStatsQuery(db, sql`${productId}`)]);
  return visible.length === 0 ? null : toReviewStats(stats);
}

export interface RelatedItem {
  categorySlug: string;
  sku: string;
  image: string | null;
  title: string;
  reviewAvg: number;
  inventory: number;
  price: number;
}

/** The listed related products with their stock; null when the product itself is not found. */
export async function loadVisibleRelated(db: Database, productId: number): Promise<RelatedItem[] | null> {
  const [visible, rows] = await db.batch([visibleIdQuery(db, productId), relatedQuery(db, sql`${productId}`)]);
  if (visible.length === 0) return null;
  return rows.map((row) => ({
    categorySlug: row.categorySlug,
    sku: row.sku,
    image: row.image,
    title: row.title,
    reviewAvg: row.reviewAvgX10 / 10,
    inventory: row.inventory,
    price: sellingPrice(row),
  }));
}

export type RestockRefusal = "unknown_variation" | "unknown_sku" | "unavailable" | "not_sold_out" | "disabled";

/** What a restock request names: a SKU of the product, its variation, or a variation id and choice. */
export interface RestockTarget {
  sku: string | null;
  variationId: number | null;
  choiceSku: string | null;
}

/**
 * A member asks to be told when a sold-out product (or one variation of it) is back. Only sold-out
 * items qualify, never while they can be bought or pre-ordered, nor when the product disables requests;
 * asking twice records one request. A sold-out variable choice is recorded for its variation (stock
 * requests, and restocking, are per variation). Null when the product is not found.
 */
export async function requestRestockFor(
  db: Database,
  productId: number,
  viewer: Viewer & { userId: number },
  target: RestockTarget,
): Promise<{ ok: true } | { ok: false; reason: RestockRefusal } | null> {
  const shaped = await loadVisiblePricedProduct(db, productId, viewer);
  if (!shaped) return null;
  let { variationId, choiceSku } = target;
  if (target.sku != null) {
    const named = selectionForSku(target.sku, { sku: shaped.product.sku, variations: shaped.variations });
    if (!named || (variationId != null && named.variationId !== variationId)) return { ok: false, reason: "unknown_sku" };
    ({ variationId, choiceSku } = named);
  }
  if (variationId != null && !shaped.variations.some((variation) => variation.id === variationId)) {
    return { ok: false, reason: "unknown_variation" };
  }
  const { price } = priceSelection(shaped, { ...NO_SELECTION, variationId, choiceSku }, viewer.now);
  if (price.state === "unavailable") return { ok: false, reason: "unavailable" };
  if (price.state !== "sold_out" && price.state !== "requested") return { ok: false, reason: "not_sold_out" };
  if (shaped.product.disableRequest) return { ok: false, reason: "disabled" };
  await requestRestock(db, viewer.userId, productId, variationId);
  return { ok: true };
}
