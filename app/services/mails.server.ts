/**
 * Notification mails (spec §3): every event that tells a member something writes one here — order
 * placed, ticket reply, restock, subscription changes. `mailStatement` lets the caller put the mail in
 * the same D1 batch as the change it reports, so one never exists without the other.
 */
import type { SQL } from "drizzle-orm";
import { describeShipTo } from "~/core/address-book";
import { bankTransferDeadline, bankTransferRows } from "~/core/bank-transfer";
import { formatDateJa } from "~/core/dates";
import { formatYen } from "~/core/money";
import { PAYMENT_METHODS } from "~/core/payment-methods";
import { SHOP_NAME } from "~/core/site";
import type { Database } from "~/db/client.server";
import { notificationMails, type orders } from "~/db/schema";

export interface MailContent {
  title: string;
  /** HTML; sanitised again when shown. */
  content: string;
}

/** `userId` may be a sub-select, for a member created in the same batch (checkout registration). */
export function mailStatement(db: Database, userId: number | SQL, mail: MailContent, now: Date = new Date()) {
  return db.insert(notificationMails).values({ userId: userId as number, title: mail.title, content: mail.content, dateCreated: now });
}

export async function writeMail(db: Database, userId: number, mail: MailContent, now?: Date): Promise<void> {
  await mailStatement(db, userId, mail, now);
}

/** Escapes text placed into mail HTML (names, product titles, messages). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** What the order-confirmation mail tells: the order row as stored (checkout and the demo seed alike). */
export type OrderMailFacts = Pick<
  typeof orders.$inferInsert,
  | "number"
  | "paymentMethod"
  | "subtotal"
  | "shippingFee"
  | "coldshippingFee"
  | "splitShippingFee"
  | "extraFee"
  | "wrappingFee"
  | "discountCoupon"
  | "pointsUsed"
  | "pointsEarned"
  | "total"
  | "createdAt"
  | "shipLastname"
  | "shipFirstname"
  | "shipPostalCode"
  | "shipPrefecture"
  | "shipCity"
  | "shipDistrict"
  | "shipAddress1"
  | "shipAddress2"
  | "deliveryDate"
  | "deliveryTimeSlot"
>;

/** The 振込先 and deadline of a 銀行振込 order, as the confirmation mail gives them. */
function bankTransferHtml(total: number, orderedAt: Date): string {
  const rows = [...bankTransferRows(), ["お振込金額", formatYen(total)], ["お振込期限", `${formatDateJa(bankTransferDeadline(orderedAt))}まで`]];
  return `<h3>お振込先</h3><p>${rows.map(([label, value]) => `${label}：${value}`).join("<br>")}</p>`;
}

/**
 * The order confirmation (spec §3 notification mails) as a Japanese shop sends it: the order number and
 * date, each item, every amount that makes up the total, the points to be earned, the payment method
 * with what to do next, the delivery address and the preferred delivery date.
 */
export function orderConfirmationMail(
  order: OrderMailFacts,
  lines: { title: string; quantity: number; total: number }[],
  customerName: string,
): MailContent {
  const payment = PAYMENT_METHODS[order.paymentMethod];
  const amount = (label: string, value: number | null | undefined, sign = "") => (value ? [`${label}：${sign}${formatYen(value)}`] : []);
  const shippingFee = (order.shippingFee ?? 0) + (order.coldshippingFee ?? 0) + (order.splitShippingFee ?? 0);
  const figures = [
    `商品小計：${formatYen(order.subtotal)}`,
    `送料：${shippingFee ? formatYen(shippingFee) : "無料"}`,
    ...amount("ギフトラッピング", order.wrappingFee),
    ...amount(`手数料（${payment.label}）`, order.extraFee),
    ...amount("クーポン割引", order.discountCoupon, "−"),
    ...amount("ポイント利用", order.pointsUsed, "−"),
    `<strong>お支払い合計：${formatYen(order.total)}（税込）</strong>`,
  ];
  const shipTo = describeShipTo(order);
  const delivery = order.deliveryDate ? `${formatDateJa(order.deliveryDate)} ${order.deliveryTimeSlot ?? ""}`.trim() : (order.deliveryTimeSlot ?? "指定なし");
  const items = lines.map((line) => `<li>${escapeHtml(line.title)} × ${line.quantity}（${formatYen(line.total)}）</li>`).join("");
  return {
    title: `【ご注文確認】ご注文ありがとうございます（注文番号 ${order.number}）`,
    content:
      `<p>${escapeHtml(customerName)} 様</p>` +
      `<p>このたびは${SHOP_NAME}をご利用いただき、誠にありがとうございます。以下の内容でご注文を承りました。</p>` +
      `<h3>ご注文内容</h3><p>注文番号：${order.number}<br>ご注文日：${formatDateJa(order.createdAt ?? new Date())}</p>` +
      `<ul>${items}</ul><p>${figures.join("<br>")}</p>` +
      (order.pointsEarned ? `<p>今回のお買い物で${order.pointsEarned.toLocaleString("ja-JP")}ポイントを獲得予定です。</p>` : "") +
      `<h3>お支払い方法</h3><p>${payment.label}<br>${payment.note}</p>` +
      (order.paymentMethod === "bank_transfer" ? bankTransferHtml(order.total, order.createdAt ?? new Date()) : "") +
      `<h3>お届け先</h3><p>${escapeHtml(shipTo.name)} 様<br>${shipTo.postal} ${escapeHtml(shipTo.street)}<br>お届け希望日時：${escapeHtml(delivery)}</p>` +
      "<p>商品の発送準備が整い次第、あらためてご連絡いたします。注文履歴・領収書はマイページからご確認いただけます。</p>",
  };
}
