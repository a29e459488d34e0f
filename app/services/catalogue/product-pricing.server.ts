/**
 * A product priced for whoever is looking (the page, the /api/product/* calls and the cart agree on one
 * price): the rows pricing needs, read in one D1 batch (child rows keyed by a sub-select on the product,
 * so no second round trip), shaped for the pricing engine in app/core/catalogue/pricing.ts.
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { bestCouponForProduct, evaluateCoupon, productCouponLine, type CartCoupon } from "~/core/cart/cart";
import { calculatePrice, sellingPrice, type PriceResult, type PricingProduct, type SubscriptionTier } from "~/core/catalogue/pricing";
import { resolveSelection, type RawSelection } from "~/core/catalogue/product-selection";
import { isApiVisible } from "~/core/catalogue/products";
import { activeAt, aliased, type Database } from "~/db/client.server";
import {
  cartLines,
  carts,
  categories,
  couponPriceRanges,
  couponProductExclusions,
  couponProductPrices,
  coupons,
  merchants,
  productOptionChoices,
  productOptions,
  products,
  productVariations,
  stockRequests,
  subscriptionPrices,
  variationChoices,
} from "~/db/schema";
import { sellerActive } from "./catalogue.server";
import { couponPricesQuery, toCartCoupon } from "../checkout/coupon-rules.server";

/** Who is looking: decides favorites, stock requests, member coupons and what is already in the cart. */
export interface Viewer {
  userId?: number;
  cartId?: string;
  /** A staff draft's cart (CartOwner.draftCartId): counted instead of the member's own. */
  draftCartId?: string;
  now: Date;
}

/** How the product is addressed: by sku (pages) or id (API); private ones only with their secret. */
export type ProductRef = { sku: string } | { id: number };

/** The product(s) a batch is about, as a parenthesised list or sub-select for `in`. */
export function productScope(ref: ProductRef): SQL {
  return "sku" in ref ? sql`(select ${products.id} from ${products} where ${products.sku} = ${ref.sku})` : sql`(${ref.id})`;
}

export function productIdOf(ref: ProductRef): SQL {
  return "sku" in ref ? productScope(ref) : sql`${ref.id}`;
}

const inScope = (column: SQL | AnySQLiteColumn, scope: SQL) => sql`${column} in ${scope}`;

function cartOf(viewer: Viewer): SQL {
  if (viewer.draftCartId != null) return eq(carts.id, viewer.draftCartId);
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
        sellerActive: sql<number>`${sellerActive}`.as("seller_active"),
        merchant: {
          legalName: merchants.legalName,
          representative: merchants.representative,
          postalCode: aliased(merchants.postalCode, "merchant_postal_code"),
          address: merchants.address,
          phone: aliased(merchants.phone, "merchant_phone"),
          email: aliased(merchants.email, "merchant_email"),
        },
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

/** The one product of a pricedProductsQueries result run inside a larger batch; null when it is not there. */
export function shapeBatchedProduct(rows: PricedProductsRows, viewer: Viewer) {
  return shapeProduct(namedRows(rows), viewer);
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
    inventoryPreorderMax: p.type === "variation" ? publishedVariations.reduce((sum, v) => sum + v.inventoryPreorderMax, 0) : p.inventoryPreorderMax,
    preorderShipDate: p.preorderShipDate,
    disablePreorder: p.disablePreorder,
    disableRequest: p.disableRequest,
    shippingDays: p.shippingDays,
    couponDisabled: p.couponDisabled,
    sellerSuspended: !head.sellerActive,
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
export function priceSelection(shaped: ShapedProduct, raw: RawSelection, now: Date, options: { countCart?: boolean } = {}) {
  const selection = resolveSelection(raw, {
    variations: shaped.variations,
    options: shaped.options,
    subscribable: shaped.product.subscribe,
    subscribeOnly: shaped.product.subscribeOnly,
  });
  const { variation, choice } = selection;
  const ownTiers = shaped.tiers.filter((tier) => tier.variationId === (variation?.id ?? null));
  const tiers: SubscriptionTier[] = (ownTiers.length ? ownTiers : shaped.tiers.filter((tier) => tier.variationId == null)).map((tier) => ({
    quantity: tier.quantity,
    unitPriceExclTax: tier.unitPriceExclTax,
  }));
  // The cart itself prices its rows against the whole stock; the product page counts what is in the cart.
  const inCart =
    options.countCart === false
      ? 0
      : shaped.inCart
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
  const price: PriceResult = best ? { ...firstPass, max_discount: best.discount, total: firstPass.subtotal - best.discount } : firstPass;
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

/** loadPricedProduct for a product named by id, or null when the API must answer "not found". */
export async function loadVisiblePricedProduct(db: Database, productId: number, viewer: Viewer) {
  const shaped = await loadPricedProduct(db, { id: productId }, viewer);
  return shaped && isApiVisible(shaped.product) ? shaped : null;
}
