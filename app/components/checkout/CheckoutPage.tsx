import { getInputProps } from "@conform-to/react";
import { Form, useFetcher, useNavigation, useRevalidator } from "@remix-run/react";
import { lazy, Suspense, useRef, useState } from "react";
import type { CheckoutFormFields } from "~/core/checkout-form";
import { formatYen } from "~/core/money";
import type { CheckoutActionData, CheckoutLoaderData } from "~/web/types/checkout";
import type { ShippingRecheck } from "../address/address-client";
import { AddressChooser } from "../address/AddressChooser";
import { AddressForm, type AddressFieldset } from "../address/AddressForm";
import { CartSummary } from "../cart/CartSummary";
import { ShipmentNoticeFields } from "../cart/ShipmentNoticeFields";
import { erroredFields, ErrorSummary } from "../forms/ErrorSummary";
import { FieldErrors } from "../forms/TextField";
import { useHydrated } from "../forms/useHydrated";
import { useServerValidatedForm } from "../forms/useServerValidatedForm";
import { OrderLegalNotice } from "../legal/OrderLegalNotice";
import { LazyOrderReview } from "./LazyOrderReview";
import { DeliveryPreferences } from "./DeliveryPreferences";
import { GuestDetails } from "./GuestDetails";
import { PaymentMethodPicker } from "./PaymentMethodPicker";

const FORM_ID = "checkout-form";

/** Where the summary's link for a field goes (the payment radios and 備考 have ids of their own). */
function checkoutFieldId(name: string): string {
  if (name === "payment") return "payment-first";
  if (name === "notice") return "checkout-warehouse-notice";
  return `${FORM_ID}-${name}`;
}

// The survey popup appears only after hydration, so its code is fetched then, off the first load.
const FeedbackPopup = lazy(() => import("./FeedbackPopup").then((module) => ({ default: module.FeedbackPopup })));

/**
 * Spec screen 11. The order form is validated on the server only (its messages come back in Conform's
 * reply, read by useServerValidatedForm), which keeps the page's script small. Coupon and points use the
 * cart's own controls: fetchers with JS; without JS buttons of this form, so nothing typed is lost.
 */
export function CheckoutPage({ data, lastResult }: { data: CheckoutLoaderData; lastResult: CheckoutActionData | null }) {
  const { view, isMember, addresses } = data;
  const { cart } = view;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const payment = useFetcher();
  const [form, fields] = useServerValidatedForm<CheckoutFormFields>({
    id: FORM_ID,
    lastResult,
    defaultValue: { register: true, newsletter: true, payment: view.paymentMethod ?? undefined },
  });
  const [register, setRegister] = useState(fields.register.initialValue === "on");
  const [useNewAddress, setUseNewAddress] = useState(fields.useNewAddress.initialValue === "on");
  const [sameAsOrderer, setSameAsOrderer] = useState(fields.sameAsOrderer.initialValue === "on");
  const shipping = fields.shipping.getFieldset() as unknown as AddressFieldset;
  const revalidator = useRevalidator();
  const [checkedShippingFee, setCheckedShippingFee] = useState<number | null>(null);
  // Each address change rechecks the shipping fee (a code still being typed is reported by the postal
  // field itself); when the cart's figures moved meanwhile (another tab), the page reloads them so the
  // order is confirmed on what it shows.
  // Read when a recheck answers, which may be after an order was submitted: a reload then would cancel it.
  const navigating = useRef(false);
  navigating.current = navigation.state !== "idle";
  const recheckDone = (result: ShippingRecheck) => {
    setCheckedShippingFee(result.ok ? result.shipping_fee : null);
    const moved = result.ok && (result.shipping_fee !== cart.shipping_fee || result.total !== cart.total);
    if (moved && !navigating.current) revalidator.revalidate();
  };
  const hasSaved = isMember && addresses.length > 0;
  const showNewAddress = !hasSaved || !hydrated || useNewAddress;

  return (
    <div className="py-4">
      <h1 className="text-xl">ご注文手続き</h1>
      <div className="grid gap-6 md:grid-cols-[1fr_320px]">
        <div className="grid content-start gap-6">
          <Form method="post" action="/checkout" id={form.id} aria-describedby={form.errors ? form.errorId : undefined} className="grid gap-6" noValidate>
            <input type="hidden" name="token" value={data.token} />
            <input type="hidden" name="shown" value={data.shown} />
            {/* Without JS, Enter in any field presses the form's first button: this one keeps everything (see submitCheckout). */}
            {hydrated ? null : <button type="submit" name="intent" value="enter" hidden />}
            {/* The hidden placement token and fingerprint have no field of their own: their message is the form's. */}
            <ErrorSummary
              id={form.errorId}
              formErrors={form.errors ?? fields.token.errors ?? fields.shown.errors}
              items={erroredFields(lastResult?.error, checkoutFieldId)}
              submission={lastResult}
            >
              {lastResult?.changes?.length ? (
                <ul className="m-0 grid gap-1 pl-5" data-testid="order-changes">
                  {lastResult.changes.map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
              ) : null}
            </ErrorSummary>

            {!isMember ? <GuestDetails fields={fields} register={register} onRegisterChange={setRegister} /> : null}

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
                      onChange={(event) => setUseNewAddress(event.currentTarget.checked)}
                    />
                    今回だけ別のお届け先を入力する
                  </label>
                  <FieldErrors id={fields.useNewAddress.errorId} errors={fields.useNewAddress.errors} />
                </>
              ) : null}
              {showNewAddress ? (
                <div className="grid gap-3">
                  {!isMember ? (
                    <label className="flex cursor-pointer items-center gap-2 text-sm font-bold">
                      <input
                        {...getInputProps(fields.sameAsOrderer, { type: "checkbox" })}
                        onChange={(event) => setSameAsOrderer(event.currentTarget.checked)}
                      />
                      お届け先のお名前はご注文者と同じ（チェックした場合、お名前の入力は不要です）
                    </label>
                  ) : null}
                  <AddressForm
                    hideName={!isMember && hydrated && sameAsOrderer}
                    fields={shipping}
                    showTitle={false}
                    showDefault={false}
                    lookupMessage={lastResult?.lookupMessage ?? null}
                    onShippingChange={recheckDone}
                  />
                  {isMember || register || !hydrated ? (
                    <label className="flex items-center gap-2 text-sm">
                      <input {...getInputProps(fields.saveAddress, { type: "checkbox" })} />
                      このお届け先を登録する
                    </label>
                  ) : null}
                </div>
              ) : null}
              <p role="status" className={checkedShippingFee == null ? "sr-only" : "m-0 text-sm"} data-testid="shipping-check">
                {checkedShippingFee == null ? null : `このお届け先への送料：${checkedShippingFee ? formatYen(checkedShippingFee) : "無料"}`}
              </p>
            </section>

            <section className="card grid gap-3 p-3">
              <DeliveryPreferences
                dates={data.deliveryDates}
                date={String(fields.deliveryDate.initialValue ?? "")}
                slot={String(fields.deliveryTimeSlot.initialValue ?? "")}
              />
              <FieldErrors id={fields.deliveryDate.errorId} errors={fields.deliveryDate.errors} />
            </section>

            <section aria-labelledby="notice-heading" className="card grid gap-3 p-3">
              <h2 id="notice-heading" className="m-0 text-base">
                備考
              </h2>
              <ShipmentNoticeFields
                shipments={cart.shipments}
                warehouseNotice={view.warehouseNotice}
                vendorNotices={view.vendorNotices}
                hint="のし・メッセージカードのご希望など、発送元へのご連絡をご記入ください。"
                idPrefix="checkout-"
              />
              <FieldErrors id={`${form.id}-notice-error`} errors={lastResult?.error?.notice ?? undefined} />
            </section>

            <section className="card grid gap-3 p-3">
              <PaymentMethodPicker
                selected={view.paymentMethod}
                error={fields.payment.errors?.[0] ?? null}
                onChange={(method) =>
                  payment.submit({ intent: "payment", method }, { method: "post", action: "/cart" })
                }
              />
            </section>
          </Form>
        </div>

        <aside className="grid content-start gap-4">
          <LazyOrderReview data={data} isMember={isMember} orderFormId={FORM_ID} />
          <div className="card grid gap-3 p-3">
            <CartSummary cart={cart} />
            <button
              type="submit"
              form={FORM_ID}
              className="btn-primary py-3 text-base"
              // Wait for a payment-method change to be saved: its revalidation must not race the order.
              disabled={navigation.state === "submitting" || payment.state !== "idle"}
              data-testid="place-order"
            >
              注文を確定する
            </button>
            <OrderLegalNotice />
          </div>
        </aside>
      </div>
      {hydrated ? (
        <Suspense fallback={null}>
          <FeedbackPopup />
        </Suspense>
      ) : null}
    </div>
  );
}
