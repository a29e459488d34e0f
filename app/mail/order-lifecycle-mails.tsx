/**
 * The mails of an order's life after it was placed (issue 16): the payment received, a parcel shipped
 * (出荷のお知らせ, with carrier, tracking link and the expected delivery window), the order cancelled. Each
 * is the member's in-app お知らせ and the e-mail to the buyer, like the confirmation.
 */
import { CARRIERS, trackingUrl, type Carrier } from "~/core/orders/carriers";
import { formatDateJa } from "~/core/dates";
import { formatYen } from "~/core/money";
import { expectedDeliveryWindow } from "~/core/orders/order-lifecycle";
import { ORDER_LOOKUP_PATH } from "~/core/orders/order-lookup";
import { REFUND_DAYS } from "~/core/returns/returns";
import { Lines, ThanksGreeting } from "./parts";
import type { MailTemplate } from "./render.server";

/** Who the mail is for and where their order is shown. */
export interface OrderMailAddressee {
  customerName: string;
  orderNumber: string;
  orderId: number;
  /** A guest's order is looked up by number and e-mail, a member's is in their order history. */
  guest: boolean;
  /** The shop's origin for an e-mail's links; "" in the in-app お知らせ. */
  origin: string;
}

export function OrderLink({ addressee }: { addressee: OrderMailAddressee }) {
  const { origin, guest, orderId } = addressee;
  return guest ? (
    <p>
      ご注文の状況は <a href={`${origin}${ORDER_LOOKUP_PATH}`}>ご注文の照会</a> で、注文番号とメールアドレスを入力してご確認いただけます。
    </p>
  ) : (
    <p>
      ご注文の状況は <a href={`${origin}/user/orders/${orderId}`}>マイページの注文詳細</a> でご確認いただけます。
    </p>
  );
}

export function paymentConfirmedMail(addressee: OrderMailAddressee, amount: number): MailTemplate {
  return {
    brand: "shop",
    subject: `ご入金を確認しました（ご注文番号 ${addressee.orderNumber}）`,
    body: (
      <>
        <ThanksGreeting name={addressee.customerName} />
        <p>{`ご注文番号 ${addressee.orderNumber} のお振り込み（${formatYen(amount)}）を確認いたしました。これより発送の準備に入ります。発送しましたら、あらためて「出荷のお知らせ」をお送りします。`}</p>
        <OrderLink addressee={addressee} />
      </>
    ),
  };
}

export interface ShippedParcel {
  /** 「当社倉庫」 or the merchant's name. */
  sender: string;
  carrier: Carrier;
  trackingNumber: string;
  shippedAt: Date;
  lines: { title: string; quantity: number }[];
}

/** A parcel that left: sender, carrier, tracking number and link, the expected days, and its goods. */
export function ShippedParcelDetails({ parcel }: { parcel: ShippedParcel }) {
  const window = expectedDeliveryWindow(parcel.shippedAt);
  const url = trackingUrl(parcel.carrier, parcel.trackingNumber);
  return (
    <>
      <h3>お届けの荷物</h3>
      <Lines
        items={[
          `発送元：${parcel.sender}`,
          `配送業者：${CARRIERS[parcel.carrier].label}`,
          `お問い合わせ番号：${parcel.trackingNumber}`,
          `お届け予定：${formatDateJa(window.earliest)}〜${formatDateJa(window.latest)}（地域・天候により前後します）`,
        ]}
      />
      <p>
        <a href={url}>{CARRIERS[parcel.carrier].label}の配達状況を見る</a>
      </p>
      <h3>この荷物の商品</h3>
      <ul>
        {parcel.lines.map((line, index) => (
          <li key={index}>{`${line.title} × ${line.quantity}`}</li>
        ))}
      </ul>
    </>
  );
}

export function shipmentShippedMail(addressee: OrderMailAddressee, parcel: ShippedParcel): MailTemplate {
  return {
    brand: "shop",
    subject: `出荷のお知らせ（ご注文番号 ${addressee.orderNumber}）`,
    body: (
      <>
        <ThanksGreeting name={addressee.customerName} />
        <p>{`ご注文番号 ${addressee.orderNumber} の商品を${formatDateJa(parcel.shippedAt)}に発送いたしました。`}</p>
        <ShippedParcelDetails parcel={parcel} />
        <p>ご注文に複数の発送元がある場合、荷物は別々に届きます。ほかの荷物は発送時にあらためてお知らせします。</p>
        <OrderLink addressee={addressee} />
      </>
    ),
  };
}

export interface CancellationFacts {
  /** Why: the shopper asked, staff cancelled, or the transfer did not arrive in time. */
  reason: "customer" | "staff" | "lapsed";
  /** Items cancelled (a line cancellation names only its lines). */
  lines: { title: string; quantity: number }[];
  /** The whole order, or only some lines of it. */
  whole: boolean;
  pointsReturned: number;
  pointsWithdrawn: number;
  couponReturned: boolean;
  /** Money paid that will be refunded (0 when nothing was paid yet). */
  refundDue: number;
}

const CANCELLATION_OPENINGS: Record<CancellationFacts["reason"], string> = {
  customer: "お客様のお申し出により、ご注文をキャンセルいたしました。",
  staff: "ご注文をキャンセルいたしました。",
  lapsed: "お支払い期限までにご入金を確認できなかったため、ご注文をキャンセルいたしました。",
};

export function orderCancelledMail(addressee: OrderMailAddressee, facts: CancellationFacts): MailTemplate {
  const what = facts.whole ? "ご注文" : "ご注文の一部の商品";
  return {
    brand: "shop",
    subject: `${facts.whole ? "ご注文キャンセル" : "ご注文の一部キャンセル"}のお知らせ（ご注文番号 ${addressee.orderNumber}）`,
    body: (
      <>
        <ThanksGreeting name={addressee.customerName} />
        <p>{`ご注文番号 ${addressee.orderNumber}：${facts.whole ? CANCELLATION_OPENINGS[facts.reason] : `${what}をキャンセルいたしました。`}`}</p>
        <h3>キャンセルした商品</h3>
        <ul>
          {facts.lines.map((line, index) => (
            <li key={index}>{`${line.title} × ${line.quantity}`}</li>
          ))}
        </ul>
        {facts.pointsReturned > 0 || facts.pointsWithdrawn > 0 || facts.couponReturned ? (
          <>
            <h3>ポイント・クーポン</h3>
            <Lines
              items={[
                ...(facts.pointsReturned > 0 ? [`ご利用のポイント ${facts.pointsReturned.toLocaleString("ja-JP")}pt をお戻ししました。`] : []),
                ...(facts.pointsWithdrawn > 0 ? [`このご注文で付与したポイント ${facts.pointsWithdrawn.toLocaleString("ja-JP")}pt を取り消しました。`] : []),
                ...(facts.couponReturned ? ["ご利用のクーポンは、再びお使いいただけます（有効期限内に限ります）。"] : []),
              ]}
            />
          </>
        ) : null}
        {facts.refundDue > 0 ? (
          <p>{`お支払い済みの代金 ${formatYen(facts.refundDue)} は、${REFUND_DAYS}日以内にご返金いたします。返金先の口座は、担当者よりご連絡いたします。`}</p>
        ) : null}
        <OrderLink addressee={addressee} />
      </>
    ),
  };
}
