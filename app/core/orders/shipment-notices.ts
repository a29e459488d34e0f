/**
 * The 備考 per shipment as forms send them (spec §7 save-notice, and the checkout): `warehouse_notice`
 * for the shop's warehouse and `vendor_notice[<merchantId>]` for each merchant. Pure.
 */
const VENDOR_NOTICE_FIELD = /^vendor_notice\[(\d{1,9})\]$/;
/** More merchants than the shop has are not a real form. */
const MAX_VENDOR_NOTICES = 50;

export interface ShipmentNoticeFields {
  /** Absent when the form did not carry it (the notice then stays as it is). */
  warehouse?: unknown;
  vendors: { merchantId: number; notice: unknown }[];
}

export function readShipmentNotices(form: FormData): ShipmentNoticeFields {
  const vendors = [...form.entries()]
    .map(([name, notice]) => ({ match: VENDOR_NOTICE_FIELD.exec(name), notice: notice as unknown }))
    .filter((entry): entry is { match: RegExpExecArray; notice: unknown } => entry.match != null)
    .map(({ match, notice }) => ({ merchantId: Number(match[1]), notice }))
    .filter((vendor) => vendor.merchantId > 0)
    .slice(0, MAX_VENDOR_NOTICES);
  return { warehouse: form.get("warehouse_notice") ?? undefined, vendors };
}
