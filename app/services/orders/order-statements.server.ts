/**
 * The statements of the one D1 batch that places an order (one transaction): the guards that the cart,
 * stock, points and coupon uses are still as priced, the order with its shipments and lines, stock
 * taken, subscriptions, points used and earned, coupon uses, the saved address, the confirmation mail
 * (the member's お知らせ and the e-mail to every buyer), a guest's new account with its welcome e-mail, and
 * the emptied cart, and — for an order that may ship at once (代金引換, コンビニ後払い) — the alerts of the
 * merchants whose parcels it holds. The e-mails are outbox rows: they exist exactly when the order does,
 * and are sent once the batch has committed (`orderMailKeys`).
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { hashPassword } from "~/auth/password.server";
import { shipColumns, type AddressColumns } from "~/core/address/address-records";
import { bankTransferDueOn } from "~/core/checkout/bank-transfer";
import { subscriptionSchedule } from "~/core/checkout/checkout";
import { orderConfirmationKey, welcomeMailKey } from "~/core/mail/mail-outbox";
import { registrationAttemptMailKey } from "~/core/account/registration";
import { cartStateKey } from "~/core/checkout/order-confirmation";
import { ADDRESS_BOOK_LIMIT } from "~/core/limits";
import { initialOrderStatus } from "~/core/orders/orders";
import { isPrepaid, PAYMENT_METHODS, type PaymentMethod } from "~/core/checkout/payment-methods";
import { ALERT_MAIL_KEYS } from "~/core/alerts/alerts";
import type { OrderActor } from "~/core/orders/order-events";
import { PHONE_ORDER_CHANNELS, type PhoneOrderChannel } from "~/core/orders/phone-orders";
import { REDUCED_TAX_RATE, STANDARD_TAX_RATE } from "~/core/tax";
import type { Database } from "~/db/client.server";
import { addresses, cartLines, carts, cartVendorNotices, couponUses, orderLines, orders, orderShipments, pointLedger, subscriptions, users } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { orderConfirmationMail, type OrderMailLine } from "~/mail/order-mails";
import { welcomeMail } from "~/mail/welcome-mails";
import type { CartView } from "../cart/cart-view.server";
import { releaseHeldPassword } from "../checkout/checkout-password.server";
import { outboxStatement } from "../mail/mail-outbox.server";
import { mailStatement } from "../mail/mails.server";
import { registrationAttemptStatement, type AddressOwner } from "../account/registration.server";
import { deliveryWishLabel, eachModeKeys, readyToShipAlerts, type MerchantAlertTarget, type ParcelAlert } from "../alerts/merchant-alerts.server";
import { orderEventStatement } from "./order-changes.server";
import { buyerNotSuspendedGuard, cartStateGuards, couponLimitGuards, guard, sellerActiveGuard, stockStatements } from "./order-guards.server";

type Statement = BatchItem<"sqlite">;

/** A guest who opens an account with this order, as typed (or the hash kept from an earlier round trip). */
export interface Registration {
  email: string;
  lastname: string;
  firstname: string;
  lastnameJp: string;
  firstnameJp: string;
  credentials: ({ password: string } | { passwordHash: string }) & { newsletter: boolean };
}

/** Who orders: a member, a guest who registers now, or a guest (who may have asked to register an address that has an account). */
export interface Buyer {
  /** The member's id; null for a guest. */
  memberId: number | null;
  email: string;
  /** As the confirmation mail greets them. */
  name: string;
  /** The account the order belongs to: the member, the one `registration` creates in the batch, or none. */
  userRef: SQL | number | null;
  registration: Registration | null;
  /**
   * 会員登録 was ticked with an address that already has an account: the order is a guest's, and the
   * account's owner is told someone asked (as /user/register does; the shopper's page is the same).
   */
  registrationAttempt: AddressOwner | null;
}

/** Staff who took the order by phone or mail (受注登録, decision 0065): recorded on it and in its history. */
export interface TakenBy {
  channel: PhoneOrderChannel;
  staff: OrderActor;
  /** Staff's internal memo, a 社内メモ in the history (never shown to the customer). */
  memo: string;
}

/** Everything the batch writes, decided and checked before it runs. */
export interface OrderDraft {
  number: string;
  placementToken: string;
  view: CartView & { cartId: string };
  buyer: Buyer;
  shipTo: AddressColumns;
  /** Keep the typed address in the member's address book. */
  saveAddress: boolean;
  paymentMethod: PaymentMethod;
  deliveryDate: string | null;
  deliveryTimeSlot: string | null;
  /** Where the e-mails' links point (the shop's origin), and the shop settings in force as the order is placed. */
  mailFrame: EmailFrame;
  /** The alert settings of the merchants whose parcels the order holds (merchant-alerts.server.ts). */
  merchantAlerts: MerchantAlertTarget[];
  /** Set when staff placed it for the customer; the shop's checkout leaves it out. */
  takenBy?: TakenBy;
  now: Date;
}

/** The new order's id inside the batch, where it is not known yet. */
function orderIdOf(draft: OrderDraft) {
  return sql`(select ${orders.id} from ${orders} where ${orders.placementToken} = ${draft.placementToken})` as unknown as number;
}

/** The new account (the password hashed here unless an earlier round trip kept its hash). */
async function registrationStatements(db: Database, registration: Registration | null): Promise<Statement[]> {
  if (!registration) return [];
  const { credentials, ...person } = registration;
  const passwordHash = "passwordHash" in credentials ? credentials.passwordHash : await hashPassword(credentials.password);
  // In an array: an async function returning the query itself would run it, outside the batch.
  return [db.insert(users).values({ ...person, passwordHash, newsletter: credentials.newsletter })];
}

/** The order row: every figure as the cart engine priced it, and its own copy of the address. */
function orderRowOf(draft: OrderDraft) {
  const { cart } = draft.view;
  const { buyer } = draft;
  const taxes = new Map(cart.taxes.map((tax) => [tax.rate, tax]));
  return {
    number: draft.number,
    userId: buyer.userRef as number | null,
    email: buyer.email,
    status: initialOrderStatus(draft.paymentMethod),
    paymentMethod: draft.paymentMethod,
    // Fixed now from the days in force: a later change of the setting never moves this order's deadline.
    paymentDueOn: draft.paymentMethod === "bank_transfer" ? bankTransferDueOn(draft.now, draft.mailFrame.shop.bankTransferDays) : null,
    subtotal: cart.subtotal,
    shippingFee: cart.shipping_fee,
    coldshippingFee: cart.coldshipping_total,
    splitShippingFee: cart.split_shipping_fee,
    extraFee: cart.extra_fee,
    wrappingFee: cart.wrapping,
    discountCoupon: cart.discount_coupon,
    couponCode: cart.coupons[0]?.code ?? null,
    pointsUsed: cart.points,
    pointsEarned: buyer.userRef != null ? cart.total_points : 0,
    total: cart.total,
    taxable10: taxes.get(STANDARD_TAX_RATE)?.taxable ?? 0,
    tax10: taxes.get(STANDARD_TAX_RATE)?.tax ?? 0,
    taxable8: taxes.get(REDUCED_TAX_RATE)?.taxable ?? 0,
    tax8: taxes.get(REDUCED_TAX_RATE)?.tax ?? 0,
    ...shipColumns(draft.shipTo),
    deliveryDate: draft.deliveryDate,
    deliveryTimeSlot: draft.deliveryTimeSlot,
    warehouseNotice: draft.view.warehouseNotice,
    placementToken: draft.placementToken,
    cartId: draft.view.cartId,
    cartState: cartStateKey(cart.list),
    channel: draft.takenBy?.channel ?? ("web" as const),
    placedBy: draft.takenBy?.staff.userId ?? null,
    createdAt: draft.now,
  };
}

/** A phone or mail order's history: who took it and how, and staff's memo. */
function takenByStatements(db: Database, draft: OrderDraft): Statement[] {
  const { takenBy } = draft;
  if (!takenBy) return [];
  const orderId = orderIdOf(draft);
  const taken = orderEventStatement(
    db,
    orderId,
    { kind: "taken_by_staff", actor: takenBy.staff, note: `${PHONE_ORDER_CHANNELS[takenBy.channel]}で受付` },
    draft.now,
  );
  if (!takenBy.memo) return [taken];
  return [taken, orderEventStatement(db, orderId, { kind: "note", actor: takenBy.staff, note: takenBy.memo }, draft.now)];
}

/** One shipment per sender (the warehouse, each merchant), with its fees and the shopper's notice to it. */
function shipmentStatements(db: Database, draft: OrderDraft): Statement[] {
  const { view } = draft;
  return view.cart.shipments.map((shipment) =>
    db.insert(orderShipments).values({
      orderId: orderIdOf(draft),
      shippingFrom: shipment.from,
      merchantId: shipment.merchantId,
      shippingFee: shipment.shippingFee + shipment.coldFee + shipment.splitFee,
      notice: shipment.merchantId == null ? view.warehouseNotice : (view.vendorNotices[shipment.merchantId] ?? ""),
    }),
  );
}

/** Each line with its shipment, the stock it takes, and the subscription it starts. */
function lineStatements(db: Database, draft: OrderDraft): Statement[] {
  const { view, buyer, now } = draft;
  const orderId = orderIdOf(draft);
  return view.cart.list.flatMap((line) => {
    const detail = view.lines.find((item) => item.lineId === line.id)!;
    const sender = line.shippingFrom === "merchant" ? (line.merchantId ?? 0) : 0;
    const shipmentId = sql`(select ${orderShipments.id} from ${orderShipments} where ${orderShipments.orderId} = ${orderId} and coalesce(${orderShipments.merchantId}, 0) = ${sender})`;
    const statements: Statement[] = [
      db.insert(orderLines).values({
        orderId,
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
      sellerActiveGuard(db, line.productId),
      ...stockStatements(db, line.quantity, line.isPreorder, detail),
    ];
    if (line.subscribe != null && buyer.userRef != null) {
      statements.push(
        db.insert(subscriptions).values({
          userId: buyer.userRef as number,
          productId: line.productId,
          variationId: detail.variationId,
          orderId,
          quantity: line.quantity,
          periodMonths: line.subscribe,
          amount: line.total,
          paymentMethod: draft.paymentMethod,
          ...subscriptionSchedule(now, line.subscribe),
        }),
      );
    }
    return statements;
  });
}

/**
 * Points used come off the member's usable balance (never below zero), in the ledger. The points the order
 * earns are only recorded on it (orders.points_earned): they are 付与予定 until it is paid for, when the
 * order change that makes it so grants them (order-points.server.ts, decision 0036).
 */
function pointStatements(db: Database, draft: OrderDraft): Statement[] {
  const { cart } = draft.view;
  const { memberId } = draft.buyer;
  if (cart.points <= 0 || memberId == null) return [];
  return [
    guard(db, sql`(select ${users.points} from ${users} where ${users.id} = ${memberId}) >= ${cart.points}`),
    db
      .update(users)
      .set({ points: sql`${users.points} - ${cart.points}` })
      .where(eq(users.id, memberId)),
    db.insert(pointLedger).values({
      userId: memberId,
      orderId: orderIdOf(draft),
      kind: "used",
      amount: -cart.points,
      note: `ご注文 ${draft.number} でのご利用`,
      createdAt: draft.now,
    }),
  ];
}

/** Each coupon's use, then the guards that its total and per-customer limits still hold. */
function couponStatements(db: Database, draft: OrderDraft): Statement[] {
  const { cart } = draft.view;
  const { email, userRef } = draft.buyer;
  return [...cart.coupons, ...cart.autocoupons].flatMap((coupon) => [
    db
      .insert(couponUses)
      .values({ couponId: coupon.id, userId: userRef as number | null, orderId: orderIdOf(draft), email, discount: coupon.discount, createdAt: draft.now }),
    ...couponLimitGuards(db, coupon.id, email),
  ]);
}

/**
 * 「このお届け先を登録する」: the address joins the book (the first saved one becomes the member's default),
 * which holds at most ADDRESS_BOOK_LIMIT. The limit is
 * kept in the batch's SQL (two checkouts at once cannot both pass a count read before): the row just added
 * leaves again when the book is over it. The order itself goes ahead; the address is on the order.
 */
function savedAddressStatements(db: Database, draft: OrderDraft): Statement[] {
  const { userRef } = draft.buyer;
  const ofMember = sql`${addresses.userId} = ${userRef}`;
  return [
    db.insert(addresses).values({
      ...draft.shipTo,
      userId: userRef as number,
      isDefault: sql`(not exists (select 1 from ${addresses} where ${ofMember} and ${addresses.isDefault} = 1))`,
    }),
    db
      .delete(addresses)
      .where(
        and(
          sql`${addresses.id} = (select max(${addresses.id}) from ${addresses} where ${ofMember})`,
          sql`(select count(*) from ${addresses} where ${ofMember}) > ${ADDRESS_BOOK_LIMIT}`,
        ),
      ),
  ];
}

/** Only the rows ordered leave the cart: one added meanwhile (another tab) stays for later. */
function emptiedCartStatements(db: Database, draft: OrderDraft): Statement[] {
  const { cartId, cart } = draft.view;
  return [
    db.delete(cartLines).where(
      and(
        eq(cartLines.cartId, cartId),
        inArray(
          cartLines.id,
          cart.list.map((line) => line.id),
        ),
      ),
    ),
    db.delete(cartVendorNotices).where(eq(cartVendorNotices.cartId, cartId)),
    releaseHeldPassword(db, cartId),
    db
      .update(carts)
      .set({ couponCode: null, pointAmount: 0, warehouseNotice: "", coldshipping: false, checkoutDraft: null, updatedAt: draft.now })
      .where(eq(carts.id, cartId)),
  ];
}

/** The items as the order's lines record them, for the confirmation. */
function mailLinesOf(draft: OrderDraft): OrderMailLine[] {
  return draft.view.cart.list.map((line) => {
    const detail = draft.view.lines.find((item) => item.lineId === line.id);
    return {
      title: line.title,
      quantity: line.quantity,
      total: line.total,
      unitPrice: line.unitPrice,
      choiceLabel: detail?.choiceLabel,
      optionsLabel: detail?.optionsLabel,
      isPreorder: line.isPreorder,
      subscribe: line.subscribe,
      wrapping: line.wrapping,
    };
  });
}

/**
 * The confirmation as the member's お知らせ (members and guests registering now) and as the e-mail to the
 * buyer's address; a new account's welcome e-mail, or the owner's mail about a registration asked for an
 * address that has an account.
 */
function mailStatements(db: Database, draft: OrderDraft, orderRow: ReturnType<typeof orderRowOf>): Statement[] {
  const { buyer, mailFrame, now } = draft;
  const lines = mailLinesOf(draft);
  const statements: Statement[] = [];
  if (buyer.userRef != null) statements.push(mailStatement(db, buyer.userRef, orderConfirmationMail(orderRow, lines, buyer.name, mailFrame.shop), now));
  statements.push(
    outboxStatement(
      db,
      {
        key: orderConfirmationKey(draft.number),
        kind: "order_confirmation",
        to: buyer.email,
        userId: buyer.userRef,
        template: orderConfirmationMail(orderRow, lines, buyer.name, mailFrame.shop, { origin: mailFrame.origin, guest: buyer.userRef == null }),
        frame: mailFrame,
      },
      now,
    ),
  );
  if (buyer.registration) {
    const { registration } = buyer;
    statements.push(
      outboxStatement(
        db,
        {
          key: welcomeMailKey(registration.email, now),
          kind: "welcome",
          to: registration.email,
          userId: buyer.userRef,
          template: welcomeMail({ name: buyer.name, email: registration.email, newsletter: registration.credentials.newsletter, origin: mailFrame.origin }),
          frame: mailFrame,
        },
        now,
      ),
    );
  }
  if (buyer.registrationAttempt) statements.push(registrationAttemptStatement(db, buyer.registrationAttempt, "checkout", mailFrame, now).statement);
  return statements;
}

/** The merchants' parcels of an order that ships at once: their lines, and their shipments as this batch inserts them. */
function merchantParcelsOf(draft: OrderDraft): ParcelAlert[] {
  const orderId = orderIdOf(draft);
  return draft.view.cart.shipments.flatMap((shipment) => {
    const merchantId = shipment.merchantId;
    if (merchantId == null || isPrepaid(draft.paymentMethod)) return [];
    const items = draft.view.cart.list
      .filter((line) => line.shippingFrom === "merchant" && line.merchantId === merchantId)
      .map((line) => {
        const detail = draft.view.lines.find((item) => item.lineId === line.id);
        const chosen = [detail?.choiceLabel, detail?.optionsLabel].filter(Boolean).join("・");
        return { title: line.title, detail: chosen || null, quantity: line.quantity };
      });
    const shipmentId = sql`(select ${orderShipments.id} from ${orderShipments} where ${orderShipments.orderId} = ${orderId} and ${orderShipments.merchantId} = ${merchantId})`;
    return [{ merchantId, shipment: shipmentId, items }];
  });
}

/** 発送待ち for each merchant of an order paid on delivery: it may ship at once. */
function merchantAlertStatements(db: Database, draft: OrderDraft): Statement[] {
  const order = {
    orderId: orderIdOf(draft),
    orderNumber: draft.number,
    paymentLabel: PAYMENT_METHODS[draft.paymentMethod].label,
    deliveryWish: deliveryWishLabel(draft.deliveryDate, draft.deliveryTimeSlot),
  };
  return readyToShipAlerts(db, order, merchantParcelsOf(draft), draft.merchantAlerts, draft.mailFrame, draft.now).statements;
}

/** The outbox keys the order's batch writes, to dispatch once it has committed. */
export function orderMailKeys(draft: OrderDraft): string[] {
  const { registration, registrationAttempt } = draft.buyer;
  const welcome = registration ? [welcomeMailKey(registration.email, draft.now)] : [];
  const attempt = registrationAttempt ? [registrationAttemptMailKey(registrationAttempt.email, draft.now)] : [];
  const merchantIds = merchantParcelsOf(draft).map((parcel) => parcel.merchantId);
  const alerts = eachModeKeys(draft.merchantAlerts, merchantIds, (merchantId, address) => ALERT_MAIL_KEYS.merchantReady(draft.number, merchantId, address));
  return [orderConfirmationKey(draft.number), ...welcome, ...attempt, ...alerts];
}

/** The whole batch, in the order it must run: the cart's guards first, a new account before its order. */
export async function orderStatements(db: Database, draft: OrderDraft): Promise<Statement[]> {
  const { view, buyer } = draft;
  const orderRow = orderRowOf(draft);
  return [
    ...cartStateGuards(db, view.cartId, view.cart.list),
    buyerNotSuspendedGuard(db, buyer.email),
    ...(await registrationStatements(db, buyer.registration)),
    db.insert(orders).values(orderRow),
    ...shipmentStatements(db, draft),
    ...lineStatements(db, draft),
    ...takenByStatements(db, draft),
    ...pointStatements(db, draft),
    ...couponStatements(db, draft),
    ...(draft.saveAddress ? savedAddressStatements(db, draft) : []),
    ...mailStatements(db, draft, orderRow),
    ...merchantAlertStatements(db, draft),
    ...emptiedCartStatements(db, draft),
  ];
}
