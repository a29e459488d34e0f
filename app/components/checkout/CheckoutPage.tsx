import { Form, useNavigation } from "@remix-run/react";
import { lazy, Suspense } from "react";
import type { CheckoutFormFields } from "~/core/checkout/checkout-form";
import type { CheckoutActionData, CheckoutLoaderData } from "~/web/types/checkout";
import { CartSummary } from "../cart/CartSummary";
import { ConnectionNotice } from "../connection/ConnectionNotice";
import { useShopFetcher } from "../connection/useShopFetcher";
import { FieldErrors } from "../forms/FieldErrors";
import { useHydrated } from "../forms/useHydrated";
import { useServerValidatedForm } from "../forms/useServerValidatedForm";
import { island } from "../island";

const FORM_ID = "checkout-form";

// The form's parts and the order review (rows, coupon, points) matter once the shopper acts: their code
// loads after the first load, the server's HTML standing in meanwhile (see island).
const GuestDetails = island(() => import("./GuestDetails").then((module) => module.GuestDetails));
const CheckoutAddressSection = island(() => import("./CheckoutAddressSection").then((module) => module.CheckoutAddressSection));
const DeliveryPreferences = island(() => import("./DeliveryPreferences").then((module) => module.DeliveryPreferences));
const ShipmentNoticeFields = island(() => import("../cart/ShipmentNoticeFields").then((module) => module.ShipmentNoticeFields));
const PaymentMethodPicker = island(() => import("./PaymentMethodPicker").then((module) => module.PaymentMethodPicker));
const OrderReview = island(() => import("./OrderReview").then((module) => module.OrderReview));
// What kept an order from being placed shows in the server's HTML; the summary's code (focus, links to
// the fields) and the legal notice's follow the same way.
const CheckoutErrorSummary = island(() => import("./CheckoutErrorSummary").then((module) => module.CheckoutErrorSummary));
const OrderLegalNotice = island(() => import("../legal/OrderLegalNotice").then((module) => module.OrderLegalNotice));

// The survey popup appears only after hydration, so its code is fetched then, off the first load.
const FeedbackPopup = lazy(() => import("./FeedbackPopup").then((module) => ({ default: module.FeedbackPopup })));

/**
 * Spec screen 11. The order form is validated on the server only (its messages come back in Conform's
 * reply, read by useServerValidatedForm), which keeps the page's script small. Coupon and points use the
 * cart's own controls: fetchers with JS; without JS buttons of this form, so nothing typed is lost.
 */
export function CheckoutPage({
  data,
  lastResult,
  orderPostFailed,
}: {
  data: CheckoutLoaderData;
  lastResult: CheckoutActionData | null;
  /** 注文を確定する got no answer (no connection): nothing was placed that the page knows of; it says so. */
  orderPostFailed: boolean;
}) {
  const { view, isMember, addresses } = data;
  const { cart } = view;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const payment = useShopFetcher();
  const [form, fields] = useServerValidatedForm<CheckoutFormFields>({
    id: FORM_ID,
    lastResult,
    // 会員登録 and the newsletter start unticked: the shopper opts in (decision 0037).
    defaultValue: { payment: view.paymentMethod ?? undefined },
  });

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

            {!isMember ? <GuestDetails fields={fields} /> : null}

            <CheckoutAddressSection fields={fields} isMember={isMember} addresses={addresses} cart={cart} lookupMessage={lastResult?.lookupMessage ?? null} />

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
                notes={data.paymentNotes}
                error={fields.payment.errors?.[0] ?? null}
                // To the checkout's own action (intent=payment saves the method, as without JS): its code is on
                // the page, so a post made offline fails here instead of reloading the page for the code.
                onChange={(method) => payment.submit({ intent: "payment", payment: method }, { method: "post", action: "/checkout" })}
              />
              {/* The method chosen could not be saved: the totals still show the one before. */}
              <ConnectionNotice failed={payment.failed} onRetry={payment.retry} />
            </section>
          </Form>
        </div>

        <CheckoutSummaryColumn
          data={data}
          // Wait for a payment-method change to be saved: its revalidation must not race the order.
          submitDisabled={navigation.state === "submitting" || payment.state !== "idle"}
          postFailed={orderPostFailed}
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
function CheckoutSummaryColumn({ data, submitDisabled, postFailed }: { data: CheckoutLoaderData; submitDisabled: boolean; postFailed: boolean }) {
  return (
    <aside className="grid content-start gap-4">
      <OrderReview data={data} isMember={data.isMember} orderFormId={FORM_ID} />
      <div className="card grid gap-3 p-3">
        <CartSummary cart={data.view.cart} />
        <ConnectionNotice failed={postFailed} />
        <button type="submit" form={FORM_ID} className="btn-primary py-3 text-base" disabled={submitDisabled} data-testid="place-order">
          注文を確定する
        </button>
        <OrderLegalNotice />
      </div>
    </aside>
  );
}
