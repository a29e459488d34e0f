/**
 * /crm/customers/guest?email=…: a guest known by their e-mail — the orders placed without an account from
 * it, their returns and the tickets it opened by mail; the member who has the address now, if any.
 */
import { Link } from "@remix-run/react";
import { CrmNav } from "~/components/tickets/CrmNav";
import { customerPath, CUSTOMERS_PATH } from "~/core/customers/customer-paths";
import type { GuestRecord } from "~/web/types/customers";
import { CustomerAccountHeading } from "./CustomerAccountHeading";
import { CustomerOrders, CustomerReturns, CustomerTickets } from "./CustomerActivity";

export function GuestRecordPage({ record }: { record: GuestRecord }) {
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-xs">
        <Link to={CUSTOMERS_PATH}>顧客管理</Link> ›
      </p>
      <CustomerAccountHeading name={record.name} status="guest" />
      <p className="m-0 mt-1 break-all text-sm" data-testid="guest-email">
        <a href={`mailto:${record.email}`}>{record.email}</a>
      </p>
      {record.memberId != null ? (
        <p className="m-0 mt-2 text-sm" data-testid="guest-member">
          このメールアドレスは現在、会員として登録されています：<Link to={customerPath(record.memberId)}>会員の記録を見る</Link>
        </p>
      ) : null}
      <div className="mt-4 grid gap-4">
        <CustomerOrders orders={record.orders} allOrdersHref={`/crm/orders?${new URLSearchParams({ q: record.email })}`} />
        <CustomerTickets tickets={record.tickets} allTicketsHref={`/crm/tickets?${new URLSearchParams({ customer: record.email })}`} />
        <CustomerReturns returns={record.returns} />
      </div>
    </div>
  );
}
