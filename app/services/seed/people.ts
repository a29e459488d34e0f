/**
 * The demo people and their records: pure data, no I/O, fixed ids.
 * The member has points 2,400 equal to the sum of their point_ledger rows, past orders with
 * consistent totals, mails (some unread), one open ticket with an unread staff reply, and a subscription.
 */
import { shipColumns } from "~/core/address/address-records";
import { daysAfter, jstDate } from "~/core/dates";
import { WRAPPING_FEE } from "~/core/limits";
import { PAYMENT_METHODS } from "~/core/checkout/payment-methods";
import { bankTransferDueOn } from "~/core/checkout/bank-transfer";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { pointsEarned, pointsUsableIn } from "~/core/member/points";
import { includedTax, withTax } from "~/core/tax";
import type {
  addresses,
  favorites,
  notificationMails,
  orderLines,
  orders,
  orderShipments,
  pointLedger,
  subscriptions,
  ticketMessages,
  ticketOrderLines,
  tickets,
  users,
} from "~/db/schema";
import { MERCHANTS, productBySku, productImagePath, SUBSCRIPTION_TIERS } from "./catalogue";
import { orderConfirmationMail } from "~/mail/order-mails";
import { notificationOf } from "~/services/mail/mails.server";
import { randomHex } from "~/services/signatures.server";

export const DEMO_PASSWORD = "password1234";
export const MEMBER_EMAIL = "member@example.jp";
export const STAFF_EMAIL = "staff@example.jp";
export const OTHER_EMAIL = "other@example.jp";
/** The demo merchants' logins (/merchant): 十勝しあわせ牧場 and 有田 青華窯. */
export const MERCHANT_EMAIL = "merchant@example.jp";
export const OTHER_MERCHANT_EMAIL = "merchant2@example.jp";
/** A second member of the support team (owners, assignment). */
export const COLLEAGUE_EMAIL = "staff2@example.jp";
/** A new member of the support team whose replies wait for a colleague's approval (issue 36 item 8). */
export const TRAINEE_EMAIL = "staff3@example.jp";
/** The shop's owner: staff who may also change the shop settings, suspend accounts and adjust points past the limit. */
export const OWNER_EMAIL = "owner@example.jp";
export const DEMO_EMAILS = [MEMBER_EMAIL, STAFF_EMAIL, OTHER_EMAIL, MERCHANT_EMAIL, OTHER_MERCHANT_EMAIL, COLLEAGUE_EMAIL, TRAINEE_EMAIL, OWNER_EMAIL] as const;

export const MEMBER_ID = 1;
export const STAFF_ID = 2;
export const OTHER_ID = 3;
export const MERCHANT_USER_ID = 4;
export const OTHER_MERCHANT_USER_ID = 5;
export const COLLEAGUE_ID = 6;
export const TRAINEE_ID = 7;
export const OWNER_ID = 8;
/** The merchants those logins belong to (MERCHANTS ids). */
export const MERCHANT_ID = 3;
export const OTHER_MERCHANT_ID = 2;

/** The member's point balance; their ledger rows add up to it. */
export const MEMBER_POINTS = 2400;

type OrderRow = typeof orders.$inferInsert;
type PaymentMethod = OrderRow["paymentMethod"];
type AddressRow = typeof addresses.$inferInsert & { id: number };

/** A merchant's login: it ships (and later manages) that merchant's goods only. */
function merchantLogin(
  id: number,
  email: string,
  passwordHash: string,
  merchantId: number,
  [lastname, firstname, lastnameJp, firstnameJp]: [string, string, string, string],
): People["users"][number] {
  return { id, email, passwordHash, role: "merchant", merchantId, lastname, firstname, lastnameJp, firstnameJp, nickname: null, phone: null, points: 0 };
}

export interface People {
  users: (typeof users.$inferInsert)[];
  addresses: AddressRow[];
  orders: OrderRow[];
  orderShipments: (typeof orderShipments.$inferInsert)[];
  orderLines: (typeof orderLines.$inferInsert)[];
  pointLedger: (typeof pointLedger.$inferInsert)[];
  subscriptions: (typeof subscriptions.$inferInsert)[];
  notificationMails: (typeof notificationMails.$inferInsert)[];
  favorites: (typeof favorites.$inferInsert)[];
  tickets: (typeof tickets.$inferInsert)[];
  ticketOrderLines: (typeof ticketOrderLines.$inferInsert)[];
  ticketMessages: (typeof ticketMessages.$inferInsert)[];
}

const ADDRESSES: Omit<AddressRow, "createdAt">[] = [
  {
    id: 1,
    userId: MEMBER_ID,
    title: "自宅",
    lastname: "山田",
    firstname: "花子",
    lastnameJp: "ヤマダ",
    firstnameJp: "ハナコ",
    postalCode: "1500002",
    prefecture: 13,
    city: "渋谷区",
    district: "渋谷",
    address1: "2-21-1",
    address2: "グリーンハイツ渋谷 301",
    phone: "09012345678",
    isDefault: true,
  },
  {
    id: 2,
    userId: MEMBER_ID,
    title: "実家",
    lastname: "山田",
    firstname: "太郎",
    lastnameJp: "ヤマダ",
    firstnameJp: "タロウ",
    postalCode: "5300001",
    prefecture: 27,
    city: "大阪市北区",
    district: "梅田",
    address1: "1-1-3",
    address2: "梅田レジデンス 1205",
    phone: "0661234567",
    isDefault: false,
  },
  {
    id: 3,
    userId: OTHER_ID,
    title: "自宅",
    lastname: "鈴木",
    firstname: "一郎",
    lastnameJp: "スズキ",
    firstnameJp: "イチロウ",
    postalCode: "0600001",
    prefecture: 1,
    city: "札幌市中央区",
    district: "北一条西",
    address1: "4-2-2",
    address2: "",
    phone: "08098765432",
    isDefault: true,
  },
];

// ─── Past orders ────────────────────────────────────────────────────────────────────────────

interface LineSpec {
  id: number;
  sku: string;
  quantity: number;
  shipmentId: number;
  wrapping?: boolean;
  /** Subscription interval in months: the unit price is the tier for the quantity. */
  subscribe?: number;
}

interface ShipmentSpec {
  id: number;
  merchantSlug?: (typeof MERCHANTS)[number]["slug"];
  fee: number;
  status: "preparing" | "shipped" | "delivered";
  /** Empty while preparing. */
  trackingNumber: string;
  shippedDaysAfterOrder: number;
}

interface OrderSpec {
  id: number;
  /** null: a guest's order. */
  userId: number | null;
  email: string;
  age: number;
  status: OrderRow["status"];
  paymentMethod: PaymentMethod;
  addressId: number;
  pointsUsed?: number;
  deliveryTimeSlot?: string;
  shipments: ShipmentSpec[];
  lines: LineSpec[];
}

export const ORDER4_TRACKING_NUMBER = "491234567834";
/** The guest whose orders wait for the desk and the merchants. */
export const GUEST_ORDER_EMAIL = "guest-buyer@example.jp";

const ORDERS: OrderSpec[] = [
  {
    id: 1,
    userId: MEMBER_ID,
    email: MEMBER_EMAIL,
    age: 75,
    status: "completed",
    paymentMethod: "bank_transfer",
    addressId: 1,
    shipments: [{ id: 1, fee: 660, status: "delivered", trackingNumber: "491234567801", shippedDaysAfterOrder: 1 }],
    lines: [
      { id: 1, sku: "DEMO-SIMPLE", quantity: 1, shipmentId: 1 },
      { id: 2, sku: "DEMO-FOOD", quantity: 1, shipmentId: 1 },
    ],
  },
  {
    id: 2,
    userId: MEMBER_ID,
    email: MEMBER_EMAIL,
    age: 45,
    status: "completed",
    paymentMethod: "cod",
    addressId: 2,
    deliveryTimeSlot: "14:00〜16:00",
    shipments: [
      { id: 2, fee: 660, status: "delivered", trackingNumber: "491234567812", shippedDaysAfterOrder: 1 },
      { id: 3, merchantSlug: "arita-seika", fee: 990, status: "delivered", trackingNumber: "365298710044", shippedDaysAfterOrder: 3 },
    ],
    lines: [
      { id: 3, sku: "DEMO-MERCHANT", quantity: 1, shipmentId: 3 },
      { id: 4, sku: "DRINK-BEANS", quantity: 2, shipmentId: 2 },
    ],
  },
  {
    id: 3,
    userId: MEMBER_ID,
    email: MEMBER_EMAIL,
    age: 20,
    status: "completed",
    paymentMethod: "konbini_postpay",
    addressId: 1,
    // Subscription deliveries ship free.
    shipments: [{ id: 4, fee: 0, status: "delivered", trackingNumber: "491234567823", shippedDaysAfterOrder: 1 }],
    lines: [{ id: 5, sku: "DEMO-SUBSCRIBE", quantity: 2, shipmentId: 4, subscribe: 1 }],
  },
  {
    id: 4,
    userId: MEMBER_ID,
    email: MEMBER_EMAIL,
    age: 7,
    status: "shipped",
    paymentMethod: "konbini_postpay",
    addressId: 1,
    pointsUsed: 300,
    shipments: [{ id: 5, fee: 0, status: "shipped", trackingNumber: ORDER4_TRACKING_NUMBER, shippedDaysAfterOrder: 1 }],
    lines: [
      { id: 6, sku: "LIVING-BATHTOWEL", quantity: 1, shipmentId: 5, wrapping: true },
      { id: 7, sku: "BEAUTY-HAND", quantity: 2, shipmentId: 5 },
    ],
  },
  {
    id: 5,
    userId: OTHER_ID,
    email: OTHER_EMAIL,
    age: 30,
    status: "completed",
    paymentMethod: "bank_transfer",
    addressId: 3,
    shipments: [{ id: 6, fee: 660, status: "delivered", trackingNumber: "491234567845", shippedDaysAfterOrder: 1 }],
    lines: [{ id: 8, sku: "SWEETS-YOKAN", quantity: 1, shipmentId: 6 }],
  },
  // Work for the order desk and the merchant portal: a guest's transfer still awaited, and a guest's
  // 代金引換 order whose warehouse and merchant parcels are to be shipped.
  {
    id: 6,
    userId: null,
    email: GUEST_ORDER_EMAIL,
    age: 2,
    status: "pending_payment",
    paymentMethod: "bank_transfer",
    addressId: 3,
    shipments: [
      { id: 7, fee: 660, status: "preparing", trackingNumber: "", shippedDaysAfterOrder: 0 },
      { id: 8, merchantSlug: "tokachi-farm", fee: 1100, status: "preparing", trackingNumber: "", shippedDaysAfterOrder: 0 },
    ],
    lines: [
      { id: 9, sku: "DEMO-SIMPLE", quantity: 1, shipmentId: 7 },
      { id: 10, sku: "FOOD-BUTTER", quantity: 2, shipmentId: 8 },
    ],
  },
  {
    id: 7,
    userId: null,
    email: GUEST_ORDER_EMAIL,
    age: 1,
    status: "preparing",
    paymentMethod: "cod",
    addressId: 3,
    deliveryTimeSlot: "14:00〜16:00",
    shipments: [
      { id: 9, fee: 660, status: "preparing", trackingNumber: "", shippedDaysAfterOrder: 0 },
      { id: 10, merchantSlug: "tokachi-farm", fee: 1100, status: "preparing", trackingNumber: "", shippedDaysAfterOrder: 0 },
      { id: 11, merchantSlug: "arita-seika", fee: 990, status: "preparing", trackingNumber: "", shippedDaysAfterOrder: 0 },
    ],
    lines: [
      { id: 11, sku: "DRINK-BEANS", quantity: 1, shipmentId: 9 },
      { id: 12, sku: "FOOD-CHEESE", quantity: 1, shipmentId: 10 },
      { id: 13, sku: "KITCHEN-MUG", quantity: 2, shipmentId: 11 },
    ],
  },
  // A transfer that never came: past its deadline, the hourly job cancels it (and puts the stock back).
  {
    id: 8,
    userId: null,
    email: GUEST_ORDER_EMAIL,
    age: 10,
    status: "pending_payment",
    paymentMethod: "bank_transfer",
    addressId: 3,
    shipments: [{ id: 12, fee: 660, status: "preparing", trackingNumber: "", shippedDaysAfterOrder: 0 }],
    lines: [{ id: 14, sku: "DEMO-FOOD", quantity: 1, shipmentId: 12 }],
  },
];

function unitPriceOf(line: LineSpec): number {
  const product = productBySku(line.sku);
  if (line.subscribe) {
    const tier = SUBSCRIPTION_TIERS[line.sku]?.[line.quantity - 1];
    if (tier === undefined) throw new Error(`No subscription tier for ${line.sku} x${line.quantity}`);
    return withTax(tier, product.taxRate);
  }
  return product.extra?.discountPrice ?? product.price;
}

function orderNumber(id: number, createdAt: Date): string {
  return `${jstDate(createdAt).replaceAll("-", "")}-${String(id).padStart(4, "0")}`;
}

interface BuiltOrder {
  order: OrderRow & {
    id: number;
    number: string;
    createdAt: Date;
    pointsUsed: number;
    pointsEarned: number;
    pointsGrantedAt: Date | null;
    total: number;
    subtotal: number;
  };
  shipments: People["orderShipments"];
  lines: (typeof orderLines.$inferInsert & { id: number })[];
}

function buildOrder(spec: OrderSpec, now: Date): BuiltOrder {
  const createdAt = daysAfter(now, -spec.age);
  const address = ADDRESSES.find((candidate) => candidate.id === spec.addressId);
  if (!address) throw new Error(`Unknown seed address ${spec.addressId}`);
  const lines = spec.lines.map((line) => {
    const product = productBySku(line.sku);
    const unitPrice = unitPriceOf(line);
    return {
      id: line.id,
      orderId: spec.id,
      shipmentId: line.shipmentId,
      productId: product.id,
      sku: product.sku,
      title: product.title,
      picture: productImagePath(product.sku),
      unitPrice,
      quantity: line.quantity,
      taxRate: product.taxRate,
      wrapping: line.wrapping ?? false,
      subscribe: line.subscribe ?? null,
      total: unitPrice * line.quantity,
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  const goods8 = lines.filter((line) => line.taxRate === 8).reduce((sum, line) => sum + line.total, 0);
  const shippingFee = spec.shipments.reduce((sum, shipment) => sum + shipment.fee, 0);
  const wrappingFee = lines.filter((line) => line.wrapping).length * WRAPPING_FEE;
  const extraFee = PAYMENT_METHODS[spec.paymentMethod].fee;
  const pointsUsed = spec.pointsUsed ?? 0;
  const total = subtotal + shippingFee + wrappingFee + extraFee - pointsUsed;
  // Fees are standard-rate; points are taken off the standard-rate part (the seed's points order has only 10% items).
  const taxable8 = goods8;
  const taxable10 = total - taxable8;
  const earned = spec.userId == null ? 0 : pointsEarned(subtotal - pointsUsed);
  // The demo's member orders are paid for (the transfer arrived, or the goods left) the day after they were placed.
  const granted = earned > 0 && pointsUsableIn(spec.paymentMethod, spec.status ?? "pending_payment");
  return {
    order: {
      id: spec.id,
      number: orderNumber(spec.id, createdAt),
      userId: spec.userId,
      email: spec.email,
      status: spec.status,
      paymentMethod: spec.paymentMethod,
      // As checkout stores it: the order's Japan date plus the transfer days (the defaults: no settings are saved in the seed).
      paymentDueOn: spec.paymentMethod === "bank_transfer" ? bankTransferDueOn(createdAt, DEFAULT_SHOP_SETTINGS.bankTransferDays) : null,
      subtotal,
      shippingFee,
      extraFee,
      wrappingFee,
      pointsUsed,
      pointsEarned: earned,
      pointsGrantedAt: granted ? daysAfter(createdAt, 1) : null,
      pointsGranted: granted ? earned : 0,
      total,
      taxable10,
      tax10: includedTax(taxable10, 10),
      taxable8,
      tax8: includedTax(taxable8, 8),
      ...shipColumns({ ...address, district: address.district ?? "", address2: address.address2 ?? "" }),
      deliveryTimeSlot: spec.deliveryTimeSlot ?? null,
      placementToken: `seed-order-${String(spec.id).padStart(4, "0")}`,
      createdAt,
    },
    shipments: spec.shipments.map((shipment) => ({
      id: shipment.id,
      orderId: spec.id,
      shippingFrom: shipment.merchantSlug ? "merchant" : "warehouse",
      merchantId: MERCHANTS.find((merchant) => merchant.slug === shipment.merchantSlug)?.id ?? null,
      shippingFee: shipment.fee,
      status: shipment.status,
      ...(shipment.status === "preparing"
        ? {}
        : {
            // The demo's merchant parcels go by 佐川急便, the warehouse's by ヤマト運輸.
            carrier: shipment.merchantSlug ? "sagawa" : "yamato",
            trackingNumber: shipment.trackingNumber,
            shippedAt: daysAfter(createdAt, shipment.shippedDaysAfterOrder),
            deliveredAt: shipment.status === "delivered" ? daysAfter(createdAt, shipment.shippedDaysAfterOrder + 1) : null,
          }),
    })),
    lines,
  };
}

// ─── Mails ──────────────────────────────────────────────────────────────────────────────────

function shippingNoticeMail(built: BuiltOrder, customerName: string): { title: string; content: string } {
  const tracking = built.shipments.map((shipment) => `<li>お問い合わせ番号：${shipment.trackingNumber}</li>`).join("");
  return {
    title: `【発送のお知らせ】ご注文の商品を発送しました（注文番号 ${built.order.number}）`,
    content:
      `<p>${customerName} 様</p>` +
      "<p>ご注文いただいた商品を本日発送いたしました。配送業者のお問い合わせ番号は以下のとおりです。</p>" +
      `<ul>${tracking}</ul>` +
      "<p>お届けまで今しばらくお待ちください。</p>",
  };
}

// ─── Assembly ───────────────────────────────────────────────────────────────────────────────

/** `passwordHashes` maps each of DEMO_EMAILS to its hash (a fresh salt per user). */
export function buildPeople(now: Date, passwordHashes: Record<string, string>): People {
  const hashFor = (email: string): string => {
    const hash = passwordHashes[email];
    if (!hash) throw new Error(`No password hash for ${email}`);
    return hash;
  };
  const built = ORDERS.map((spec) => buildOrder(spec, now));
  const [order1, order2, order3, order4, order5] = built;
  if (!order1 || !order2 || !order3 || !order4 || !order5) throw new Error("Seed orders are incomplete");
  const ago = (days: number) => daysAfter(now, -days);
  const readAfter = (date: Date, hours: number) => new Date(date.getTime() + hours * 3_600_000);

  const mails: People["notificationMails"] = [
    {
      id: 1,
      userId: MEMBER_ID,
      ...notificationOf(orderConfirmationMail(order1.order, order1.lines, "山田 花子", DEFAULT_SHOP_SETTINGS)),
      dateCreated: order1.order.createdAt,
      readed: readAfter(order1.order.createdAt, 2),
    },
    { id: 2, userId: MEMBER_ID, ...shippingNoticeMail(order1, "山田 花子"), dateCreated: ago(74), readed: readAfter(ago(74), 5) },
    {
      id: 3,
      userId: MEMBER_ID,
      ...notificationOf(orderConfirmationMail(order2.order, order2.lines, "山田 花子", DEFAULT_SHOP_SETTINGS)),
      dateCreated: order2.order.createdAt,
      readed: readAfter(order2.order.createdAt, 1),
    },
    {
      id: 4,
      userId: MEMBER_ID,
      title: "【定期便】お申し込みありがとうございます",
      content:
        "<p>山田 花子 様</p><p>「静岡 深蒸し茶 やぶきた 100g」の定期便（毎月・2袋）をお申し込みいただき、ありがとうございます。</p>" +
        "<p>次回以降のお届け日やお届け数量の変更、スキップ・解約は、マイページの「定期便の管理」から承ります。</p>",
      dateCreated: order3.order.createdAt,
      readed: readAfter(order3.order.createdAt, 3),
    },
    {
      id: 5,
      userId: MEMBER_ID,
      ...notificationOf(orderConfirmationMail(order4.order, order4.lines, "山田 花子", DEFAULT_SHOP_SETTINGS)),
      dateCreated: order4.order.createdAt,
      readed: readAfter(order4.order.createdAt, 1),
    },
    { id: 6, userId: MEMBER_ID, ...shippingNoticeMail(order4, "山田 花子"), dateCreated: ago(6), readed: null },
    {
      id: 7,
      userId: MEMBER_ID,
      title: "【キャンペーン】2026年 新春キャンペーン開催中！",
      content:
        "<p>いつもご利用いただきありがとうございます。</p>" +
        "<p>ただいま「2026年 新春キャンペーン」を開催中です。3,000円以上のお買い物で使える300円OFFクーポンをお受け取りください。</p>" +
        '<p><a href="/coupon-get/CAMPAIGN2026">クーポンを受け取る</a></p>' +
        "<p>さらに期間中、5,000円以上のお買い物でポイント2倍キャンペーンも実施しています。</p>",
      dateCreated: ago(7),
      readed: null,
    },
    {
      id: 8,
      userId: MEMBER_ID,
      title: "【再入荷のお知らせ】「綿麻 ワークエプロン（生成り）」が再入荷しました",
      content:
        "<p>山田 花子 様</p><p>再入荷のお知らせをご希望いただいた商品が入荷しました。</p>" +
        '<ul><li><a href="/category/living/DEMO-VARIATION">綿麻 ワークエプロン（生成り）</a></li></ul>' +
        "<p>数に限りがございますので、お早めにお買い求めください。</p>",
      dateCreated: ago(3),
      readed: null,
    },
    {
      id: 9,
      userId: OTHER_ID,
      ...notificationOf(orderConfirmationMail(order5.order, order5.lines, "鈴木 一郎", DEFAULT_SHOP_SETTINGS)),
      dateCreated: order5.order.createdAt,
      readed: null,
    },
  ];

  const ticketCreatedAt = ago(2);
  const lastMessageAt = readAfter(ago(1), 2);
  const ticketText = `注文番号 ${order4.order.number} の商品について、発送のご連絡をいただいてから数日経ちますが、まだ届いていません。配送状況を確認していただけますでしょうか。`;

  return {
    users: [
      {
        id: MEMBER_ID,
        email: MEMBER_EMAIL,
        passwordHash: hashFor(MEMBER_EMAIL),
        role: "customer",
        lastname: "山田",
        firstname: "花子",
        lastnameJp: "ヤマダ",
        firstnameJp: "ハナコ",
        nickname: "はなこ",
        phone: "09012345678",
        points: MEMBER_POINTS,
        newsletter: true,
        oneClick: true,
        createdAt: ago(120),
      },
      {
        id: STAFF_ID,
        email: STAFF_EMAIL,
        passwordHash: hashFor(STAFF_EMAIL),
        role: "staff",
        lastname: "佐藤",
        firstname: "健",
        lastnameJp: "サトウ",
        firstnameJp: "ケン",
        nickname: "カスタマーサービス 佐藤",
        phone: null,
        points: 0,
        createdAt: ago(400),
      },
      {
        id: COLLEAGUE_ID,
        email: COLLEAGUE_EMAIL,
        passwordHash: hashFor(COLLEAGUE_EMAIL),
        role: "staff",
        lastname: "鈴木",
        firstname: "美咲",
        lastnameJp: "スズキ",
        firstnameJp: "ミサキ",
        nickname: "カスタマーサービス 鈴木",
        phone: null,
        points: 0,
        createdAt: ago(200),
      },
      {
        id: TRAINEE_ID,
        email: TRAINEE_EMAIL,
        passwordHash: hashFor(TRAINEE_EMAIL),
        role: "staff",
        lastname: "高橋",
        firstname: "翔太",
        lastnameJp: "タカハシ",
        firstnameJp: "ショウタ",
        nickname: "カスタマーサービス 高橋",
        phone: null,
        points: 0,
        replyNeedsApproval: true,
        createdAt: ago(20),
      },
      {
        id: OWNER_ID,
        email: OWNER_EMAIL,
        passwordHash: hashFor(OWNER_EMAIL),
        role: "staff",
        isOwner: true,
        lastname: "日向",
        firstname: "太郎",
        lastnameJp: "ヒナタ",
        firstnameJp: "タロウ",
        nickname: "店長 日向",
        phone: null,
        points: 0,
        createdAt: ago(500),
      },
      {
        id: OTHER_ID,
        email: OTHER_EMAIL,
        passwordHash: hashFor(OTHER_EMAIL),
        role: "customer",
        lastname: "鈴木",
        firstname: "一郎",
        lastnameJp: "スズキ",
        firstnameJp: "イチロウ",
        nickname: "いちろう",
        phone: "08098765432",
        points: order5.order.pointsEarned,
        createdAt: ago(100),
      },
      merchantLogin(MERCHANT_USER_ID, MERCHANT_EMAIL, hashFor(MERCHANT_EMAIL), MERCHANT_ID, ["牧場", "花子", "ボクジョウ", "ハナコ"]),
      merchantLogin(OTHER_MERCHANT_USER_ID, OTHER_MERCHANT_EMAIL, hashFor(OTHER_MERCHANT_EMAIL), OTHER_MERCHANT_ID, ["窯元", "太郎", "カマモト", "タロウ"]),
    ],
    addresses: ADDRESSES.map((address) => ({ ...address, createdAt: ago(address.userId === MEMBER_ID ? 120 : 100) })),
    orders: built.map((entry) => entry.order),
    orderShipments: built.flatMap((entry) => entry.shipments),
    orderLines: built.flatMap((entry) => entry.lines),
    pointLedger: [
      { id: 1, userId: MEMBER_ID, kind: "adjusted", amount: 500, note: "新規会員登録特典", createdAt: ago(120), expiresAt: daysAfter(now, 245) },
      // The balance carried over from the old shop brings the ledger to MEMBER_POINTS.
      { id: 2, userId: MEMBER_ID, kind: "adjusted", amount: 1791, note: "旧オンラインショップからのポイント引き継ぎ", createdAt: ago(119) },
      ...[order1, order2, order3].map(({ order }, index) => ({
        id: 3 + index,
        userId: MEMBER_ID,
        orderId: order.id,
        kind: "earned" as const,
        amount: order.pointsEarned,
        note: `ご注文 ${order.number} のお買い物ポイント`,
        createdAt: order.pointsGrantedAt ?? order.createdAt,
        expiresAt: daysAfter(order.createdAt, 370),
      })),
      { id: 6, userId: MEMBER_ID, kind: "adjusted", amount: 200, note: "商品レビュー投稿特典", createdAt: ago(41), expiresAt: daysAfter(now, 324) },
      {
        id: 7,
        userId: MEMBER_ID,
        orderId: order4.order.id,
        kind: "used",
        amount: -order4.order.pointsUsed,
        note: `ご注文 ${order4.order.number} でポイントを利用`,
        createdAt: order4.order.createdAt,
      },
      {
        id: 8,
        userId: MEMBER_ID,
        orderId: order4.order.id,
        kind: "earned",
        amount: order4.order.pointsEarned,
        note: `ご注文 ${order4.order.number} のお買い物ポイント`,
        createdAt: order4.order.pointsGrantedAt ?? order4.order.createdAt,
        expiresAt: daysAfter(order4.order.createdAt, 365),
      },
      {
        id: 9,
        userId: OTHER_ID,
        orderId: order5.order.id,
        kind: "earned",
        amount: order5.order.pointsEarned,
        note: `ご注文 ${order5.order.number} のお買い物ポイント`,
        createdAt: order5.order.pointsGrantedAt ?? order5.order.createdAt,
        expiresAt: daysAfter(order5.order.createdAt, 370),
      },
    ],
    subscriptions: [
      {
        id: 1,
        userId: MEMBER_ID,
        productId: productBySku("DEMO-SUBSCRIBE").id,
        orderId: order3.order.id,
        quantity: 2,
        periodMonths: 1,
        amount: order3.order.subtotal,
        status: "active",
        nextPaymentDate: jstDate(daysAfter(now, 8)),
        nextShippingDate: jstDate(daysAfter(now, 10)),
        cancelDate: jstDate(daysAfter(now, 3)),
        paymentMethod: "konbini_postpay",
        addressId: 1,
        createdAt: order3.order.createdAt,
      },
    ],
    notificationMails: mails,
    favorites: [
      { userId: MEMBER_ID, productId: productBySku("KITCHEN-CHAWAN").id, createdAt: ago(100) },
      { userId: MEMBER_ID, productId: productBySku("BEAUTY-TSUBAKI").id, createdAt: ago(60) },
      { userId: MEMBER_ID, productId: productBySku("SWEETS-BAUM").id, createdAt: ago(30) },
      { userId: MEMBER_ID, productId: productBySku("LIVING-GAUZE").id, createdAt: ago(9) },
      { userId: OTHER_ID, productId: productBySku("FOOD-RICE").id, createdAt: ago(28) },
    ],
    tickets: [
      {
        id: 1,
        userId: MEMBER_ID,
        status: "doing",
        confirmation: null,
        // 「いつ届くか」 is a high-priority trouble.
        priority: "high",
        category: "過去の注文について",
        trouble: "商品がいつ届くか知りたい",
        replyChoice: "email",
        orderId: order4.order.id,
        description: ticketText,
        formSession: "1767000000000",
        // Random as every ticket's (decision 0040): its mails answer to support+{token}@, which must not be guessable.
        replyToken: randomHex(16),
        // Answered by message 2 (below); it came before the desk had due times, so it has none.
        firstRespondedAt: readAfter(ticketCreatedAt, 2),
        createdAt: ticketCreatedAt,
        updatedAt: lastMessageAt,
      },
    ],
    ticketOrderLines: order4.lines.map((line) => ({ ticketId: 1, orderLineId: line.id })),
    ticketMessages: [
      {
        id: 1,
        ticketId: 1,
        fromadmin: null,
        message: ticketText,
        readAt: readAfter(ticketCreatedAt, 1),
        dateCreated: ticketCreatedAt,
      },
      {
        id: 2,
        ticketId: 1,
        fromadmin: STAFF_ID,
        message:
          "山田様\nお問い合わせいただきありがとうございます。カスタマーサービスの佐藤でございます。\nお届けが遅れており、ご心配をおかけして申し訳ございません。ただいま配送業者に状況を確認しておりますので、今しばらくお待ちください。",
        readAt: readAfter(ticketCreatedAt, 4),
        dateCreated: readAfter(ticketCreatedAt, 2),
      },
      {
        id: 3,
        ticketId: 1,
        fromadmin: STAFF_ID,
        message: `山田様\n配送業者に確認いたしました。荷物は現在お近くの営業所にあり、明日の午前中にお届けの予定です（お問い合わせ番号：${ORDER4_TRACKING_NUMBER}）。\nお届けまで今しばらくお待ちくださいませ。`,
        readAt: null,
        dateCreated: lastMessageAt,
      },
    ],
  };
}
