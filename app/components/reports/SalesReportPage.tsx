import { Link } from "@remix-run/react";
import { formatYen } from "~/core/money";
import { SALES_REPORT_PATH } from "~/core/reports/report-paths";
import { SALES_BREAKDOWN_KEYS, SALES_BREAKDOWNS, type SalesBreakdown, type SalesRow } from "~/core/reports/sales-report";
import { LabelledBars } from "../charts/LabelledBars";
import { DailySalesChart } from "./DailySalesChart";
import { ReportPeriodForm } from "./ReportPeriodForm";
import { SalesCsvLinks } from "./SalesCsvLinks";
import { SalesTable } from "./SalesTable";

export type SalesReportView =
  | { ok: true; by: SalesBreakdown; period: { from: string; to: string }; rows: SalesRow[]; total: SalesRow }
  | { ok: false; by: SalesBreakdown; error: string; asked: { from: string; to: string } };

const href = (params: Record<string, string>) => `${SALES_REPORT_PATH}?${new URLSearchParams(params)}`;

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
      <ReportPeriodForm action={SALES_REPORT_PATH} period={period} keep={{ by: report.by }} />
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
              : "：商品の明細の金額です（送料・手数料・割引は含まず、キャンセルした明細と返品された数量を除きます）。"}
          </p>
          {report.by === "day" ? (
            <DailySalesChart days={report.rows.map((row) => ({ day: row.label, sales: row.sales, orders: row.orders ?? 0 }))} />
          ) : report.rows.length > 0 ? (
            <LabelledBars
              title={`${label}の売上`}
              desc={`${report.period.from}から${report.period.to}までの${label}の売上。金額は下の表にあります。`}
              rows={report.rows.slice(0, 20).map((row) => ({ label: row.label, count: row.sales }))}
              format={formatYen}
            />
          ) : null}
          {report.rows.length === 0 ? <p className="m-0">この期間の売上はありません。</p> : <SalesTable kind={SALES_BREAKDOWNS[report.by]} rows={report.rows} total={report.total} />}
          <SalesCsvLinks path={`${SALES_REPORT_PATH}.csv`} params={{ by: report.by, from: period.from, to: period.to }} />
        </>
      ) : (
        <p role="alert" className="m-0 text-red-700" data-testid="sales-report-error">
          {report.error}
        </p>
      )}
    </div>
  );
}
