/**
 * One product with everything its page and the /api/product/* calls need, read in a single D1 batch
 * (child rows are keyed by a sub-select on the product, so no second round trip is needed).
 */
import { and, asc, desc, eq, inArray, isNull, lte, or, gt, sql, type SQL } from "drizzle-orm";
import { bestCouponForProduct, type CouponRule } from "~/core/coupons";
import { withTax } from "~/core/tax";
import {
  calculatePrice,
  sellingPrice,
  type PriceResult,
  type PricingProduct,
  type SubscriptionTier,
} from "~/core/pricing";
import { readSelection, resolveSelection, type RawSelection } from "~/core/product-selection";
import { aliased, type Database } from "~/db/client.server";
import {
  cartLines,
  carts,
  categories,
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
  reviews,
  stockRequests,
  subscriptionPrices,
  variationChoices,
} from "~/db/schema";
import { listedProduct, productSummaries, toSummary, type ProductSummary } from "./catalogue.server";
import { sanitizeRichText } from "./html.server";

export const REVIEWS_PAGE_SIZE = 5;
const RELATED_LIMIT = 6;

/** Who is looking: decides favorites, stock requests, member coupons and what is already in the cart. */
export interface Viewer {
  userId?: number;
  cartId?: string;
  now: Date;
}

/** How the product is addressed: by sku (pages) or id (API); private ones only with their secret. */
export type ProductRef = { sku: string } | { id: number };

function productIdOf(ref: ProductRef): SQL {
  return "sku" in ref
    ? sql`(select ${products.id} from ${products} where ${products.sku} = ${ref.sku})`
    : sql`${ref.id}`;
}

function cartOf(viewer: Viewer): SQL {
  return viewer.userId != null ? eq(carts.userId, viewer.userId) : eq(carts.id, viewer.cartId ?? "");
}

function pricingQueries(db: Database, ref: ProductRef, viewer: Viewer) {
  const productId = productIdOf(ref);
  const now = viewer.now;
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
      .where(eq(products.id, productId)),
    db
      .select()
      .from(productVariations)
      .where(and(eq(productVariations.productId, productId), inArray(productVariations.status, ["published", "archived"])))
      .orderBy(asc(productVariations.position)),
    db
      .select({ choice: variationChoices })
      .from(variationChoices)
      .innerJoin(productVariations, eq(productVariations.id, variationChoices.variationId))
      .where(eq(productVariations.productId, productId))
      .orderBy(asc(variationChoices.position)),
    db
      .select({
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
      .where(and(eq(productOptions.productId, productId), eq(productOptions.active, true)))
      .orderBy(asc(productOptions.position), asc(productOptionChoices.position)),
    db.select().from(subscriptionPrices).where(eq(subscriptionPrices.productId, productId)),
    db
      .select({
        variationId: cartLines.variationId,
        choiceSku: cartLines.choiceSku,
        quantity: sql<number>`sum(${cartLines.quantity})`,
      })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(and(cartOf(viewer), eq(cartLines.productId, productId)))
      .groupBy(cartLines.variationId, cartLines.choiceSku),
    db
      .select({ variationId: stockRequests.variationId })
      .from(stockRequests)
      .where(and(eq(stockRequests.userId, viewer.userId ?? 0), eq(stockRequests.productId, productId), isNull(stockRequests.notifiedAt))),
    db
      .select()
      .from(coupons)
      .where(
        and(
          eq(coupons.isAuto, false),
          or(isNull(coupons.startsAt), lte(coupons.startsAt, now)),
          or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
        ),
      ),
    db.select().from(couponProductPrices).where(eq(couponProductPrices.productId, productId)),
    db
      .select({ couponId: couponProductExclusions.couponId, code: coupons.code })
      .from(couponProductExclusions)
      .innerJoin(coupons, eq(coupons.id, couponProductExclusions.couponId))
      .where(eq(couponProductExclusions.productId, productId)),
  ] as const;
}

function pageQueries(db: Database, ref: ProductRef, viewer: Viewer, reviewPage: number) {
  const productId = productIdOf(ref);
  return [
    db.select().from(productMedia).where(eq(productMedia.productId, productId)).orderBy(asc(productMedia.position)),
    relatedQuery(db, productId),
    reviewsQuery(db, productId, reviewPage),
    db
      .select({ productId: favorites.productId })
      .from(favorites)
      .where(and(eq(favorites.userId, viewer.userId ?? 0), eq(favorites.productId, productId))),
  ] as const;
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

function reviewsQuery(db: Database, productId: SQL, page: number) {
  return db
    .select({
      id: reviews.id,
      nickname: reviews.nickname,
      title: reviews.title,
      rate: reviews.rate,
      review: reviews.review,
      comment: reviews.comment,
      commentedAt: reviews.commentedAt,
      dateCreated: reviews.createdAt,
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "published")))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .offset(page * REVIEWS_PAGE_SIZE);
}

type PricingRows = Awaited<ReturnType<typeof runPricing>>;
type ReviewRow = Awaited<ReturnType<typeof reviewsQuery>>[number];

async function runPricing(db: Database, ref: ProductRef, viewer: Viewer) {
  const [product, variations, choices, options, tiers, inCart, requests, couponRows, couponPrices, exclusions] =
    await db.batch([...pricingQueries(db, ref, viewer)]);
  return { product, variations, choices, options, tiers, inCart, requests, couponRows, couponPrices, exclusions };
}

export interface ProductReview {
  id: number;
  nickname: string;
  title: string;
  rate: number;
  reviewHtml: string;
  /** Staff reply, labelled as staff. */
  commentHtml: string | null;
  dateCreated: string;
}

function toReview(row: ReviewRow): ProductReview {
  return {
    id: row.id,
    nickname: row.nickname,
    title: row.title,
    rate: row.rate,
    reviewHtml: sanitizeRichText(row.review),
    commentHtml: row.comment ? sanitizeRichText(row.comment) : null,
    dateCreated: row.dateCreated.toISOString(),
  };
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
  const couponRules: CouponRule[] = rows.couponRows.map((coupon) => ({
    code: coupon.code,
    titleSimple: coupon.titleSimple,
    type: coupon.type,
    value: coupon.value,
    memberOnly: coupon.memberOnly,
    productsDefault: coupon.productsDefault,
    startsAt: coupon.startsAt?.getTime() ?? null,
    expiresAt: coupon.expiresAt?.getTime() ?? null,
    productPrices: new Map(
      rows.couponPrices.filter((price) => price.couponId === coupon.id).map((price) => [p.id, { type: price.type, value: price.value }]),
    ),
    excludedProductIds: new Set(rows.exclusions.filter((exclusion) => exclusion.couponId === coupon.id).map(() => p.id)),
  }));
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

type ShapedProduct = NonNullable<ReturnType<typeof shapeProduct>>;

/** Prices a selection with the engine: the one place page, API and cart agree on a price. */
export function priceSelection(shaped: ShapedProduct, raw: RawSelection, now: Date) {
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
  const inCart = shaped.inCart
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
    firstPass.subtotal,
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
  const results = await db.batch([...pricingQueries(db, ref, viewer), ...pageQueries(db, ref, viewer, reviewPage)]);
  const [product, variations, choices, options, tiers, inCart, requests, couponRows, couponPrices, exclusions] = results;
  const [media, related, reviewRows, favorite] = results.slice(10) as [
    (typeof productMedia.$inferSelect)[],
    Parameters<typeof toSummary>[0][],
    ReviewRow[],
    { productId: number }[],
  ];
  const shaped = shapeProduct(
    { product, variations, choices, options, tiers, inCart, requests, couponRows, couponPrices, exclusions },
    viewer,
  );
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
      deliveryIcon: deliveryIconOf(p),
      reviewCount: p.reviewCount,
      reviewAvg: p.reviewAvg / 10,
    },
    variations: shaped.variations.map(({ regularPrice: _r, discountPrice: _d, maxSubscription: _m, inventoryPreorderMax: _i, ...variation }) => variation),
    options: shaped.options,
    tiers: tierTable(shaped),
    excludedCouponCodes: shaped.excludedCouponCodes,
    media: media.map((item) => ({ url: item.url, alt: item.alt || p.title, width: item.width, height: item.height })),
    related: related.map(toSummary),
    reviews: reviewRows.map(toReview),
    isFavorite: favorite.length > 0,
  };
}

export type ProductPageData = NonNullable<Awaited<ReturnType<typeof loadProductPage>>>;
export { readSelection };

/** The delivery icon (spec §3): an explicit one from the catalogue, else one derived from shipping days. */
export function deliveryIconOf(p: {
  deliveryIcon: string | null;
  deliveryIconType: "new" | "other" | null;
  deliveryIconText: string | null;
  shippingDays: number;
  isDigital: boolean;
}) {
  if (p.deliveryIcon) return { icon: p.deliveryIcon, icon_type: p.deliveryIconType ?? "other", show_text: p.deliveryIconText ?? "" };
  if (p.isDigital) return { icon: "download", icon_type: "other" as const, show_text: "ダウンロード商品" };
  if (p.shippingDays <= 1) return { icon: "express", icon_type: "other" as const, show_text: "翌日発送" };
  return { icon: "truck", icon_type: "other" as const, show_text: `${p.shippingDays}日以内に発送` };
}

/** A page of published reviews (0-based) and how many pages there are. */
export async function loadReviews(db: Database, productId: number, page: number) {
  const [rows, [stats]] = await db.batch([
    reviewsQuery(db, sql`${productId}`, page),
    db
      .select({ count: sql<number>`count(*)`, avg: sql<number>`coalesce(avg(${reviews.rate}), 0)` })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.status, "published"))),
  ]);
  const count = stats?.count ?? 0;
  return {
    reviews: rows.map(toReview),
    page,
    pages: Math.ceil(count / REVIEWS_PAGE_SIZE),
    counter: count,
    avg: Math.round((stats?.avg ?? 0) * 10) / 10,
  };
}

export async function loadRelated(db: Database, productId: number): Promise<ProductSummary[]> {
  return (await relatedQuery(db, sql`${productId}`)).map(toSummary);
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
