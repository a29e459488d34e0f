import { Link } from "@remix-run/react";
import { formatDateJa } from "~/core/dates";
import { formatCount, formatYen } from "~/core/money";
import { dayLabel, DASHBOARD_DAYS, type Dashboard, type SalesCard } from "~/core/reports/dashboard";
import { DailySalesChart } from "./DailySalesChart";

function Change({ text }: { text: string }) {
  const colour = text.startsWith("↑") ? "text-green-700" : text.startsWith("↓") ? "text-red-700" : "text-gray-600";
  return <span className={`ml-1 text-xs ${colour}`}>{text}</span>;
}

function SalesCardView({ card }: { card: SalesCard }) {
  return (
    <section className="card grid gap-1 p-3" data-testid="sales-card">
      <h3 className="m-0 text-sm text-gray-700">{card.label}</h3>
      <p className="m-0 text-xl font-bold">
        <span data-testid="sales-card-sales">{formatYen(card.current.sales)}</span>
        <Change text={card.salesChange} />
      </p>
      <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-2 text-sm">
        <dt>税抜</dt>
        <dd className="m-0">{formatYen(card.current.salesExTax)}</dd>
        <dt>注文数</dt>
        <dd className="m-0">
          {formatCount(card.current.orders)}件
          <Change text={card.ordersChange} />
        </dd>
        <dt>平均注文額</dt>
        <dd className="m-0">{formatYen(card.current.average)}</dd>
      </dl>
      <p className="m-0 text-xs text-gray-600">
        比較：{card.comparedWith} {formatYen(card.previous.sales)}・{formatCount(card.previous.orders)}件
      </p>
    </section>
  );
}

/**
 * The owner's morning page (/crm): sales so far against the period before, what waits (each count a link to
 * its list), the last 30 days' sales as a chart with its table, and the best sellers. No script needed.
 */
export function DashboardPage({ dashboard }: { dashboard: Dashboard }) {
  return (
    <div className="grid gap-4">
      <h1 className="m-0 text-xl">ダッシュボード（{formatDateJa(dashboard.today)}）</h1>
      <section aria-labelledby="sales-heading" className="grid gap-2">
        <h2 id="sales-heading" className="m-0 text-base">
          売上（キャンセルを除き、返品の返金を差し引いた注文日ベース）
        </h2>
        <div className="grid gap-2 sm:grid-cols-3">
          {dashboard.cards.map((card) => (
            <SalesCardView key={card.label} card={card} />
          ))}
        </div>
      </section>
      <section aria-labelledby="todo-heading" className="grid gap-2">
        <h2 id="todo-heading" className="m-0 text-base">
          やること
        </h2>
        <ul className="m-0 grid list-none gap-1 p-0 sm:grid-cols-2">
          {dashboard.todo.map((item) => (
            <li key={item.label} data-testid="todo-item">
              <Link
                to={item.href}
                className={`flex justify-between rounded border border-solid px-3 py-2 no-underline ${item.urgent && item.count > 0 ? "border-red-300 bg-red-50 text-red-800" : "border-gray-200 text-gray-800"}`}
              >
                <span>{item.label}</span>
                <span className="font-bold" data-testid="todo-count">
                  {formatCount(item.count)}件
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="daily-heading" className="grid gap-2">
        <h2 id="daily-heading" className="m-0 text-base">
          過去{DASHBOARD_DAYS}日の売上
        </h2>
        <DailySalesChart days={dashboard.daily} />
        <details>
          <summary>日別の表</summary>
          <table className="text-sm" data-testid="daily-sales">
            <thead>
              <tr>
                <th scope="col">日付</th>
                <th scope="col">売上（税込）</th>
                <th scope="col">注文数</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.daily.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{dayLabel(day.day)}</th>
                  <td className="text-right">{formatYen(day.sales)}</td>
                  <td className="text-right">{formatCount(day.orders)}件</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>
      <section aria-labelledby="top-heading" className="grid gap-2">
        <h2 id="top-heading" className="m-0 text-base">
          売れ筋商品（過去{DASHBOARD_DAYS}日）
        </h2>
        {dashboard.topProducts.length === 0 ? (
          <p className="m-0 text-sm">この期間の注文はまだありません。</p>
        ) : (
          <table className="text-sm" data-testid="top-products">
            <thead>
              <tr>
                <th scope="col">順位</th>
                <th scope="col">商品</th>
                <th scope="col">数量</th>
                <th scope="col">売上（税込）</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.topProducts.map((product, index) => (
                <tr key={product.productId}>
                  <td className="text-right">{index + 1}</td>
                  <th scope="row" className="text-left font-normal">
                    <Link to={`/crm/products/${product.productId}`}>{product.title}</Link>
                    <span className="block text-xs text-gray-600">{product.sku}</span>
                  </th>
                  <td className="text-right">{formatCount(product.quantity)}</td>
                  <td className="text-right">{formatYen(product.sales)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
