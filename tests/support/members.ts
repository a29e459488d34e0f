/**
 * Members made for a test, with a record of every kind the shop keeps about a person: an address, a
 * favorite, buy-later and stock-request rows, a mail, points with their ledger, a finished order, a
 * ticket with a picture in R2 and a staff reply that names them, a review, a cart, a session.
 */
import { TEST_MAIL_FRAME } from "./orders";
import { eq } from "drizzle-orm";
import { productBySku } from "~/services/seed/catalogue";
import {
  addresses,
  buyLater,
  favorites,
  media,
  notificationMails,
  orderLines,
  orders,
  orderShipments,
  pointLedger,
  reviews,
  stockRequests,
  subscriptions,
  ticketMessages,
  tickets,
  users,
} from "~/db/schema";
import { registerUser } from "~/services/account/accounts.server";
import { TOKYO_ADDRESS, cartWithSimple } from "./orders";
import type { TestPlatform } from "./platform";
import { memberCookie } from "./requests";

export const TEST_PASSWORD = "leaving-pass-1";

export interface TestMember {
  id: number;
  email: string;
  cookie: string;
}

/** A registered member (山田 一郎 / ヤマダ イチロウ) with a session, and nothing else. */
export async function registeredMember(platform: TestPlatform, email: string): Promise<TestMember> {
  const result = await registerUser(
    platform.db,
    {
      email,
      password: TEST_PASSWORD,
      lastname: "森本",
      firstname: "結衣",
      lastnameJp: "モリモト",
      firstnameJp: "ユイ",
      newsletter: true,
      agreement: true,
    },
    TEST_MAIL_FRAME,
  );
  if (!result.ok) throw new Error(result.error);
  await platform.db.update(users).set({ phone: "09011112222", nickname: "ゆい" }).where(eq(users.id, result.user.id));
  return { id: result.user.id, email, cookie: await memberCookie(platform, result.user.id) };
}

export const MEMBER_POINTS_FOR_TEST = 750;
export const PICTURE_KEY_PREFIX = "tickets/test-withdrawal-";

/** A finished (delivered) order of the member (or a guest: id null) with one line and one shipment; answers its id. */
export async function finishedOrder(
  platform: TestPlatform,
  buyer: { id: number | null; email: string },
  id: number,
  status: typeof orders.$inferInsert.status = "completed",
) {
  const product = productBySku("DEMO-SIMPLE");
  await platform.db.insert(orders).values({
    id,
    number: `20260101-T${id}`,
    userId: buyer.id,
    email: buyer.email,
    status,
    paymentMethod: "bank_transfer",
    subtotal: product.price,
    shippingFee: 660,
    total: product.price + 660,
    taxable10: product.price + 660,
    tax10: Math.floor(((product.price + 660) * 10) / 110),
    shipLastname: "森本",
    shipFirstname: "結衣",
    shipLastnameJp: "モリモト",
    shipFirstnameJp: "ユイ",
    shipPostalCode: TOKYO_ADDRESS.postalCode,
    shipPrefecture: TOKYO_ADDRESS.prefecture,
    shipCity: TOKYO_ADDRESS.city,
    shipDistrict: "丸の内",
    shipAddress1: TOKYO_ADDRESS.address1,
    shipAddress2: "ひなたマンション 101",
    shipPhone: "09011112222",
    warehouseNotice: "置き配希望（森本）",
    receiptName: "森本 結衣",
    receiptMemo: "お品代",
    placementToken: `test-order-${id}`,
    cartId: `test-cart-${id}`,
    createdAt: new Date("2026-01-02T01:00:00Z"),
  });
  await platform.db
    .insert(orderShipments)
    .values({ id, orderId: id, shippingFrom: "warehouse", shippingFee: 660, notice: "不在時は宅配ボックスへ", status: "delivered" });
  await platform.db.insert(orderLines).values({
    orderId: id,
    shipmentId: id,
    productId: product.id,
    sku: product.sku,
    title: product.title,
    unitPrice: product.price,
    quantity: 1,
    taxRate: product.taxRate,
    total: product.price,
  });
  return id;
}

/** One row of every kind a member leaves behind (see the file comment). */
export async function memberWithRecords(platform: TestPlatform, email: string, orderId: number): Promise<TestMember> {
  const member = await registeredMember(platform, email);
  const { db } = platform;
  const product = productBySku("KITCHEN-CHAWAN");
  await db.update(users).set({ points: MEMBER_POINTS_FOR_TEST }).where(eq(users.id, member.id));
  await db.insert(pointLedger).values({ userId: member.id, kind: "adjusted", amount: MEMBER_POINTS_FOR_TEST, note: "テスト付与" });
  await db.insert(addresses).values({ ...TOKYO_ADDRESS, userId: member.id, title: "自宅", isDefault: true });
  await db.insert(favorites).values({ userId: member.id, productId: product.id });
  await db.insert(buyLater).values({ userId: member.id, productId: product.id });
  await db.insert(stockRequests).values({ userId: member.id, productId: productBySku("DEMO-SOLDOUT").id });
  await db.insert(notificationMails).values({ userId: member.id, title: "ご注文ありがとうございます", content: "<p>森本 結衣 様</p>" });
  await finishedOrder(platform, member, orderId);
  await cartWithSimple(db, { userId: member.id });
  await db
    .insert(reviews)
    .values({ productId: product.id, userId: member.id, nickname: "ゆい", title: "使いやすい", rate: 5, review: "<p>毎日使っています。</p>" });
  const ticket = await db
    .insert(tickets)
    .values({
      userId: member.id,
      priority: "medium",
      category: "過去の注文について",
      trouble: "その他",
      orderId,
      description: "森本です。電話 09011112222 にご連絡ください。",
      formSession: `t-${member.id}`,
    })
    .returning({ id: tickets.id })
    .get();
  const message = await db
    .insert(ticketMessages)
    .values({ ticketId: ticket.id, message: "森本です。電話 09011112222 にご連絡ください。" })
    .returning({ id: ticketMessages.id })
    .get();
  await db
    .insert(ticketMessages)
    .values({ ticketId: ticket.id, fromadmin: 2, message: `森本 結衣様\nお問い合わせありがとうございます。${email} 宛にご案内をお送りしました。` });
  const r2Key = `${PICTURE_KEY_PREFIX}${member.id}.png`;
  await platform.env.ATTACHMENTS.put(r2Key, new Uint8Array([137, 80, 78, 71]));
  await db.insert(media).values({
    ownerUserId: member.id,
    r2Key,
    folder: "tickets",
    filename: "photo.png",
    ext: "png",
    contentType: "image/png",
    size: 4,
    ticketMessageId: message.id,
  });
  return member;
}

/** The member's subscription, active unless told. */
export async function subscriptionOf(platform: TestPlatform, member: TestMember, status: "active" | "cancelled" = "active") {
  const product = productBySku("DEMO-SUBSCRIBE");
  await platform.db.insert(subscriptions).values({
    userId: member.id,
    productId: product.id,
    quantity: 1,
    amount: product.price,
    status,
    nextPaymentDate: "2026-02-01",
    nextShippingDate: "2026-02-03",
    cancelDate: "2026-01-20",
    paymentMethod: "konbini_postpay",
  });
}
