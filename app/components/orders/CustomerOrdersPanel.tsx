import { Link } from "@remix-run/react";
import { formatDateTime, isoDateTime } from "~/core/dates";
import { formatYen } from "~/core/money";
import type { CustomerOrderSummary } from "~/web/types/orders";
import { ShipmentTracking } from "./ShipmentTracking";

/**
 * Beside a ticket's thread (staff): the customer's recent orders — state, date, total — and where each
 * parcel is, so 「いつ届きますか」 is answered without leaving the ticket. Each links to the order desk.
 */
export function CustomerOrdersPanel({ orders }: { orders: CustomerOrderSummary[] }) {
  return (
    <aside aria-labelledby="customer-orders" className="grid content-start gap-3 py-6" data-testid="customer-orders">
      <h2 id="customer-orders" className="m-0 text-base">
        このお客様のご注文（最近{orders.length > 0 ? `の${orders.length}件` : ""}）
      </h2>
      {orders.length === 0 ? <p className="m-0 text-sm text-gray-700">ご注文はありません。</p> : null}
      {orders.map((order) => (
        <section key={order.id} aria-labelledby={`customer-order-${order.id}`} className="card grid gap-2 p-3 text-sm" data-testid="customer-order">
          <h3 id={`customer-order-${order.id}`} className="m-0 flex flex-wrap items-baseline gap-x-2 text-sm">
            <Link to={`/crm/orders/${order.id}`}>ご注文 {order.number}</Link>
            {order.aboutThis ? <span className="badge bg-brand text-white">このお問い合わせの注文</span> : null}
            {order.guest ? <span className="badge bg-gray-200 text-gray-800">ゲスト購入</span> : null}
          </h3>
          <p className="m-0 flex flex-wrap gap-x-3 text-xs text-gray-700">
            <span data-testid="customer-order-status">{order.statusLabel}</span>
            <time dateTime={isoDateTime(order.dateCreated)}>{formatDateTime(order.dateCreated)}</time>
            <span>{order.paymentLabel}</span>
            <span className="font-bold text-gray-900">{formatYen(order.total)}</span>
          </p>
          {order.shipments.map((shipment) => (
            <ShipmentTracking key={shipment.id} tracking={shipment} />
          ))}
        </section>
      ))}
    </aside>
  );
}
