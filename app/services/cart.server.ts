/**
 * Carts in D1: guests' carts by the id in their session, members' by user id (merged on login).
 * Loading a cart reads everything in one batch and prices every row with the same engine as the
 * product page, then the cart engine (app/core/cart.ts) computes the whole Cart.
 */
import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { computeCart } from "~/core/cart-engine";
import {
  cartLineKey,
  type Cart,
  type CartCoupon,
  type CouponCampaign,
  type PointPromo,
} from "~/core/cart";
import { readCheckoutDraft, type CheckoutDraft } from "~/core/checkout-draft";
import { pointPromoColor } from "~/core/colors";
import type { PaymentMethod } from "~/core/payment-methods";
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
import { parseOptionKey, priceCartLines, type CartLineView, type PrivateGrant } from "./cart-lines.server";
import { couponPricesQuery, toCartCoupon } from "./coupon-rules.server";
import { pricedProductsQueries, type ShapedProduct, shapeProducts } from "./product-pricing.server";

export type { CartLineView };

export interface CartOwner {
  userId?: number;
  /** A guest's cart id from the session. */
  cartId?: string;
}

export interface CartSessionState {
  couponCampaign?: string;
  skuCoupons?: Record<string, string>;
  /** Private products whose secret link this visitor opened, with the link's secret. */
  privateGrants?: PrivateGrant[];
}

/** The shopper a cart operation acts for: their cart owner, the session's coupon state and the time. */
export interface CartActor {
  db: Database;
  owner: CartOwner;
  session: CartSessionState;
  now: Date;
  /** CF-Connecting-IP: coupon-code guesses are throttled per cart and per network. */
  clientIp?: string | null;
}

export interface NewCartLine {
  productId: number;
  variationId: number | null;
  choiceSku: string | null;
  optionChoiceIds: number[];
  quantity: number;
  isPreorder: boolean;
  subscribe: number | null;
  /** Gift wrapping asked for with this add (an existing row keeps wrapping it already has). */
  wrapping?: boolean;
  /** Requested shipping day (yyyy-mm-dd); an add without one keeps the row's. */
  shippingDay?: string | null;
  /** The private product's link secret the shopper holds (see cartLines.privateGrant). */
  privateGrant?: string | null;
}

/** What an add may bring a row to: its own cap (50 / 6) and the stock all rows of the same item share. */
export interface LineLimits {
  lineCap: number;
  stock: number;
}

function ownerCondition(owner: CartOwner): SQL {
  return owner.userId != null ? eq(carts.userId, owner.userId) : eq(carts.id, owner.cartId ?? "");
}

/** The ids of the shopper's cart, as a sub-select usable inside one batch. */
function cartIdOf(owner: CartOwner): SQL {
  return owner.userId != null
    ? sql`(select ${carts.id} from ${carts} where ${carts.userId} = ${owner.userId})`
    : sql`(${owner.cartId ?? ""})`;
}

export async function findCartId(db: Database, owner: CartOwner): Promise<string | null> {
  if (owner.userId == null && !owner.cartId) return null;
  const row = await db.select({ id: carts.id }).from(carts).where(ownerCondition(owner)).get();
  return row?.id ?? null;
}

/** The shopper's cart id, creating the cart when there is none yet (guests then keep it in the session). */
export async function ensureCart(db: Database, owner: CartOwner): Promise<string> {
  const existing = await findCartId(db, owner);
  if (existing) return existing;
  const id = crypto.randomUUID();
  await db.insert(carts).values({ id, userId: owner.userId ?? null }).onConflictDoNothing();
  // Two first adds by one member may race; the unique user index keeps one cart.
  return owner.userId != null ? ((await findCartId(db, owner)) ?? id) : id;
}

function optionKey(ids: number[]): string {
  return [...ids].sort((a, b) => a - b).join(",");
}


/** The same item (product, variation, variable choice) in a cart, whatever its options: rows of it share its stock. */
function sameItem(cartId: string | SQL, line: Pick<NewCartLine, "productId" | "variationId" | "choiceSku">): SQL {
  return sql`${cartLines.cartId} = ${cartId} and ${cartLines.productId} = ${line.productId} and ${cartLines.variationId} is ${line.variationId} and ${cartLines.choiceSku} is ${line.choiceSku}`;
}

/**
 * Adds a row, or more of an identical row, in one conditional upsert: with `limits`, nothing is written
 * when the row would pass its cap or the item's rows together its stock — checked inside the statement,
 * so two adds at once cannot both pass. Answers the row's new quantity, or null when refused. Without
 * `limits` (moving rows between a member's lists) the next cart load brings the row within them.
 */
export async function addLine(db: Database, cartId: string, line: NewCartLine, limits?: LineLimits): Promise<number | null> {
  const inCart = sql`(select coalesce(sum(${cartLines.quantity}), 0) from ${cartLines} where ${sameItem(cartId, line)})`;
  const fits = limits
    ? sql`${line.quantity} <= ${limits.lineCap} and ${inCart} + ${line.quantity} <= ${limits.stock}`
    : sql`1`;
  const [rows] = await db.batch([
    db
      .insert(cartLines)
      .select(
        db
          .select({
            // Every column in table order; a null id lets SQLite assign a new one.
            id: sql<number>`null`.as("id"),
            cartId: carts.id,
            productId: sql<number>`${line.productId}`.as("product_id"),
            variationId: sql<number | null>`${line.variationId}`.as("variation_id"),
            choiceSku: sql<string | null>`${line.choiceSku}`.as("choice_sku"),
            optionChoiceIds: sql<string>`${optionKey(line.optionChoiceIds)}`.as("option_choice_ids"),
            wrapping: sql<number>`${line.wrapping ? 1 : 0}`.as("wrapping"),
            quantity: sql<number>`${line.quantity}`.as("quantity"),
            isPreorder: sql<number>`${line.isPreorder ? 1 : 0}`.as("is_preorder"),
            subscribe: sql<number | null>`${line.subscribe}`.as("subscribe"),
            lineKey: sql<string>`${cartLineKey(line)}`.as("line_key"),
            createdAt: sql<number>`(unixepoch('subsec') * 1000)`.as("created_at"),
            shippingDay: sql<string | null>`${line.shippingDay ?? null}`.as("shipping_day"),
            privateGrant: sql<string | null>`${line.privateGrant ?? null}`.as("private_grant"),
          })
          .from(carts)
          .where(and(eq(carts.id, cartId), fits)),
      )
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.lineKey],
        set: {
          quantity: sql`${cartLines.quantity} + excluded.quantity`,
          wrapping: sql`max(${cartLines.wrapping}, excluded.wrapping)`,
          shippingDay: sql`coalesce(excluded.shipping_day, ${cartLines.shippingDay})`,
          privateGrant: sql`coalesce(excluded.private_grant, ${cartLines.privateGrant})`,
        },
        setWhere: limits ? sql`${cartLines.quantity} + excluded.quantity <= ${limits.lineCap}` : undefined,
      })
      .returning({ quantity: cartLines.quantity }),
    touch(db, cartId),
  ]);
  return rows[0]?.quantity ?? null;
}

function touch(db: Database, cartId: string) {
  return db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** `triedCode` is a coupon being tried before it is saved; it is loaded beside the saved one. */
function cartQueries(db: Database, owner: CartOwner, session: CartSessionState, now: Date, triedCode: string | null) {
  const cartId = cartIdOf(owner);
  const inCart = sql`(select ${cartLines.productId} from ${cartLines} where ${cartLines.cartId} = ${cartId})`;
  const skuCodes = Object.values(session.skuCoupons ?? {});
  const couponCodes = sql`(select ${carts.couponCode} from ${carts} where ${carts.id} = ${cartId})`;
  const skuCodeList = skuCodes.length ? sql.join(skuCodes.map((code) => sql`${code}`), sql`, `) : sql`''`;
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
    db.select().from(coupons).where(sql`${coupons.id} in ${cartCoupons}`),
    couponPricesQuery(db, sql`${couponProductPrices.couponId} in ${cartCoupons}`),
    db
      .select({ couponId: couponProductExclusions.couponId, productId: couponProductExclusions.productId, sku: products.sku })
      .from(couponProductExclusions)
      .innerJoin(products, eq(products.id, couponProductExclusions.productId))
      .where(sql`${couponProductExclusions.couponId} in ${cartCoupons}`),
    db.select().from(couponPriceRanges).where(sql`${couponPriceRanges.couponId} in ${cartCoupons}`),
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
    db.select({ points: users.points }).from(users).where(eq(users.id, owner.userId ?? 0)),
    db.select().from(cartVendorNotices).where(eq(cartVendorNotices.cartId, cartId)),
    db
      .select({
        id: buyLater.id,
        productId: buyLater.productId,
        sku: products.sku,
        title: products.title,
        quantity: buyLater.quantity,
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
  userPoints: number;
  buyLater: { id: number; productId: number; sku: string; title: string; quantity: number }[];
  address: (typeof addresses.$inferSelect) | null;
  /** The rules of the coupons the cart applies (cart.coupons and cart.autocoupons), for the spec's coupon objects. */
  couponRules: CartCoupon[];
  /** What was typed on the checkout before one of its buttons led elsewhere, while fresh (core/checkout-draft). */
  checkoutDraft: CheckoutDraft | null;
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
  const [firstReduction, ...otherReductions] = reduced.map((line) =>
    db.update(cartLines).set({ quantity: line.quantity }).where(eq(cartLines.id, line.id)),
  );
  if (firstReduction) await db.batch([firstReduction, ...otherReductions]);
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
    buyLater: rows.later,
    address: rows.address,
    couponRules: allCoupons.filter((coupon) => [...cart.coupons, ...cart.autocoupons].some((applied) => applied.id === coupon.id)),
    checkoutDraft: readCheckoutDraft(record?.checkoutDraft, now),
  };
}

export type { ShapedProduct };

/** The shopper's row by id, or null when it is not in their cart (ownership check). */
async function ownedLine(db: Database, owner: CartOwner, lineId: number) {
  return (
    (await db
      .select({ line: cartLines })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(and(eq(cartLines.id, lineId), ownerCondition(owner)))
      .get()) ?? null
  )?.line ?? null;
}

/** A stored row of the shopper's cart (identity columns as saved), for naming rows by p/v/o/c. */
export interface StoredCartLine {
  id: number;
  productId: number;
  variationId: number | null;
  choiceSku: string | null;
  optionChoiceIds: number[];
  wrapping: boolean;
  quantity: number;
  isPreorder: boolean;
  subscribe: number | null;
  lineKey: string;
}

/** The rows of the shopper's own cart as stored, oldest first (none without a cart). */
export async function listOwnedLines(db: Database, owner: CartOwner): Promise<StoredCartLine[]> {
  if (owner.userId == null && !owner.cartId) return [];
  const rows = await db
    .select({ line: cartLines })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(ownerCondition(owner))
    .orderBy(asc(cartLines.id))
    .all();
  return rows.map(({ line }) => ({
    id: line.id,
    productId: line.productId,
    variationId: line.variationId,
    choiceSku: line.choiceSku,
    optionChoiceIds: parseOptionKey(line.optionChoiceIds),
    wrapping: line.wrapping,
    quantity: line.quantity,
    isPreorder: line.isPreorder,
    subscribe: line.subscribe,
    lineKey: line.lineKey,
  }));
}

export async function setLineQuantity(db: Database, owner: CartOwner, lineId: number, quantity: number): Promise<boolean> {
  const line = await ownedLine(db, owner, lineId);
  if (!line) return false;
  await db.batch([db.update(cartLines).set({ quantity }).where(eq(cartLines.id, line.id)), touch(db, line.cartId)]);
  return true;
}

export async function removeLine(db: Database, owner: CartOwner, lineId: number): Promise<boolean> {
  const line = await ownedLine(db, owner, lineId);
  if (!line) return false;
  await db.batch([db.delete(cartLines).where(eq(cartLines.id, line.id)), touch(db, line.cartId)]);
  return true;
}

export async function setLineWrapping(db: Database, owner: CartOwner, lineId: number, wrapping: boolean): Promise<boolean> {
  const line = await ownedLine(db, owner, lineId);
  if (!line) return false;
  await db.update(cartLines).set({ wrapping }).where(eq(cartLines.id, line.id));
  return true;
}

export async function updateCart(
  db: Database,
  cartId: string,
  values: Partial<Pick<typeof carts.$inferInsert, "couponCode" | "pointAmount" | "paymentMethod" | "coldshipping" | "warehouseNotice" | "checkoutDraft">>,
): Promise<void> {
  await db.update(carts).set({ ...values, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** Takes the coupon `code` off the cart if it is the one entered; answers whether it was. */
export async function clearCoupon(db: Database, cartId: string, code: string): Promise<boolean> {
  const cleared = await db
    .update(carts)
    .set({ couponCode: null, updatedAt: new Date() })
    .where(and(eq(carts.id, cartId), eq(carts.couponCode, code)))
    .returning({ id: carts.id });
  return cleared.length > 0;
}

export async function saveVendorNotices(db: Database, cartId: string, notices: { merchantId: number; notice: string }[]): Promise<void> {
  const [first, ...rest] = notices.map(({ merchantId, notice }) =>
    db
      .insert(cartVendorNotices)
      .values({ cartId, merchantId, notice })
      .onConflictDoUpdate({ target: [cartVendorNotices.cartId, cartVendorNotices.merchantId], set: { notice } }),
  );
  if (first) await db.batch([first, ...rest]);
}

/** Moves a row to the member's buy-later list. */
export async function moveToBuyLater(db: Database, owner: Required<Pick<CartOwner, "userId">>, lineId: number): Promise<boolean> {
  const line = await ownedLine(db, owner, lineId);
  if (!line) return false;
  const already = await db
    .select({ id: buyLater.id })
    .from(buyLater)
    .where(
      and(
        eq(buyLater.userId, owner.userId),
        eq(buyLater.productId, line.productId),
        line.variationId == null ? isNull(buyLater.variationId) : eq(buyLater.variationId, line.variationId),
        line.choiceSku == null ? isNull(buyLater.choiceSku) : eq(buyLater.choiceSku, line.choiceSku),
        eq(buyLater.optionChoiceIds, line.optionChoiceIds),
      ),
    )
    .get();
  // The same item saved twice stays one entry.
  if (already) {
    await db.delete(cartLines).where(eq(cartLines.id, line.id));
    return true;
  }
  await db.batch([
    db.insert(buyLater).values({
      userId: owner.userId,
      productId: line.productId,
      variationId: line.variationId,
      choiceSku: line.choiceSku,
      optionChoiceIds: line.optionChoiceIds,
      quantity: line.quantity,
    }),
    db.delete(cartLines).where(eq(cartLines.id, line.id)),
  ]);
  return true;
}

/** Saves a product for later straight from its page (no cart row involved). */
export async function saveForLater(db: Database, userId: number, productId: number): Promise<void> {
  const existing = await db
    .select({ id: buyLater.id })
    .from(buyLater)
    .where(and(eq(buyLater.userId, userId), eq(buyLater.productId, productId), isNull(buyLater.variationId)))
    .get();
  if (!existing) await db.insert(buyLater).values({ userId, productId });
}

/** Moves a buy-later item back into the member's cart. */
export async function moveBackToCart(db: Database, userId: number, buyLaterId: number): Promise<boolean> {
  const item = await db
    .select()
    .from(buyLater)
    .where(and(eq(buyLater.id, buyLaterId), eq(buyLater.userId, userId)))
    .get();
  if (!item) return false;
  const cartId = await ensureCart(db, { userId });
  await addLine(db, cartId, {
    productId: item.productId,
    variationId: item.variationId,
    choiceSku: item.choiceSku,
    optionChoiceIds: parseOptionKey(item.optionChoiceIds),
    quantity: item.quantity,
    isPreorder: false,
    subscribe: null,
  });
  await db.delete(buyLater).where(eq(buyLater.id, item.id));
  return true;
}

/**
 * On login the guest's rows join the member's cart (identical rows add up; limits apply on the next
 * load) and the guest cart is removed. The member keeps their coupon; the guest's is kept if they had none.
 */
export async function mergeGuestCart(db: Database, guestCartId: string, userId: number): Promise<void> {
  const guest = await db.select().from(carts).where(and(eq(carts.id, guestCartId), isNull(carts.userId))).get();
  if (!guest) return;
  const memberCartId = await ensureCart(db, { userId });
  if (memberCartId === guestCartId) return;
  // The select has a WHERE clause, which SQLite needs before ON CONFLICT in an INSERT … SELECT.
  await db.batch([
    db
      .insert(cartLines)
      .select(
        db
          .select({
            // Every column in table order; a null id lets SQLite assign a new one.
            id: sql<number>`null`.as("id"),
            cartId: sql<string>`${memberCartId}`.as("cart_id"),
            productId: cartLines.productId,
            variationId: cartLines.variationId,
            choiceSku: cartLines.choiceSku,
            optionChoiceIds: cartLines.optionChoiceIds,
            wrapping: cartLines.wrapping,
            quantity: cartLines.quantity,
            isPreorder: cartLines.isPreorder,
            subscribe: cartLines.subscribe,
            lineKey: cartLines.lineKey,
            createdAt: cartLines.createdAt,
            shippingDay: cartLines.shippingDay,
            privateGrant: cartLines.privateGrant,
          })
          .from(cartLines)
          .where(eq(cartLines.cartId, guestCartId)),
      )
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.lineKey],
        set: {
          quantity: sql`${cartLines.quantity} + excluded.quantity`,
          privateGrant: sql`coalesce(excluded.private_grant, ${cartLines.privateGrant})`,
        },
      }),
    db
      .update(carts)
      .set({ couponCode: sql`coalesce(${carts.couponCode}, ${guest.couponCode})`, updatedAt: new Date() })
      .where(eq(carts.id, memberCartId)),
    db.delete(carts).where(eq(carts.id, guestCartId)),
  ]);
}
