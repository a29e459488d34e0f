import { CarrierOptions } from "~/components/orders/CarrierOptions";
import { CARRIER_ORDER } from "~/core/orders/carriers";
import { DeskForm, DeskSubmit, FIELD } from "./DeskForm";

/** 発送済みにする: the carrier from the list and the slip's tracking number. */
export function ShipForm({ shipmentId }: { shipmentId: number }) {
  return (
    <DeskForm intent="ship" shipment={shipmentId} className="grid gap-2 border-t border-t-solid border-gray-200 pt-2" testId="desk-ship-form">
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1">
          <span className="text-xs font-bold">配送業者</span>
          <select name="carrier" className={FIELD} defaultValue={CARRIER_ORDER[0]}>
            <CarrierOptions />
          </select>
        </label>
        <label className="grid gap-1">
          <span className="text-xs font-bold">お問い合わせ番号（伝票番号）</span>
          <input name="tracking_number" inputMode="numeric" autoComplete="off" required className={FIELD} placeholder="例：1234-5678-9012" />
        </label>
        <DeskSubmit intent="ship">発送済みにする</DeskSubmit>
      </div>
    </DeskForm>
  );
}
