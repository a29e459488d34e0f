/**
 * 「ご注文内容変更のお知らせ」 (issue 38): what staff (or the shopper) changed on a placed order, each item before →
 * after, the new total and what the change leaves to settle. The member's in-app お知らせ and the e-mail to the
 * buyer, written in the edit's own batch like every order mail.
 */
import { formatYen } from "~/core/money";
import type { OrderEditChange } from "~/core/orders/order-edits";
import { OrderLink, type OrderMailAddressee } from "./order-lifecycle-mails";
import { ThanksGreeting } from "./parts";
import type { MailTemplate } from "./render.server";

export interface OrderEditFacts {
  changes: OrderEditChange[];
  /** Who changed it: the shop, or the customer themselves (their own confirmation). */
  byCustomer: boolean;
  totalBefore: number;
  totalAfter: number;
  /** The order's money was already received: a difference is charged or refunded apart. */
  paid: boolean;
}

/** What the mail says about the money after the change. */
function moneyNote({ totalBefore, totalAfter, paid }: OrderEditFacts): string | null {
  const difference = totalAfter - totalBefore;
  if (difference === 0) return null;
  if (!paid) return `お支払い金額は、変更後の合計 ${formatYen(totalAfter)} となります。`;
  return difference > 0
    ? `お支払い済みの代金との差額 ${formatYen(difference)} を追加でご請求いたします。お支払い方法は担当者よりご連絡いたします。`
    : `お支払い済みの代金との差額 ${formatYen(-difference)} をご返金いたします。返金の方法は担当者よりご連絡いたします。`;
}

export function orderChangedMail(addressee: OrderMailAddressee, facts: OrderEditFacts): MailTemplate {
  const note = moneyNote(facts);
  return {
    brand: "shop",
    subject: `ご注文内容変更のお知らせ（ご注文番号 ${addressee.orderNumber}）`,
    body: (
      <>
        <ThanksGreeting name={addressee.customerName} />
        <p>
          {facts.byCustomer
            ? `ご注文番号 ${addressee.orderNumber} の内容を、お客様のご指定どおり変更いたしました。`
            : `ご注文番号 ${addressee.orderNumber} の内容を、以下のとおり変更いたしました。`}
        </p>
        <h3>変更内容（変更前 → 変更後）</h3>
        <ul>
          {facts.changes.map((change, index) => (
            <li key={index}>{`${change.label}：${change.before} → ${change.after}`}</li>
          ))}
        </ul>
        {note ? <p>{note}</p> : null}
        <p>お心当たりのない変更の場合は、お手数ですがこのメールにご返信ください。</p>
        <OrderLink addressee={addressee} />
      </>
    ),
  };
}
