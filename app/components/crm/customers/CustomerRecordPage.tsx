/**
 * /crm/customers/{id}: one member's record — profile, login state (and the owner's suspend / resume),
 * addresses (修正), orders, tickets, returns, points with the adjustment form, and the audit log of every
 * change staff made. Plain forms, PRG, the same with JS off.
 */
import { Link, useActionData } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import { CUSTOMERS_PATH } from "~/core/customers/customer-paths";
import type { CustomerActionData, CustomerRecord } from "~/web/types/customers";
import { CustomerAccountHeading } from "./CustomerAccountHeading";
import { CustomerLoginPanel, CustomerProfilePanel } from "./CustomerAccount";
import { CustomerOrders, CustomerReturns, CustomerTickets } from "./CustomerActivity";
import { CustomerAddresses } from "./CustomerAddresses";
import { CustomerAuditLog } from "./CustomerAuditLog";
import { CustomerPoints } from "./CustomerPoints";

export function CustomerRecordPage({ record, isOwner, notice }: { record: CustomerRecord; isOwner: boolean; notice: string | null }) {
  const answered = useActionData<CustomerActionData>();
  const replyTo = (intent: "adjust_points" | "suspend" | "resume") => (answered && answered.intent === intent ? answered.reply : null);
  const { profile } = record;
  const canChange = profile.status !== "withdrawn";
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-xs">
        <Link to={CUSTOMERS_PATH}>顧客管理</Link> ›
      </p>
      <CustomerAccountHeading name={profile.name} status={profile.status} />
      <Notice text={notice} />
      {/* A post that named no form of this page (a stale or hand-made one) is answered here. */}
      <Notice text={answered?.intent === "malformed" ? answered.error : null} tone="error" />
      {/* Who they are first (on a phone too), then what they did. */}
      <div className="mt-4 grid gap-4 md:grid-cols-[22rem_minmax(0,1fr)] md:items-start">
        <div className="grid gap-4">
          <CustomerProfilePanel profile={profile} />
          <CustomerLoginPanel
            profile={profile}
            login={record.login}
            isOwner={isOwner}
            lastResult={replyTo(profile.status === "suspended" ? "resume" : "suspend")}
          />
          <CustomerAddresses customerId={profile.id} addresses={record.addresses} canChange={canChange} />
        </div>
        <div className="grid gap-4">
          <CustomerOrders orders={record.orders} allOrdersHref={`/crm/orders?${new URLSearchParams({ q: profile.email })}`} />
          <CustomerTickets tickets={record.tickets} allTicketsHref={`/crm/tickets?${new URLSearchParams({ customer: profile.email })}`} />
          <CustomerReturns returns={record.returns} />
          <CustomerPoints
            key={`points-${record.points.ledgerTotal}`}
            points={record.points}
            limit={record.pointAdjustLimit}
            isOwner={isOwner}
            canChange={canChange}
            lastResult={replyTo("adjust_points")}
          />
        </div>
      </div>
      <div className="mt-4">
        <CustomerAuditLog changes={record.changes} />
      </div>
    </div>
  );
}
