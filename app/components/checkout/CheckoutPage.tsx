import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import type { CheckoutFormFields } from "~/core/checkout-form";
import type { CheckoutActionData, CheckoutLoaderData } from "~/web/types/checkout";
import { CartSummary } from "../cart/CartSummary";
import { ShipmentNoticeFields } from "../cart/ShipmentNoticeFields";
import { erroredFields, ErrorSummary } from "../forms/ErrorSummary";
import { FieldErrors } from "../forms/TextField";
import { useHydrated } from "../forms/useHydrated";
import { useServerValidatedForm, type ServerFieldset, type ServerFormMetadata } from "../forms/useServerValidatedForm";
import { OrderLegalNotice } from "../legal/OrderLegalNotice";
import { CheckoutAddressSection } from "./CheckoutAddressSection";
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
            <CheckoutErrorSummary form={form} fields={fields} lastResult={lastResult} />

            {!isMember ? <GuestDetails fields={fields} register={register} onRegisterChange={setRegister} /> : null}

            <CheckoutAddressSection
              fields={fields}
              isMember={isMember}
              addresses={addresses}
              register={register}
              cart={cart}
              lookupMessage={lastResult?.lookupMessage ?? null}
            />

            <section className="card grid gap-3 p-3">
              <DeliveryPreferences
                dates={data.deliveryDates}
                date={String(fields.deliveryDate.initialValue ?? "")}
                slot={String(fields.deliveryTimeSlot.initialValue ?? "")}
              />
              <FieldErrors id={fields.deliveryDate.errorId} errors={fields.deliveryDate.errors} />
            </section>

            <CheckoutNoticeSection view={view} errors={lastResult?.error?.notice ?? undefined} />

            <section className="card grid gap-3 p-3">
              <PaymentMethodPicker
                selected={view.paymentMethod}
                error={fields.payment.errors?.[0] ?? null}
                onChange={(method) => payment.submit({ intent: "payment", method }, { method: "post", action: "/cart" })}
              />
            </section>
          </Form>
        </div>

        <CheckoutSummaryColumn
          data={data}
          // Wait for a payment-method change to be saved: its revalidation must not race the order.
          submitDisabled={navigation.state === "submitting" || payment.state !== "idle"}
        />
      </div>
      {hydrated ? (
        <Suspense fallback={null}>
          <FeedbackPopup />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * What kept the order from being placed: the fields' messages (each a link to its field), and what
 * changed in the cart since the page was shown.
 */
function CheckoutErrorSummary({
  form,
  fields,
  lastResult,
}: {
  form: ServerFormMetadata;
  fields: ServerFieldset<CheckoutFormFields>;
  lastResult: CheckoutActionData | null;
}) {
  return (
    // The hidden placement token and fingerprint have no field of their own: their message is the form's.
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
  );
}

/** 備考: the notes to the warehouse and to each vendor that ships part of the order. */
function CheckoutNoticeSection({ view, errors }: { view: CheckoutLoaderData["view"]; errors: string[] | undefined }) {
  return (
    <section aria-labelledby="notice-heading" className="card grid gap-3 p-3">
      <h2 id="notice-heading" className="m-0 text-base">
        備考
      </h2>
      <ShipmentNoticeFields
        shipments={view.cart.shipments}
        warehouseNotice={view.warehouseNotice}
        vendorNotices={view.vendorNotices}
        hint="のし・メッセージカードのご希望など、発送元へのご連絡をご記入ください。"
        idPrefix="checkout-"
      />
      <FieldErrors id={`${FORM_ID}-notice-error`} errors={errors} />
    </section>
  );
}

/** The order review and the totals, with the button that places the order (it submits the form by its id). */
function CheckoutSummaryColumn({ data, submitDisabled }: { data: CheckoutLoaderData; submitDisabled: boolean }) {
  return (
    <aside className="grid content-start gap-4">
      <LazyOrderReview data={data} isMember={data.isMember} orderFormId={FORM_ID} />
      <div className="card grid gap-3 p-3">
        <CartSummary cart={data.view.cart} />
        <button type="submit" form={FORM_ID} className="btn-primary py-3 text-base" disabled={submitDisabled} data-testid="place-order">
          注文を確定する
        </button>
        <OrderLegalNotice />
      </div>
    </aside>
  );
}
