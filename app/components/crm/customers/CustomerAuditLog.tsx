import { CUSTOMER_CHANGE_LABELS } from "~/core/customers/customer-records";
import { formatDateTime, isoDateTime } from "~/core/dates";
import type { CustomerChangeLine } from "~/web/types/customers";

/** Every change staff made to the member's record, newest first: when (Japan time), who, what, before → after, why. */
export function CustomerAuditLog({ changes }: { changes: CustomerChangeLine[] }) {
  return (
    <section aria-labelledby="customer-audit-heading" className="card grid gap-2 p-4 text-sm" data-testid="customer-audit-log">
      <h2 id="customer-audit-heading" className="m-0 text-base">
        変更履歴（スタッフによる変更）
      </h2>
      {changes.length === 0 ? (
        <p className="m-0 text-gray-700">スタッフによる変更はまだありません。</p>
      ) : (
        <ol className="m-0 grid list-none gap-2 p-0">
          {changes.map((change) => (
            <li key={change.id} className="grid gap-0.5 border-b border-b-solid border-gray-100 pb-2" data-testid="customer-change">
              <p className="m-0 flex flex-wrap gap-x-2 text-xs text-gray-700">
                <time dateTime={isoDateTime(change.createdAt)}>{formatDateTime(change.createdAt)}</time>
                <span data-testid="customer-change-staff">{change.staffName}</span>
                <span className="badge bg-gray-100 text-gray-800">{CUSTOMER_CHANGE_LABELS[change.kind]}</span>
              </p>
              <p className="m-0 font-bold" data-testid="customer-change-summary">
                {change.summary}
              </p>
              {change.before || change.after ? (
                <p className="m-0 break-words" data-testid="customer-change-diff">
                  <span className="text-gray-700">変更前：</span>
                  {change.before || "—"}
                  <span aria-hidden="true"> → </span>
                  <span className="text-gray-700">変更後：</span>
                  {change.after || "—"}
                </p>
              ) : null}
              {change.reason ? (
                <p className="m-0" data-testid="customer-change-reason">
                  <span className="text-gray-700">理由：</span>
                  {change.reason}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
