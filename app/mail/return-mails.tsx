/**
 * The mails of a return or exchange (issue 16 item 5): the request received, approved (with staff's
 * instructions for sending the goods back), refused (with the reason), and the goods received (with the
 * refund worded by its method, or the exchange's replacement to come), the replacement shipped with its
 * tracking, or refunded when out of stock. Each is the member's in-app お知らせ and the e-mail.
 */
import { formatDateJa } from "~/core/dates";
import { RETURN_KINDS, returnReasonLabel, type ReturnKind } from "~/core/returns/return-labels";
import { refundNotice } from "~/core/returns/return-refunds";
import { OrderLink, ShippedParcelDetails, type OrderMailAddressee, type ShippedParcel } from "./order-lifecycle-mails";
import { ThanksGreeting } from "./parts";
import type { MailTemplate } from "./render.server";

export interface ReturnMailFacts {
  kind: ReturnKind;
  reason: string;
  lines: { title: string; quantity: number }[];
}

function subject(addressee: OrderMailAddressee, what: string): string {
  return `${what}（ご注文番号 ${addressee.orderNumber}）`;
}

function RequestSummary({ facts }: { facts: ReturnMailFacts }) {
  return (
    <>
      <h3>{`${RETURN_KINDS[facts.kind]}のお申し込み内容`}</h3>
      <ul>
        <li>{`理由：${returnReasonLabel(facts.reason)}`}</li>
        {facts.lines.map((line, index) => (
          <li key={index}>{`${line.title} × ${line.quantity}`}</li>
        ))}
      </ul>
    </>
  );
}

export function returnRequestedMail(addressee: OrderMailAddressee, facts: ReturnMailFacts): MailTemplate {
  const kind = RETURN_KINDS[facts.kind];
  return {
    brand: "shop",
    subject: subject(addressee, `${kind}のお申し込みを受け付けました`),
    body: (
      <>
        <ThanksGreeting name={addressee.customerName} />
        <p>{`ご注文番号 ${addressee.orderNumber} の${kind}のお申し込みを受け付けました。担当者が内容を確認し、あらためてご連絡いたします。商品は、ご連絡をお待ちいただいてからお送りください。`}</p>
        <RequestSummary facts={facts} />
        <OrderLink addressee={addressee} />
      </>
    ),
  };
}

export function returnApprovedMail(addressee: OrderMailAddressee, facts: ReturnMailFacts, message: string): MailTemplate {
  const kind = RETURN_KINDS[facts.kind];
  return {
    brand: "shop",
    subject: subject(addressee, `${kind}のお申し込みを承りました`),
    body: (
      <>
        <ThanksGreeting name={addressee.customerName} />
        <p>{`ご注文番号 ${addressee.orderNumber} の${kind}のお申し込みを承りました。担当者からのご案内に沿って、商品をお送りください。`}</p>
        <h3>担当者からのご案内</h3>
        <blockquote>{message}</blockquote>
        <RequestSummary facts={facts} />
        <OrderLink addressee={addressee} />
      </>
    ),
  };
}

export function returnRefusedMail(addressee: OrderMailAddressee, facts: ReturnMailFacts, message: string): MailTemplate {
  const kind = RETURN_KINDS[facts.kind];
  return {
    brand: "shop",
    subject: subject(addressee, `${kind}のお申し込みについて`),
    body: (
      <>
        <ThanksGreeting name={addressee.customerName} />
        <p>{`ご注文番号 ${addressee.orderNumber} の${kind}のお申し込みについて、誠に申し訳ございませんが、今回はお受けすることができません。`}</p>
        <h3>担当者からのご説明</h3>
        <blockquote>{message}</blockquote>
        <RequestSummary facts={facts} />
        <p>ご不明な点は、マイページのお問い合わせからご連絡ください。</p>
        <OrderLink addressee={addressee} />
      </>
    ),
  };
}

/** A refund as the shopper is told it, by its method (app/core/returns/return-refunds.ts). */
export interface RefundFacts {
  amount: number;
  method: string;
}

function PointsWithdrawn({ points }: { points: number }) {
  return points > 0 ? <p>{`返品された商品のお買い物で付与したポイント ${points.toLocaleString("ja-JP")}pt を取り消しました。`}</p> : null;
}

/** The goods came back: the refund recorded (worded by its method), and the points they had earned that were taken back (`pointsWithdrawn`). */
export function returnReceivedMail(addressee: OrderMailAddressee, facts: ReturnMailFacts, refund: RefundFacts, pointsWithdrawn = 0): MailTemplate {
  const kind = RETURN_KINDS[facts.kind];
  return {
    brand: "shop",
    subject: subject(addressee, `${kind}の商品を受け取りました`),
    body: (
      <>
        <ThanksGreeting name={addressee.customerName} />
        <p>{`ご注文番号 ${addressee.orderNumber} の${kind}の商品が当社に届きました。`}</p>
        {facts.kind === "exchange" ? (
          <p>交換の商品を準備して発送いたします。発送しましたら、あらためてご連絡いたします。</p>
        ) : refund.amount > 0 ? (
          <p>{refundNotice(refund.method, refund.amount)}</p>
        ) : (
          <p>このご注文には、これ以上ご返金する金額はありません。</p>
        )}
        <PointsWithdrawn points={pointsWithdrawn} />
        <RequestSummary facts={facts} />
        <OrderLink addressee={addressee} />
      </>
    ),
  };
}

/** The exchange's replacement left, with its tracking like any parcel's 出荷のお知らせ. */
export function replacementShippedMail(addressee: OrderMailAddressee, parcel: ShippedParcel): MailTemplate {
  return {
    brand: "shop",
    subject: subject(addressee, "交換品を発送しました"),
    body: (
      <>
        <ThanksGreeting name={addressee.customerName} />
        <p>{`ご注文番号 ${addressee.orderNumber} の交換品を${formatDateJa(parcel.shippedAt)}に発送いたしました。このたびはご迷惑をおかけし、申し訳ございませんでした。`}</p>
        <ShippedParcelDetails parcel={parcel} />
        <OrderLink addressee={addressee} />
      </>
    ),
  };
}

/** The exchange could not be replaced (out of stock): the goods are refunded instead. */
export function replacementRefundedMail(addressee: OrderMailAddressee, facts: ReturnMailFacts, refund: RefundFacts, pointsWithdrawn: number): MailTemplate {
  return {
    brand: "shop",
    subject: subject(addressee, "交換品のご用意ができないため、ご返金いたします"),
    body: (
      <>
        <ThanksGreeting name={addressee.customerName} />
        <p>{`ご注文番号 ${addressee.orderNumber} の交換品は在庫を切らしており、ご用意ができませんでした。誠に申し訳ございませんが、交換に代えてご返金いたします。`}</p>
        {refund.amount > 0 ? <p>{refundNotice(refund.method, refund.amount)}</p> : <p>このご注文には、これ以上ご返金する金額はありません。</p>}
        <PointsWithdrawn points={pointsWithdrawn} />
        <RequestSummary facts={facts} />
        <OrderLink addressee={addressee} />
      </>
    ),
  };
}
