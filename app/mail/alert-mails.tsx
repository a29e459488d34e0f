/**
 * Alerts to the people who must act (issue 37 item 4, decision 0058): a merchant told that a parcel of
 * theirs may ship or that a return of their goods was asked for (one mail each, or the day's digest), and
 * staff told of a new ticket, a new return request, a support mail held for review, products running low,
 * a bank transfer that lapsed, and the day's to-do counts. Links are absolute, into /merchant or /crm.
 */
import { formatDateJa, formatDateTime } from "~/core/dates";
import { formatYen } from "~/core/money";
import { useShopName } from "./shop-name";
import { excerpt } from "~/core/tickets/tickets";
import { Lines } from "./parts";
import type { MailTemplate } from "./render.server";

/** A line of a parcel or a return, as the mail lists it. */
export interface AlertItem {
  title: string;
  /** The variation or options chosen, if any. */
  detail?: string | null;
  quantity: number;
}

function ItemList({ items }: { items: AlertItem[] }) {
  return (
    <ul>
      {items.map((item, index) => (
        <li key={index}>{`${item.title}${item.detail ? `（${item.detail}）` : ""} × ${item.quantity}`}</li>
      ))}
    </ul>
  );
}

function MerchantGreeting({ merchantName }: { merchantName: string }) {
  const shopName = useShopName();
  return (
    <>
      <p>{`${merchantName} ご担当者様`}</p>
      <p>{`いつも${shopName}へのご出店ありがとうございます。運営事務局です。`}</p>
    </>
  );
}

function StaffGreeting() {
  const shopName = useShopName();
  return <p>{`${shopName} スタッフの皆さま（管理画面からの自動通知です）`}</p>;
}

function Link({ href, children }: { href: string; children: string }) {
  return (
    <p>
      <a href={href}>{children}</a>
    </p>
  );
}

// ─── Merchants ─────────────────────────────────────────────────────────────────────────────

export interface MerchantReadyFacts {
  merchantName: string;
  orderNumber: string;
  paymentLabel: string;
  /** The parcel's lines (this merchant's goods only). */
  items: AlertItem[];
  /** The buyer's お届け希望日・時間帯, when they chose one. */
  deliveryWish: string | null;
  /** The parcel in the merchant portal. */
  shipmentUrl: string;
}

export function merchantReadyMail(facts: MerchantReadyFacts): MailTemplate {
  return {
    brand: "shop",
    subject: `発送待ちのご注文が入りました（ご注文番号 ${facts.orderNumber}）`,
    body: (
      <>
        <MerchantGreeting merchantName={facts.merchantName} />
        <p>{`ご注文番号 ${facts.orderNumber} の商品が発送できる状態になりました。ご準備のうえ、発送をお願いいたします。`}</p>
        <h3>発送する商品</h3>
        <ItemList items={facts.items} />
        <Lines
          items={[
            `お支払い方法：${facts.paymentLabel}`,
            ...(facts.deliveryWish ? [`お届け希望：${facts.deliveryWish}（この日時に届くように発送してください）`] : []),
          ]}
        />
        <p>お届け先・送り状の情報は、出店者管理画面でご確認ください。</p>
        <Link href={facts.shipmentUrl}>出店者管理画面でこの配送を開く</Link>
      </>
    ),
  };
}

export interface MerchantReturnFacts {
  merchantName: string;
  orderNumber: string;
  /** 返品 or 交換, and the reason as the shopper chose it. */
  kindLabel: string;
  reasonLabel: string;
  items: AlertItem[];
  shipmentUrl: string;
}

export function merchantReturnMail(facts: MerchantReturnFacts): MailTemplate {
  return {
    brand: "shop",
    subject: `${facts.kindLabel}のお申し込みがありました（ご注文番号 ${facts.orderNumber}）`,
    body: (
      <>
        <MerchantGreeting merchantName={facts.merchantName} />
        <p>{`ご注文番号 ${facts.orderNumber} で発送いただいた商品について、お客様から${facts.kindLabel}のお申し込みがありました。運営事務局が内容を確認し、商品の返送先などをあらためてご連絡します。`}</p>
        <h3>{`${facts.kindLabel}の対象（理由：${facts.reasonLabel}）`}</h3>
        <ItemList items={facts.items} />
        <Link href={facts.shipmentUrl}>出店者管理画面でこの配送を開く</Link>
      </>
    ),
  };
}

export interface MerchantDigestFacts {
  merchantName: string;
  /** The Japan day of the digest ("2026-11-21"). */
  day: string;
  /** How many alerts the digest covers; `entries` may list fewer (the first ones). */
  total: number;
  entries: { kindLabel: string; summary: string; at: Date; url: string | null }[];
  portalUrl: string;
}

export function merchantDigestMail(facts: MerchantDigestFacts): MailTemplate {
  const more = facts.total - facts.entries.length;
  return {
    brand: "shop",
    subject: `本日のお知らせのまとめ（${formatDateJa(facts.day)}・${facts.total}件）`,
    body: (
      <>
        <MerchantGreeting merchantName={facts.merchantName} />
        <p>{`前回のまとめ以降のお知らせが${facts.total}件あります。`}</p>
        <ul>
          {facts.entries.map((entry, index) => (
            <li key={index}>
              {`【${entry.kindLabel}】${entry.summary}（${formatDateTime(entry.at)}）`}
              {entry.url ? (
                <>
                  {" "}
                  <a href={entry.url}>{entry.url}</a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
        {more > 0 ? <p>{`ほか${more}件は、出店者管理画面でご確認ください。`}</p> : null}
        <Link href={facts.portalUrl}>出店者管理画面を開く</Link>
      </>
    ),
  };
}

// ─── Staff ─────────────────────────────────────────────────────────────────────────────────

export interface NewTicketFacts {
  /** The member's name, or a guest's address. */
  customer: string;
  channel: "form" | "mail";
  category: string;
  /** The first message (its beginning is quoted). */
  message: string;
  ticketUrl: string;
}

export function newTicketAlertMail(facts: NewTicketFacts): MailTemplate {
  return {
    brand: "staff",
    subject: `新しいお問い合わせ：${facts.customer}（${facts.category}）`,
    body: (
      <>
        <StaffGreeting />
        <p>{`${facts.channel === "form" ? "お問い合わせフォーム" : "メール"}から新しいお問い合わせが届きました。`}</p>
        <Lines items={[`お客様：${facts.customer}`, `種類：${facts.category}`]} />
        <blockquote>{excerpt(facts.message, 200)}</blockquote>
        <Link href={facts.ticketUrl}>お問い合わせを開く</Link>
      </>
    ),
  };
}

export interface NewReturnFacts {
  orderNumber: string;
  customer: string;
  kindLabel: string;
  reasonLabel: string;
  items: AlertItem[];
  returnUrl: string;
}

export function newReturnAlertMail(facts: NewReturnFacts): MailTemplate {
  return {
    brand: "staff",
    subject: `${facts.kindLabel}のお申し込み（ご注文番号 ${facts.orderNumber}）`,
    body: (
      <>
        <StaffGreeting />
        <p>{`${facts.customer} 様から、ご注文番号 ${facts.orderNumber} の${facts.kindLabel}のお申し込みがありました。内容を確認して、承認するかどうかを決めてください。`}</p>
        <h3>{`理由：${facts.reasonLabel}`}</h3>
        <ItemList items={facts.items} />
        <Link href={facts.returnUrl}>お申し込みを開く</Link>
      </>
    ),
  };
}

export interface InboundHeldFacts {
  from: string;
  subject: string;
  reason: string;
  inboxUrl: string;
}

export function inboundHeldAlertMail(facts: InboundHeldFacts): MailTemplate {
  return {
    brand: "staff",
    subject: `確認待ちの受信メール：${facts.subject.trim() || "（件名なし）"}`,
    body: (
      <>
        <StaffGreeting />
        <p>サポート窓口に届いたメールを、お問い合わせにせずに保留しました。内容を確認して、お問い合わせとして受け付けるか破棄してください。</p>
        <Lines items={[`差出人：${facts.from}`, `件名：${facts.subject.trim() || "（件名なし）"}`, `保留の理由：${facts.reason}`]} />
        <Link href={facts.inboxUrl}>受信メールの一覧を開く</Link>
      </>
    ),
  };
}

export interface LowStockFacts {
  products: { title: string; sku: string; alert: string; url: string }[];
  /** The staff product list filtered to each alert. */
  outUrl: string;
  lowUrl: string;
}

export function lowStockAlertMail(facts: LowStockFacts): MailTemplate {
  return {
    brand: "staff",
    subject: `在庫が少なくなった商品があります（${facts.products.length}件）`,
    body: (
      <>
        <StaffGreeting />
        <p>次の商品が在庫切れ、または在庫わずかの目安を下回りました。入荷の手配をご検討ください。</p>
        <ul>
          {facts.products.map((product, index) => (
            <li key={index}>
              {`【${product.alert}】${product.title}（${product.sku}） `}
              <a href={product.url}>{product.url}</a>
            </li>
          ))}
        </ul>
        <Lines
          items={[
            <a key="out" href={facts.outUrl}>
              在庫切れの商品の一覧
            </a>,
            <a key="low" href={facts.lowUrl}>
              在庫わずかの商品の一覧
            </a>,
          ]}
        />
      </>
    ),
  };
}

export interface TransferLapsedFacts {
  orderNumber: string;
  customer: string;
  total: number;
  placedAt: Date;
  orderUrl: string;
}

export function transferLapsedAlertMail(facts: TransferLapsedFacts): MailTemplate {
  return {
    brand: "staff",
    subject: `入金期限切れでキャンセルしました（ご注文番号 ${facts.orderNumber}）`,
    body: (
      <>
        <StaffGreeting />
        <p>
          銀行振込のお支払い期限を過ぎても入金が確認できなかったため、次のご注文を自動でキャンセルしました（お客様にはキャンセルのメールをお送りしています）。
        </p>
        <Lines
          items={[
            `ご注文番号：${facts.orderNumber}`,
            `お客様：${facts.customer}`,
            `ご注文金額：${formatYen(facts.total)}`,
            `ご注文日時：${formatDateTime(facts.placedAt)}`,
          ]}
        />
        <p>期限後に入金があった場合は、返金または再注文のご案内をお願いします。</p>
        <Link href={facts.orderUrl}>ご注文を開く</Link>
      </>
    ),
  };
}

export interface StaffDigestFacts {
  day: string;
  items: { label: string; count: number; url: string; urgent: boolean }[];
  dashboardUrl: string;
}

export function staffDigestMail(facts: StaffDigestFacts): MailTemplate {
  return {
    brand: "staff",
    subject: `本日の対応事項（${formatDateJa(facts.day)}）`,
    body: (
      <>
        <StaffGreeting />
        <p>{`${formatDateJa(facts.day)}の対応事項です（管理画面のダッシュボードと同じ件数です）。`}</p>
        <ul>
          {facts.items.map((item, index) => (
            <li key={index}>
              {`${item.urgent && item.count > 0 ? "【至急】" : ""}${item.label}：${item.count}件 `}
              <a href={item.url}>{item.url}</a>
            </li>
          ))}
        </ul>
        <Link href={facts.dashboardUrl}>ダッシュボードを開く</Link>
      </>
    ),
  };
}
