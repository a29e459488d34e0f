/**
 * Placing an order. Everything is re-validated on the server: the cart is priced again by the engine,
 * never taken from the form. The order, its shipments and lines, the stock, points and coupon changes,
 * subscriptions, the saved address, the confirmation mail and the emptied cart are written in ONE D1
 * batch (one transaction). Guard statements inside the batch fail it when stock, points or coupon uses
 * ran out meanwhile, so two shoppers can never buy the last unit twice, and nothing is half-written.
 * The placement token makes a double submit or a retry find the first order instead of a second.
 */
import { and, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { hashPassword } from "~/auth/password.server";
import { describeShipTo } from "~/core/address-book";
import { CHECKOUT_MESSAGES, orderNumber, subscriptionSchedule } from "~/core/checkout";
import type { PaymentMethod } from "~/core/payment-methods";
import { REDUCED_TAX_RATE, STANDARD_TAX_RATE } from "~/core/tax";
import type { Database } from "~/db/client.server";
import {
  addresses,
  cartLines,
  carts,
  cartVendorNotices,
  coupons,
  couponUses,
  orderLines,
  orders,
  orderShipments,
  pointLedger,
  products,
  productVariations,
  subscriptions,
  users,
  variationChoices,
} from "~/db/schema";
import type { CartActor } from "./cart-actions.server";
import { loadCart } from "./cart.server";
import { mailStatement, orderConfirmationMail } from "./mails.server";

export interface ShippingAddress {
  lastname: string;
  firstname: string;
  lastnameJp: string;
  firstnameJp: string;
  postalCode: string;
  prefecture: number;
  city: string;
  district: string;
  address1: string;
  address2: string;
  phone: string;
}

export interface GuestDetails {
  email: string;
  lastname: string;
  firstname: string;
  lastnameJp: string;
  firstnameJp: string;
}

export interface PlaceOrderInput {
  placementToken: string;
  /** Guests only: contact details, and registration when asked for. */
  guest?: GuestDetails;
  registration?: { password: string; newsletter: boolean } | null;
  address: { savedId: number } | { address: ShippingAddress; save: boolean };
  paymentMethod: PaymentMethod;
  deliveryDate: string | null;
  deliveryTimeSlot: string | null;
}

export type PlaceOrderResult =
  | { ok: true; orderId: number; orderNumber: string; newUserId: number | null; replayed: boolean }
  | { ok: false; error: string; field?: "email" | "address" | "payment" | "cart" };

/** A statement that fails the batch when `condition` is false (SQLite raises on abs(min int)). */
function guard(db: Database, condition: SQL) {
  return db.select({ ok: sql<number>`case when ${condition} then count(*) else abs(-9223372036854775808) end` }).from(users);
}

async function findOrderByToken(db: Database, token: string) {
  return db.select({ id: orders.id, number: orders.number, userId: orders.userId }).from(orders).where(eq(orders.placementToken, token)).get();
}

export async function placeOrder(actor: CartActor, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const { db, owner, now } = actor;
  const replay = await findOrderByToken(db, input.placementToken);
  if (replay) {
    // Only the shopper who placed it may be shown it again.
    if (owner.userId != null && replay.userId !== owner.userId) return { ok: false, error: CHECKOUT_MESSAGES.changedMeanwhile, field: "cart" };
    return { ok: true, orderId: replay.id, orderNumber: replay.number, newUserId: null, replayed: true };
  }

  const view = await loadCart(db, owner, actor.session, now, { paymentMethod: input.paymentMethod });
  const { cart } = view;
  if (!view.cartId || cart.list.length === 0) return { ok: false, error: CHECKOUT_MESSAGES.emptyCart, field: "cart" };
  if (!cart.payment_eligible) return { ok: false, error: CHECKOUT_MESSAGES.unavailableItems, field: "cart" };
  if (cart.errors.coupon) return { ok: false, error: cart.errors.coupon, field: "cart" };
  if (cart.errors.points) return { ok: false, error: cart.errors.points, field: "cart" };

  // Who orders: a member, a guest who registers now, or a guest.
  const member = owner.userId != null ? await db.select().from(users).where(eq(users.id, owner.userId)).get() : undefined;
  if (owner.userId != null && !member) return { ok: false, error: CHECKOUT_MESSAGES.emptyCart, field: "cart" };
  const guest = member ? undefined : input.guest;
  if (!member && !guest) return { ok: false, error: CHECKOUT_MESSAGES.addressRequired, field: "email" };
  const registering = !member && input.registration != null;
  if (!member && !registering && cart.list.some((line) => line.subscribe != null)) {
    return { ok: false, error: CHECKOUT_MESSAGES.subscriptionNeedsAccount, field: "email" };
  }
  if (registering && guest) {
    const taken = await db.select({ id: users.id }).from(users).where(eq(users.email, guest.email)).get();
    if (taken) return { ok: false, error: CHECKOUT_MESSAGES.emailTaken, field: "email" };
  }
  const email = member?.email ?? guest!.email;
  const usedUp = await couponUsedUp(db, cart.coupons, email);
  if (usedUp) return { ok: false, error: CHECKOUT_MESSAGES.couponUsedUp(usedUp), field: "cart" };
  const userRef: SQL | number | null = member
    ? member.id
    : registering
      ? sql`(select ${users.id} from ${users} where ${users.email} = ${email})`
      : null;

  let shipTo: ShippingAddress;
  let saveAddress = false;
  if ("savedId" in input.address) {
    const saved = member
      ? await db.select().from(addresses).where(and(eq(addresses.id, input.address.savedId), eq(addresses.userId, member.id))).get()
      : undefined;
    if (!saved) return { ok: false, error: CHECKOUT_MESSAGES.addressNotFound, field: "address" };
    shipTo = saved;
  } else {
    shipTo = input.address.address;
    saveAddress = input.address.save && userRef != null;
  }

  const number = orderNumber(now, Math.random());
  const orderId = sql`(select ${orders.id} from ${orders} where ${orders.placementToken} = ${input.placementToken})`;
  const taxes = new Map(cart.taxes.map((tax) => [tax.rate, tax]));
  const statements: BatchItem<"sqlite">[] = [];

  if (registering && guest && input.registration) {
    statements.push(
      db.insert(users).values({
        email,
        passwordHash: await hashPassword(input.registration.password),
        lastname: guest.lastname,
        firstname: guest.firstname,
        lastnameJp: guest.lastnameJp,
        firstnameJp: guest.firstnameJp,
        newsletter: input.registration.newsletter,
      }),
    );
  }
  const orderRow = {
    number,
    userId: userRef as number | null,
    email,
    paymentMethod: input.paymentMethod,
    subtotal: cart.subtotal,
    shippingFee: cart.shipping_fee,
    coldshippingFee: cart.coldshipping_total,
    splitShippingFee: cart.split_shipping_fee,
    extraFee: cart.extra_fee,
    wrappingFee: cart.wrapping,
    discountCoupon: cart.discount_coupon,
    couponCode: cart.coupons[0]?.code ?? null,
    pointsUsed: cart.points,
    pointsEarned: userRef != null ? cart.total_points : 0,
    total: cart.total,
    taxable10: taxes.get(STANDARD_TAX_RATE)?.taxable ?? 0,
    tax10: taxes.get(STANDARD_TAX_RATE)?.tax ?? 0,
    taxable8: taxes.get(REDUCED_TAX_RATE)?.taxable ?? 0,
    tax8: taxes.get(REDUCED_TAX_RATE)?.tax ?? 0,
    shipLastname: shipTo.lastname,
    shipFirstname: shipTo.firstname,
    shipLastnameJp: shipTo.lastnameJp,
    shipFirstnameJp: shipTo.firstnameJp,
    shipPostalCode: shipTo.postalCode,
    shipPrefecture: shipTo.prefecture,
    shipCity: shipTo.city,
    shipDistrict: shipTo.district,
    shipAddress1: shipTo.address1,
    shipAddress2: shipTo.address2,
    shipPhone: shipTo.phone,
    deliveryDate: input.deliveryDate,
    deliveryTimeSlot: input.deliveryTimeSlot,
    warehouseNotice: view.warehouseNotice,
    placementToken: input.placementToken,
    createdAt: now,
  };
  statements.push(db.insert(orders).values(orderRow));

  for (const shipment of cart.shipments) {
    statements.push(
      db.insert(orderShipments).values({
        orderId: orderId as unknown as number,
        shippingFrom: shipment.from,
        merchantId: shipment.merchantId,
        shippingFee: shipment.shippingFee + shipment.coldFee + shipment.splitFee,
        notice: shipment.merchantId == null ? view.warehouseNotice : (view.vendorNotices[shipment.merchantId] ?? ""),
      }),
    );
  }

  for (const line of cart.list) {
    const detail = view.lines.find((item) => item.lineId === line.id)!;
    const shipmentId = sql`(select ${orderShipments.id} from ${orderShipments} where ${orderShipments.orderId} = ${orderId} and coalesce(${orderShipments.merchantId}, 0) = ${line.shippingFrom === "merchant" ? (line.merchantId ?? 0) : 0})`;
    statements.push(
      db.insert(orderLines).values({
        orderId: orderId as unknown as number,
        shipmentId: shipmentId as unknown as number,
        productId: line.productId,
        variationId: detail.variationId,
        choiceSku: detail.choiceSku,
        sku: detail.sku,
        title: line.title,
        choiceLabel: detail.choiceLabel,
        optionsLabel: detail.optionsLabel,
        picture: detail.picture ?? "",
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        taxRate: line.taxRate,
        wrapping: line.wrapping,
        isPreorder: line.isPreorder,
        subscribe: line.subscribe,
        total: line.total,
      }),
    );
    statements.push(...stockStatements(db, line.quantity, line.isPreorder, detail));
    if (line.subscribe != null && userRef != null) {
      const schedule = subscriptionSchedule(now, line.subscribe);
      statements.push(
        db.insert(subscriptions).values({
          userId: userRef as number,
          productId: line.productId,
          variationId: detail.variationId,
          orderId: orderId as unknown as number,
          quantity: line.quantity,
          periodMonths: line.subscribe,
          amount: line.total,
          paymentMethod: input.paymentMethod,
          ...schedule,
        }),
      );
    }
  }

  if (cart.points > 0 && member) {
    statements.push(
      guard(db, sql`(select ${users.points} from ${users} where ${users.id} = ${member.id}) >= ${cart.points}`),
      db.update(users).set({ points: sql`${users.points} - ${cart.points}` }).where(eq(users.id, member.id)),
      db.insert(pointLedger).values({ userId: member.id, orderId: orderId as unknown as number, kind: "used", amount: -cart.points, note: `ご注文 ${number} でのご利用`, createdAt: now }),
    );
  }
  if (userRef != null && cart.total_points > 0) {
    statements.push(
      db.update(users).set({ points: sql`${users.points} + ${cart.total_points}` }).where(eq(users.id, userRef as number)),
      db.insert(pointLedger).values({
        userId: userRef as number,
        orderId: orderId as unknown as number,
        kind: "earned",
        amount: cart.total_points,
        note: `ご注文 ${number} のお買い物ポイント${cart.total_points_rate > 1 ? `（${cart.total_points_rate}倍）` : ""}`,
        createdAt: now,
      }),
    );
  }

  for (const coupon of [...cart.coupons, ...cart.autocoupons]) {
    statements.push(
      db.insert(couponUses).values({
        couponId: coupon.id,
        userId: userRef as number | null,
        orderId: orderId as unknown as number,
        email,
        discount: coupon.discount,
        createdAt: now,
      }),
      ...couponLimitGuards(db, coupon.id, email),
    );
  }

  if (saveAddress) {
    // The first saved address becomes the member's default.
    statements.push(
      db.insert(addresses).values({
        ...shipTo,
        userId: userRef as number,
        isDefault: sql`(not exists (select 1 from ${addresses} where ${addresses.userId} = ${userRef} and ${addresses.isDefault} = 1))`,
      }),
    );
  }
  if (userRef != null) {
    const name = member ? `${member.lastname} ${member.firstname}` : `${guest!.lastname} ${guest!.firstname}`;
    statements.push(mailStatement(db, userRef, orderConfirmationMail(orderRow, cart.list, name), now));
  }
  statements.push(
    db.delete(cartLines).where(eq(cartLines.cartId, view.cartId)),
    db.delete(cartVendorNotices).where(eq(cartVendorNotices.cartId, view.cartId)),
    db
      .update(carts)
      .set({ couponCode: null, pointAmount: 0, warehouseNotice: "", coldshipping: false, updatedAt: now })
      .where(eq(carts.id, view.cartId)),
  );

  try {
    const [first, ...rest] = statements;
    await db.batch([first!, ...rest]);
  } catch (error) {
    // A double submit racing this one may have won: show its order. Otherwise something ran out.
    const winner = await findOrderByToken(db, input.placementToken);
    if (winner) return { ok: true, orderId: winner.id, orderNumber: winner.number, newUserId: null, replayed: true };
    console.warn("order placement refused", error instanceof Error ? error.message : error);
    return { ok: false, error: CHECKOUT_MESSAGES.changedMeanwhile, field: "cart" };
  }
  const placed = await db
    .select({ id: orders.id, userId: orders.userId })
    .from(orders)
    .where(eq(orders.placementToken, input.placementToken))
    .get();
  return { ok: true, orderId: placed!.id, orderNumber: number, newUserId: registering ? placed!.userId : null, replayed: false };
}

/** Stock comes off the choice (when it keeps its own), the variation, or the product; pre-orders off pre-order stock. */
function stockStatements(
  db: Database,
  quantity: number,
  isPreorder: boolean,
  line: { productId: number; variationId: number | null; choiceSku: string | null; choiceHasOwnStock: boolean },
): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  if (isPreorder) {
    if (line.variationId != null) {
      statements.push(
        guard(db, sql`(select ${productVariations.inventoryPreorderMax} from ${productVariations} where ${productVariations.id} = ${line.variationId}) >= ${quantity}`),
        db
          .update(productVariations)
          .set({ inventoryPreorderMax: sql`${productVariations.inventoryPreorderMax} - ${quantity}` })
          .where(eq(productVariations.id, line.variationId)),
      );
    } else {
      statements.push(
        guard(db, sql`(select ${products.inventoryPreorderMax} from ${products} where ${products.id} = ${line.productId}) >= ${quantity}`),
        db.update(products).set({ inventoryPreorderMax: sql`${products.inventoryPreorderMax} - ${quantity}` }).where(eq(products.id, line.productId)),
      );
    }
    return statements;
  }
  if (line.choiceSku != null && line.choiceHasOwnStock) {
    statements.push(
      guard(db, sql`(select ${variationChoices.inventory} from ${variationChoices} where ${variationChoices.sku} = ${line.choiceSku}) >= ${quantity}`),
      db.update(variationChoices).set({ inventory: sql`${variationChoices.inventory} - ${quantity}` }).where(eq(variationChoices.sku, line.choiceSku)),
    );
  }
  if (line.variationId != null) {
    statements.push(
      guard(db, sql`(select ${productVariations.inventory} from ${productVariations} where ${productVariations.id} = ${line.variationId}) >= ${quantity}`),
      db.update(productVariations).set({ inventory: sql`${productVariations.inventory} - ${quantity}` }).where(eq(productVariations.id, line.variationId)),
    );
  } else {
    statements.push(
      guard(db, sql`(select ${products.inventory} from ${products} where ${products.id} = ${line.productId}) >= ${quantity}`),
      db.update(products).set({ inventory: sql`${products.inventory} - ${quantity}` }).where(eq(products.id, line.productId)),
    );
  }
  return statements;
}

/** After this order's use is inserted, the coupon's total and per-customer limits must still hold. */
function couponLimitGuards(db: Database, couponId: number, email: string): BatchItem<"sqlite">[] {
  const limits = sql`(select max_uses from coupons where id = ${couponId})`;
  const perCustomer = sql`(select max_uses_per_user from coupons where id = ${couponId})`;
  return [
    guard(db, sql`${limits} is null or (select ${count()} from ${couponUses} where ${couponUses.couponId} = ${couponId}) <= ${limits}`),
    guard(
      db,
      sql`${perCustomer} is null or (select ${count()} from ${couponUses} where ${couponUses.couponId} = ${couponId} and ${couponUses.email} = ${email}) <= ${perCustomer}`,
    ),
  ];
}

/** A placed order for its thank-you page: only its member, or the session that just placed it, may see it. */
export async function findPlacedOrder(db: Database, number: string, viewer: { userId?: number; lastOrder?: string }) {
  const order = await db.select().from(orders).where(eq(orders.number, number)).get();
  const allowed = order && ((viewer.userId != null && order.userId === viewer.userId) || viewer.lastOrder === order.number);
  if (!allowed) return null;
  return {
    id: order.id,
    number: order.number,
    userId: order.userId,
    total: order.total,
    paymentMethod: order.paymentMethod,
    email: order.email,
    shipTo: describeShipTo(order),
    deliveryDate: order.deliveryDate,
    deliveryTimeSlot: order.deliveryTimeSlot,
  };
}

/** The code of a coupon this customer has already used as often as it allows, if any. */
export async function couponUsedUp(db: Database, applied: { id: number; code: string }[], email: string): Promise<string | null> {
  if (applied.length === 0) return null;
  const rows = await db
    // Table names spelled out: in a one-table select drizzle leaves columns unqualified, and a bare "id"
    // inside the sub-select would mean coupon_uses.id.
    .select({
      code: coupons.code,
      limit: coupons.maxUsesPerUser,
      used: sql<number>`(select count(*) from coupon_uses where coupon_uses.coupon_id = coupons.id and coupon_uses.email = ${email})`,
    })
    .from(coupons)
    .where(inArray(coupons.id, applied.map((coupon) => coupon.id)));
  return rows.find((row) => row.limit != null && row.used >= row.limit)?.code ?? null;
}
