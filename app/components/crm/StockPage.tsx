import { Form, Link, useNavigation } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { MAX_STOCK_CHANGE } from "~/core/catalogue/stock-adjustment";
import type { StockActionData, StockLoaderData, WaitingItem } from "~/web/types/stock";

/** Staff only (/crm/stock): the form that adds stock by SKU, and the items members are waiting for. */
export function StockPage({ data, actionData }: { data: StockLoaderData; actionData: StockActionData | null }) {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-0 mt-4 text-xl">在庫の追加</h1>
      <Notice text={data.notice} />
      <section aria-labelledby="restock-form" className="card mt-4 p-4">
        <h2 id="restock-form" className="m-0 mb-3 text-base">
          入荷を登録する
        </h2>
        <RestockForm actionData={actionData} />
        {actionData ? (
          <p id={`restock-${actionData.field}-error`} role="alert" className="field-error m-0 mt-2">
            {actionData.error}
          </p>
        ) : null}
        <p className="m-0 mt-2 text-xs text-gray-600">在庫を追加すると、入荷を待っている会員に「再入荷のお知らせ」が届きます。</p>
      </section>
      <section aria-labelledby="restock-waiting" className="mt-6">
        <h2 id="restock-waiting" className="m-0 text-base">
          入荷待ちの商品
        </h2>
        {data.waiting.length === 0 ? <p className="text-sm">入荷を待っている会員はいません。</p> : <WaitingItemsTable items={data.waiting} />}
      </section>
    </div>
  );
}

/** SKU and quantity; after a refusal they hold what was typed, the field at fault marked. */
function RestockForm({ actionData }: { actionData: StockActionData | null }) {
  const navigation = useNavigation();
  return (
    <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
      <div className="grid gap-1">
        <label htmlFor="restock-sku" className="text-sm font-bold">
          SKU（商品またはタイプ）
        </label>
        <input
          id="restock-sku"
          name="sku"
          required
          maxLength={64}
          defaultValue={actionData?.sku ?? ""}
          placeholder="例：DEMO-SOLDOUT"
          autoComplete="off"
          aria-invalid={actionData?.field === "sku" || undefined}
          aria-describedby={actionData?.field === "sku" ? "restock-sku-error" : undefined}
          className="field"
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor="restock-quantity" className="text-sm font-bold">
          追加する数量
        </label>
        <input
          id="restock-quantity"
          name="quantity"
          type="number"
          inputMode="numeric"
          required
          min={1}
          max={MAX_STOCK_CHANGE}
          defaultValue={actionData?.quantity ?? "10"}
          aria-invalid={actionData?.field === "quantity" || undefined}
          aria-describedby={actionData?.field === "quantity" ? "restock-quantity-error" : undefined}
          className="field"
        />
      </div>
      <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
        在庫を追加
      </button>
    </Form>
  );
}

/** Most requested first: SKU, item, stock now and how many members wait. */
function WaitingItemsTable({ items }: { items: WaitingItem[] }) {
  return (
    <table className="mt-2 w-full border-collapse text-sm" data-testid="restock-waiting">
      <thead>
        <tr className="border-b border-b-solid border-gray-300 text-left">
          <th scope="col" className="px-2 py-1">
            SKU
          </th>
          <th scope="col" className="px-2 py-1">
            商品
          </th>
          <th scope="col" className="px-2 py-1 text-right">
            在庫
          </th>
          <th scope="col" className="px-2 py-1 text-right">
            入荷待ち
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.key} className="border-b border-b-solid border-gray-200">
            <td className="px-2 py-1 font-mono text-xs">{item.sku}</td>
            <th scope="row" className="px-2 py-1 text-left font-normal">
              {/* The product's stock page: its stocks, other adjustments and the history. */}
              <Link to={`/crm/products/${item.productId}/stock`}>{item.title}</Link>
            </th>
            <td className="px-2 py-1 text-right">{item.inventory}</td>
            <td className="px-2 py-1 text-right">{item.requests}人</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
