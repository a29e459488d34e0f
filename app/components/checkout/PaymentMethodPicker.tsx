import { PAYMENT_METHODS, type PaymentMethod } from "~/core/checkout/payment-methods";
import { formatYen } from "~/core/money";

/**
 * Payment method radios with their fees; render inside the order form (name `payment`). With JS a
 * change also updates the cart's method so the totals show the fee at once; without JS the
 * 「手数料を反映」 button (intent=payment) submits the order form, which saves it and comes back.
 */
export function PaymentMethodPicker({
  selected,
  notes,
  error,
  onChange,
}: {
  selected: PaymentMethod | null;
  /** How each method is paid (paymentNotes: the transfer days are the shop settings'). */
  notes: Record<PaymentMethod, string>;
  error?: string | null;
  onChange: (method: PaymentMethod) => void;
}) {
  return (
    <fieldset className="m-0 grid gap-2 border-0 p-0" aria-describedby={error ? "payment-error" : undefined}>
      <legend className="mb-1 text-base font-bold">
        お支払い方法{" "}
        <span aria-hidden="true" className="text-xs text-brand">
          ※必須
        </span>
      </legend>
      {(Object.keys(PAYMENT_METHODS) as PaymentMethod[]).map((method, index) => (
        <label key={method} className="card grid cursor-pointer grid-cols-[auto_1fr] gap-x-2 p-2 text-sm has-[:checked]:border-brand">
          <input
            // The error summary links the payment message here.
            id={index === 0 ? "payment-first" : undefined}
            type="radio"
            name="payment"
            value={method}
            defaultChecked={selected === method}
            required
            onChange={() => onChange(method)}
          />
          <span>
            <strong>{PAYMENT_METHODS[method].label}</strong>
            {PAYMENT_METHODS[method].fee > 0 ? <span className="ml-1 text-xs">（手数料{formatYen(PAYMENT_METHODS[method].fee)}）</span> : null}
            <span className="block text-xs text-gray-600">{notes[method]}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p id="payment-error" role="alert" className="field-error m-0">
          {error}
        </p>
      ) : null}
      {/* Without JS the server adds the method's fee; with JS the totals follow the choice at once, and a
          browser running JS never lays this out (so hydration moves nothing below it). */}
      <noscript>
        <button type="submit" name="intent" value="payment" className="btn-secondary justify-self-start text-xs">
          手数料を反映して合計を再計算
        </button>
      </noscript>
    </fieldset>
  );
}
