import { Link } from "@remix-run/react";
import { customerPath, guestCustomerPath } from "~/core/customers/customer-paths";
import { replyGoesByMail } from "~/core/tickets/reply-mail";
import { GUEST_CUSTOMER_LABEL, PRIORITY_LABELS, REPLY_CHOICES, STATUS_LABELS } from "~/core/tickets/ticket-labels";
import type { TicketHead } from "~/web/types/tickets";
import { formatDateTime } from "~/core/dates";
import { StatusBadge } from "./StatusBadge";

/** What the ticket is about: category, trouble, order and product; staff also see the customer and priority. */
export function TicketHeader({ ticket, forStaff = false }: { ticket: TicketHead; forStaff?: boolean }) {
  const reply = REPLY_CHOICES.find((choice) => choice.value === ticket.replyChoice)?.label ?? "";
  const customerName = `${ticket.customer.lastname} ${ticket.customer.firstname}`.trim();
  return (
    <header className="grid gap-2">
      <h1 className="m-0 flex flex-wrap items-center gap-2 text-xl">
        お問い合わせ #{ticket.id}
        <StatusBadge status={ticket.status} label={STATUS_LABELS[ticket.status]} />
      </h1>
      <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {forStaff ? (
          <>
            <dt className="font-bold">お客様</dt>
            <dd className="m-0" data-testid="ticket-customer">
              <Link
                to={ticket.customer.id != null ? customerPath(ticket.customer.id) : guestCustomerPath(ticket.customer.email)}
                data-testid="ticket-customer-record"
              >
                {customerName === ticket.customer.email ? customerName : `${customerName}（${ticket.customer.email}）`}
              </Link>
              {ticket.customer.id == null ? <span className="ml-1 text-xs">{GUEST_CUSTOMER_LABEL}</span> : null}
            </dd>
            <dt className="font-bold">優先度</dt>
            <dd className="m-0" data-testid="ticket-priority">
              {PRIORITY_LABELS[ticket.priority]}
            </dd>
          </>
        ) : null}
        <dt className="font-bold">種類</dt>
        <dd className="m-0">{ticket.category}</dd>
        <dt className="font-bold">内容</dt>
        <dd className="m-0">{ticket.trouble}</dd>
        <dt className="font-bold">ご希望の連絡方法</dt>
        <dd className="m-0">
          {reply}
          {forStaff ? (
            <span className="block text-xs" data-testid="reply-delivery">
              {replyGoesByMail(ticket.replyChoice) ? "返信はお客様にメールでも届きます。" : "返信はメールで送られません。電話でご連絡ください。"}
            </span>
          ) : null}
        </dd>
        <dt className="font-bold">受付日時</dt>
        <dd className="m-0">
          <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
        </dd>
        {ticket.order ? (
          <>
            <dt className="font-bold">ご注文</dt>
            <dd className="m-0">
              注文番号 {ticket.order.number}
              {ticket.details.length ? (
                <ul className="m-0 pl-4">
                  {ticket.details.map((line) => (
                    <li key={line.id}>{line.title}</li>
                  ))}
                </ul>
              ) : null}
            </dd>
          </>
        ) : null}
        {ticket.product ? (
          <>
            <dt className="font-bold">商品</dt>
            <dd className="m-0">
              <Link to={ticket.product.url}>{ticket.product.title}</Link>
            </dd>
          </>
        ) : null}
      </dl>
    </header>
  );
}
