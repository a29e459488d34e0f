import { formatYen } from "~/core/money";
import { REDUCED_TAX_RATE } from "~/core/tax";
import type { Receipt } from "~/web/types/orders";

/** The receipt's items, fees and reductions with the total; a reduced-rate item is marked ※. */
export function ReceiptBreakdown({ receipt }: { receipt: Receipt }) {
  return (
    <table className="w-full border-collapse text-xs">
      <caption className="mb-1 text-left text-sm font-bold">内訳</caption>
      <thead>
        <tr className="border-b border-b-solid border-gray-400">
          <th scope="col" className="py-1 text-left">
            品名
          </th>
          <th scope="col" className="w-12 py-1 text-right">
            数量
          </th>
          <th scope="col" className="w-24 py-1 text-right">
            金額（税込）
          </th>
        </tr>
      </thead>
      <tbody>
        {receipt.lines.map((line, index) => (
          <tr key={index} className="border-b border-b-solid border-gray-200">
            <td className="py-1 pr-2">
              {line.title}
              {line.choiceLabel ? `（${line.choiceLabel}）` : ""}
              {line.taxRate === REDUCED_TAX_RATE ? " ※" : ""}
            </td>
            <td className="py-1 text-right">{line.quantity}</td>
            <td className="py-1 text-right">{formatYen(line.total)}</td>
          </tr>
        ))}
        {receipt.fees.map((fee) => (
          <tr key={fee.label} className="border-b border-b-solid border-gray-200">
            <td className="py-1 pr-2" colSpan={2}>
              {fee.label}
            </td>
            <td className="py-1 text-right">{formatYen(fee.amount)}</td>
          </tr>
        ))}
        {receipt.reductions.map((reduction) => (
          <tr key={reduction.label} className="border-b border-b-solid border-gray-200">
            <td className="py-1 pr-2" colSpan={2}>
              {reduction.label}
            </td>
            <td className="py-1 text-right">−{formatYen(reduction.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="font-bold">
          <th scope="row" colSpan={2} className="py-1 text-left">
            合計（税込）
          </th>
          <td className="py-1 text-right">{formatYen(receipt.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** The amount and tax per rate, as a qualified invoice must show them. */
export function ReceiptTaxTable({ receipt }: { receipt: Receipt }) {
  return (
    <table className="w-full border-collapse text-xs" data-testid="receipt-tax">
      <caption className="mb-1 text-left text-sm font-bold">税率別内訳</caption>
      <thead>
        <tr className="border-b border-b-solid border-gray-400">
          <th scope="col" className="py-1 text-left">
            税率
          </th>
          <th scope="col" className="py-1 text-right">
            対象金額（税込）
          </th>
          <th scope="col" className="py-1 text-right">
            うち消費税
          </th>
        </tr>
      </thead>
      <tbody>
        {receipt.taxLines.map((tax) => (
          <tr key={tax.rate} className="border-b border-b-solid border-gray-200" data-testid={`receipt-tax-${tax.rate}`}>
            <th scope="row" className="py-1 text-left font-normal">
              {tax.rate}%対象{tax.rate === REDUCED_TAX_RATE ? "（軽減税率）" : ""}
            </th>
            <td className="py-1 text-right">{formatYen(tax.taxable)}</td>
            <td className="py-1 text-right">{formatYen(tax.tax)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
