/** The order confirmation (spec §3 notification mails). */
import { describeShipTo } from "~/core/address-book";
import { bankTransferDeadline, bankTransferRows } from "~/core/bank-transfer";
import { formatDateJa } from "~/core/dates";
import { formatYen } from "~/core/money";
import { PAYMENT_METHODS } from "~/core/payment-methods";
import { SHOP_NAME } from "~/core/site";
import type { orders } from "~/db/schema";
import { Greeting, Lines } from "./parts";
import type { MailTemplate } from "./render.server";

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

interface OrderConfirmationProps {
  order: OrderMailFacts;
  lines: { title: string; quantity: number; total: number }[];
  customerName: string;
}

/** Every amount that makes up the total; fees and discounts only when there are any. */
function figuresOf(order: OrderMailFacts): string[] {
  const payment = PAYMENT_METHODS[order.paymentMethod];
  const amount = (label: string, value: number | null | undefined, sign = "") => (value ? [`${label}：${sign}${formatYen(value)}`] : []);
  const shippingFee = (order.shippingFee ?? 0) + (order.coldshippingFee ?? 0) + (order.splitShippingFee ?? 0);
  return [
    `商品小計：${formatYen(order.subtotal)}`,
    `送料：${shippingFee ? formatYen(shippingFee) : "無料"}`,
    ...amount("ギフトラッピング", order.wrappingFee),
    ...amount(`手数料（${payment.label}）`, order.extraFee),
    ...amount("クーポン割引", order.discountCoupon, "−"),
    ...amount("ポイント利用", order.pointsUsed, "−"),
  ];
}

/** The 振込先 and deadline of a 銀行振込 order. */
function BankTransfer({ total, orderedAt }: { total: number; orderedAt: Date }) {
  const rows = [...bankTransferRows(), ["お振込金額", formatYen(total)], ["お振込期限", `${formatDateJa(bankTransferDeadline(orderedAt))}まで`]];
  return (
    <>
      <h3>お振込先</h3>
      <Lines items={rows.map(([label, value]) => `${label}：${value}`)} />
    </>
  );
}

/**
 * As a Japanese shop sends it: the order number and date, each item, every amount that makes up the
 * total, the points to be earned, the payment method with what to do next, the delivery address and the
 * preferred delivery date.
 */
function OrderConfirmation({ order, lines, customerName }: OrderConfirmationProps) {
  const payment = PAYMENT_METHODS[order.paymentMethod];
  const orderedAt = order.createdAt ?? new Date();
  const shipTo = describeShipTo(order);
  const delivery = order.deliveryDate ? `${formatDateJa(order.deliveryDate)} ${order.deliveryTimeSlot ?? ""}`.trim() : (order.deliveryTimeSlot ?? "指定なし");
  return (
    <>
      <Greeting name={customerName} />
      <p>このたびは{SHOP_NAME}をご利用いただき、誠にありがとうございます。以下の内容でご注文を承りました。</p>
      <h3>ご注文内容</h3>
      <Lines items={[`注文番号：${order.number}`, `ご注文日：${formatDateJa(orderedAt)}`]} />
      <ul>
        {lines.map((line, index) => (
          <li key={index}>{`${line.title} × ${line.quantity}（${formatYen(line.total)}）`}</li>
        ))}
      </ul>
      <Lines items={[...figuresOf(order), <strong key="total">{`お支払い合計：${formatYen(order.total)}（税込）`}</strong>]} />
      {order.pointsEarned ? <p>{`今回のお買い物で${order.pointsEarned.toLocaleString("ja-JP")}ポイントを獲得予定です。`}</p> : null}
      <h3>お支払い方法</h3>
      <Lines items={[payment.label, payment.note]} />
      {order.paymentMethod === "bank_transfer" ? <BankTransfer total={order.total} orderedAt={orderedAt} /> : null}
      <h3>お届け先</h3>
      <Lines items={[`${shipTo.name} 様`, `${shipTo.postal} ${shipTo.street}`, `お届け希望日時：${delivery}`]} />
      <p>商品の発送準備が整い次第、あらためてご連絡いたします。注文履歴・領収書はマイページからご確認いただけます。</p>
    </>
  );
}

export function orderConfirmationMail(order: OrderMailFacts, lines: OrderConfirmationProps["lines"], customerName: string): MailTemplate {
  return {
    subject: `【ご注文確認】ご注文ありがとうございます（注文番号 ${order.number}）`,
    body: <OrderConfirmation order={order} lines={lines} customerName={customerName} />,
  };
}
