import { formatCount, formatYen } from "~/core/money";
import { MERCHANT_CHART_PRODUCTS, MERCHANT_SALES_TABLES, type MerchantSales } from "~/core/reports/merchant-sales";
import { MERCHANT_SALES_PATH } from "~/core/reports/report-paths";
import { LabelledBars } from "../charts/LabelledBars";
import { DailySalesChart } from "./DailySalesChart";
import { ReportPeriodForm } from "./ReportPeriodForm";
import { SalesCsvLinks } from "./SalesCsvLinks";
import { SalesTable } from "./SalesTable";

export type MerchantSalesView = { ok: true; sales: MerchantSales } | { ok: false; error: string; asked: { from: string; to: string } };

/** The period's totals: sales (tax included), orders with the merchant's goods, and how many were sold. */
function Totals({ sales }: { sales: MerchantSales }) {
  return (
    <dl className="m-0 grid grid-cols-3 gap-2" data-testid="merchant-sales-totals">
      {[
        { label: "売上（税込）", value: formatYen(sales.total.sales) },
        { label: "注文数", value: `${formatCount(sales.total.orders ?? 0)}件` },
        { label: "数量", value: `${formatCount(sales.total.quantity ?? 0)}点` },
      ].map((item) => (
        <div key={item.label} className="card grid gap-1 p-3">
          <dt className="text-xs text-gray-700">{item.label}</dt>
          <dd className="m-0 text-lg font-bold">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /merchant/sales: the signed-in merchant's goods sold in a period (GET form, works without JS) — the totals,
 * by day (a chart with its table beside it on a wide screen, under it on a phone) and by product, each table
 * also as CSV in either encoding.
 */
export function MerchantSalesPage({ view }: { view: MerchantSalesView }) {
  const period = view.ok ? view.sales.period : view.asked;
  const csv = (by: "day" | "product") => ({ path: `${MERCHANT_SALES_PATH}.csv`, params: { by, from: period.from, to: period.to } });
  return (
    <div className="grid gap-4">
      <h1 className="m-0 text-xl">売上</h1>
      <ReportPeriodForm action={MERCHANT_SALES_PATH} period={period} />
      {view.ok ? (
        <>
          <p className="m-0 text-sm text-gray-700">
            {view.sales.period.from}〜{view.sales.period.to}
            ：貴店から発送する商品の明細の金額です（注文日・日本時間。送料・手数料・割引は含まず、キャンセルと返品された数量を除きます）。
          </p>
          <Totals sales={view.sales} />
          <section aria-labelledby="merchant-daily-heading" className="grid gap-2">
            <h2 id="merchant-daily-heading" className="m-0 text-base">
              日別の売上
            </h2>
            <div className="grid items-start gap-3 md:grid-cols-2">
              <DailySalesChart days={view.sales.daily.map((row) => ({ day: row.label, sales: row.sales, orders: row.orders ?? 0 }))} />
              <div className="max-h-[28rem] overflow-y-auto">
                <SalesTable
                  kind={MERCHANT_SALES_TABLES.day}
                  rows={view.sales.daily}
                  total={view.sales.total}
                  caption="日別の売上の表"
                  testIds={{ table: "merchant-sales-daily", total: "merchant-sales-daily-total" }}
                />
              </div>
            </div>
            <SalesCsvLinks {...csv("day")} label="日別のCSV" testId="merchant-sales-csv-day" />
          </section>
          <section aria-labelledby="merchant-products-heading" className="grid gap-2">
            <h2 id="merchant-products-heading" className="m-0 text-base">
              商品別の売上（売上の多い順）
            </h2>
            {view.sales.products.length === 0 ? (
              <p className="m-0 text-sm">この期間の売上はありません。</p>
            ) : (
              <div className="grid items-start gap-3 md:grid-cols-2">
                <LabelledBars
                  title={`商品別の売上（上位${MERCHANT_CHART_PRODUCTS}商品）`}
                  desc={`${view.sales.period.from}から${view.sales.period.to}までの商品別の売上。すべての商品の金額は表にあります。`}
                  rows={view.sales.products.slice(0, MERCHANT_CHART_PRODUCTS).map((row) => ({ label: row.label, count: row.sales }))}
                  format={formatYen}
                />
                <SalesTable
                  kind={MERCHANT_SALES_TABLES.product}
                  rows={view.sales.products}
                  total={view.sales.total}
                  caption="商品別の売上の表"
                  testIds={{ table: "merchant-sales-products", total: "merchant-sales-products-total" }}
                />
              </div>
            )}
            <SalesCsvLinks {...csv("product")} label="商品別のCSV" testId="merchant-sales-csv-product" />
          </section>
        </>
      ) : (
        <p role="alert" className="m-0 text-red-700" data-testid="merchant-sales-error">
          {view.error}
        </p>
      )}
    </div>
  );
}
