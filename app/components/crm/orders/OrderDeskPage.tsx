import { Link, useActionData } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk-path";
import type { OrderDeskActionData, OrderDeskPageData } from "~/web/types/crm-orders";
import { DeskShipments } from "./DeskShipments";
import { DeskPayment } from "./DeskSummary";
import { DeskCancel } from "./DeskCancel";
import { DeskHistory } from "./DeskHistory";
import { DeskTotals, DeskRefunds, DeskReturns } from "./DeskMoney";
import { DeskCustomer } from "./DeskCustomer";
import { DeskEdits } from "./DeskEdits";

/** Staff's page of one order: what the buyer sees, what staff need, and every action, each a form. */
export function OrderDeskPage({ order, notice }: { order: Omit<OrderDeskPageData, "notice">; notice: string | null }) {
  const refused = useActionData<OrderDeskActionData>();
  const { detail } = order;
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-xs">
        <Link to={ORDER_DESK_PATH}>注文管理</Link> ›
      </p>
      <h1 className="m-0 mt-1 text-xl">ご注文 {detail.order.number}</h1>
      <Notice text={notice} />
      {/* A post that named no form of this page (a stale or hand-made one) is answered here. */}
      <Notice text={refused && refused.intent == null ? refused.error : null} tone="error" />
      <div className="mt-4 grid gap-4 md:grid-cols-[minmax(0,1fr)_20rem] md:items-start">
        <div className="grid gap-4">
          <DeskPayment order={detail.order} payment={order.payment} times={order.times} />
          <DeskEdits orderId={detail.order.id} edits={order.edits} />
          <DeskShipments shipments={detail.shipments} facts={order.shipments} orderStatus={detail.order.status} />
          <DeskCancel detail={detail} shipments={order.shipments} />
          <DeskHistory history={order.history} />
        </div>
        <aside className="grid gap-4">
          <DeskTotals detail={detail} />
          <DeskCustomer customer={order.customer} shipTo={detail.order.shipTo} />
          <DeskRefunds refunds={order.refunds} refunded={order.refunded} refundable={order.edits.refundable} />
          <DeskReturns
            returns={order.returns}
            orderId={detail.order.id}
            shipped={detail.shipments.some((shipment) => shipment.status === "shipped" || shipment.status === "delivered")}
          />
        </aside>
      </div>
    </div>
  );
}
