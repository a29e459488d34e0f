/**
 * The delivery forms of an order edit (staff's edit page and the shopper's change page): the shop's own address
 * form (住所を検索 included, with JS or without) for the address and recipient, and the wished date/slot. Each
 * is a plain POST naming the order's version its page showed; a refusal comes back at its form. Remounted per
 * version, so after a change they show the order as it now is.
 */
import { getFormProps } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { AddressForm } from "~/components/address/AddressForm";
import { useAddressForm } from "~/components/address/useAddressForm";
import { FormErrors } from "~/components/forms/FormErrors";
import { ORDER_EDIT_INTENTS } from "~/core/orders/order-edit-intents";
import type { DeliveryFormData, OrderEditActionData } from "~/web/types/order-edits";

/** The refusal of a non-address form that posted, or null. */
export function useEditError(form: "wish" | "lines"): string | null {
  const refused = useActionData<OrderEditActionData>();
  return refused && "form" in refused && refused.form === form ? refused.error : null;
}

function AddressChangeForm({ delivery, submitLabel }: { delivery: DeliveryFormData; submitLabel: string }) {
  const refused = useActionData<OrderEditActionData>();
  const reply = refused && "lastResult" in refused ? refused : null;
  const navigation = useNavigation();
  const [form, fields] = useAddressForm({ id: "order-delivery-address", defaultValue: delivery.address, lastResult: reply?.lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4" data-testid="order-address-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="version" value={delivery.version} />
      <AddressForm fields={fields} lookupMessage={reply?.lookup ?? null} showTitle={false} showDefault={false} />
      <div>
        <button type="submit" name="intent" value={ORDER_EDIT_INTENTS.address} className="btn-primary" disabled={navigation.state === "submitting"}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}

/** The wished date and slot as the checkout offers them (a staff edit, the shopper's change, 受注登録). */
export function DeliveryWishFields(wish: Pick<DeliveryFormData, "dateOptions" | "slotOptions" | "deliveryDate" | "deliveryTimeSlot">) {
  return (
    <>
      <label className="grid gap-1">
        <span className="text-sm font-bold">お届け希望日</span>
        <select name="deliveryDate" defaultValue={wish.deliveryDate ?? ""} className="field w-fit">
          <option value="">指定なし（最短でお届け）</option>
          {wish.dateOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1">
        <span className="text-sm font-bold">お届け時間帯</span>
        <select name="deliveryTimeSlot" defaultValue={wish.deliveryTimeSlot ?? ""} className="field w-fit">
          <option value="">指定なし</option>
          {wish.slotOptions.map((slot) => (
            <option key={slot} value={slot}>
              {slot}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

function DeliveryWishForm({ delivery }: { delivery: DeliveryFormData }) {
  const error = useEditError("wish");
  const navigation = useNavigation();
  return (
    <Form method="post" className="grid gap-3" data-testid="order-wish-form">
      <input type="hidden" name="intent" value={ORDER_EDIT_INTENTS.wish} />
      <input type="hidden" name="version" value={delivery.version} />
      <DeliveryWishFields {...delivery} />
      {error ? (
        <p role="alert" className="m-0 rounded bg-red-50 px-2 py-1 text-sm text-red-800" data-testid="order-wish-error">
          {error}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn-secondary" disabled={navigation.state === "submitting"}>
          お届け日時を変更する
        </button>
      </div>
    </Form>
  );
}

/** Both forms, or why the delivery can no longer change. */
export function OrderDeliveryForms({ delivery, addressLabel = "お届け先を変更する" }: { delivery: DeliveryFormData; addressLabel?: string }) {
  if (delivery.refusal) {
    return (
      <p className="m-0 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="order-delivery-closed">
        {delivery.refusal}
      </p>
    );
  }
  return (
    <div className="grid gap-6" key={delivery.version}>
      <section aria-labelledby="order-delivery-address-heading" className="grid gap-3">
        <h2 id="order-delivery-address-heading" className="m-0 text-base">
          お届け先・受取人
        </h2>
        <AddressChangeForm delivery={delivery} submitLabel={addressLabel} />
      </section>
      <section aria-labelledby="order-delivery-wish-heading" className="grid gap-3">
        <h2 id="order-delivery-wish-heading" className="m-0 text-base">
          お届け日時
        </h2>
        <DeliveryWishForm delivery={delivery} />
      </section>
    </div>
  );
}
