import { Link } from "@remix-run/react";
import { useMemo } from "react";
import { Notice } from "~/components/member/Notice";
import { stockTargetValue } from "~/core/catalogue/stock-adjustment";
import type { ProductStockPageData, StockAdjustmentActionData } from "~/web/types/catalogue-stock";
import type { StockOption } from "./StockAdjustmentForm";
import { StockAdjustmentForm } from "./StockAdjustmentForm";
import { StockAndPriceHistory } from "./StockHistoryTables";

const CELL = "px-2 py-1";

/** Every stock of the product, in the order the page lists them; a choice without its own stock is shown but not adjustable. */
function stockOptions(product: ProductStockPageData["product"]): StockOption[] {
  if (product.type !== "variation") {
    return [{ value: stockTargetValue({ level: "product" }), label: "商品本体", sku: product.sku, stock: product.stock, preorder: product.preorder }];
  }
  return product.variations.flatMap((variation) => [
    {
      value: stockTargetValue({ level: "variation", id: variation.id }),
      label: variation.title,
      sku: variation.sku,
      stock: variation.stock,
      preorder: variation.preorder,
    },
    ...variation.choices.map((choice) => ({
      value: stockTargetValue({ level: "choice", id: choice.id }),
      label: `${variation.title} ／ ${choice.label}`,
      sku: choice.sku,
      stock: choice.stock,
      preorder: null,
    })),
  ]);
}

/**
 * The stock page of one product (/crm/products/{id}/stock and /merchant/products/{id}/stock): its stocks
 * now, the adjustment form (works without JS), the stock history and the price history.
 */
export function ProductStockPage({ data, actionData }: { data: ProductStockPageData; actionData: StockAdjustmentActionData | null }) {
  const { product } = data;
  // Kept across re-renders: the form island redraws only when its props change (decision 0024).
  const options = useMemo(() => stockOptions(product), [product]);
  const here = `${data.base}/${product.id}/stock`;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <p className="m-0 text-sm">
          <Link to={`${data.base}/${product.id}`}>商品の編集へ</Link>
        </p>
        <h1 className="m-0 break-all text-xl">{`在庫と価格の履歴：${product.title}`}</h1>
        <p className="m-0 font-mono text-xs text-gray-600">{product.sku}</p>
        <Notice text={data.notice} />
      </div>
      <section aria-labelledby="stock-levels-heading">
        <h2 id="stock-levels-heading" className="m-0 mb-2 text-base">
          現在の在庫
        </h2>
        <StockLevels options={options} here={here} />
        {product.variations.some((variation) => variation.choices.some((choice) => choice.stock != null)) ? (
          <p className="m-0 mt-2 text-xs text-gray-600">選択肢ごとの在庫を調整すると、そのタイプの在庫も同じ数だけ増減します（ご注文のときと同じです）。</p>
        ) : null}
      </section>
      <StockAdjustmentForm options={options} preset={data.preset} actionData={actionData} resetKey={data.stockHistory.rows[0]?.id ?? 0} />
      <StockAndPriceHistory stockHistory={data.stockHistory} priceHistory={data.priceHistory} />
    </div>
  );
}

function StockLevels({ options, here }: { options: StockOption[]; here: string }) {
  const adjustLink = (option: StockOption, pool: "stock" | "preorder") => `${here}?target=${option.value}&pool=${pool}#adjust`;
  return (
    <table className="w-full border-collapse text-sm" data-testid="stock-levels">
      <thead>
        <tr className="border-b border-b-solid border-gray-300 text-left">
          <th scope="col" className={CELL}>
            在庫（SKU）
          </th>
          <th scope="col" className={`${CELL} whitespace-nowrap text-right`}>
            通常在庫
          </th>
          <th scope="col" className={`${CELL} whitespace-nowrap text-right`}>
            予約在庫
          </th>
        </tr>
      </thead>
      <tbody>
        {options.map((option) => (
          <tr key={option.value} className="border-b border-b-solid border-gray-200 align-top">
            <th scope="row" className={`${CELL} text-left font-normal`}>
              {option.label}
              <span className="block break-all font-mono text-xs text-gray-600">{option.sku}</span>
            </th>
            <td className={`${CELL} whitespace-nowrap text-right`}>
              <span data-testid={`stock-${option.value}`}>{option.stock == null ? "タイプと共通" : `${option.stock.toLocaleString("ja-JP")}点`}</span>
              {option.stock != null ? (
                <Link to={adjustLink(option, "stock")} className="block text-xs" aria-label={`${option.label}の通常在庫を調整`}>
                  調整
                </Link>
              ) : null}
            </td>
            <td className={`${CELL} whitespace-nowrap text-right`}>
              {option.preorder == null ? (
                "—"
              ) : (
                <>
                  {`${option.preorder.toLocaleString("ja-JP")}点`}
                  <Link to={adjustLink(option, "preorder")} className="block text-xs" aria-label={`${option.label}の予約在庫を調整`}>
                    調整
                  </Link>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
