import { DELIVERY_TIME_SLOTS } from "~/core/checkout/checkout";
import { formatDateJa } from "~/core/dates";

/** Preferred delivery date and time slot (optional: "指定なし" ships as soon as possible). */
export function DeliveryPreferences({ dates, date, slot }: { dates: string[]; date: string; slot: string }) {
  return (
    <fieldset className="m-0 grid gap-2 border-0 p-0">
      <legend className="mb-1 text-base font-bold">お届け希望日時</legend>
      <div className="grid grid-cols-2 gap-2">
        <label className="grid gap-1 text-sm">
          お届け希望日
          <select name="deliveryDate" defaultValue={date} className="field">
            <option value="">指定なし（最短）</option>
            {dates.map((value) => (
              <option key={value} value={value}>
                {formatDateJa(value)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          時間帯
          <select name="deliveryTimeSlot" defaultValue={slot} className="field">
            <option value="">指定なし</option>
            {DELIVERY_TIME_SLOTS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="m-0 text-xs text-gray-600">お店から直送の商品・予約商品は、ご希望に添えない場合があります。</p>
    </fieldset>
  );
}
