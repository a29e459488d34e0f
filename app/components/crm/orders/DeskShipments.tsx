import { Link } from "@remix-run/react";
import { packingSlipsPath } from "~/core/orders/order-desk-path";
import { OrderLineItem } from "~/components/member/OrderParts";
import type { DeskOrder, DeskShipmentShown } from "~/web/types/crm-orders";
import { shipmentNextStep, shipmentWaitingReason } from "~/core/orders/order-lifecycle";
import type { OrderStatus } from "~/core/orders/orders";
import { DeskForm, DeskSubmit } from "./DeskForm";
import { ShipForm } from "./DeskShipForm";

type ShownShipment = DeskOrder["detail"]["shipments"][number];

/**
 * Each shipment: its sender and state, carrier and tracking (linked), dates (written out by the loader), lines
 * as the buyer sees them, and its next step.
 */
export function DeskShipments({ shipments, facts, orderStatus }: { shipments: ShownShipment[]; facts: DeskShipmentShown[]; orderStatus: OrderStatus }) {
  return (
    <>
      {shipments.map((shipment, index) => {
        const fact = facts.find((candidate) => candidate.id === shipment.id);
        return fact ? (
          <ShipmentCard key={shipment.id} shipment={shipment} fact={fact} orderStatus={orderStatus} heading={`配送 ${index + 1}：${fact.sender}`} />
        ) : null;
      })}
    </>
  );
}

function ShipmentCard({
  shipment,
  fact,
  orderStatus,
  heading,
}: {
  shipment: ShownShipment;
  fact: DeskShipmentShown;
  orderStatus: OrderStatus;
  heading: string;
}) {
  // Only the step the rules would accept is offered (an unpaid transfer's parcel waits for the money).
  const next = shipmentNextStep(orderStatus, fact.status);
  const waiting = shipmentWaitingReason(orderStatus, fact.status);
  const live = shipment.lines.filter((line) => line.cancelledAt == null);
  const cancelled = shipment.lines.filter((line) => line.cancelledAt != null);
  return (
    <section aria-labelledby={`desk-shipment-${shipment.id}`} className="card grid gap-2 p-4 text-sm" data-testid="desk-shipment" data-shipment={shipment.id}>
      <h2 id={`desk-shipment-${shipment.id}`} className="m-0 text-base">
        {heading}
      </h2>
      <dl className="m-0 grid grid-cols-[8rem_1fr] gap-x-2 gap-y-1">
        <dt className="text-gray-700">状態</dt>
        <dd className="m-0 font-bold" data-testid="desk-shipment-status">
          {shipment.tracking.statusLabel}
        </dd>
        {fact.carrierLabel ? (
          <>
            <dt className="text-gray-700">配送業者</dt>
            <dd className="m-0">{fact.carrierLabel}</dd>
          </>
        ) : null}
        {fact.trackingNumber ? (
          <>
            <dt className="text-gray-700">お問い合わせ番号</dt>
            <dd className="m-0">
              {fact.trackingUrl ? (
                <a href={fact.trackingUrl} target="_blank" rel="noopener noreferrer" data-testid="desk-tracking-link">
                  {fact.trackingNumber}
                </a>
              ) : (
                fact.trackingNumber
              )}
            </dd>
          </>
        ) : null}
        {fact.shippedText ? (
          <>
            <dt className="text-gray-700">発送日時</dt>
            <dd className="m-0">{fact.shippedText}</dd>
          </>
        ) : null}
        {fact.deliveredText ? (
          <>
            <dt className="text-gray-700">配達完了日時</dt>
            <dd className="m-0">{fact.deliveredText}</dd>
          </>
        ) : null}
        {shipment.notice ? (
          <>
            <dt className="text-gray-700">お客様からの備考</dt>
            <dd className="m-0 break-words">{shipment.notice}</dd>
          </>
        ) : null}
      </dl>
      <ul className="m-0 p-0">
        {live.map((line) => (
          <OrderLineItem key={line.id} line={line} />
        ))}
      </ul>
      {cancelled.length > 0 ? (
        <div className="rounded bg-gray-50 p-2" data-testid="desk-cancelled-lines">
          <p className="m-0 text-xs font-bold text-red-800">キャンセル済みの商品</p>
          <ul className="m-0 p-0 line-through opacity-70">
            {cancelled.map((line) => (
              <OrderLineItem key={line.id} line={line} />
            ))}
          </ul>
        </div>
      ) : null}
      {fact.status !== "cancelled" ? (
        <p className="m-0">
          <Link to={packingSlipsPath([shipment.id])} data-testid="desk-packing-slip">
            納品書を印刷
          </Link>
        </p>
      ) : null}
      {waiting ? (
        <p className="m-0 rounded bg-amber-50 px-3 py-2 text-amber-900" data-testid="desk-ship-waiting">
          {waiting}
        </p>
      ) : null}
      {next === "ship" ? <ShipForm shipmentId={shipment.id} /> : null}
      {next === "deliver" ? (
        <DeskForm intent="deliver" shipment={shipment.id} testId="desk-deliver-form">
          <DeskSubmit intent="deliver" tone="secondary">
            配達完了にする
          </DeskSubmit>
        </DeskForm>
      ) : null}
    </section>
  );
}
