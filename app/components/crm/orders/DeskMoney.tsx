import { Link } from "@remix-run/react";
import { OrderTotals } from "~/components/member/OrderTotals";
import { formatDateJa, formatDateTime } from "~/core/dates";
import { formatYen } from "~/core/money";
import { ORDER_DESK_PATH, REFUND_METHOD_LABELS, REFUND_METHODS, REFUND_NOTE_MAX } from "~/core/orders/order-desk";
import { RETURN_KINDS, RETURN_STATUS_LABELS } from "~/core/returns/return-labels";
import type { DeskOrder } from "~/web/types/crm-orders";
import { DeskForm, DeskPanel, DeskSubmit, FIELD } from "./DeskForm";

/** The amounts exactly as the buyer's order page shows them. */
export function DeskTotals({ detail }: { detail: DeskOrder["detail"] }) {
  return (
    <DeskPanel id="desk-totals" title="お支払い金額">
      <OrderTotals order={detail.order} taxLines={detail.taxLines} />
    </DeskPanel>
  );
}

/** Refunds recorded so far, what is left to refund, and the form recording one. */
export function DeskRefunds({ refunds, refunded, refundable }: { refunds: DeskOrder["refunds"]; refunded: number; refundable: number }) {
  return (
    <DeskPanel id="desk-refunds" title="返金" testId="desk-refunds">
      {refunds.length === 0 ? (
        <p className="m-0 text-gray-700">返金の記録はありません。</p>
      ) : (
        <ul className="m-0 grid gap-1 p-0">
          {refunds.map((refund) => (
            <li key={refund.id} className="list-none" data-testid="desk-refund">
              <span className="font-bold">{formatYen(refund.amount)}</span>（{REFUND_METHOD_LABELS[refund.method] ?? refund.method}）
              <span className="ml-1 text-xs text-gray-700">{formatDateTime(refund.createdAt)}</span>
              {refund.note ? <span className="block break-words text-xs">{refund.note}</span> : null}
            </li>
          ))}
        </ul>
      )}
      <p className="m-0 text-xs" data-testid="desk-refund-left">
        返金済み {formatYen(refunded)} ／ 返金できる残り {formatYen(Math.max(0, refundable - refunded))}
      </p>
      <DeskForm intent="refund" className="grid gap-2 border-t border-t-solid border-gray-200 pt-2">
        <label className="grid gap-1">
          <span className="text-xs font-bold">返金額（円）</span>
          <input name="amount" inputMode="numeric" autoComplete="off" required className={FIELD} />
        </label>
        <label className="grid gap-1">
          <span className="text-xs font-bold">返金方法</span>
          <select name="method" className={FIELD} defaultValue={REFUND_METHODS[0]}>
            {REFUND_METHODS.map((method) => (
              <option key={method} value={method}>
                {REFUND_METHOD_LABELS[method]}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1">
          <span className="text-xs font-bold">メモ（任意）</span>
          <input name="note" maxLength={REFUND_NOTE_MAX} className={FIELD} />
        </label>
        <DeskSubmit intent="refund" tone="secondary">
          返金を記録
        </DeskSubmit>
      </DeskForm>
    </DeskPanel>
  );
}

/** The order's return and exchange requests, each linking to its case; staff record one for the customer once something shipped. */
export function DeskReturns({ returns, orderId, shipped }: { returns: DeskOrder["returns"]; orderId: number; shipped: boolean }) {
  if (returns.length === 0 && !shipped) return null;
  return (
    <DeskPanel id="desk-returns" title="返品・交換の申請" testId="desk-returns">
      {shipped ? (
        <p className="m-0">
          <Link to={`${ORDER_DESK_PATH}/${orderId}/return`} data-testid="desk-record-return">
            返品・交換を登録する（お電話・ゲストのご注文）
          </Link>
        </p>
      ) : null}
      <ul className="m-0 grid gap-1 p-0">
        {returns.map((request) => (
          <li key={request.id} className="list-none">
            <Link to={`/crm/returns/${request.id}`}>
              {RETURN_KINDS[request.kind]}（{RETURN_STATUS_LABELS[request.status]}）
            </Link>
            <span className="ml-1 text-xs text-gray-700">
              {formatDateJa(request.createdAt)}・{request.reason}
            </span>
          </li>
        ))}
      </ul>
    </DeskPanel>
  );
}
