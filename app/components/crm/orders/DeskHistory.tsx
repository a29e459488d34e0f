import { formatDateTime, isoDateTime } from "~/core/dates";
import { ORDER_NOTE_MAX } from "~/core/orders/order-desk";
import type { DeskHistoryLine } from "~/web/types/crm-orders";
import { DeskForm, DeskPanel, DeskSubmit, FIELD } from "./DeskForm";

/** The order's history, oldest first (who, when, from → to, note), staff's notes marked, and the note form. */
export function DeskHistory({ history }: { history: DeskHistoryLine[] }) {
  return (
    <DeskPanel id="desk-history" title="履歴・社内メモ" testId="desk-history">
      {history.length === 0 ? (
        <p className="m-0 text-gray-700">まだ履歴はありません。</p>
      ) : (
        <ol className="m-0 grid gap-2 p-0">
          {history.map((line) => (
            <li
              key={line.id}
              className={`list-none rounded p-2 ${line.isNote ? "bg-amber-50" : "bg-gray-50"}`}
              data-testid={line.isNote ? "desk-history-note" : "desk-history-line"}
            >
              <p className="m-0 flex flex-wrap gap-x-3 text-xs text-gray-700">
                <time dateTime={isoDateTime(line.at)}>{formatDateTime(line.at)}</time>
                <span>{line.actor}</span>
              </p>
              <p className="m-0">
                <strong>{line.label}</strong>
                {line.move ? <span className="ml-2">{line.move}</span> : null}
              </p>
              {line.note ? <p className="m-0 whitespace-pre-wrap break-words text-gray-800">{line.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
      <DeskForm intent="note" className="grid gap-2 border-t border-t-solid border-gray-200 pt-2">
        <label className="grid gap-1">
          <span className="text-xs font-bold">社内メモを追加（お客様には表示されません）</span>
          <textarea name="note" rows={3} maxLength={ORDER_NOTE_MAX} required className={FIELD} />
        </label>
        <DeskSubmit intent="note" tone="secondary">
          メモを追加
        </DeskSubmit>
      </DeskForm>
    </DeskPanel>
  );
}
