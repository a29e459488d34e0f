/**
 * /crm/orders/{id}/edit (受注内容の編集, issue 38 item 1): the delivery (address and recipient with the shop's own
 * address form, the wished date/slot) and the lines (quantities, 0 to remove, a line added by SKU, today's price
 * or the order's), each a plain form naming the order's version this page showed. A change is recorded in the
 * order's history and mailed to the customer; the amounts are recalculated by the checkout's rules.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { OrderDeliveryForms, useEditError } from "~/components/orders/OrderDeliveryForms";
import { CrmNav } from "~/components/tickets/CrmNav";
import { MAX_LINE_QUANTITY } from "~/core/limits";
import { formatYen } from "~/core/money";
import { ORDER_EDIT_INTENTS } from "~/core/orders/order-edit-intents";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk-path";
import type { OrderEditPageData } from "~/web/types/order-edits";
import { DeskPanel, FIELD } from "./DeskForm";

function LinesForm({ lines, version }: { lines: OrderEditPageData["lines"]; version: number }) {
  const error = useEditError("lines");
  const navigation = useNavigation();
  if (lines.refusal) {
    return (
      <p className="m-0 rounded bg-amber-50 px-3 py-2 text-amber-900" data-testid="order-lines-closed">
        {lines.refusal}
      </p>
    );
  }
  return (
    <Form method="post" className="grid gap-3" data-testid="order-lines-form" key={version}>
      <input type="hidden" name="intent" value={ORDER_EDIT_INTENTS.lines} />
      <input type="hidden" name="version" value={version} />
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr className="border-b border-b-solid border-gray-300 text-left text-xs text-gray-700">
              <th className="py-1 pr-2">商品</th>
              <th className="py-1 pr-2">SKU</th>
              <th className="py-1 pr-2 text-right">単価</th>
              <th className="py-1 pr-2">数量</th>
              <th className="py-1 text-right">小計</th>
            </tr>
          </thead>
          <tbody>
            {lines.rows.map((row) => (
              <tr key={row.id} className="border-b border-b-solid border-gray-100 align-top" data-testid="order-edit-line">
                <td className="py-1 pr-2">
                  {row.title}
                  {row.detail ? <span className="block text-xs text-gray-700">{row.detail}</span> : null}
                  {row.locked ? <span className="block text-xs text-amber-800">{row.locked}</span> : null}
                </td>
                <td className="py-1 pr-2 text-xs">{row.sku}</td>
                <td className="py-1 pr-2 text-right">{formatYen(row.unitPrice)}</td>
                <td className="py-1 pr-2">
                  {row.locked ? (
                    row.quantity
                  ) : (
                    <>
                      <input type="hidden" name="line" value={row.id} />
                      <input
                        name="quantity"
                        type="number"
                        min={0}
                        max={MAX_LINE_QUANTITY}
                        defaultValue={row.quantity}
                        aria-label={`${row.title}の数量（0で削除）`}
                        className={`${FIELD} w-20`}
                      />
                    </>
                  )}
                </td>
                <td className="py-1 text-right">{formatYen(row.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset className="m-0 grid gap-2 rounded border border-solid border-gray-200 p-2">
        <legend className="px-1 text-xs font-bold">商品を追加</legend>
        <div className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1">
            <span className="text-xs">SKU（バリエーションはそのSKU）</span>
            <input name="add_sku" autoComplete="off" className={FIELD} />
          </label>
          <label className="grid gap-1">
            <span className="text-xs">数量</span>
            <input name="add_quantity" type="number" min={1} max={MAX_LINE_QUANTITY} defaultValue={1} className={`${FIELD} w-20`} />
          </label>
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="todays_price" value="1" />
        変更・追加する商品を現在の販売価格で計算する（チェックなし：ご注文時の価格）
      </label>
      <p className="m-0 text-xs text-gray-700">
        数量を0にすると、その商品を削除します。送料・手数料・クーポン・ポイントはご注文時と同じ規則で再計算し、在庫は差分だけ増減します。
      </p>
      {error ? (
        <p role="alert" className="m-0 rounded bg-red-50 px-2 py-1 text-sm text-red-800" data-testid="order-lines-error">
          {error}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn-primary py-1 text-sm" disabled={navigation.state === "submitting"}>
          商品の変更を確定する
        </button>
      </div>
    </Form>
  );
}

export function OrderEditPage({ page }: { page: OrderEditPageData }) {
  const { order } = page;
  const orderPath = `${ORDER_DESK_PATH}/${order.id}`;
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-xs">
        <Link to={ORDER_DESK_PATH}>注文管理</Link> › <Link to={orderPath}>ご注文 {order.number}</Link> ›
      </p>
      <h1 className="m-0 mt-1 text-xl">受注内容の編集</h1>
      <Notice text={page.notice} />
      <p className="m-0 mt-2 text-sm" data-testid="order-edit-summary">
        状態：<strong>{order.statusLabel}</strong>・お支払い方法：{order.paymentLabel}・お支払い合計：<strong>{formatYen(order.total)}</strong>
        {order.settlement ? (
          <span className="badge ml-2 bg-amber-100 text-amber-900" data-testid="order-edit-settlement">
            {order.settlement}
          </span>
        ) : null}
      </p>
      <p className="m-0 text-xs text-gray-700">変更は保存と同時にお客様へ「ご注文内容変更のお知らせ」でお知らせし、注文の履歴に変更前・変更後を記録します。</p>
      <div className="mt-4 grid gap-4 lg:grid-cols-2 lg:items-start">
        <DeskPanel id="order-edit-delivery" title="お届け先・お届け日時" testId="order-edit-delivery">
          <OrderDeliveryForms delivery={page.delivery} />
        </DeskPanel>
        <DeskPanel id="order-edit-lines" title="ご注文の商品" testId="order-edit-lines">
          <LinesForm lines={page.lines} version={page.delivery.version} />
          <dl className="m-0 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-t-solid border-gray-200 pt-2" data-testid="order-edit-amounts">
            {page.lines.amounts.map((row) => (
              <div key={row.label} className="contents">
                <dt className="text-gray-700">{row.label}</dt>
                <dd className="m-0 text-right">{row.value}</dd>
              </div>
            ))}
          </dl>
        </DeskPanel>
      </div>
      <p className="mt-4 text-sm">
        <Link to={orderPath}>ご注文の詳細に戻る</Link>
      </p>
    </div>
  );
}
