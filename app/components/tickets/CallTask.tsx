import { Form } from "@remix-run/react";
import { formatDateTime } from "~/core/dates";

/**
 * Staff's 「電話で連絡」 task on a ticket whose customer asked to be phoned: a reply there mails nothing, so
 * the call is owed until someone marks it done. A plain form (the action answers JS and no-JS alike).
 */
export function CallTask({ since, phone, action }: { since: string; phone: string | null; action: string }) {
  return (
    <section aria-labelledby="call-task-heading" className="card mb-3 grid gap-2 border-amber-500 p-3" data-testid="call-task">
      <h2 id="call-task-heading" className="m-0 text-base">
        電話で連絡
      </h2>
      <p className="m-0 text-sm">
        お客様は電話での連絡をご希望です。返信はメールで送られていません（{formatDateTime(since)} の返信から）。
        {phone ? `電話番号：${phone}` : "電話番号の登録はありません。"}
      </p>
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="call_done" />
        <button type="submit" className="btn-secondary">
          電話しました（連絡済みにする）
        </button>
      </Form>
    </section>
  );
}
