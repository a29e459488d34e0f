import { formatCount, formatYen } from "~/core/money";
import { groupHeading, type SalesRow, type SalesTableKind } from "~/core/reports/sales-report";

/**
 * A sales table with its total: whole orders (税込, 税抜, 注文数) or the goods' lines (商品の売上, 数量, 注文数).
 * An order count the total cannot know (null) is left blank.
 */
export function SalesTable({
  kind,
  rows,
  total,
  caption,
  testIds = { table: "sales-report-table", total: "sales-report-total" },
}: {
  kind: SalesTableKind;
  rows: readonly SalesRow[];
  total: SalesRow;
  caption?: string;
  testIds?: { table: string; total: string };
}) {
  const lines = kind.basis === "lines";
  const cells = (row: SalesRow) => (
    <>
      <td className="text-right">{formatYen(row.sales)}</td>
      <td className="text-right">{lines ? formatCount(row.quantity ?? 0) : formatYen(row.salesExTax ?? 0)}</td>
      <td className="text-right">{row.orders == null ? "" : `${formatCount(row.orders)}件`}</td>
    </>
  );
  return (
    <table className="text-sm" data-testid={testIds.table}>
      {caption ? <caption className="text-left font-bold">{caption}</caption> : null}
      <thead>
        <tr>
          <th scope="col">{groupHeading(kind)}</th>
          <th scope="col">{lines ? "商品の売上（税込）" : "売上（税込）"}</th>
          <th scope="col">{lines ? "数量" : "売上（税抜）"}</th>
          <th scope="col">注文数</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row" className="text-left font-normal">
              {row.label}
            </th>
            {cells(row)}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr data-testid={testIds.total}>
          <th scope="row" className="text-left">
            {total.label}
          </th>
          {cells(total)}
        </tr>
      </tfoot>
    </table>
  );
}
