import { useLocation } from "@remix-run/react";
import { BULK_INTENT_LABELS, BULK_INTENTS, BULK_MAX_ORDERS } from "~/core/orders/order-bulk";
import { FIELD } from "./DeskForm";

/** The id of the list's bulk form: each row's checkbox joins it by `form=` (the table sits outside it). */
export const BULK_FORM_ID = "desk-bulk";

/** A row's checkbox of the list's bulk form. */
export function BulkRowCheckbox({ orderId, number }: { orderId: number; number: string }) {
  return <input type="checkbox" name="order" value={orderId} form={BULK_FORM_ID} aria-label={`${number}を選択`} data-testid="bulk-order-checkbox" />;
}

/**
 * 一括操作 on the filtered list (EC-CUBE's 一括 対応状況変更): an action and the ticked orders — or every order
 * of the page shown — go to the dry run (a GET form: nothing changes yet). With JS, 「このページの全件」 also
 * ticks the rows; without it the server reads the page's ids.
 */
export function BulkSelectionBar({ pageOrderIds }: { pageOrderIds: number[] }) {
  const location = useLocation();
  const tickAll = (checked: boolean) => {
    for (const box of document.querySelectorAll<HTMLInputElement>(`input[name="order"][form="${BULK_FORM_ID}"]`)) box.checked = checked;
  };
  return (
    <form id={BULK_FORM_ID} method="get" action="/crm/orders/bulk" className="card mb-3 flex flex-wrap items-end gap-3 p-3 text-sm" data-testid="bulk-bar">
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      {pageOrderIds.map((id) => (
        <input key={id} type="hidden" name="page_order" value={id} />
      ))}
      <label className="grid gap-1">
        <span className="text-xs font-bold">一括操作</span>
        <select name="intent" className={FIELD} defaultValue="" required data-testid="bulk-intent">
          <option value="" disabled>
            操作を選んでください
          </option>
          {BULK_INTENTS.map((intent) => (
            <option key={intent} value={intent}>
              {BULK_INTENT_LABELS[intent]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1">
        <input type="checkbox" name="all" value="1" onChange={(event) => tickAll(event.currentTarget.checked)} data-testid="bulk-all" />
        このページの全件（{pageOrderIds.length}件）
      </label>
      <button type="submit" className="btn-secondary py-1 text-sm" data-testid="bulk-preview">
        選んだ注文を確認へ（まだ変更されません）
      </button>
      <span className="text-xs text-gray-700">チェックした注文に一括で操作します（一度に{BULK_MAX_ORDERS}件まで）。</span>
    </form>
  );
}
