import { CARRIER_ORDER, CARRIERS } from "~/core/orders/carriers";

/** The carriers a shipment can go with, in the list's order: the options of a ship form's carrier `<select>` (staff's and the merchant portal's). */
export function CarrierOptions() {
  return (
    <>
      {CARRIER_ORDER.map((carrier) => (
        <option key={carrier} value={carrier}>
          {CARRIERS[carrier].label}
        </option>
      ))}
    </>
  );
}
