/** Fixtures for placing orders in tests. */
import { eq } from "drizzle-orm";
import { addressJson } from "~/core/address/address-records";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { orderFingerprint } from "~/core/checkout/order-confirmation";
import type { Database } from "~/db/client.server";
import type { PaymentMethod } from "~/core/checkout/payment-methods";
import { cartLines, carts, products } from "~/db/schema";
import { ensureCart } from "~/services/cart/cart.server";
import { addLine } from "~/services/cart/cart-line-ops.server";
import { loadCart } from "~/services/cart/cart-view.server";
import type { EmailFrame } from "~/mail/email-layout";
import { placeOrder, type ShippingAddress } from "~/services/checkout/checkout.server";

/** 〒100-0001 東京都千代田区千代田1-1, as a checkout's one-off address (every field filled). */
export const TOKYO_ADDRESS: ShippingAddress = {
  lastname: "佐藤",
  firstname: "一郎",
  lastnameJp: "サトウ",
  firstnameJp: "イチロウ",
  postalCode: "1000001",
  prefecture: 13,
  city: "千代田区",
  district: "千代田",
  address1: "1-1",
  address2: "千代田ハイツ101",
  phone: "0312345678",
};

/** The guest who orders to TOKYO_ADDRESS, as placeOrder takes the orderer. */
export function tokyoGuest(email: string) {
  const { lastname, firstname, lastnameJp, firstnameJp } = TOKYO_ADDRESS;
  return { email, lastname, firstname, lastnameJp, firstnameJp };
}

const RECIPIENT_NAME_FIELDS = ["lastname", "firstname", "lastname_jp", "firstname_jp"];

/**
 * An address as the checkout form posts a one-off address (`shipping.postal_code` …, all text). With
 * `name: false` the recipient's name is left out (「ご注文者と同じ」, or a name the test types itself).
 */
export function shippingFields({ address = TOKYO_ADDRESS, name = true }: { address?: ShippingAddress; name?: boolean } = {}): Record<string, string> {
  const { id: _id, title: _title, default: _default, version: _version, ...fields } = addressJson({ ...address, id: 0, title: "", isDefault: false });
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([field]) => name || !RECIPIENT_NAME_FIELDS.includes(field))
      .map(([field, value]) => [`shipping.${field}`, String(value)]),
  );
}

/** Where a test order's e-mails link to (the origin of tests/support/requests.ts's requests), with the shop settings' defaults. */
export const TEST_MAIL_FRAME: EmailFrame = { origin: "http://shop.test", shop: DEFAULT_SHOP_SETTINGS };

/** A cart of this owner (made when missing) with one DEMO-SIMPLE added; answers its id. */
export function cartWithSimple(db: Database, owner: { userId?: number }): Promise<string> {
  return cartWith(db, owner, "DEMO-SIMPLE", 1);
}

/** The owner's cart (made if needed) with `quantity` of the seeded product `sku` (no variation or options). */
export async function cartWith(db: Database, owner: { userId?: number }, sku: string, quantity: number): Promise<string> {
  const cartId = await ensureCart(db, owner);
  const item = (await db.select().from(products).where(eq(products.sku, sku)).get())!;
  await addLine(db, cartId, { productId: item.id, variationId: null, choiceSku: null, optionChoiceIds: [], quantity, isPreorder: false, subscribe: null });
  return cartId;
}

/** The fingerprint the checkout page shows for this owner's cart now (its `shown` field). */
export async function shownFingerprint(db: Database, owner: { userId?: number; cartId?: string }): Promise<string> {
  return orderFingerprint((await loadCart(db, owner, {}, new Date())).cart);
}

/**
 * A member's order of `quantity` × `sku` (and the `more` lines after it) placed through the checkout
 * service (stock, points, coupons as a shopper's).
 */
export async function placeMemberOrder(
  db: Database,
  userId: number,
  {
    sku = "DEMO-SIMPLE",
    quantity = 1,
    more = [],
    paymentMethod = "bank_transfer",
    pointsUsed = 0,
    couponCode = null,
    now = new Date(),
  }: Partial<{
    sku: string;
    quantity: number;
    more: { sku: string; quantity: number }[];
    paymentMethod: PaymentMethod;
    pointsUsed: number;
    couponCode: string | null;
    now: Date;
  }> = {},
): Promise<{ id: number; number: string }> {
  const cartId = await ensureCart(db, { userId });
  await db.delete(cartLines).where(eq(cartLines.cartId, cartId));
  for (const line of [{ sku, quantity }, ...more]) await cartWith(db, { userId }, line.sku, line.quantity);
  await db.update(carts).set({ pointAmount: pointsUsed, couponCode }).where(eq(carts.id, cartId));
  const owner = { userId };
  const result = await placeOrder(
    { db, owner, session: {}, now },
    {
      placementToken: crypto.randomUUID(),
      shown: orderFingerprint((await loadCart(db, owner, {}, now, { paymentMethod })).cart),
      address: { address: TOKYO_ADDRESS, save: false },
      paymentMethod,
      deliveryDate: null,
      deliveryTimeSlot: null,
      mailFrame: TEST_MAIL_FRAME,
    },
  );
  if (!result.ok) throw new Error(`order refused: ${JSON.stringify(result)}`);
  return { id: result.orderId, number: result.orderNumber };
}
