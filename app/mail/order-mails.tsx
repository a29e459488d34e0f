/**
 * The order confirmation: the member's in-app お知らせ (spec §3) and the e-mail every buyer gets (issue 15)
 * are this one template. It carries what 特定商取引法 asks the final confirmation to state — items with
 * quantities and prices, every amount, payment method and timing, delivery timing and wish, cancellation
 * and return terms — so the buyer keeps a copy of what they agreed to.
 */
import { describeShipTo } from "~/core/address/address-book";
import { bankTransferRows, type BankAccount } from "~/core/checkout/bank-transfer";
import { formatDateJa } from "~/core/dates";
import { LEGAL_PAGES, RETURNS_SECTION_ID } from "~/core/site/legal-document";
import { formatYen } from "~/core/money";
import { KONBINI_PAYMENT_DAYS, PAYMENT_METHODS, type PaymentMethod } from "~/core/checkout/payment-methods";
import { pendingPointsCondition } from "~/core/member/points";
import { receiptTaxLines } from "~/core/orders/receipt";
import { cancellationTerms, returnsSummary } from "~/core/returns/returns";
import type { ShopSettings } from "~/core/settings/shop-settings";
import { deliveryTimingLines, paymentTiming } from "~/core/site/shop-policies";
import { Greeting, Lines } from "./parts";
import type { MailTemplate } from "./render.server";

/**
 * What the order-confirmation mail tells, as plain values: the figures of the order row as stored (checkout
 * and the demo seed pass the row they insert; amounts the row defaults to 0 may be left out).
 */
export interface OrderMailFacts {
  number: string;
  paymentMethod: PaymentMethod;
  subtotal: number;
  shippingFee?: number;
  coldshippingFee?: number;
  splitShippingFee?: number;
  extraFee?: number;
  wrappingFee?: number;
  discountCoupon?: number;
  pointsUsed?: number;
  pointsEarned?: number;
  total: number;
  createdAt?: Date;
  /** A 銀行振込 order's last day to pay, as stored on the order when it was placed. */
  paymentDueOn?: string | null;
  shipLastname: string;
  shipFirstname: string;
  shipPostalCode: string;
  shipPrefecture: number;
  shipCity: string;
  shipDistrict?: string;
  shipAddress1: string;
  shipAddress2?: string;
  deliveryDate?: string | null;
  deliveryTimeSlot?: string | null;
  taxable10?: number;
  tax10?: number;
  taxable8?: number;
  tax8?: number;
}

/** One item as ordered: the order line's own figures (unit price, choices and marks when known). */
export interface OrderMailLine {
  title: string;
  quantity: number;
  total: number;
  unitPrice?: number;
  choiceLabel?: string | null;
  optionsLabel?: string | null;
  isPreorder?: boolean | null;
  subscribe?: number | null;
  wrapping?: boolean | null;
}

export interface OrderMailOptions {
  /** The shop's origin for links in an e-mail; absent in the in-app お知らせ (links within the shop). */
  origin?: string;
  /** A guest order: the e-mail points to the order lookup instead of the member's order history. */
  guest?: boolean;
}

/** What the confirmation names of the shop settings in force: the shop, its bank account, the terms' days and contact. */
export type OrderMailShop = Pick<ShopSettings, "shopName" | "bank" | "bankTransferDays" | "phone" | "supportEmail">;

interface OrderConfirmationProps extends OrderMailOptions {
  order: OrderMailFacts;
  lines: OrderMailLine[];
  customerName: string;
  shop: OrderMailShop;
}

/** Every amount that makes up the total, as the order page lists them; fees and discounts only when there are any. */
function figuresOf(order: OrderMailFacts): string[] {
  const payment = PAYMENT_METHODS[order.paymentMethod];
  const amount = (label: string, value: number | null | undefined, sign = "") => (value ? [`${label}：${sign}${formatYen(value)}`] : []);
  return [
    `商品小計：${formatYen(order.subtotal)}`,
    `送料：${order.shippingFee ? formatYen(order.shippingFee) : "無料"}`,
    ...amount("クール便料金", order.coldshippingFee),
    ...amount("分割配送料（予約商品）", order.splitShippingFee),
    ...amount("ギフトラッピング", order.wrappingFee),
    ...amount(`手数料（${payment.label}）`, order.extraFee),
    ...amount("クーポン割引", order.discountCoupon, "−"),
    ...amount("ポイント利用", order.pointsUsed, "−"),
  ];
}

/** The consumption tax contained in the total, per rate, as the order page and the receipt state it. */
function taxFiguresOf(order: OrderMailFacts): string[] {
  if (!order.taxable10 && !order.taxable8) return [];
  const totals = { taxable10: order.taxable10 ?? 0, tax10: order.tax10 ?? 0, taxable8: order.taxable8 ?? 0, tax8: order.tax8 ?? 0 };
  return receiptTaxLines(totals).map((line) => `（${line.rate}%対象 ${formatYen(line.taxable)} 内消費税 ${formatYen(line.tax)}）`);
}

/** An item with its choices, unit price × quantity and total, and what kind of delivery it is. */
function lineText(line: OrderMailLine): string {
  if (line.unitPrice == null) return `${line.title} × ${line.quantity}（${formatYen(line.total)}）`;
  const choices = [line.choiceLabel, line.optionsLabel].filter(Boolean).join("・");
  const marks = [
    line.isPreorder ? "予約商品" : null,
    line.subscribe != null ? `定期便・${line.subscribe}か月ごと` : null,
    line.wrapping ? "ギフトラッピング" : null,
  ]
    .filter(Boolean)
    .map((mark) => `【${mark}】`)
    .join("");
  return `${line.title}${choices ? `（${choices}）` : ""}${marks} ${formatYen(line.unitPrice)} × ${line.quantity}点 ＝ ${formatYen(line.total)}`;
}

/** The 振込先 and the order's own deadline of a 銀行振込 order. */
function BankTransfer({ total, dueOn, bank }: { total: number; dueOn: string | null; bank: BankAccount }) {
  const rows = [...bankTransferRows(bank), ["お振込金額", formatYen(total)], ...(dueOn ? [["お振込期限", `${formatDateJa(dueOn)}まで`]] : [])];
  return (
    <>
      <h3>お振込先</h3>
      <Lines items={rows.map(([label, value]) => `${label}：${value}`)} />
      <p>
        お振込みにかかる費用はお客様のご負担となります。ご入金を確認してから発送いたします。期限までにご入金を確認できない場合、ご注文はキャンセルとなります。
      </p>
    </>
  );
}

/** How a コンビニ後払い order is paid: the slip comes with the goods. */
function KonbiniPostpay({ total }: { total: number }) {
  return (
    <>
      <h3>コンビニ後払いのお支払いについて</h3>
      <Lines
        items={[
          "払込票は商品に同封してお届けします。",
          `お支払い金額：${formatYen(total)}`,
          `お支払い期限：商品到着後${KONBINI_PAYMENT_DAYS}日以内`,
          "全国の主要なコンビニエンスストアでお支払いいただけます。",
        ]}
      />
    </>
  );
}

/**
 * As a Japanese shop sends it: the order number and date, each item, every amount that makes up the
 * total with the tax in it, the points to be earned, the payment method with when and how to pay, the
 * delivery address and wish, when the goods ship, and the cancellation and return terms.
 */
function OrderConfirmation({ order, lines, customerName, shop, origin = "", guest = false }: OrderConfirmationProps) {
  const payment = PAYMENT_METHODS[order.paymentMethod];
  const dueOn = order.paymentDueOn ?? null;
  // A 銀行振込 order states its own deadline (a later change of the days never moves it).
  const timing =
    order.paymentMethod === "bank_transfer" && dueOn
      ? `${formatDateJa(dueOn)}までにお振り込みください。ご入金を確認してから発送します。`
      : paymentTiming(shop.bankTransferDays)[order.paymentMethod];
  const orderedAt = order.createdAt ?? new Date();
  const shipTo = describeShipTo(order);
  const delivery = order.deliveryDate ? `${formatDateJa(order.deliveryDate)} ${order.deliveryTimeSlot ?? ""}`.trim() : (order.deliveryTimeSlot ?? "指定なし");
  const returnsUrl = `${origin}${LEGAL_PAGES.tokushoho.path}#${RETURNS_SECTION_ID}`;
  return (
    <>
      <Greeting name={customerName} />
      <p>このたびは{shop.shopName}をご利用いただき、誠にありがとうございます。以下の内容でご注文を承りました。</p>
      <h3>ご注文内容</h3>
      <Lines items={[`注文番号：${order.number}`, `ご注文日：${formatDateJa(orderedAt)}`]} />
      <ul>
        {lines.map((line, index) => (
          <li key={index}>{lineText(line)}</li>
        ))}
      </ul>
      <Lines items={[...figuresOf(order), <strong key="total">{`お支払い合計：${formatYen(order.total)}（税込）`}</strong>, ...taxFiguresOf(order)]} />
      {order.pointsEarned ? (
        <p>{`今回のお買い物で${order.pointsEarned.toLocaleString("ja-JP")}ポイントを獲得予定です（${pendingPointsCondition(order.paymentMethod)}）。`}</p>
      ) : null}
      <h3>お支払い方法</h3>
      <Lines items={[payment.label, `お支払い時期：${timing}`]} />
      {order.paymentMethod === "bank_transfer" ? <BankTransfer total={order.total} dueOn={dueOn} bank={shop.bank} /> : null}
      {order.paymentMethod === "konbini_postpay" ? <KonbiniPostpay total={order.total} /> : null}
      <h3>お届け先</h3>
      <Lines items={[`${shipTo.name} 様`, `${shipTo.postal} ${shipTo.street}`, `お届け希望日時：${delivery}`]} />
      <h3>発送・お届けの時期</h3>
      <ul>
        {deliveryTimingLines()
          .filter((line): line is string => typeof line === "string")
          .map((line) => (
            <li key={line}>{line}</li>
          ))}
      </ul>
      <h3>キャンセル・返品について</h3>
      <ul>
        {[...cancellationTerms(shop), returnsSummary()[1]!].map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>
        {"詳しくは「特定商取引法に基づく表記」の"}
        <a href={returnsUrl}>返品・交換・キャンセルについて</a>
        {"をご覧ください。"}
      </p>
      <p>商品の発送準備が整い次第、あらためてご連絡いたします。</p>
      {guest ? (
        <p>
          {"ご注文の状況は、"}
          <a href={`${origin}/order-lookup`}>ご注文の照会</a>
          {"から注文番号とこのメールアドレスでご確認いただけます。"}
        </p>
      ) : (
        <p>
          {"注文履歴・領収書は"}
          <a href={`${origin}/user/orders`}>マイページの「注文履歴」</a>
          {"からご確認いただけます。"}
        </p>
      )}
    </>
  );
}

export function orderConfirmationMail(
  order: OrderMailFacts,
  lines: OrderMailLine[],
  customerName: string,
  shop: OrderMailShop,
  options: OrderMailOptions = {},
): MailTemplate {
  return {
    subject: `【ご注文確認】ご注文ありがとうございます（注文番号 ${order.number}）`,
    body: <OrderConfirmation order={order} lines={lines} customerName={customerName} shop={shop} {...options} />,
  };
}
