import { Form, Link } from "@remix-run/react";
import type { StaffNoticeRow } from "~/web/types/tickets";

/** A staff member's notices (/crm/notices): who wrote what on which ticket, unread ones marked, and すべて既読にする. */
export function StaffNoticeList({ notices, action }: { notices: StaffNoticeRow[]; action: string }) {
  if (notices.length === 0) return <p className="text-sm">お知らせはありません。</p>;
  const unread = notices.some((item) => !item.read);
  return (
    <div className="grid gap-3 py-3">
      {unread ? (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="read_all" />
          <button type="submit" className="btn-secondary">
            すべて既読にする
          </button>
        </Form>
      ) : null}
      <ul className="m-0 grid list-none gap-2 p-0" data-testid="staff-notices">
        {notices.map((item) => (
          <li key={item.id} className={`rounded p-3 text-sm ${item.read ? "bg-gray-50" : "bg-amber-50"}`} data-testid="staff-notice">
            <p className="m-0 text-xs text-gray-700">
              {item.read ? null : <strong className="mr-2 text-brand">未読</strong>}
              {item.author}・<time dateTime={item.createdAt.iso}>{item.createdAt.text}</time>
            </p>
            <p className="m-0">
              <Link to={`/crm/tickets/${item.ticketId}#note-${item.noteId}`}>
                お問い合わせ #{item.ticketId}（{item.trouble}）
              </Link>
            </p>
            <p className="m-0 whitespace-pre-wrap break-words">{item.excerpt}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
