import type { Shipment } from "~/core/cart/cart";
import { NOTICE_MAX_LENGTH } from "~/core/limits";

/**
 * The 備考 per shipment (spec §7 save-notice): one textarea for the shop's warehouse and one per merchant,
 * named warehouse_notice and vendor_notice[<merchantId>]. Used by the cart page and the checkout.
 * `hint` says what the note is for (e.g. のし・メッセージカード).
 */
export function ShipmentNoticeFields({
  shipments,
  warehouseNotice,
  vendorNotices,
  hint,
  idPrefix = "",
}: {
  shipments: Shipment[];
  warehouseNotice: string;
  vendorNotices: Record<number, string>;
  hint?: string;
  idPrefix?: string;
}) {
  return (
    <>
      {shipments.map((shipment) => {
        const warehouse = shipment.from === "warehouse";
        const id = warehouse ? `${idPrefix}warehouse-notice` : `${idPrefix}vendor-notice-${shipment.merchantId}`;
        return (
          <div key={warehouse ? "warehouse" : shipment.merchantId} className="grid gap-1">
            <label htmlFor={id} className="text-sm font-bold">
              {warehouse ? "当店倉庫" : shipment.name}への備考（任意）
            </label>
            <textarea
              id={id}
              name={warehouse ? "warehouse_notice" : `vendor_notice[${shipment.merchantId}]`}
              defaultValue={warehouse ? warehouseNotice : (vendorNotices[shipment.merchantId ?? 0] ?? "")}
              maxLength={NOTICE_MAX_LENGTH}
              rows={2}
              aria-describedby={hint ? `${id}-hint` : undefined}
              className="field"
            />
            {hint ? (
              <p id={`${id}-hint`} className="m-0 text-xs text-gray-600">
                {hint}
              </p>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
