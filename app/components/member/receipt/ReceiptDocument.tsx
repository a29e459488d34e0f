import { formatDateJa } from "~/core/dates";
import { formatYen } from "~/core/money";
import { sellerAddressText, type SellerFacts } from "~/core/settings/shop-settings";
import { REDUCED_TAX_RATE } from "~/core/tax";
import type { Receipt } from "~/web/types/orders";
import { ReceiptBreakdown, ReceiptTaxTable } from "./ReceiptTables";

/**
 * The printed receipt: a qualified invoice (適格請求書) with the addressee, the tax-included total and memo,
 * the breakdown, tax per rate, and the seller (the shop settings in force) with its registration number.
 */
export function ReceiptDocument({ receipt, issuedAt, seller }: { receipt: Receipt; issuedAt: Date; seller: SellerFacts }) {
  const hasReducedRate = receipt.lines.some((line) => line.taxRate === REDUCED_TAX_RATE);
  return (
    <article className="receipt card mx-auto mt-4 grid max-w-2xl gap-4 p-5 text-sm" aria-labelledby="receipt-title" data-testid="receipt">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="receipt-title" className="m-0 text-2xl tracking-[0.5em]">
          領収書
        </h2>
        <dl className="m-0 grid gap-0.5 text-right text-xs">
          <div>
            <dt className="inline">No. </dt>
            <dd className="m-0 inline">{receipt.number}</dd>
          </div>
          <div>
            <dt className="inline">発行日：</dt>
            <dd className="m-0 inline">{formatDateJa(issuedAt)}</dd>
          </div>
        </dl>
      </header>

      <p className="m-0 border-b border-b-solid border-gray-800 pb-1 text-lg" data-testid="receipt-name">
        {receipt.name ? `${receipt.name} 様` : "\u3000".repeat(10) + "様"}
      </p>

      <div className="grid gap-1 text-center">
        <p className="m-0 text-3xl font-bold" data-testid="receipt-total">
          {formatYen(receipt.total)}
          <span className="ml-1 text-sm font-normal">（税込）</span>
        </p>
        <p className="m-0" data-testid="receipt-memo">
          但し{"\u3000"}
          {receipt.memo}
        </p>
        <p className="m-0 text-xs">上記正に領収いたしました。</p>
      </div>

      <ReceiptBreakdown receipt={receipt} />
      <ReceiptTaxTable receipt={receipt} />
      {hasReducedRate ? <p className="m-0 text-xs">※印は軽減税率（8%）対象商品です。</p> : null}

      <dl className="m-0 grid gap-0.5 text-xs">
        <div>
          <dt className="inline">ご注文日：</dt>
          <dd className="m-0 inline">{formatDateJa(receipt.dateCreated)}</dd>
        </div>
        <div>
          <dt className="inline">お支払い方法：</dt>
          <dd className="m-0 inline">{receipt.paymentLabel}</dd>
        </div>
      </dl>

      <footer className="grid justify-items-end gap-0.5 text-right text-xs" data-testid="receipt-seller">
        <p className="m-0 text-sm font-bold">{seller.sellerName}</p>
        <p className="m-0">{sellerAddressText(seller)}</p>
        <p className="m-0">電話 {seller.phone}</p>
        <p className="m-0">登録番号 {seller.registrationNumber}</p>
      </footer>
    </article>
  );
}
