import { Link } from "@remix-run/react";
import { formatYen } from "~/core/money";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk-path";
import type { DeskOrderEdits } from "~/web/types/crm-orders";
import { DeskForm, DeskPanel, DeskSubmit } from "./DeskForm";

/**
 * The order's edits (issue 38): the way to 受注内容の編集 while it may still change, what the edits left to settle
 * (追加請求 with 入金を記録, or 返金予定 settled by recording the refund), and each edit before → after.
 */
export function DeskEdits({ orderId, edits }: { orderId: number; edits: DeskOrderEdits }) {
  const { settlementDue } = edits;
  return (
    <DeskPanel id="desk-edits" title="ご注文内容の変更" testId="desk-edits">
      {edits.editable ? (
        <p className="m-0">
          <Link to={`${ORDER_DESK_PATH}/${orderId}/edit`} className="btn-secondary inline-block py-1 text-sm no-underline" data-testid="desk-edit-link">
            受注内容を編集（お届け先・日時・商品）
          </Link>
        </p>
      ) : (
        <p className="m-0 text-gray-700">発送済み・キャンセル済みのため、変更できません。</p>
      )}
      {settlementDue > 0 ? (
        <DeskForm intent="settle_due" className="grid gap-1 rounded bg-amber-50 p-2">
          <p className="m-0 font-bold text-amber-900" data-testid="desk-settlement">
            追加請求 {formatYen(settlementDue)}（変更後の金額とお支払い済みの差額）
          </p>
          <DeskSubmit intent="settle_due" tone="secondary">
            追加分の入金を確認した
          </DeskSubmit>
        </DeskForm>
      ) : null}
      {settlementDue < 0 ? (
        <p className="m-0 rounded bg-amber-50 p-2 font-bold text-amber-900" data-testid="desk-settlement">
          返金予定 {formatYen(-settlementDue)}（変更で減ったお支払い済みの代金。返金を記録すると精算されます）
        </p>
      ) : null}
      {edits.history.length > 0 ? (
        <ol className="m-0 grid gap-2 p-0">
          {edits.history.map((edit) => (
            <li key={edit.id} className="list-none rounded bg-gray-50 p-2" data-testid="desk-edit">
              <p className="m-0 flex flex-wrap gap-x-3 text-xs text-gray-700">
                <span>{edit.at}</span>
                <span>{edit.actor}</span>
                {edit.totalBefore !== edit.totalAfter ? (
                  <span>
                    合計 {formatYen(edit.totalBefore)} → {formatYen(edit.totalAfter)}
                  </span>
                ) : null}
              </p>
              <ul className="m-0 pl-4">
                {edit.changes.map((change, index) => (
                  <li key={index} className="break-words">
                    {change.label}：{change.before} → {change.after}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      ) : null}
    </DeskPanel>
  );
}
