/**
 * 受注登録 (issue 38 item 3, decision 0065): staff build an order for a member or a guest on a draft of their
 * own. The draft is a cart that belongs to no shopper (CartOwner.draftCartId), priced for the member when
 * there is one, so its items are added, priced, checked for stock and discounted by the cart's own code
 * (cart-add, cart-actions, loadCart → computeCart) — and placed by the checkout's placeOrder and its one batch
 * (phone-order-placement.server.ts). What is not a cart's (customer, channel, address, delivery wish, memo,
 * the owning staff member, the placement token) is the draft JSON on the same row (core/orders/phone-orders).
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { AddressInput } from "~/core/address/address-form";
import { addressColumns } from "~/core/address/address-records";
import { isDeliveryDateAllowed, CHECKOUT_MESSAGES } from "~/core/checkout/checkout";
import { PRODUCT_NOTICES } from "~/core/catalogue/product-notices";
import type { RawSelection } from "~/core/catalogue/product-selection";
import type { OrderActor } from "~/core/orders/order-events";
import {
  newPhoneOrderDraft,
  PHONE_ORDER_MESSAGES,
  phoneOrderDraftText,
  readPhoneOrderDraft,
  type PhoneOrderChannel,
  type PhoneOrderCustomer,
  type PhoneOrderDetails,
  type PhoneOrderDraft,
} from "~/core/orders/phone-orders";
import { couponCodeOf } from "~/core/promotions/coupons";
import type { Database } from "~/db/client.server";
import { customerSearchTerms } from "~/core/customers/customer-search";
import { addresses, carts, users } from "~/db/schema";
import { memberSearchCondition } from "../customers/customer-search.server";
import { addToCart } from "../cart/cart-add.server";
import { changeQuantity, couponUseRefusal, deleteLine } from "../cart/cart-actions.server";
import { loadCart, type CartView } from "../cart/cart-view.server";
import { updateCart, type CartActor } from "../cart/cart.server";

/** The staff member working on drafts: only their own drafts open for them. */
export type PhoneOrderStaff = OrderActor & { userId: number };

export interface OpenPhoneOrder {
  id: string;
  draft: PhoneOrderDraft;
  /** The draft's cart as the cart's code acts on it, priced for the member when there is one. */
  actor: CartActor;
}

type Outcome<T = object> = ({ ok: true } & T) | { ok: false; error: string };

const refuse = (error: string): { ok: false; error: string } => ({ ok: false, error });

/** A member staff may take an order for: a customer who has neither withdrawn nor been suspended. */
async function orderableMember(db: Database, memberId: number) {
  const member = await db
    .select({ id: users.id, role: users.role, suspendedAt: users.suspendedAt, withdrawnAt: users.withdrawnAt })
    .from(users)
    .where(eq(users.id, memberId))
    .get();
  if (!member || member.role !== "customer") return refuse(PHONE_ORDER_MESSAGES.memberNotFound);
  if (member.suspendedAt || member.withdrawnAt) return refuse(PHONE_ORDER_MESSAGES.memberUnavailable);
  return { ok: true as const };
}

const MEMBERS_SHOWN = 20;

/** Members the customers search finds (name, kana, e-mail, phone, an order number) that staff may take an order for. */
export async function findMembersForOrder(db: Database, text: string) {
  const terms = customerSearchTerms(text);
  if (!terms) return [];
  const rows = await db
    .select({
      id: users.id,
      lastname: users.lastname,
      firstname: users.firstname,
      lastnameJp: users.lastnameJp,
      firstnameJp: users.firstnameJp,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .where(and(eq(users.role, "customer"), isNull(users.withdrawnAt), isNull(users.suspendedAt), memberSearchCondition(terms)))
    .orderBy(asc(users.lastnameJp), asc(users.id))
    .limit(MEMBERS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    name: `${row.lastname} ${row.firstname}`,
    kana: `${row.lastnameJp} ${row.firstnameJp}`,
    email: row.email,
    phone: row.phone ?? "",
  }));
}

/** Starts a draft for this customer; its id (the draft cart's) opens it. */
export async function startPhoneOrder(
  db: Database,
  staff: PhoneOrderStaff,
  customer: PhoneOrderCustomer,
  channel: PhoneOrderChannel,
  now: Date,
): Promise<Outcome<{ id: string }>> {
  if (customer.kind === "member") {
    const orderable = await orderableMember(db, customer.memberId);
    if (!orderable.ok) return orderable;
  }
  const id = crypto.randomUUID();
  const draft = newPhoneOrderDraft(staff.userId, customer, channel, crypto.randomUUID(), now);
  await db.insert(carts).values({ id, userId: null, checkoutDraft: phoneOrderDraftText(draft, now), createdAt: now, updatedAt: now });
  return { ok: true, id };
}

function cartActorOf(db: Database, id: string, draft: PhoneOrderDraft, now: Date): CartActor {
  const userId = draft.customer.kind === "member" ? draft.customer.memberId : undefined;
  return { db, owner: { draftCartId: id, userId }, session: {}, now };
}

/** This staff member's draft, while it is fresh and not yet placed (placing clears it); else null. */
export async function openPhoneOrder(db: Database, staff: PhoneOrderStaff, id: string, now: Date): Promise<OpenPhoneOrder | null> {
  const row = await db
    .select({ text: carts.checkoutDraft })
    .from(carts)
    .where(and(eq(carts.id, id), isNull(carts.userId)))
    .get();
  const draft = readPhoneOrderDraft(row?.text, staff.userId, now);
  return draft ? { id, draft, actor: cartActorOf(db, id, draft, now) } : null;
}

/** The customer as the page names them. */
export interface PhoneOrderCustomerView {
  memberId: number | null;
  name: string;
  kana: string;
  email: string;
  phone: string;
}

/** Everything the draft's page shows: the customer, the priced cart, the member's saved addresses. */
export async function phoneOrderView(open: OpenPhoneOrder) {
  const { db, now } = open.actor;
  const { customer } = open.draft;
  const view = await loadCart(db, open.actor.owner, open.actor.session, now);
  let person: PhoneOrderCustomerView;
  let saved: (typeof addresses.$inferSelect)[] = [];
  if (customer.kind === "member") {
    const [members, book] = await db.batch([
      db.select().from(users).where(eq(users.id, customer.memberId)),
      db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, customer.memberId))
        .orderBy(sql`${addresses.isDefault} desc`, asc(addresses.id)),
    ]);
    const member = members[0];
    saved = book;
    person = {
      memberId: customer.memberId,
      name: member ? `${member.lastname} ${member.firstname}` : "",
      kana: member ? `${member.lastnameJp} ${member.firstnameJp}` : "",
      email: member?.email ?? "",
      phone: member?.phone ?? "",
    };
  } else {
    person = {
      memberId: null,
      name: `${customer.lastname} ${customer.firstname}`,
      kana: `${customer.lastnameJp} ${customer.firstnameJp}`,
      email: customer.email,
      phone: customer.phone,
    };
  }
  return { view, customer: person, addresses: saved };
}

export type PhoneOrderView = Awaited<ReturnType<typeof phoneOrderView>>;

/** A product with its variation, choice, options and quantity, by the cart's own add (same refusals as the product page). */
export async function addPhoneOrderItem(open: OpenPhoneOrder, item: { productId: number; selection: RawSelection; wrapping: boolean }): Promise<Outcome> {
  const { db, owner, now } = open.actor;
  const added = await addToCart(
    db,
    { owner, privateGrants: [], subscriptionsOffered: false, now },
    {
      productId: item.productId,
      intent: "add",
      wrapping: item.wrapping,
      preorder: null,
      subscribeMonths: null,
      crowdfundingId: null,
      selection: { ...item.selection, subscribe: false },
      subscriptionQuantity: null,
      secret: null,
      shippingDay: null,
    },
  );
  return added.ok ? { ok: true } : refuse(added.message ?? PRODUCT_NOTICES[added.notice].text);
}

/** A line's quantity (0 removes it), forced into range as the cart does. */
export async function changePhoneOrderLine(open: OpenPhoneOrder, lineId: number, quantity: number): Promise<Outcome<{ message?: string }>> {
  const result = quantity === 0 ? await deleteLine(open.actor, lineId) : await changeQuantity(open.actor, lineId, String(quantity));
  if (!result.ok) return refuse(result.error);
  return { ok: true, message: "adjusted" in result ? result.adjusted?.message : undefined };
}

/** The address the details name: one of the member's saved ones, or the one typed; undefined leaves it unchosen. */
async function addressOf(db: Database, draft: PhoneOrderDraft, details: PhoneOrderDetails): Promise<Outcome<{ address: PhoneOrderDraft["address"] }>> {
  const { addressChoice, shipping } = details;
  if (addressChoice === undefined) return { ok: true, address: draft.address };
  if (addressChoice === "typed") return shipping ? { ok: true, address: { typed: addressColumns(shipping) } } : refuse(PHONE_ORDER_MESSAGES.addressRequired);
  const memberId = draft.customer.kind === "member" ? draft.customer.memberId : null;
  const saved =
    memberId == null
      ? undefined
      : await db
          .select({ id: addresses.id })
          .from(addresses)
          .where(and(eq(addresses.id, addressChoice), eq(addresses.userId, memberId)))
          .get();
  return saved ? { ok: true, address: { savedId: saved.id } } : refuse(CHECKOUT_MESSAGES.addressNotFound);
}

/** Where the order ships: one of the member's saved addresses, or one typed (the shop's address form). */
export async function setPhoneOrderAddress(open: OpenPhoneOrder, choice: { savedId: number } | { typed: AddressInput }): Promise<Outcome> {
  const { db, now } = open.actor;
  const details = "savedId" in choice ? { addressChoice: choice.savedId } : { addressChoice: "typed" as const, shipping: choice.typed };
  const address = await addressOf(db, open.draft, { channel: open.draft.channel, coupon: "", points: "", memo: "", ...details });
  if (!address.ok) return address;
  await updateCart(db, open.id, { checkoutDraft: phoneOrderDraftText({ ...open.draft, address: address.address }, now) });
  return { ok: true };
}

/**
 * The coupon and points asked for, judged by the cart's engine together with the payment method (as the
 * checkout's buttons judge them): the values to save, or the engine's message.
 */
async function discountsOf(
  open: OpenPhoneOrder,
  view: CartView,
  details: PhoneOrderDetails,
): Promise<Outcome<{ couponCode: string | null; pointAmount: number }>> {
  const couponCode = details.coupon ? couponCodeOf(details.coupon) : null;
  if (details.coupon && !couponCode) return refuse("クーポンコードが見つかりません。入力内容をご確認ください。");
  const typedPoints = details.points.normalize("NFKC");
  if (typedPoints && !/^\d{1,9}$/.test(typedPoints)) return refuse("ポイントは0以上の整数で入力してください。");
  const pointAmount = typedPoints ? Number(typedPoints) : 0;
  const { actor } = open;
  const tried = await loadCart(actor.db, actor.owner, actor.session, actor.now, {
    couponCode,
    pointAmount,
    paymentMethod: details.payment ?? view.paymentMethod ?? undefined,
  });
  if (tried.cart.errors.coupon) return refuse(tried.cart.errors.coupon);
  if (tried.cart.errors.points && pointAmount > 0) return refuse(tried.cart.errors.points);
  if (couponCode) {
    const applied = tried.cart.coupons.find((coupon) => coupon.code === couponCode);
    if (!applied) return refuse("クーポンコードが見つかりません。入力内容をご確認ください。");
    const used = await couponUseRefusal(actor, applied);
    if (used) return refuse(used);
  }
  return { ok: true, couponCode, pointAmount };
}

/** Saves the details form: everything is judged first, then written at once (a refusal writes nothing). */
export async function savePhoneOrderDetails(open: OpenPhoneOrder, details: PhoneOrderDetails): Promise<Outcome> {
  const { db, now } = open.actor;
  if (details.deliveryDate && !isDeliveryDateAllowed(details.deliveryDate, now)) return refuse(CHECKOUT_MESSAGES.deliveryDateInvalid);
  const address = await addressOf(db, open.draft, details);
  if (!address.ok) return address;
  const view = await loadCart(db, open.actor.owner, open.actor.session, now);
  const discounts = await discountsOf(open, view, details);
  if (!discounts.ok) return discounts;
  const draft: PhoneOrderDraft = {
    ...open.draft,
    channel: details.channel,
    address: address.address,
    deliveryDate: details.deliveryDate ?? null,
    deliveryTimeSlot: details.deliveryTimeSlot ?? null,
    memo: details.memo,
  };
  await updateCart(db, open.id, {
    checkoutDraft: phoneOrderDraftText(draft, now),
    couponCode: discounts.couponCode,
    pointAmount: discounts.pointAmount,
    ...(details.payment ? { paymentMethod: details.payment } : {}),
  });
  return { ok: true };
}
