import type { ReactNode } from "react";
import { Paginator } from "~/components/Paginator";
import { formatDateTime, isoDateTime } from "~/core/dates";
import { priceFieldLabel, priceHistoryValue } from "~/core/catalogue/price-history";
import { POOL_LABELS, STOCK_HISTORY_KIND_LABELS, stockChangeText } from "~/core/catalogue/stock-adjustment";
import type { ProductStockPageData } from "~/web/types/catalogue-stock";

const CELL = "px-2 py-1";
const HEAD = "border-b border-b-solid border-gray-300 text-left whitespace-nowrap";
const ROW = "border-b border-b-solid border-gray-200 align-top";

function When({ at }: { at: string }) {
  return <time dateTime={isoDateTime(at)}>{formatDateTime(at)}</time>;
}

interface HistoryRow {
  id: number | string;
  createdAt: string;
  actorName: string;
}

interface HistoryColumn<Row> {
  label: string;
  /** Added to the header and the cells (e.g. right-aligned numbers). */
  align?: string;
  cellClassName?: string;
  render: (row: Row) => ReactNode;
}

/**
 * One paged history (stock movements, price changes), newest first: when and who, then the kind's own
 * columns; the pages link to `hrefFor(page)` at this section.
 */
function HistoryTable<Row extends HistoryRow>({
  id,
  heading,
  note,
  emptyText,
  minWidth,
  columns,
  history,
  hrefFor,
}: {
  id: string;
  heading: string;
  note?: string;
  emptyText: string;
  minWidth: string;
  columns: HistoryColumn<Row>[];
  history: { rows: Row[]; total: number; pages: number[]; page: number };
  hrefFor: (page: number) => string;
}) {
  const all: HistoryColumn<Row>[] = [
    { label: "日時", cellClassName: "whitespace-nowrap", render: (row) => <When at={row.createdAt} /> },
    { label: "担当者", render: (row) => row.actorName },
    ...columns,
  ];
  return (
    <section id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="m-0 mb-2 text-base">
        {heading}
        <span className="ml-2 text-sm font-normal text-gray-600">{`${history.total.toLocaleString("ja-JP")}件`}</span>
      </h2>
      {note ? <p className="m-0 mb-2 text-xs text-gray-600">{note}</p> : null}
      {history.rows.length === 0 ? (
        <p className="m-0 text-sm">{emptyText}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className={`${minWidth} w-full border-collapse text-sm`} data-testid={id}>
            <thead>
              <tr className={HEAD}>
                {all.map((column) => (
                  <th key={column.label} scope="col" className={`${CELL} ${column.align ?? ""}`}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {history.rows.map((row) => (
                <tr key={row.id} className={ROW}>
                  {all.map((column) => (
                    <td key={column.label} className={`${CELL} ${column.align ?? ""} ${column.cellClassName ?? ""}`}>
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Paginator pages={history.pages} current={history.page} hrefFor={(page) => `${hrefFor(page)}#${id}`} label={`${heading}のページ送り`} />
    </section>
  );
}

type StockHistory = ProductStockPageData["stockHistory"];
type PriceHistory = ProductStockPageData["priceHistory"];

/** Both histories of a product's stock page, each with its pager (keeping the other's page). */
export function StockAndPriceHistory({ stockHistory, priceHistory }: { stockHistory: StockHistory; priceHistory: PriceHistory }) {
  return (
    <>
      <StockHistoryTable history={stockHistory} hrefFor={(page) => historyHref(page, priceHistory.page)} />
      <PriceHistoryTable history={priceHistory} hrefFor={(page) => historyHref(stockHistory.page, page)} />
    </>
  );
}

/** The page's URL with both history pages, opening at the history. */
function historyHref(stockPage: number, pricePage: number): string {
  const query = new URLSearchParams();
  if (stockPage > 0) query.set("page", String(stockPage));
  if (pricePage > 0) query.set("prices", String(pricePage));
  return `?${query}`;
}

/**
 * The stock history: kind, which stock, how much it moved (and before → after where recorded), and the
 * reason or the order it came from (linked where the viewer may open it).
 */
function StockHistoryTable({ history, hrefFor }: { history: StockHistory; hrefFor: (page: number) => string }) {
  return (
    <HistoryTable<StockHistory["rows"][number]>
      id="stock-history"
      heading="在庫の履歴"
      note="入荷・棚卸し・CSV取り込みのほか、ご注文（在庫から引いた数）、キャンセルと返品の入庫（在庫に戻した数）も並びます。"
      emptyText="まだ在庫の動きはありません。"
      minWidth="min-w-160"
      history={history}
      hrefFor={hrefFor}
      columns={[
        { label: "種類", render: (row) => STOCK_HISTORY_KIND_LABELS[row.kind] },
        { label: "在庫", render: (row) => `${row.variationTitle ?? "商品本体"}・${POOL_LABELS[row.pool]}` },
        {
          label: "増減（変更前 → 変更後）",
          align: "text-right",
          cellClassName: "whitespace-nowrap",
          render: (row) => (
            <>
              {stockChangeText(row.change)}
              {row.before != null && row.after != null ? (
                <span className="ml-1 text-xs text-gray-600">{`（${row.before.toLocaleString("ja-JP")} → ${row.after.toLocaleString("ja-JP")}）`}</span>
              ) : null}
            </>
          ),
        },
        { label: "理由・メモ", cellClassName: "break-all", render: (row) => <HistoryReason row={row} /> },
      ]}
    />
  );
}

/** The reason typed, or the order the line came from (with the ordered choice). */
function HistoryReason({ row }: { row: StockHistory["rows"][number] }) {
  if (!row.order) return row.reason;
  const label = `注文番号 ${row.order.number}`;
  return (
    <>
      {row.order.href ? <a href={row.order.href}>{label}</a> : label}
      {row.reason ? <span className="ml-1">{`（${row.reason}）`}</span> : null}
    </>
  );
}

/** The price history: which product or variation, which price, before → after. */
function PriceHistoryTable({ history, hrefFor }: { history: PriceHistory; hrefFor: (page: number) => string }) {
  return (
    <HistoryTable<PriceHistory["rows"][number]>
      id="price-history"
      heading="価格の履歴"
      note="価格を変えても、すでにいただいたご注文の金額は変わりません。"
      emptyText="まだ価格の変更はありません。"
      minWidth="min-w-140"
      history={history}
      hrefFor={hrefFor}
      columns={[
        { label: "対象", render: (row) => row.variationTitle ?? "商品本体" },
        { label: "項目", render: (row) => priceFieldLabel(row.field) },
        {
          label: "変更前 → 変更後",
          align: "text-right",
          cellClassName: "whitespace-nowrap",
          render: (row) => `${priceHistoryValue(row.before)} → ${priceHistoryValue(row.after)}`,
        },
      ]}
    />
  );
}
