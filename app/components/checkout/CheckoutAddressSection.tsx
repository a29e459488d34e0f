import { getInputProps } from "@conform-to/react";
import { useNavigation, useRevalidator } from "@remix-run/react";
import { useRef, useState } from "react";
import type { AddressJson } from "~/core/address/address-form";
import type { Cart } from "~/core/cart/cart";
import type { CheckoutFormFields } from "~/core/checkout/checkout-form";
import { formatYen } from "~/core/money";
import type { CheckoutActionData } from "~/web/types/checkout";
import type { ShippingRecheck } from "../address/address-client";
import { useCheckboxState } from "../forms/useCheckboxState";
import { AddressChooser } from "../address/AddressChooser";
import { AddressForm, type AddressFieldset } from "../address/AddressForm";
import { FieldErrors } from "../forms/TextField";
import { useHydrated } from "../forms/useHydrated";
import type { ServerFieldset } from "../forms/useServerValidatedForm";

type CheckoutFields = ServerFieldset<CheckoutFormFields>;

/**
 * Each address change rechecks the shipping fee (a code still being typed is reported by the postal
 * field itself); when the cart's figures moved meanwhile (another tab), the page reloads them so the
 * order is confirmed on what it shows.
 */
function useShippingRecheck(cart: Pick<Cart, "shipping_fee" | "total">) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [checkedShippingFee, setCheckedShippingFee] = useState<number | null>(null);
  // Read when a recheck answers, which may be after an order was submitted: a reload then would cancel it.
  const navigating = useRef(false);
  navigating.current = navigation.state !== "idle";
  const recheckDone = (result: ShippingRecheck) => {
    setCheckedShippingFee(result.ok ? result.shipping_fee : null);
    const moved = result.ok && (result.shipping_fee !== cart.shipping_fee || result.total !== cart.total);
    if (moved && !navigating.current) revalidator.revalidate();
  };
  return { checkedShippingFee, recheckDone };
}

/**
 * The checkout's お届け先: a member with saved addresses chooses one (or types another for this order
 * only); anyone else types one. The fee for the address is announced as it is rechecked.
 */
export function CheckoutAddressSection({
  fields,
  isMember,
  addresses,
  cart,
  lookupMessage,
}: {
  fields: CheckoutFields;
  isMember: boolean;
  addresses: AddressJson[];
  cart: Pick<Cart, "shipping_fee" | "total">;
  lookupMessage: CheckoutActionData["lookupMessage"] | null;
}) {
  const hydrated = useHydrated();
  const [useNewAddress, setUseNewAddress, useNewAddressRef] = useCheckboxState(fields.useNewAddress.initialValue === "on");
  const { checkedShippingFee, recheckDone } = useShippingRecheck(cart);
  const hasSaved = isMember && addresses.length > 0;
  const showNewAddress = !hasSaved || !hydrated || useNewAddress;
  return (
    <section aria-labelledby="address-heading" className="card grid gap-3 p-3">
      <h2 id="address-heading" className="m-0 text-base">
        お届け先
      </h2>
      {hasSaved ? (
        <>
          <AddressChooser
            addresses={addresses}
            name="addressId"
            // After a refused order the address sent stays chosen.
            selectedId={Number(fields.addressId.initialValue) || null}
            error={fields.addressId.errors?.[0] ?? null}
            onShippingChange={recheckDone}
          />
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              {...getInputProps(fields.useNewAddress, { type: "checkbox" })}
              ref={useNewAddressRef}
              onChange={(event) => setUseNewAddress(event.currentTarget.checked)}
            />
            今回だけ別のお届け先を入力する
          </label>
          <FieldErrors id={fields.useNewAddress.errorId} errors={fields.useNewAddress.errors} />
        </>
      ) : null}
      {showNewAddress ? <NewAddressFields fields={fields} isMember={isMember} lookupMessage={lookupMessage} onShippingChange={recheckDone} /> : null}
      <p role="status" className={checkedShippingFee == null ? "sr-only" : "m-0 text-sm"} data-testid="shipping-check">
        {checkedShippingFee == null ? null : `このお届け先への送料：${checkedShippingFee ? formatYen(checkedShippingFee) : "無料"}`}
      </p>
    </section>
  );
}

/**
 * An address typed for this order: a guest may leave its name to be the orderer's; it can be saved to
 * the address book by a member or a guest who registers (the box shows only with 会員登録 ticked).
 */
function NewAddressFields({
  fields,
  isMember,
  lookupMessage,
  onShippingChange,
}: {
  fields: CheckoutFields;
  isMember: boolean;
  lookupMessage: CheckoutActionData["lookupMessage"] | null;
  onShippingChange: (result: ShippingRecheck) => void;
}) {
  const hydrated = useHydrated();
  const [sameAsOrderer, setSameAsOrderer, sameAsOrdererRef] = useCheckboxState(fields.sameAsOrderer.initialValue === "on");
  return (
    <div className="grid gap-3">
      {!isMember ? (
        <label className="flex cursor-pointer items-center gap-2 text-sm font-bold">
          <input
            {...getInputProps(fields.sameAsOrderer, { type: "checkbox" })}
            ref={sameAsOrdererRef}
            onChange={(event) => setSameAsOrderer(event.currentTarget.checked)}
          />
          お届け先のお名前はご注文者と同じ（チェックした場合、お名前の入力は不要です）
        </label>
      ) : null}
      <AddressForm
        hideName={!isMember && hydrated && sameAsOrderer}
        fields={fields.shipping.getFieldset() as unknown as AddressFieldset}
        showTitle={false}
        showDefault={false}
        lookupMessage={lookupMessage ?? null}
        onShippingChange={onShippingChange}
      />
      {/* A guest's box shows only while 会員登録 is ticked (base.css): the same markup before and after hydration. */}
      <label className="with-registration flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.saveAddress, { type: "checkbox" })} />
        このお届け先を登録する
      </label>
    </div>
  );
}
