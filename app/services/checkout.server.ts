/**
 * Placing an order. Everything is re-validated on the server: the cart is priced again by the engine,
 * never taken from the form. The order, its shipments and lines, the stock, points and coupon changes,
 * subscriptions, the saved address, the confirmation mail and the emptied cart are written in ONE D1
 * batch (one transaction). Guard statements inside the batch fail it when stock, points or coupon uses
 * ran out meanwhile, so two shoppers can never buy the last unit twice, and nothing is half-written.
 * The placement token makes a double submit or a retry find the first order instead of a second.
 */
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { hashPassword } from "~/auth/password.server";
import { describeShipTo } from "~/core/address-book";
import { shipColumns, type AddressColumns } from "~/core/address-records";
import { CHECKOUT_MESSAGES, orderNumber, subscriptionSchedule } from "~/core/checkout";
import { cartStateKey, CONFIRMATION_MESSAGES, describeOrderChanges, orderFingerprint, parseOrderFingerprint } from "~/core/order-confirmation";
import { initialOrderStatus } from "~/core/orders";
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
  subscriptions,
  users,
} from "~/db/schema";
import type { CartActor } from "./cart-actions.server";
import { loadCart } from "./cart.server";
import { releaseHeldPassword } from "./checkout-password.server";
import { orderConfirmationMail } from "~/mail/order-mails";
import { mailStatement } from "./mails.server";
import { cartStateGuards, couponLimitGuards, guard, stockStatements } from "./order-guards.server";

/** The address an order ships to: typed at checkout, or a saved one. */
export type ShippingAddress = AddressColumns;

export interface GuestDetails {
  email: string;
  lastname: string;
  firstname: string;
  lastnameJp: string;
  firstnameJp: string;
}

export interface PlaceOrderInput {
  placementToken: string;
  /** orderFingerprint of the cart as the checkout page showed it: the order is placed only as shown. */
  shown: string;
  /** Guests only: contact details, and registration when asked for. */
  guest?: GuestDetails;
  /** The password as typed, or the hash kept from an earlier round trip (checkout-password.server.ts). */
  registration?: ({ password: string } | { passwordHash: string }) & { newsletter: boolean } | null;
  address: { savedId: number } | { address: ShippingAddress; save: boolean };
  paymentMethod: PaymentMethod;
  deliveryDate: string | null;
  deliveryTimeSlot: string | null;
}

export type PlaceOrderResult =
  | { ok: true; orderId: number; orderNumber: string; newUserId: number | null; replayed: boolean }
  | {
      ok: false;
      error: string;
      field?: "email" | "address" | "payment" | "cart";
      /** What differs from the page the shopper confirmed (nothing was placed). */
      changes?: string[];
      /** The order another tab already placed from this cart. */
      placedOrder?: { number: string; href: string };
    };

async function findOrderByToken(db: Database, token: string) {
  return db
    .select({ id: orders.id, number: orders.number, userId: orders.userId, cartId: orders.cartId })
    .from(orders)
    .where(eq(orders.placementToken, token))
    .get();
}

/** The order that consumed these cart rows (another tab's), as a refusal that links to it. */
async function alreadyPlaced(db: Database, cartId: string | null, rows: { id: number; quantity: number }[]) {
  if (!cartId || rows.length === 0) return null;
  const order = await db
    .select({ number: orders.number })
    .from(orders)
    .where(and(eq(orders.cartId, cartId), eq(orders.cartState, cartStateKey(rows))))
    .orderBy(desc(orders.id))
    .get();
  if (!order) return null;
  // Its thank-you page, which tells this shopper it was already placed (members and the guest cart may open it).
  const href = `/checkout/thanks/${order.number}?already=1`;
  return { ok: false as const, error: CONFIRMATION_MESSAGES.alreadyPlaced(order.number), field: "cart" as const, placedOrder: { number: order.number, href } };
}

export async function placeOrder(actor: CartActor, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const { db, owner, now } = actor;
  const replay = await findOrderByToken(db, input.placementToken);
  if (replay) {
    // Only the shopper who placed it may be shown it again: the member, or the guest's own cart.
    const theirs = owner.userId != null ? replay.userId === owner.userId : replay.cartId != null && replay.cartId === owner.cartId;
    if (!theirs) return { ok: false, error: CHECKOUT_MESSAGES.formExpired, field: "cart" };
    return { ok: true, orderId: replay.id, orderNumber: replay.number, newUserId: null, replayed: true };
  }

  const shown = parseOrderFingerprint(input.shown);
  const view = await loadCart(db, owner, actor.session, now, { paymentMethod: input.paymentMethod });
  const { cart } = view;
  if (!view.cartId || cart.list.length === 0) {
    return (await alreadyPlaced(db, view.cartId, shown?.lines ?? [])) ?? { ok: false, error: CHECKOUT_MESSAGES.emptyCart, field: "cart" };
  }
  // 特定商取引法's final confirmation: place the order only as the page showed it.
  if (orderFingerprint(cart) !== input.shown) {
    if (!shown) return { ok: false, error: CONFIRMATION_MESSAGES.unreadable, field: "cart" };
    const placed = await alreadyPlaced(db, view.cartId, shown.lines);
    return placed ?? { ok: false, error: CONFIRMATION_MESSAGES.changed, field: "cart", changes: describeOrderChanges(shown, cart) };
  }
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

  statements.push(...cartStateGuards(db, view.cartId, cart.list));
  if (registering && guest && input.registration) {
    statements.push(
      db.insert(users).values({
        email,
        passwordHash: "passwordHash" in input.registration ? input.registration.passwordHash : await hashPassword(input.registration.password),
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
    status: initialOrderStatus(input.paymentMethod),
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
    ...shipColumns(shipTo),
    deliveryDate: input.deliveryDate,
    deliveryTimeSlot: input.deliveryTimeSlot,
    warehouseNotice: view.warehouseNotice,
    placementToken: input.placementToken,
    cartId: view.cartId,
    cartState: cartStateKey(cart.list),
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
    // Only the rows ordered leave the cart: one added meanwhile (another tab) stays for later.
    db.delete(cartLines).where(and(eq(cartLines.cartId, view.cartId), inArray(cartLines.id, cart.list.map((line) => line.id)))),
    db.delete(cartVendorNotices).where(eq(cartVendorNotices.cartId, view.cartId)),
    releaseHeldPassword(db, view.cartId),
    db
      .update(carts)
      .set({ couponCode: null, pointAmount: 0, warehouseNotice: "", coldshipping: false, checkoutDraft: null, updatedAt: now })
      .where(eq(carts.id, view.cartId)),
  );

  try {
    const [first, ...rest] = statements;
    await db.batch([first!, ...rest]);
  } catch (error) {
    // A double submit racing this one may have won: show its order. Otherwise something ran out.
    const winner = await findOrderByToken(db, input.placementToken);
    if (winner) return { ok: true, orderId: winner.id, orderNumber: winner.number, newUserId: null, replayed: true };
    // Another tab ordered this cart at the same moment: say so, with its order.
    const placed = await alreadyPlaced(db, view.cartId, cart.list);
    if (placed) return placed;
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

/**
 * A placed order for its thank-you page: only its member, the session that just placed it, or the guest
 * cart it was placed from may see it (a replayed order number or token from elsewhere shows nothing).
 */
export async function findPlacedOrder(db: Database, number: string, viewer: { userId?: number; lastOrder?: string; cartId?: string }) {
  const order = await db.select().from(orders).where(eq(orders.number, number)).get();
  const allowed =
    order &&
    ((viewer.userId != null && order.userId === viewer.userId) ||
      viewer.lastOrder === order.number ||
      (viewer.cartId != null && order.cartId === viewer.cartId));
  if (!allowed) return null;
  return {
    id: order.id,
    number: order.number,
    userId: order.userId,
    total: order.total,
    paymentMethod: order.paymentMethod,
    status: order.status,
    createdAt: order.createdAt,
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
