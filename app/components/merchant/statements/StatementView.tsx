import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SalesCsvLinks } from "~/components/reports/SalesCsvLinks";
import { formatDateJa, formatDateTime } from "~/core/dates";
import { merchantShipmentPath } from "~/core/merchant/merchant-portal";
import { formatMonthJa, formatRate, monthsAfter, type StatementFigures as Figures } from "~/core/merchant/merchant-statements";
import { formatCount, formatYen } from "~/core/money";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk-path";
import { CARRIERS, isCarrier } from "~/core/orders/carriers";
import type { Statement, StatementLine } from "~/web/types/merchants";
import { StatementFigures } from "./StatementFigures";
import { StatementStateBadge } from "./StatementList";

const sameFigures = (a: Figures, b: Figures) => a.sales === b.sales && a.refunds === b.refunds && a.commission === b.commission && a.shipping === b.shipping;

function Lines({ lines }: { lines: readonly StatementLine[] }) {
  return (
    <ul className="m-0 list-none p-0 text-xs text-gray-700">
      {lines.map((line, index) => (
        <li key={`${line.sku}-${index}`}>
          {line.title}（{line.sku}）× {formatCount(line.quantity)}：{formatYen(line.amount)}・手数料率 {formatRate(line.bp)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A merchant's statement of a month, for the merchant and for staff: the figures (a paid month's as paid, with
 * the payout), the commission of each rate, the parcels shipped and the returns received that make them up,
 * and the CSV. `payoutForm` is staff's 支払済みにする, shown under the figures.
 */
export function StatementView({
  statement,
  viewer,
  basePath,
  payoutForm,
}: {
  statement: Statement;
  viewer: "merchant" | "staff";
  basePath: string;
  payoutForm?: ReactNode;
}) {
  const { payout } = statement;
  const shown = payout ?? statement.figures;
  const orderHref = (row: { orderId: number; shipmentId: number }) =>
    viewer === "staff" ? `${ORDER_DESK_PATH}/${row.orderId}` : merchantShipmentPath(row.shipmentId);
  const newer = monthsAfter(statement.month, 1);
  return (
    <div className="grid gap-4">
      <h1 className="m-0 flex flex-wrap items-center gap-2 text-xl">
        {formatMonthJa(statement.month)}の支払明細{viewer === "staff" ? `（${statement.merchant.name}）` : ""}
        <StatementStateBadge state={statement.state} paidOn={payout?.paidOn ?? null} />
      </h1>
      <nav aria-label="ほかの月" className="flex flex-wrap gap-3 text-sm">
        <Link to={basePath}>← 月の一覧</Link>
        <Link to={`${basePath}/${monthsAfter(statement.month, -1)}`}>前の月</Link>
        {statement.state === "closed" ? <Link to={`${basePath}/${newer}`}>次の月</Link> : null}
      </nav>
      <p className="m-0 text-sm text-gray-700">
        {formatMonthJa(statement.month)}
        （日本時間）に発送した貴店の荷物の商品代金（税込・キャンセル分を除く）から、この月に受け取った返品の商品代金と販売手数料を差し引き、荷物の送料（お客様から当店が受領した分）を加えた金額をお支払いします。販売手数料は料率ごとに（売上−返品）×料率を計算し、1円未満を切り捨てます。
      </p>
      <StatementFigures figures={shown} />
      {statement.state === "current" ? <p className="m-0 text-sm text-gray-700">今月は集計中です。月が終わると金額が確定します。</p> : null}
      {payout ? (
        <section aria-labelledby="statement-payout-heading" className="card grid gap-1 p-3 text-sm" data-testid="statement-payout">
          <h2 id="statement-payout-heading" className="m-0 text-base">
            お支払いの記録
          </h2>
          <p className="m-0">
            支払日：{formatDateJa(payout.paidOn)}／振込の照会番号・メモ：{payout.reference || "（なし）"}
          </p>
          <p className="m-0 text-xs text-gray-700">
            {`${formatDateTime(payout.createdAt)} に${payout.recordedByName || "担当者"}が記録しました。上の金額は支払時点で確定した金額です。`}
          </p>
          {sameFigures(payout, statement.figures) ? null : (
            <p className="m-0 text-xs text-amber-900" data-testid="statement-payout-differs">
              {`支払後に手数料率などが変わったため、現在の計算（お支払額 ${formatYen(statement.figures.payable)}）とは異なります。下の内訳は現在の計算です。`}
            </p>
          )}
        </section>
      ) : null}
      {payoutForm}
      <SalesCsvLinks path={`${basePath}.csv`} params={{ month: statement.month }} label="明細のCSV" testId="statement-csv" />
      <section aria-labelledby="statement-rates-heading" className="grid gap-2">
        <h2 id="statement-rates-heading" className="m-0 text-base">
          販売手数料の内訳
        </h2>
        {statement.rates.length === 0 ? (
          <p className="m-0 text-sm">この月の対象の売上・返品はありません。</p>
        ) : (
          <table className="text-sm" data-testid="statement-rates">
            <thead>
              <tr>
                <th scope="col">料率</th>
                <th scope="col">売上</th>
                <th scope="col">返品</th>
                <th scope="col">対象額</th>
                <th scope="col">手数料</th>
              </tr>
            </thead>
            <tbody>
              {statement.rates.map((rate) => (
                <tr key={rate.bp}>
                  <th scope="row">{formatRate(rate.bp)}</th>
                  <td className="text-right">{formatYen(rate.sales)}</td>
                  <td className="text-right">{formatYen(rate.refunds)}</td>
                  <td className="text-right">{formatYen(rate.base)}</td>
                  <td className="text-right">{formatYen(rate.commission)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="statement-parcels-heading" className="grid gap-2">
        <h2 id="statement-parcels-heading" className="m-0 text-base">
          発送した荷物（{formatCount(statement.parcels.length)}件）
        </h2>
        {statement.parcels.length === 0 ? (
          <p className="m-0 text-sm">この月に発送した荷物はありません。</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="text-sm" data-testid="statement-parcels">
              <thead>
                <tr>
                  <th scope="col">発送日</th>
                  <th scope="col">注文番号</th>
                  <th scope="col">商品</th>
                  <th scope="col">商品代金</th>
                  <th scope="col">送料</th>
                </tr>
              </thead>
              <tbody>
                {statement.parcels.map((parcel) => (
                  <tr key={parcel.shipmentId} data-testid={`statement-parcel-${parcel.shipmentId}`}>
                    <td>{formatDateJa(parcel.shippedAt)}</td>
                    <td>
                      <Link to={orderHref(parcel)}>{parcel.orderNumber}</Link>
                      {parcel.carrier && isCarrier(parcel.carrier) ? (
                        <span className="block text-xs text-gray-700">
                          {CARRIERS[parcel.carrier].label} {parcel.trackingNumber}
                        </span>
                      ) : null}
                    </td>
                    <td>
                      <Lines lines={parcel.lines} />
                    </td>
                    <td className="text-right">{formatYen(parcel.goods)}</td>
                    <td className="text-right">{formatYen(parcel.shippingFee)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="statement-returns-heading" className="grid gap-2">
        <h2 id="statement-returns-heading" className="m-0 text-base">
          受け取った返品（{formatCount(statement.returns.length)}件）
        </h2>
        {statement.returns.length === 0 ? (
          <p className="m-0 text-sm">この月に受け取った返品はありません。</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="text-sm" data-testid="statement-returns">
              <thead>
                <tr>
                  <th scope="col">受取日</th>
                  <th scope="col">注文番号</th>
                  <th scope="col">返品の受付番号</th>
                  <th scope="col">商品</th>
                  <th scope="col">控除額</th>
                </tr>
              </thead>
              <tbody>
                {statement.returns.map((returned) => (
                  <tr key={returned.returnId}>
                    <td>{formatDateJa(returned.receivedAt)}</td>
                    <td>
                      <Link to={orderHref(returned)}>{returned.orderNumber}</Link>
                    </td>
                    <td>{returned.returnId}</td>
                    <td>
                      <Lines lines={returned.lines} />
                    </td>
                    <td className="text-right">{formatYen(returned.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
