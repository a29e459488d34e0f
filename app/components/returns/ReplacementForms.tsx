import { Form } from "@remix-run/react";
import { CarrierOptions } from "~/components/orders/CarrierOptions";
import { formatYen } from "~/core/money";
import { CARRIER_ORDER } from "~/core/orders/carriers";
import { REFUND_METHOD_LABELS } from "~/core/orders/order-desk";
import { replacementInStock } from "~/core/returns/staff-returns";
import type { ReturnDeskView } from "~/web/types/returns";

/** The refund's method, preselected by the order's payment (請求の取消 for 後払い and an unpaid 代金引換). */
export function RefundMethodField({ desk }: { desk: ReturnDeskView }) {
  return (
    <label className="grid gap-1 text-sm font-bold">
      {`返金方法（お支払い方法：${desk.paymentLabel}）`}
      <select name="method" defaultValue={desk.refundMethodDefault}>
        {Object.entries(REFUND_METHOD_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

function FormError({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="field-error m-0">
      {error}
    </p>
  ) : null;
}

/**
 * A received exchange's replacement, by where it stands: arrange it (the stock of each line shown; out of
 * stock, the refund instead), ship it with carrier and tracking number, or nothing once shipped or
 * refunded. Plain forms (PRG), the same with JS off.
 */
export function ReplacementForms({ desk, errorOf, busy }: { desk: ReturnDeskView; errorOf: (intent: string) => string | null; busy: boolean }) {
  const replacement = desk.request.replacement;
  if (replacement && replacement.status !== "preparing") return null;
  const inStock = replacementInStock(desk.replacementStock);
  return (
    <div className="grid gap-4" aria-busy={busy} data-testid="replacement-forms">
      <h3 className="m-0 text-base">交換品の手配</h3>
      <ul className="m-0 pl-5 text-sm" data-testid="replacement-stock">
        {desk.replacementStock.map((line, index) => (
          <li key={index}>{`${line.title} × ${line.quantity}（在庫 ${line.inStock}）${line.inStock < line.quantity ? " 在庫不足" : ""}`}</li>
        ))}
      </ul>
      {replacement == null ? (
        <Form method="post" className="grid gap-2" data-testid="replacement-prepare-form">
          <input type="hidden" name="intent" value="prepare_replacement" />
          <p className="m-0 text-sm">同じ商品・数量を在庫から引き当て、交換品として発送の準備をします。</p>
          <FormError error={errorOf("prepare_replacement")} />
          <button type="submit" className="btn-primary justify-self-start" disabled={!inStock}>
            交換品を手配する（在庫を引き当て）
          </button>
        </Form>
      ) : (
        <Form method="post" className="grid gap-2" data-testid="replacement-ship-form">
          <input type="hidden" name="intent" value="ship_replacement" />
          <div className="flex flex-wrap items-end gap-2">
            <label className="grid gap-1 text-sm font-bold">
              配送業者
              <select name="carrier" defaultValue={CARRIER_ORDER[0]}>
                <CarrierOptions />
              </select>
            </label>
            <label className="grid gap-1 text-sm font-bold">
              お問い合わせ番号（伝票番号）
              <input name="tracking_number" inputMode="numeric" autoComplete="off" required placeholder="例：1234-5678-9012" />
            </label>
          </div>
          <FormError error={errorOf("ship_replacement")} />
          <button type="submit" className="btn-primary justify-self-start">
            交換品を発送済みにする（お客様にお知らせ）
          </button>
        </Form>
      )}
      <Form method="post" className="grid gap-2 border-t border-t-solid border-gray-200 pt-2" data-testid="replacement-refund-form">
        <input type="hidden" name="intent" value="refund_replacement" />
        <p className="m-0 text-sm">{`在庫がなく交換できない場合は、返金に切り替えます：${formatYen(desk.exchangeRefundPreview)}（商品代金）。付与したポイントは取り消します。${replacement ? "引き当てた在庫は戻します。" : ""}`}</p>
        <RefundMethodField desk={desk} />
        <FormError error={errorOf("refund_replacement")} />
        <button type="submit" className={inStock && replacement == null ? "btn-secondary justify-self-start" : "btn-primary justify-self-start"}>
          返金に切り替える
        </button>
      </Form>
    </div>
  );
}
