import { Link } from "@remix-run/react";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk-path";
import type { BulkResultData } from "~/web/types/order-bulk";

/** The outcome of a bulk action, order by order (parcel by parcel): done, or refused with the reason. */
export function BulkResults({ result }: { result: BulkResultData }) {
  return (
    <div className="grid gap-3">
      <h1 className="m-0 text-xl">一括操作の結果：{result.intentLabel}</h1>
      <p role="status" className="m-0 rounded bg-green-50 px-3 py-2 text-sm" data-testid="bulk-result-summary">
        完了 {result.doneCount}件／対象外 {result.refusedCount}件
      </p>
      {result.rows.length === 0 ? <p className="m-0">結果を表示できる注文はありません。</p> : null}
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm" data-testid="bulk-result-table">
          <caption className="sr-only">注文ごとの結果</caption>
          <thead>
            <tr className="border-b border-b-solid border-gray-300 text-left">
              <th className="p-2">注文番号</th>
              <th className="p-2">荷物</th>
              <th className="p-2">結果</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row, index) => (
              <tr key={index} className="border-b border-b-solid border-gray-200" data-testid="bulk-result-row" data-outcome={row.done ? "done" : "refused"}>
                <th scope="row" className="p-2 text-left">
                  {row.number ? <Link to={`${ORDER_DESK_PATH}/${row.orderId}`}>{row.number}</Link> : `ID ${row.orderId}`}
                </th>
                <td className="p-2 text-xs">{row.sender ?? ""}</td>
                <td className={`p-2 ${row.done ? "text-green-800" : "text-red-800"}`}>
                  {row.done ? "完了：" : "対象外："}
                  {row.message}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="m-0">
        <Link to={result.backHref} data-testid="bulk-back">
          注文一覧へ戻る
        </Link>
      </p>
    </div>
  );
}
