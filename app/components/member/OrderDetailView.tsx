import type { ReactNode } from "react";
import type { BankTransferFacts } from "~/components/checkout/BankTransferDetails";
import { formatDateJa, formatDateTime, isoDateTime } from "~/core/dates";
import { formatYen } from "~/core/money";
import type { OrderDetailShown } from "~/web/types/orders";
import { island } from "~/components/island";
import { OrderLineItem } from "./OrderParts";

// The transfer's account, each parcel's tracking and the amounts beside the order load after it (static HTML
// meanwhile).
const BankTransferDetails = island(() => import("~/components/checkout/BankTransferDetails").then((module) => module.BankTransferDetails));
const ShipmentTracking = island(() => import("~/components/orders/ShipmentTracking").then((module) => module.ShipmentTracking));
const OrderTotals = island(() => import("./OrderTotals").then((module) => module.OrderTotals));

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2">
      <dt className="text-gray-700">{label}</dt>
      <dd className="m-0">{children}</dd>
    </div>
  );
}

/**
 * One order as its buyer sees it: number, date, status, payment (with the 振込先 while a transfer is due),
 * the address, each shipment with its items, and every amount. The member's order page and the guest's
 * order lookup both show it; `aside` holds what each adds under the amounts (receipt, support links).
 */
export function OrderDetailView({ detail, bankTransfer, aside }: { detail: OrderDetailShown; bankTransfer: BankTransferFacts | null; aside?: ReactNode }) {
  const { order, shipments, unshippedLines, taxLines } = detail;
  return (
    <div className="mt-4 grid gap-4 md:grid-cols-[minmax(0,1fr)_18rem] md:items-start">
      <div className="grid gap-4">
        <section aria-labelledby="order-facts" className="card p-4">
          <h2 id="order-facts" className="m-0 mb-2 text-base">
            ご注文内容
          </h2>
          <dl className="m-0 grid gap-1 text-sm">
            <Fact label="注文番号">{order.number}</Fact>
            <Fact label="ご注文日時">
              <time dateTime={isoDateTime(order.dateCreated)}>{formatDateTime(order.dateCreated)}</time>
            </Fact>
            <Fact label="状態">
              <span data-testid="order-status">{order.statusLabel}</span>
              {order.cancelledAt ? (
                <span className="ml-2 text-gray-700">
                  （<time dateTime={isoDateTime(order.cancelledAt)}>{formatDateTime(order.cancelledAt)}</time> キャンセル）
                </span>
              ) : null}
            </Fact>
            <Fact label="お支払い方法">{order.paymentLabel}</Fact>
            {order.deliveryDate || order.deliveryTimeSlot ? (
              <Fact label="お届け希望">
                {[order.deliveryDate ? formatDateJa(order.deliveryDate) : "", order.deliveryTimeSlot ?? ""].filter(Boolean).join(" ")}
              </Fact>
            ) : null}
          </dl>
        </section>

        {bankTransfer ? <BankTransferDetails {...bankTransfer} /> : null}

        <section aria-labelledby="order-ship-to" className="card p-4 text-sm" data-testid="order-ship-to">
          <h2 id="order-ship-to" className="m-0 mb-2 text-base">
            お届け先
          </h2>
          <p className="m-0">{order.shipTo.name} 様</p>
          <p className="m-0">
            {order.shipTo.postal} {order.shipTo.street}
          </p>
          {order.shipTo.phone ? <p className="m-0">電話番号：{order.shipTo.phone}</p> : null}
        </section>

        {shipments.map((shipment, index) => (
          <section key={shipment.id} aria-labelledby={`shipment-${shipment.id}`} className="card p-4" data-testid="order-shipment">
            <h2 id={`shipment-${shipment.id}`} className="m-0 text-base">
              配送{shipments.length > 1 ? ` ${index + 1}` : ""}：{shipment.label}
            </h2>
            <ShipmentTracking tracking={shipment.tracking} className="mt-1" />
            <p className="m-0 mt-1 text-xs text-gray-700">送料：{shipment.shippingFee === 0 ? "無料" : formatYen(shipment.shippingFee)}</p>
            {shipment.notice ? <p className="m-0 mt-1 text-xs text-gray-700">備考：{shipment.notice}</p> : null}
            <ul className="m-0 mt-2 p-0">
              {shipment.lines.map((line) => (
                <OrderLineItem key={line.id} line={line} />
              ))}
            </ul>
          </section>
        ))}
        {unshippedLines.length > 0 ? (
          <section aria-labelledby="order-unshipped" className="card p-4">
            <h2 id="order-unshipped" className="m-0 text-base">
              商品
            </h2>
            <ul className="m-0 mt-2 p-0">
              {unshippedLines.map((line) => (
                <OrderLineItem key={line.id} line={line} />
              ))}
            </ul>
          </section>
        ) : null}
      </div>

      <aside className="grid gap-3">
        <section aria-labelledby="order-totals" className="card p-4">
          <h2 id="order-totals" className="m-0 mb-2 text-base">
            お支払い金額
          </h2>
          <OrderTotals order={order} taxLines={taxLines} />
        </section>
        {aside}
      </aside>
    </div>
  );
}
