import { merchantDisclosureRows, merchantShippingLine, type MerchantDisclosure as Disclosure } from "~/core/merchant/merchant-disclosure";

/**
 * Who ships a merchant's product, under the shipping notes: the line naming the merchant, and its
 * 特定商取引法 details (事業者名, 代表者, 所在地, 連絡先) behind a disclosure that works without JS.
 */
export function MerchantDisclosure({ merchant }: { merchant: Disclosure }) {
  const rows = merchantDisclosureRows(merchant);
  return (
    <div className="rounded border border-solid border-gray-200 p-3 text-sm" data-testid="merchant-disclosure">
      <p className="m-0">{merchantShippingLine(merchant)}</p>
      <details className="mt-1">
        <summary className="cursor-pointer text-xs text-brand">出店者の情報（特定商取引法に基づく表記）</summary>
        <dl className="m-0 mt-2 grid grid-cols-[7rem_1fr] gap-x-2 gap-y-1 text-xs">
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="font-bold text-gray-700">{row.label}</dt>
              <dd className="m-0 break-all">{row.value}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
