import { Form } from "@remix-run/react";
import { useId } from "react";
import type { ThreadActionData } from "~/web/types/tickets";

/**
 * 「別の問い合わせに統合」 on the staff ticket page (issue 36 item 9): the target's number, typed or chosen
 * among the customer's other open tickets (a datalist, and each named beside). A plain form, JS on and off;
 * the answer is the target's page. Never shown to the customer.
 */
export function TicketMerge({
  ticketId,
  targets,
  action,
  pageError,
}: {
  ticketId: number;
  targets: { id: number; category: string; trouble: string }[];
  action: string;
  pageError: ThreadActionData | null;
}) {
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const error = pageError && !pageError.ok && pageError.intent === "merge" ? pageError : null;
  return (
    <details className="mb-3 text-sm" data-testid="ticket-merge" open={error ? true : undefined}>
      <summary className="cursor-pointer">別の問い合わせに統合</summary>
      <Form method="post" action={action} className="mt-2 grid gap-2">
        <input type="hidden" name="intent" value="merge" />
        <p id={hintId} className="m-0 text-gray-700">
          #{ticketId} のメッセージ・メモ・タグを統合先へ移し、#{ticketId}{" "}
          は終了します（お客様へのメールは送りません）。同じお客様のお問い合わせにだけ統合できます。
        </p>
        <div className="flex flex-wrap items-end gap-2">
          <label htmlFor={inputId} className="grid gap-1">
            統合先のお問い合わせ番号
            <input
              id={inputId}
              name="target"
              list={listId}
              inputMode="numeric"
              maxLength={20}
              required
              defaultValue={error?.message ?? ""}
              className="field w-32"
              aria-describedby={hintId}
              aria-invalid={error ? true : undefined}
            />
          </label>
          <datalist id={listId}>
            {targets.map((target) => (
              <option key={target.id} value={String(target.id)}>
                #{target.id} {target.category}・{target.trouble}
              </option>
            ))}
          </datalist>
          <button type="submit" className="btn-secondary">
            統合する
          </button>
        </div>
        {targets.length > 0 ? (
          <ul className="m-0 list-none p-0 text-gray-700" aria-label="同じお客様の対応中のお問い合わせ" data-testid="merge-targets">
            {targets.map((target) => (
              <li key={target.id}>
                <a href={`/crm/tickets/${target.id}`}>#{target.id}</a> {target.category}・{target.trouble}
              </li>
            ))}
          </ul>
        ) : null}
        {error ? (
          <p role="alert" className="field-error m-0">
            {error.error}
          </p>
        ) : null}
      </Form>
    </details>
  );
}
