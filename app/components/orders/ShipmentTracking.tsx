import type { ReactNode } from "react";
import { formatDateJa } from "~/core/dates";
import type { ShipmentTrackingFacts } from "~/core/orders/shipment-tracking";

const STATUS_TONES: Record<ShipmentTrackingFacts["status"], string> = {
  preparing: "bg-amber-100 text-amber-900",
  shipped: "bg-blue-100 text-blue-900",
  delivered: "bg-green-100 text-green-900",
  cancelled: "bg-gray-200 text-gray-800",
};

/**
 * Where one parcel is: its state, sender, carrier and tracking number (linked to the carrier's page, in a
 * new tab), when it left and should arrive, or when it arrived. The buyer's order pages and the support
 * desk's ticket page show the same facts (app/core/orders/shipment-tracking.ts).
 */
export function ShipmentTracking({ tracking, className = "" }: { tracking: ShipmentTrackingFacts; className?: string }) {
  return (
    <dl className={`m-0 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-xs text-gray-700 ${className}`} data-testid="shipment-tracking">
      <div className="contents">
        <dt className="sr-only">状態</dt>
        <dd className="m-0">
          <span className={`badge ${STATUS_TONES[tracking.status]}`} data-testid="shipment-status">
            {tracking.statusLabel}
          </span>
        </dd>
      </div>
      <Fact label="発送元">{tracking.sender}</Fact>
      {tracking.carrierLabel ? <Fact label="配送業者">{tracking.carrierLabel}</Fact> : null}
      {tracking.trackingNumber ? (
        <Fact label="お問い合わせ番号">
          {tracking.trackingUrl ? (
            <a href={tracking.trackingUrl} target="_blank" rel="noopener noreferrer" data-testid="tracking-link">
              {tracking.trackingNumber}
              <span className="sr-only">（{tracking.carrierLabel}の配達状況を新しいタブで開く）</span>
            </a>
          ) : (
            tracking.trackingNumber
          )}
        </Fact>
      ) : null}
      {tracking.shippedOn ? <Fact label="発送日">{formatDateJa(tracking.shippedOn)}</Fact> : null}
      {tracking.expectedDelivery ? (
        <Fact label="お届け予定">
          <span data-testid="expected-delivery">
            {formatDateJa(tracking.expectedDelivery.earliest)}〜{formatDateJa(tracking.expectedDelivery.latest)}
          </span>
          （地域・天候により前後します）
        </Fact>
      ) : null}
      {tracking.deliveredOn ? <Fact label="お届け日">{formatDateJa(tracking.deliveredOn)}</Fact> : null}
    </dl>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-1">
      <dt>{label}：</dt>
      <dd className="m-0">{children}</dd>
    </div>
  );
}
