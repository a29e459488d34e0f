/**
 * 受注登録's products and its last step (decision 0065): products found by SKU or name for staff to add, the
 * draft priced for the confirmation page, and placing it through the checkout's placeOrder — the same
 * engine, guards and one batch (order, lines, stock, points, coupon uses, the confirmation mail in the outbox),
 * with the channel, the staff member and their memo recorded in that batch.
 */
import { and, asc, eq, or, sql } from "drizzle-orm";
import { CHECKOUT_MESSAGES, isDeliveryDateAllowed } from "~/core/checkout/checkout";
import { orderFingerprint } from "~/core/checkout/order-confirmation";
import { missingForConfirmation, PHONE_ORDER_MESSAGES } from "~/core/orders/phone-orders";
import type { Database } from "~/db/client.server";
import { carts, orders, products } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { loadPricedProduct, priceSelection, type ShapedProduct } from "../catalogue/product-pricing.server";
import { placeOrder, type PlaceOrderInput, type PlaceOrderResult } from "../checkout/checkout.server";
import { findSkuForOrder } from "./order-edit-facts.server";
import { phoneOrderView, type OpenPhoneOrder, type PhoneOrderStaff } from "./phone-orders.server";

const PRODUCTS_SHOWN = 10;

/** A product staff may add, with what its page offers to choose (variations, choices, options) and its price now. */
export interface OrderableProduct {
  shaped: ShapedProduct;
  /** The price of the product as first shown (its first variation), for the list. */
  price: number;
}

/** Published, public products whose SKU (a variation's or a choice's too) is the text, or whose name holds it. */
export async function findOrderableProducts(open: OpenPhoneOrder, text: string): Promise<OrderableProduct[]> {
  const query = text.normalize("NFKC").trim();
  if (!query) return [];
  const { db, owner, now } = open.actor;
  const bySku = await findSkuForOrder(db, query);
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.status, "published"),
        eq(products.isPrivate, false),
        or(eq(products.id, bySku?.productId ?? 0), sql`instr(lower(${products.title}), lower(${query})) > 0`),
      ),
    )
    .orderBy(asc(products.id))
    .limit(PRODUCTS_SHOWN);
  const found: OrderableProduct[] = [];
  for (const row of rows) {
    const shaped = await loadPricedProduct(db, { id: row.id }, { ...owner, now });
    if (!shaped) continue;
    const { price } = priceSelection(shaped, { variationId: null, choiceSku: null, optionChoiceIds: [], quantity: 1, subscribe: false }, now);
    found.push({ shaped, price: price.selling_price });
  }
  return found;
}

/** The draft as its confirmation page shows it: priced, with what the page must echo back, or what is missing. */
export async function phoneOrderConfirmation(open: OpenPhoneOrder) {
  const page = await phoneOrderView(open);
  const { view } = page;
  const missing = missingForConfirmation(open.draft, view.cart.list.length, view.paymentMethod != null);
  if (view.cart.list.length > 0 && !view.cart.payment_eligible) missing.push(CHECKOUT_MESSAGES.unavailableItems);
  return { ...page, missing, shown: orderFingerprint(view.cart), token: open.draft.token };
}

function shippingOf(open: OpenPhoneOrder): PlaceOrderInput["address"] | null {
  const { address } = open.draft;
  if (!address) return null;
  return "savedId" in address ? { savedId: address.savedId } : { address: address.typed, save: false };
}

/**
 * Places the draft as its confirmation page showed it (`shown`). Placing it twice at once makes one order:
 * the draft's one placement token and the cart-state guards of the checkout's batch (the second finds the first).
 */
export async function placePhoneOrder(open: OpenPhoneOrder, staff: PhoneOrderStaff, shown: string, mailFrame: EmailFrame): Promise<PlaceOrderResult> {
  const { draft, actor } = open;
  const address = shippingOf(open);
  if (!address) return { ok: false, error: PHONE_ORDER_MESSAGES.addressRequired, field: "address" };
  const cart = await actor.db.select({ paymentMethod: carts.paymentMethod }).from(carts).where(eq(carts.id, open.id)).get();
  const paymentMethod = cart?.paymentMethod;
  if (!paymentMethod) {
    return { ok: false, error: PHONE_ORDER_MESSAGES.paymentRequired, field: "payment" };
  }
  if (draft.deliveryDate && !isDeliveryDateAllowed(draft.deliveryDate, actor.now))
    return { ok: false, error: CHECKOUT_MESSAGES.deliveryDateInvalid, field: "cart" };
  const { customer } = draft;
  return placeOrder(actor, {
    placementToken: draft.token,
    shown,
    guest:
      customer.kind === "guest"
        ? {
            email: customer.email,
            lastname: customer.lastname,
            firstname: customer.firstname,
            lastnameJp: customer.lastnameJp,
            firstnameJp: customer.firstnameJp,
          }
        : undefined,
    registration: null,
    address,
    paymentMethod,
    deliveryDate: draft.deliveryDate,
    deliveryTimeSlot: draft.deliveryTimeSlot,
    mailFrame,
    takenBy: { channel: draft.channel, staff, memo: draft.memo },
  });
}

/** The order this staff member placed with a draft's token (a repeated submit after the draft was used): its id, or null. */
export async function orderPlacedWithToken(db: Database, staff: PhoneOrderStaff, token: string): Promise<number | null> {
  const order = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.placementToken, token), eq(orders.placedBy, staff.userId)))
    .get();
  return order?.id ?? null;
}
