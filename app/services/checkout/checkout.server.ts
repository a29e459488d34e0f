/**
 * Placing an order. Everything is re-validated on the server: the cart is priced again by the engine,
 * never taken from the form. The order, its shipments and lines, the stock, points and coupon changes,
 * subscriptions, the saved address, the confirmation mail (with the e-mail's outbox row) and the emptied
 * cart are written in ONE D1 batch (one transaction). Guard statements inside the batch fail it when stock, points or coupon uses
 * ran out meanwhile, so two shoppers can never buy the last unit twice, and nothing is half-written.
 * The placement token makes a double submit or a retry find the first order instead of a second.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { describeShipTo } from "~/core/address/address-book";
import type { AddressColumns } from "~/core/address/address-records";
import { CHECKOUT_MESSAGES, orderNumber } from "~/core/checkout/checkout";
import {
  cartStateKey,
  CONFIRMATION_MESSAGES,
  describeOrderChanges,
  orderChangesMessage,
  orderFingerprint,
  parseOrderFingerprint,
} from "~/core/checkout/order-confirmation";
import { isPrepaid, PAYMENT_METHODS, type PaymentMethod } from "~/core/checkout/payment-methods";
import { ACCOUNT_SUSPENDED_MESSAGES } from "~/core/customers/customer-records";
import { type Database, isD1Overloaded, qualified } from "~/db/client.server";
import type { EmailFrame } from "~/mail/email-layout";
import { addresses, coupons, couponUses, orders, users } from "~/db/schema";
import type { CartActor } from "../cart/cart.server";
import { type CartView, loadCart } from "../cart/cart-view.server";
import { isGuardFailure } from "../orders/order-guards.server";
import { findAddressOwner } from "../account/registration.server";
import { hashPassword } from "~/auth/password.server";
import { type Buyer, type OrderDraft, orderMailKeys, orderStatements, type TakenBy } from "../orders/order-statements.server";
import { merchantAlertTargets } from "../alerts/merchant-alerts.server";

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
  registration?: (({ password: string } | { passwordHash: string }) & { newsletter: boolean }) | null;
  address: { savedId: number } | { address: ShippingAddress; save: boolean };
  paymentMethod: PaymentMethod;
  deliveryDate: string | null;
  deliveryTimeSlot: string | null;
  /** Where the e-mails' links point (the shop's origin). */
  mailFrame: EmailFrame;
  /** Staff placing it for the customer (受注登録, app/services/orders/phone-orders.server.ts). */
  takenBy?: TakenBy;
}

export type PlaceOrderResult =
  | {
      ok: true;
      orderId: number;
      orderNumber: string;
      newUserId: number | null;
      replayed: boolean;
      /** The outbox keys this placement wrote (none for a replay): dispatch them, the batch has committed. */
      mailKeys: string[];
    }
  | {
      ok: false;
      error: string;
      field?: "email" | "address" | "payment" | "cart";
      /** What differs from the page the shopper confirmed (nothing was placed). */
      changes?: string[];
      /** The order another tab already placed from this cart. */
      placedOrder?: { number: string; href: string };
      /** D1 was overloaded: nothing is wrong with the order, the shopper may confirm it again in a moment. */
      retryLater?: true;
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

type Refusal = Extract<PlaceOrderResult, { ok: false }>;

const refuse = (error: string, field: Refusal["field"]): Refusal => ({ ok: false, error, field });

/** A token already used: its order, shown again only to the shopper who placed it (the member, or the guest's own cart). */
async function replayedOrder(actor: CartActor, token: string): Promise<PlaceOrderResult | null> {
  const replay = await findOrderByToken(actor.db, token);
  if (!replay) return null;
  const { owner } = actor;
  const cartId = owner.draftCartId ?? owner.cartId;
  const theirs = owner.userId != null ? replay.userId === owner.userId : replay.cartId != null && replay.cartId === cartId;
  if (!theirs) return refuse(CHECKOUT_MESSAGES.formExpired, "cart");
  return { ok: true, orderId: replay.id, orderNumber: replay.number, newUserId: null, replayed: true, mailKeys: [] };
}

/** The cart priced again: ordered only as the checkout page showed it (特定商取引法's final confirmation), and only when it can be. */
async function confirmedCart(actor: CartActor, input: PlaceOrderInput): Promise<Refusal | { ok: true; view: OrderDraft["view"] }> {
  const { db, owner, now } = actor;
  const shown = parseOrderFingerprint(input.shown);
  const view = await loadCart(db, owner, actor.session, now, { paymentMethod: input.paymentMethod });
  const { cart, cartId } = view;
  if (!cartId || cart.list.length === 0) return (await alreadyPlaced(db, cartId, shown?.lines ?? [])) ?? refuse(CHECKOUT_MESSAGES.emptyCart, "cart");
  if (orderFingerprint(cart) !== input.shown) {
    if (!shown) return refuse(CONFIRMATION_MESSAGES.unreadable, "cart");
    const placed = await alreadyPlaced(db, cartId, shown.lines);
    const changes = describeOrderChanges(shown, cart, PAYMENT_METHODS[input.paymentMethod].label);
    return placed ?? { ok: false, error: orderChangesMessage(shown, cart), field: "cart", changes };
  }
  if (!cart.payment_eligible) return refuse(CHECKOUT_MESSAGES.unavailableItems, "cart");
  if (cart.errors.coupon) return refuse(cart.errors.coupon, "cart");
  if (cart.errors.points) return refuse(cart.errors.points, "cart");
  return { ok: true, view: { ...view, cartId } };
}

/**
 * Who orders, and whether they may: a member; a guest who registers now (with an e-mail no account has);
 * or a guest, who cannot start a subscription. A guest who asked to register an address that has an account
 * orders as a guest, and its owner is told (app/core/account/registration.ts): the shopper is answered as a new
 * registrant would be. Nobody orders past a coupon's per-customer limit.
 */
async function buyerOf(actor: CartActor, input: PlaceOrderInput, cart: CartView["cart"]): Promise<Refusal | { ok: true; buyer: Buyer }> {
  const { db, owner } = actor;
  const member = owner.userId != null ? await db.select().from(users).where(eq(users.id, owner.userId)).get() : undefined;
  if (owner.userId != null && !member) return refuse(CHECKOUT_MESSAGES.emptyCart, "cart");
  let buyer: Buyer;
  if (member?.suspendedAt) return refuse(ACCOUNT_SUSPENDED_MESSAGES.order, "cart");
  if (member) {
    buyer = {
      memberId: member.id,
      email: member.email,
      name: `${member.lastname} ${member.firstname}`,
      userRef: member.id,
      registration: null,
      registrationAttempt: null,
    };
  } else {
    const { guest, registration: asked } = input;
    if (!guest) return refuse(CHECKOUT_MESSAGES.addressRequired, "email");
    const owner = asked ? await findAddressOwner(db, guest.email) : null;
    // The same work as a new account's (its password is hashed in the batch's statements), so the answer takes as long.
    if (owner && asked && "password" in asked) await hashPassword(asked.password);
    const credentials = owner ? null : asked;
    if (!credentials && cart.list.some((line) => line.subscribe != null)) return refuse(CHECKOUT_MESSAGES.subscriptionNeedsAccount, "email");
    buyer = {
      memberId: null,
      email: guest.email,
      name: `${guest.lastname} ${guest.firstname}`,
      // The account the same batch creates.
      userRef: credentials ? sql`(select ${users.id} from ${users} where ${users.email} = ${guest.email})` : null,
      registration: credentials ? { ...guest, credentials } : null,
      registrationAttempt: owner,
    };
  }
  const usedUp = await couponUsedUp(db, cart.coupons, buyer.email);
  if (usedUp) return refuse(usedUp.limit === "customer" ? CHECKOUT_MESSAGES.couponUsedUp(usedUp.code) : CHECKOUT_MESSAGES.couponExhausted(usedUp.code), "cart");
  return { ok: true, buyer };
}

/** Where it ships: one of the member's saved addresses, or the one typed (saved too when asked and there is an account). */
async function shippingOf(
  db: Database,
  address: PlaceOrderInput["address"],
  buyer: Buyer,
): Promise<Refusal | { ok: true; shipTo: AddressColumns; save: boolean }> {
  if ("savedId" in address) {
    const mine = buyer.memberId != null ? and(eq(addresses.id, address.savedId), eq(addresses.userId, buyer.memberId)) : undefined;
    const saved = mine ? await db.select().from(addresses).where(mine).get() : undefined;
    if (!saved) return refuse(CHECKOUT_MESSAGES.addressNotFound, "address");
    return { ok: true, shipTo: saved, save: false };
  }
  return { ok: true, shipTo: address.address, save: address.save && buyer.userRef != null };
}

/** Whether staff suspended the account with this e-mail (the order batch's guard refused it, decision 0056). */
async function accountSuspended(db: Database, email: string): Promise<boolean> {
  const account = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.email, email)).get();
  return account?.suspendedAt != null;
}

/**
 * Runs the order's batch. A guard or constraint that fails it means what the order relied on changed
 * meanwhile: a racing double submit won (its order is shown), another tab ordered this cart, or stock,
 * points or coupon uses ran out, or staff suspended the buyer's account. Anything else (D1 unreachable, a wrong statement) is not the shopper's
 * doing: it is thrown, so the request fails as an error and is logged with it — never worded as a
 * changed cart.
 */
async function commitOrder(db: Database, draft: OrderDraft): Promise<PlaceOrderResult> {
  const [first, ...rest] = await orderStatements(db, draft);
  try {
    await db.batch([first!, ...rest]);
  } catch (error) {
    if (!isGuardFailure(error)) throw error;
    const winner = await findOrderByToken(db, draft.placementToken);
    if (winner) return { ok: true, orderId: winner.id, orderNumber: winner.number, newUserId: null, replayed: true, mailKeys: [] };
    const placed = await alreadyPlaced(db, draft.view.cartId, draft.view.cart.list);
    if (placed) return placed;
    if (await accountSuspended(db, draft.buyer.email)) {
      return refuse(draft.buyer.memberId != null ? ACCOUNT_SUSPENDED_MESSAGES.order : ACCOUNT_SUSPENDED_MESSAGES.guestOrder, "cart");
    }
    return refuse(CHECKOUT_MESSAGES.changedMeanwhile, "cart");
  }
  const placed = await db.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.placementToken, draft.placementToken)).get();
  return {
    ok: true,
    orderId: placed!.id,
    orderNumber: draft.number,
    newUserId: draft.buyer.registration ? placed!.userId : null,
    replayed: false,
    mailKeys: orderMailKeys(draft),
  };
}

/**
 * Places the order, or refuses it (retryLater) when D1 is overloaded at any step: its batch is one
 * transaction, so it is written whole or not at all, and a second try of the same cart can never order it
 * twice (the placement token, and the cart rows the batch guards and empties).
 */
export async function placeOrder(actor: CartActor, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  try {
    return await placeOrderOnce(actor, input);
  } catch (error) {
    if (!isD1Overloaded(error)) throw error;
    return { ok: false, error: CHECKOUT_MESSAGES.busy, retryLater: true };
  }
}

async function placeOrderOnce(actor: CartActor, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const replay = await replayedOrder(actor, input.placementToken);
  if (replay) return replay;
  const confirmed = await confirmedCart(actor, input);
  if (!confirmed.ok) return confirmed;
  const identified = await buyerOf(actor, input, confirmed.view.cart);
  if (!identified.ok) return identified;
  const shipping = await shippingOf(actor.db, input.address, identified.buyer);
  if (!shipping.ok) return shipping;
  // An order paid on delivery may ship at once: its merchants are told in its batch.
  const senders = confirmed.view.cart.shipments.flatMap((shipment) => (shipment.merchantId == null ? [] : [shipment.merchantId]));
  const merchantAlerts = isPrepaid(input.paymentMethod) ? [] : await merchantAlertTargets(actor.db, senders);
  return commitOrder(actor.db, {
    number: orderNumber(actor.now, Math.random()),
    placementToken: input.placementToken,
    view: confirmed.view,
    buyer: identified.buyer,
    shipTo: shipping.shipTo,
    saveAddress: shipping.save,
    paymentMethod: input.paymentMethod,
    deliveryDate: input.deliveryDate,
    deliveryTimeSlot: input.deliveryTimeSlot,
    mailFrame: input.mailFrame,
    merchantAlerts,
    takenBy: input.takenBy,
    now: actor.now,
  });
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
    paymentDueOn: order.paymentDueOn,
    status: order.status,
    createdAt: order.createdAt,
    email: order.email,
    shipTo: describeShipTo(order),
    deliveryDate: order.deliveryDate,
    deliveryTimeSlot: order.deliveryTimeSlot,
  };
}

/**
 * The first applied coupon that cannot be used again: used up by this customer (when the e-mail is known)
 * or by everyone (its total limit). The order batch guards both again (order-guards.server.ts).
 */
export async function couponUsedUp(
  db: Database,
  applied: { id: number; code: string }[],
  email: string | null,
): Promise<{ code: string; limit: "customer" | "total" } | null> {
  if (applied.length === 0) return null;
  const rows = await db
    .select({
      code: coupons.code,
      perCustomer: coupons.maxUsesPerUser,
      usedByCustomer: sql<number>`(select count(*) from ${couponUses} where ${couponUses.couponId} = ${qualified(coupons.id)} and ${couponUses.email} = ${email ?? ""})`,
      total: coupons.maxUses,
      used: sql<number>`(select count(*) from ${couponUses} where ${couponUses.couponId} = ${qualified(coupons.id)})`,
    })
    .from(coupons)
    .where(
      inArray(
        coupons.id,
        applied.map((coupon) => coupon.id),
      ),
    );
  for (const row of rows) {
    if (email != null && row.perCustomer != null && row.usedByCustomer >= row.perCustomer) return { code: row.code, limit: "customer" };
    if (row.total != null && row.used >= row.total) return { code: row.code, limit: "total" };
  }
  return null;
}
