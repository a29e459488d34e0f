import { formatYen } from "~/core/money";
import { ORDER_NOTE_MAX } from "~/core/orders/order-desk";
import { cancellationRefusal, lineCancellationRefusal } from "~/core/orders/order-lifecycle";
import type { DeskOrder } from "~/web/types/crm-orders";
import { DeskForm, DeskPanel, DeskSubmit, FIELD } from "./DeskForm";

/**
 * Cancelling before shipping: chosen lines of shipments still being prepared, or the whole order (with a
 * confirmation box, so one click never cancels an order). Shown only while something can be cancelled.
 */
export function DeskCancel({ detail, shipments }: { detail: DeskOrder["detail"]; shipments: DeskOrder["shipments"] }) {
  const statusOf = new Map(shipments.map((shipment) => [shipment.id, shipment.status]));
  const lines = detail.shipments.flatMap((shipment) =>
    shipment.lines.filter((line) => lineCancellationRefusal(detail.order.status, statusOf.get(shipment.id) ?? null, line.cancelledAt != null) == null),
  );
  const wholeCancellable =
    cancellationRefusal(
      detail.order.status,
      shipments.map((shipment) => shipment.status),
    ) == null;
  if (lines.length === 0 && !wholeCancellable) return null;
  return (
    <DeskPanel id="desk-cancel" title="キャンセル" testId="desk-cancel">
      {lines.length > 0 ? (
        <DeskForm intent="cancel_lines">
          <fieldset className="m-0 grid gap-1 border-0 p-0">
            <legend className="text-xs font-bold">発送前の商品を選んでキャンセル（在庫を戻します。返金は「返金」で記録してください）</legend>
            {lines.map((line) => (
              <label key={line.id} className="flex items-center gap-2">
                <input type="checkbox" name="line" value={line.id} />
                <span>
                  {line.title}
                  {line.choiceLabel ? `（${line.choiceLabel}）` : ""} × {line.quantity}点 {formatYen(line.total)}
                </span>
              </label>
            ))}
          </fieldset>
          <DeskSubmit intent="cancel_lines" tone="secondary">
            選んだ商品をキャンセル
          </DeskSubmit>
        </DeskForm>
      ) : null}
      {wholeCancellable ? (
        <DeskForm intent="cancel" className="grid gap-2 border-t border-t-solid border-gray-200 pt-2">
          <label className="grid gap-1">
            <span className="text-xs font-bold">キャンセルの理由（任意・履歴に残ります）</span>
            <input name="note" maxLength={ORDER_NOTE_MAX} className={FIELD} />
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="confirm" value="1" />
            <span>ご注文全体をキャンセルします（在庫・ポイント・クーポンを戻し、お客様にお知らせします）</span>
          </label>
          <DeskSubmit intent="cancel" tone="secondary">
            ご注文をキャンセル
          </DeskSubmit>
        </DeskForm>
      ) : null}
    </DeskPanel>
  );
}
