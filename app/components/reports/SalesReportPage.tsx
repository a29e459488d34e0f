import { Form, Link } from "@remix-run/react";
import { formatCount, formatYen } from "~/core/money";
import { SALES_REPORT_PATH } from "~/core/reports/report-paths";
import { SALES_BREAKDOWN_KEYS, SALES_BREAKDOWNS, type SalesBreakdown, type SalesRow } from "~/core/reports/sales-report";
import { LabelledBars } from "../charts/LabelledBars";
import { DailySalesChart } from "./DailySalesChart";

export type SalesReportView =
  | { ok: true; by: SalesBreakdown; period: { from: string; to: string }; rows: SalesRow[]; total: SalesRow }
  | { ok: false; by: SalesBreakdown; error: string; asked: { from: string; to: string } };

const href = (params: Record<string, string>, path = SALES_REPORT_PATH) => `${path}?${new URLSearchParams(params)}`;

function ReportTable({ by, rows, total }: { by: SalesBreakdown; rows: SalesRow[]; total: SalesRow }) {
  const lines = SALES_BREAKDOWNS[by].basis === "lines";
  const cells = (row: SalesRow) => (
    <>
      <td className="text-right">{formatYen(row.sales)}</td>
      <td className="text-right">{lines ? formatCount(row.quantity ?? 0) : formatYen(row.salesExTax ?? 0)}</td>
      <td className="text-right">{lines && row === total ? "" : `${formatCount(row.orders)}件`}</td>
    </>
  );
  return (
    <table className="text-sm" data-testid="sales-report-table">
      <thead>
        <tr>
          <th scope="col">{SALES_BREAKDOWNS[by].label.replace(/別$/, "")}</th>
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
        <tr data-testid="sales-report-total">
          <th scope="row" className="text-left">
            {total.label}
          </th>
          {cells(total)}
        </tr>
      </tfoot>
    </table>
  );
}

/**
 * /crm/reports: a period (GET form, works without JS), the breakdowns as tabs, a chart with the table beside
 * it, and the CSV of what is shown in either encoding.
 */
export function SalesReportPage({ report }: { report: SalesReportView }) {
  const period = report.ok ? report.period : report.asked;
  const label = SALES_BREAKDOWNS[report.by].label;
  return (
    <div className="grid gap-4">
      <h1 className="m-0 text-xl">売上レポート</h1>
      <Form method="get" action={SALES_REPORT_PATH} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="by" value={report.by} />
        <label className="grid text-sm">
          開始日
          <input type="date" name="from" defaultValue={period.from} />
        </label>
        <label className="grid text-sm">
          終了日
          <input type="date" name="to" defaultValue={period.to} />
        </label>
        <button type="submit" className="btn-secondary">
          表示する
        </button>
      </Form>
      <nav aria-label="集計の単位" className="flex flex-wrap gap-1">
        {SALES_BREAKDOWN_KEYS.map((by) => (
          <Link
            key={by}
            to={href({ by, from: period.from, to: period.to })}
            aria-current={by === report.by ? "page" : undefined}
            className={`rounded px-3 py-1 text-sm no-underline ${by === report.by ? "bg-brand text-white" : "text-gray-800"}`}
          >
            {SALES_BREAKDOWNS[by].label}
          </Link>
        ))}
      </nav>
      {report.ok ? (
        <>
          <p className="m-0 text-sm text-gray-700">
            {report.period.from}〜{report.period.to}
            {SALES_BREAKDOWNS[report.by].basis === "orders"
              ? "：注文日ベース、キャンセルを除き、返品の返金と一部キャンセルを差し引いた金額です。"
              : "：商品の明細の金額です（送料・手数料・割引は含みません）。"}
          </p>
          {report.by === "day" ? (
            <DailySalesChart days={report.rows.map((row) => ({ day: row.label, sales: row.sales, orders: row.orders }))} />
          ) : report.rows.length > 0 ? (
            <LabelledBars
              title={`${label}の売上`}
              desc={`${report.period.from}から${report.period.to}までの${label}の売上。金額は下の表にあります。`}
              rows={report.rows.slice(0, 20).map((row) => ({ label: row.label, count: row.sales }))}
              format={formatYen}
            />
          ) : null}
          {report.rows.length === 0 ? <p className="m-0">この期間の売上はありません。</p> : <ReportTable by={report.by} rows={report.rows} total={report.total} />}
          <p className="m-0 flex flex-wrap gap-2 text-sm">
            <a href={href({ by: report.by, from: period.from, to: period.to }, `${SALES_REPORT_PATH}.csv`)} download data-testid="sales-csv">
              CSV（UTF-8）
            </a>
            <a href={href({ by: report.by, from: period.from, to: period.to, encoding: "sjis" }, `${SALES_REPORT_PATH}.csv`)} download data-testid="sales-csv-sjis">
              CSV（Shift_JIS・Excel向け）
            </a>
          </p>
        </>
      ) : (
        <p role="alert" className="m-0 text-red-700" data-testid="sales-report-error">
          {report.error}
        </p>
      )}
    </div>
  );
}
