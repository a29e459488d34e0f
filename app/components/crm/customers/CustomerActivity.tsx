/** A customer's orders, tickets and returns (the newest, each linking to its staff page), for members and guests alike. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { DeskPanel } from "~/components/crm/orders/DeskForm";
import { ReturnStatusBadge } from "~/components/returns/ReturnStatusBadge";
import { StatusBadge } from "~/components/tickets/StatusBadge";
import { PAYMENT_METHODS } from "~/core/checkout/payment-methods";
import { formatShortDate, isoDateTime } from "~/core/dates";
import { formatCount, formatYen } from "~/core/money";
import { ORDER_STATUS_LABELS } from "~/core/orders/orders";
import { RETURN_KINDS } from "~/core/returns/return-labels";
import { STATUS_LABELS } from "~/core/tickets/ticket-labels";
import type { CustomerOrder, CustomerReturn, CustomerTicket } from "~/web/types/customers";

/** One row of a list: the day, the link to its staff page, then what the list adds (state, amount …). */
function ActivityRow({ at, href, label, testId, children }: { at: string; href: string; label: string; testId: string; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-0.5 border-b border-b-solid border-gray-100 py-1" data-testid={testId}>
      <time dateTime={isoDateTime(at)} className="whitespace-nowrap text-xs text-gray-700">
        {formatShortDate(at)}
      </time>
      <Link to={href} className="font-bold">
        {label}
      </Link>
      {children}
    </li>
  );
}

/** A list of the newest, saying when there are more than shown (and where to see them all). */
function Newest({
  shown,
  total,
  empty,
  more,
  children,
  testId,
}: {
  shown: number;
  total: number;
  empty: string;
  more: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  if (total === 0) return <p className="m-0 text-gray-700">{empty}</p>;
  return (
    <>
      <ul className="m-0 grid list-none gap-1 p-0" data-testid={testId}>
        {children}
      </ul>
      {total > shown ? (
        <p className="m-0 text-xs text-gray-700">
          {`新しい${formatCount(shown)}件を表示しています（全${formatCount(total)}件）。`}
          {more}
        </p>
      ) : null}
    </>
  );
}

export function CustomerOrders({
  orders,
  allOrdersHref,
}: {
  orders: { rows: CustomerOrder[]; total: number; placed: number; bought: number };
  /** The order desk filtered to this customer. */
  allOrdersHref: string;
}) {
  return (
    <DeskPanel id="customer-orders" title={`ご注文（${formatCount(orders.total)}件）`} testId="customer-orders">
      <p className="m-0 text-xs text-gray-700">{`キャンセルを除く ${formatCount(orders.placed)}件・お買い上げ合計 ${formatYen(orders.bought)}`}</p>
      <Newest
        shown={orders.rows.length}
        total={orders.total}
        empty="ご注文はありません。"
        more={<Link to={allOrdersHref}>注文管理ですべて見る</Link>}
        testId="customer-order-list"
      >
        {orders.rows.map((order) => (
          <ActivityRow key={order.id} at={order.createdAt} href={`/crm/orders/${order.id}`} label={order.number} testId="customer-order">
            <span className="text-xs">{ORDER_STATUS_LABELS[order.status]}</span>
            <span className="text-xs text-gray-700">{PAYMENT_METHODS[order.paymentMethod].label}</span>
            <span className="ml-auto whitespace-nowrap">{formatYen(order.total)}</span>
          </ActivityRow>
        ))}
      </Newest>
    </DeskPanel>
  );
}

export function CustomerTickets({ tickets, allTicketsHref }: { tickets: { rows: CustomerTicket[]; total: number }; allTicketsHref: string }) {
  return (
    <DeskPanel id="customer-tickets" title={`お問い合わせ（${formatCount(tickets.total)}件）`} testId="customer-tickets">
      <Newest
        shown={tickets.rows.length}
        total={tickets.total}
        empty="お問い合わせはありません。"
        more={<Link to={allTicketsHref}>お問い合わせ一覧ですべて見る</Link>}
        testId="customer-ticket-list"
      >
        {tickets.rows.map((ticket) => (
          <ActivityRow key={ticket.id} at={ticket.createdAt} href={`/crm/tickets/${ticket.id}`} label={`#${ticket.id}`} testId="customer-ticket">
            <span className="text-xs">{`${ticket.category}・${ticket.trouble}`}</span>
            <span className="ml-auto">
              <StatusBadge status={ticket.status} label={STATUS_LABELS[ticket.status]} />
            </span>
          </ActivityRow>
        ))}
      </Newest>
    </DeskPanel>
  );
}

export function CustomerReturns({ returns }: { returns: { rows: CustomerReturn[]; total: number } }) {
  return (
    <DeskPanel id="customer-returns" title={`返品・交換（${formatCount(returns.total)}件）`} testId="customer-returns">
      <Newest shown={returns.rows.length} total={returns.total} empty="返品・交換のお申し込みはありません。" more={null} testId="customer-return-list">
        {returns.rows.map((request) => (
          <ActivityRow
            key={request.id}
            at={request.createdAt}
            href={`/crm/returns/${request.id}`}
            label={`${RETURN_KINDS[request.kind]} #${request.id}`}
            testId="customer-return"
          >
            <span className="text-xs text-gray-700">ご注文 {request.orderNumber}</span>
            <span className="ml-auto">
              <ReturnStatusBadge status={request.status} />
            </span>
          </ActivityRow>
        ))}
      </Newest>
    </DeskPanel>
  );
}
