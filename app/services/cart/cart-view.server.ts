/**
 * Loading a cart reads everything in one batch and prices every row with the same engine as the
 * product page, then the cart engine (app/core/cart/cart-engine.ts) computes the whole Cart.
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { computeCart } from "~/core/cart/cart-engine";
import type { Cart, CartCoupon, CouponCampaign, PointPromo } from "~/core/cart/cart";
import { readCheckoutDraft, type CheckoutDraft } from "~/core/checkout/checkout-draft";
import { pointPromoColor } from "~/core/catalogue/colors";
import { savedItemUnavailable, type SavedItemUnavailable } from "~/core/member/saved-items";
import type { PaymentMethod } from "~/core/checkout/payment-methods";
import { QUANTITY_MESSAGES } from "~/core/catalogue/pricing";
import { activeAt, type Database } from "~/db/client.server";
import {
  addresses,
  buyLater,
  cartLines,
  categories,
  carts,
  cartVendorNotices,
  couponCampaigns,
  couponPriceRanges,
  couponProductExclusions,
  couponProductPrices,
  coupons,
  merchants,
  pointPromos,
  productCategories,
  productMedia,
  products,
  users,
} from "~/db/schema";
import { priceCartLines, type CartLineView } from "./cart-lines.server";
import { cartIdOf, type CartOwner, type CartSessionState } from "./cart.server";
import { sellerActive } from "../catalogue/catalogue.server";
import { couponPricesQuery, toCartCoupon } from "../checkout/coupon-rules.server";
import { pendingPointsOf } from "../member/member-points.server";
import { pricedProductsQueries, shapeProducts } from "../catalogue/product-pricing.server";

/** `triedCode` is a coupon being tried before it is saved; it is loaded beside the saved one. */
function cartQueries(db: Database, owner: CartOwner, session: CartSessionState, now: Date, triedCode: string | null) {
  const cartId = cartIdOf(owner);
  const inCart = sql`(select ${cartLines.productId} from ${cartLines} where ${cartLines.cartId} = ${cartId})`;
  const skuCodes = Object.values(session.skuCoupons ?? {});
  const couponCodes = sql`(select ${carts.couponCode} from ${carts} where ${carts.id} = ${cartId})`;
  const skuCodeList = skuCodes.length
    ? sql.join(
        skuCodes.map((code) => sql`${code}`),
        sql`, `,
      )
    : sql`''`;
  const cartCoupons = sql`(select ${coupons.id} from ${coupons} where ${coupons.code} in ${couponCodes} or ${coupons.code} = ${triedCode ?? ""} or ${coupons.code} in (${skuCodeList}) or ${coupons.isAuto} = 1)`;
  return [
    db.select().from(carts).where(eq(carts.id, cartId)),
    db.select().from(cartLines).where(eq(cartLines.cartId, cartId)).orderBy(asc(cartLines.createdAt), asc(cartLines.id)),
    db
      .select({ productId: productMedia.productId, url: productMedia.url })
      .from(productMedia)
      .where(and(sql`${productMedia.productId} in ${inCart}`, isNull(productMedia.variationId)))
      .orderBy(asc(productMedia.position)),
    db.select().from(merchants),
    db
      .select({ productId: productCategories.productId, slug: categories.slug, name: categories.name })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(sql`${productCategories.productId} in ${inCart}`)
      .orderBy(asc(categories.parentId), asc(categories.position)),
    db
      .select()
      .from(coupons)
      .where(sql`${coupons.id} in ${cartCoupons}`),
    couponPricesQuery(db, sql`${couponProductPrices.couponId} in ${cartCoupons}`),
    db
      .select({ couponId: couponProductExclusions.couponId, productId: couponProductExclusions.productId, sku: products.sku })
      .from(couponProductExclusions)
      .innerJoin(products, eq(products.id, couponProductExclusions.productId))
      .where(sql`${couponProductExclusions.couponId} in ${cartCoupons}`),
    db
      .select()
      .from(couponPriceRanges)
      .where(sql`${couponPriceRanges.couponId} in ${cartCoupons}`),
    db
      .select()
      .from(couponCampaigns)
      .where(and(eq(couponCampaigns.code, session.couponCampaign ?? ""), activeAt(couponCampaigns.startsAt, couponCampaigns.endsAt, now))),
    db
      .select()
      .from(pointPromos)
      .where(activeAt(pointPromos.startsAt, pointPromos.endsAt, now))
      .orderBy(desc(pointPromos.rate))
      .limit(1),
    db
      .select({ points: users.points, pending: pendingPointsOf(users.id) })
      .from(users)
      .where(eq(users.id, owner.userId ?? 0)),
    db.select().from(cartVendorNotices).where(eq(cartVendorNotices.cartId, cartId)),
    db
      .select({
        id: buyLater.id,
        productId: buyLater.productId,
        sku: products.sku,
        title: products.title,
        quantity: buyLater.quantity,
        status: products.status,
        sellerActive: sql<number>`${sellerActive}`,
      })
      .from(buyLater)
      .innerJoin(products, eq(products.id, buyLater.productId))
      .where(eq(buyLater.userId, owner.userId ?? 0))
      .orderBy(desc(buyLater.createdAt)),
    db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, owner.userId ?? 0))
      .orderBy(desc(addresses.isDefault), asc(addresses.id))
      .limit(1),
  ] as const;
}

async function runCartBatch(db: Database, owner: CartOwner, session: CartSessionState, now: Date, triedCode: string | null) {
  const viewer = { ...owner, now };
  const inCart = sql`(select ${cartLines.productId} from ${cartLines} where ${cartLines.cartId} = ${cartIdOf(owner)})`;
  const productQueries = pricedProductsQueries(db, inCart, viewer);
  const ownQueries = cartQueries(db, owner, session, now, triedCode);
  const results = await db.batch([...ownQueries, ...productQueries]);
  const [cart, lines, media, merchantRows, categoryRows, couponRows, couponPrices, exclusions, ranges, campaigns, promos, userRows, notices, later, address] =
    results;
  const productRows = results.slice(ownQueries.length) as unknown as Parameters<typeof shapeProducts>[0];
  return {
    cart: cart[0] ?? null,
    lines,
    media,
    merchants: merchantRows,
    categories: categoryRows,
    coupons: couponRows,
    couponPrices,
    exclusions,
    ranges,
    campaign: campaigns[0] ?? null,
    promo: promos[0] ?? null,
    userPoints: userRows[0]?.points ?? 0,
    pendingPoints: userRows[0]?.pending ?? 0,
    notices,
    later,
    address: address[0] ?? null,
    products: shapeProducts(productRows, viewer),
  };
}

export interface CartView {
  cartId: string | null;
  cart: Cart;
  lines: CartLineView[];
  couponCode: string | null;
  paymentMethod: PaymentMethod | null;
  warehouseNotice: string;
  vendorNotices: Record<number, string>;
  couponCampaign: CouponCampaign | null;
  pointPromo: PointPromo | null;
  /** The member's usable points (what the cart may spend). */
  userPoints: number;
  /** The member's 付与予定 points: earned by orders not paid for yet, shown but never spendable. */
  pendingPoints: number;
  /** `unavailable`: why it cannot go back into the cart now (null: it can). */
  buyLater: { id: number; productId: number; sku: string; title: string; quantity: number; unavailable: SavedItemUnavailable | null }[];
  address: typeof addresses.$inferSelect | null;
  /** The rules of the coupons the cart applies (cart.coupons and cart.autocoupons), for the spec's coupon objects. */
  couponRules: CartCoupon[];
  /** What was typed on the checkout before one of its buttons led elsewhere, while fresh (core/checkout/checkout-draft). */
  checkoutDraft: CheckoutDraft | null;
  /** Rows this load cut to the stock (or cap) left, each with the message the quantity rules use. */
  adjustedLines: { line: number; message: string }[];
}

/**
 * Loads and computes the shopper's cart. `override` lets an action try a coupon or points before saving.
 * Rows whose stored quantity is above their maximum are reduced and saved (spec §4).
 */
export async function loadCart(
  db: Database,
  owner: CartOwner,
  session: CartSessionState,
  now: Date,
  override: { couponCode?: string | null; pointAmount?: number; paymentMethod?: PaymentMethod } = {},
): Promise<CartView> {
  const rows = await runCartBatch(db, owner, session, now, override.couponCode ?? null);
  const { inputs, views } = priceCartLines({ ...rows, privateGrants: session.privateGrants ?? [] }, now);
  const record = rows.cart;
  const couponCode = override.couponCode !== undefined ? override.couponCode : (record?.couponCode ?? null);
  const allCoupons = rows.coupons.map((coupon) => toCartCoupon(coupon, rows));
  const campaign: CouponCampaign | null = rows.campaign
    ? {
        code: rows.campaign.code,
        title: rows.campaign.title,
        type: rows.campaign.type,
        value: rows.campaign.value,
        minAmount: rows.campaign.minAmount,
        freeShipping: rows.campaign.freeShipping,
      }
    : null;
  const pointPromo: PointPromo | null = rows.promo
    ? { title: rows.promo.title, color: pointPromoColor(rows.promo.color), link: rows.promo.link, rate: rows.promo.rate, minAmount: rows.promo.minAmount }
    : null;
  const cart = computeCart(inputs, {
    isMember: owner.userId != null,
    userPoints: rows.userPoints,
    pointAmount: override.pointAmount ?? record?.pointAmount ?? 0,
    enteredCoupon: couponCode ? (allCoupons.find((coupon) => coupon.code === couponCode) ?? null) : null,
    autoCoupons: allCoupons.filter((coupon) => coupon.isAuto),
    skuCoupons: session.skuCoupons ?? {},
    skuCouponRules: allCoupons,
    campaign,
    pointPromo,
    paymentMethod: override.paymentMethod ?? record?.paymentMethod ?? null,
    coldshippingChosen: record?.coldshipping ?? false,
    merchants: rows.merchants.map((m) => ({ id: m.id, name: m.name, shippingFee: m.shippingFee, freeShippingThreshold: m.freeShippingThreshold })),
    now: now.getTime(),
  });
  const reduced = cart.list.filter((line) => line.quantity !== rows.lines.find((stored) => stored.id === line.id)?.quantity);
  const [firstReduction, ...otherReductions] = reduced.map((line) => db.update(cartLines).set({ quantity: line.quantity }).where(eq(cartLines.id, line.id)));
  if (firstReduction) await db.batch([firstReduction, ...otherReductions]);
  // A row cut to what is left to sell says so, as a quantity typed above it would (one that cannot be bought
  // at all says so by its badge instead).
  const adjustedLines = reduced
    .filter((line) => line.available && line.quantity < (rows.lines.find((stored) => stored.id === line.id)?.quantity ?? 0))
    .map((line) => ({ line: line.id, message: QUANTITY_MESSAGES.aboveMax(line.quantity) }));
  return {
    cartId: record?.id ?? null,
    cart,
    lines: views,
    couponCode,
    paymentMethod: override.paymentMethod ?? record?.paymentMethod ?? null,
    warehouseNotice: record?.warehouseNotice ?? "",
    vendorNotices: Object.fromEntries(rows.notices.map((notice) => [notice.merchantId, notice.notice])),
    couponCampaign: campaign,
    pointPromo,
    userPoints: rows.userPoints,
    pendingPoints: rows.pendingPoints,
    buyLater: rows.later.map(({ status, sellerActive: active, ...item }) => ({
      ...item,
      unavailable: savedItemUnavailable({ status, sellerSuspended: !active }),
    })),
    address: rows.address,
    couponRules: allCoupons.filter((coupon) => [...cart.coupons, ...cart.autocoupons].some((applied) => applied.id === coupon.id)),
    checkoutDraft: readCheckoutDraft(record?.checkoutDraft, now),
    adjustedLines,
  };
}
