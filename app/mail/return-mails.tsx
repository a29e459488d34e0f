/**
 * The mails of a return or exchange (issue 16 item 5): the request received, approved (with staff's
 * instructions for sending the goods back), refused (with the reason), and the goods received (with the
 * refund, or the exchange's replacement). Each is the member's in-app お知らせ and the e-mail.
 */
import { formatYen } from "~/core/money";
import { RETURN_KINDS, returnReasonLabel, type ReturnKind } from "~/core/returns/return-labels";
import { REFUND_DAYS } from "~/core/returns/returns";
import { OrderLink, type OrderMailAddressee } from "./order-lifecycle-mails";
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

/** The goods came back: the refund recorded, and the points they had earned that were taken back (`pointsWithdrawn`). */
export function returnReceivedMail(addressee: OrderMailAddressee, facts: ReturnMailFacts, refund: number, pointsWithdrawn = 0): MailTemplate {
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
        ) : refund > 0 ? (
          <p>{`返金額 ${formatYen(refund)} を記録しました。${REFUND_DAYS}日以内にご返金いたします。`}</p>
        ) : (
          <p>このご注文には、これ以上ご返金する金額はありません。</p>
        )}
        {pointsWithdrawn > 0 ? <p>{`返品された商品のお買い物で付与したポイント ${pointsWithdrawn.toLocaleString("ja-JP")}pt を取り消しました。`}</p> : null}
        <RequestSummary facts={facts} />
        <OrderLink addressee={addressee} />
      </>
    ),
  };
}
