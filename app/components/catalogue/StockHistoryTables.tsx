import { Paginator } from "~/components/Paginator";
import { formatDateTime, isoDateTime } from "~/core/dates";
import { priceFieldLabel, priceHistoryValue } from "~/core/price-history";
import { MOVEMENT_KIND_LABELS, POOL_LABELS } from "~/core/stock-adjustment";
import type { ProductStockPageData } from "~/web/types/catalogue-stock";

const CELL = "px-2 py-1";
const HEAD = "border-b border-b-solid border-gray-300 text-left whitespace-nowrap";
const ROW = "border-b border-b-solid border-gray-200 align-top";

function When({ at }: { at: string }) {
  return <time dateTime={isoDateTime(at)}>{formatDateTime(at)}</time>;
}

/** "+3" / "-2" / "±0": how much a movement moved the stock. */
function difference(before: number, after: number): string {
  const moved = after - before;
  return moved > 0 ? `+${moved.toLocaleString("ja-JP")}` : moved < 0 ? `-${(-moved).toLocaleString("ja-JP")}` : "±0";
}

/** The stock history, newest first: when, who, kind, which stock, before → after, reason. */
export function StockHistoryTable({ history, hrefFor }: { history: ProductStockPageData["stockHistory"]; hrefFor: (page: number) => string }) {
  return (
    <section id="stock-history" aria-labelledby="stock-history-heading">
      <h2 id="stock-history-heading" className="m-0 mb-2 text-base">
        在庫の履歴<span className="ml-2 text-sm font-normal text-gray-600">{`${history.total.toLocaleString("ja-JP")}件`}</span>
      </h2>
      {history.rows.length === 0 ? (
        <p className="m-0 text-sm">まだ在庫の調整はありません。</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-160 w-full border-collapse text-sm" data-testid="stock-history">
            <thead>
              <tr className={HEAD}>
                <th scope="col" className={CELL}>
                  日時
                </th>
                <th scope="col" className={CELL}>
                  担当者
                </th>
                <th scope="col" className={CELL}>
                  種類
                </th>
                <th scope="col" className={CELL}>
                  在庫
                </th>
                <th scope="col" className={`${CELL} text-right`}>
                  変更前 → 変更後
                </th>
                <th scope="col" className={CELL}>
                  理由・メモ
                </th>
              </tr>
            </thead>
            <tbody>
              {history.rows.map((row) => (
                <tr key={row.id} className={ROW}>
                  <td className={`${CELL} whitespace-nowrap`}>
                    <When at={row.createdAt} />
                  </td>
                  <td className={CELL}>{row.actorName}</td>
                  <td className={CELL}>{MOVEMENT_KIND_LABELS[row.kind]}</td>
                  <td className={CELL}>{`${row.variationTitle ?? "商品本体"}・${POOL_LABELS[row.pool]}`}</td>
                  <td className={`${CELL} whitespace-nowrap text-right`}>
                    {`${row.before.toLocaleString("ja-JP")} → ${row.after.toLocaleString("ja-JP")}`}
                    <span className="ml-1 text-xs text-gray-600">{`（${difference(row.before, row.after)}）`}</span>
                  </td>
                  <td className={`${CELL} break-all`}>{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Paginator pages={history.pages} current={history.page} hrefFor={(page) => `${hrefFor(page)}#stock-history`} label="在庫の履歴のページ送り" />
    </section>
  );
}

/** The price history, newest first: when, who, which price, before → after. */
export function PriceHistoryTable({ history, hrefFor }: { history: ProductStockPageData["priceHistory"]; hrefFor: (page: number) => string }) {
  return (
    <section id="price-history" aria-labelledby="price-history-heading">
      <h2 id="price-history-heading" className="m-0 mb-2 text-base">
        価格の履歴<span className="ml-2 text-sm font-normal text-gray-600">{`${history.total.toLocaleString("ja-JP")}件`}</span>
      </h2>
      <p className="m-0 mb-2 text-xs text-gray-600">価格を変えても、すでにいただいたご注文の金額は変わりません。</p>
      {history.rows.length === 0 ? (
        <p className="m-0 text-sm">まだ価格の変更はありません。</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-140 w-full border-collapse text-sm" data-testid="price-history">
            <thead>
              <tr className={HEAD}>
                <th scope="col" className={CELL}>
                  日時
                </th>
                <th scope="col" className={CELL}>
                  担当者
                </th>
                <th scope="col" className={CELL}>
                  対象
                </th>
                <th scope="col" className={CELL}>
                  項目
                </th>
                <th scope="col" className={`${CELL} text-right`}>
                  変更前 → 変更後
                </th>
              </tr>
            </thead>
            <tbody>
              {history.rows.map((row) => (
                <tr key={row.id} className={ROW}>
                  <td className={`${CELL} whitespace-nowrap`}>
                    <When at={row.createdAt} />
                  </td>
                  <td className={CELL}>{row.actorName}</td>
                  <td className={CELL}>{row.variationTitle ?? "商品本体"}</td>
                  <td className={CELL}>{priceFieldLabel(row.field)}</td>
                  <td className={`${CELL} whitespace-nowrap text-right`}>{`${priceHistoryValue(row.before)} → ${priceHistoryValue(row.after)}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Paginator pages={history.pages} current={history.page} hrefFor={(page) => `${hrefFor(page)}#price-history`} label="価格の履歴のページ送り" />
    </section>
  );
}
