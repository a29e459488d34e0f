import { getInputProps } from "@conform-to/react";
import { Form, Link, useFetcher, useNavigation, useRevalidator } from "@remix-run/react";
import { lazy, Suspense, useRef, useState } from "react";
import type { CheckoutFormFields } from "~/core/checkout-form";
import { formatYen } from "~/core/money";
import type { CheckoutActionData, CheckoutLoaderData } from "~/routes/checkout";
import type { ShippingRecheck } from "../address/address-client";
import { AddressChooser } from "../address/AddressChooser";
import { AddressForm, type AddressFieldset } from "../address/AddressForm";
import { CartCouponEntry } from "../cart/CartCouponEntry";
import { CartPointsEntry } from "../cart/CartPointsEntry";
import { CartSummary } from "../cart/CartSummary";
import { FormErrors } from "../forms/FormErrors";
import { PasswordField } from "../forms/PasswordField";
import { AgreementCheckbox, FieldErrors, PersonNameFields, TextField } from "../forms/TextField";
import { useHydrated } from "../forms/useHydrated";
import { useServerValidatedForm } from "../forms/useServerValidatedForm";
import { CheckoutItems } from "./CheckoutItems";
import { DeliveryPreferences } from "./DeliveryPreferences";
import { PaymentMethodPicker } from "./PaymentMethodPicker";

const FORM_ID = "checkout-form";

// The survey popup appears only after hydration, so its code is fetched then, off the first load.
const FeedbackPopup = lazy(() => import("./FeedbackPopup").then((module) => ({ default: module.FeedbackPopup })));

/**
 * Spec screen 11. The order form is validated on the server only (its messages come back in Conform's
 * reply, read by useServerValidatedForm), which keeps the page's script small. Coupon and points use the cart's own controls, so they behave
 * exactly as on the cart page and come back here without JS.
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
            {/* The hidden placement token has no field of its own: its message is the form's. */}
            <FormErrors id={form.errorId} errors={form.errors ?? fields.token.errors} />

            {!isMember ? (
              <section aria-labelledby="guest-heading" className="card grid gap-3 p-3">
                <h2 id="guest-heading" className="m-0 text-base">
                  ご注文者情報
                </h2>
                <p className="m-0 text-sm">
                  会員の方は<Link to="/login?show=1&redirectTo=%2Fcheckout">ログイン</Link>するとお届け先やポイントをご利用いただけます。
                </p>
                <TextField label="メールアドレス" field={fields.email} type="email" required inputProps={{ autoComplete: "email" }} />
                <PersonNameFields fields={fields} />
                <fieldset className="m-0 grid gap-2 border-0 p-0" data-testid="registration">
                  <legend className="sr-only">会員登録</legend>
                  <label className="flex items-center gap-2 text-sm font-bold">
                    <input
                      {...getInputProps(fields.register, { type: "checkbox" })}
                      onChange={(event) => setRegister(event.currentTarget.checked)}
                    />
                    この情報で会員登録する（無料）
                  </label>
                  {register || !hydrated ? (
                    <div className="grid gap-2">
                      <PasswordField label="パスワード" field={fields.password} autoComplete="new-password" hint="会員登録する場合は8文字以上で入力してください" />
                      <label className="flex items-center gap-2 text-sm">
                        <input {...getInputProps(fields.newsletter, { type: "checkbox" })} />
                        メールマガジンを受け取る
                      </label>
                      <AgreementCheckbox field={fields.agreement} condition="（会員登録する場合）" />
                    </div>
                  ) : (
                    <p className="m-0 rounded bg-brand-light p-2 text-sm" data-testid="registration-benefits">
                      会員登録すると、お買い物ごとにポイントが貯まり（100円につき1ポイント）、お届け先の保存・注文履歴の確認・定期便のお申し込みができます。
                    </p>
                  )}
                </fieldset>
              </section>
            ) : null}

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
                    returnTo="/checkout"
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
                </>
              ) : null}
              {showNewAddress ? (
                <div className="grid gap-3">
                  <AddressForm
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

            <section className="card grid gap-3 p-3">
              <PaymentMethodPicker
                formId={FORM_ID}
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
          <section aria-labelledby="items-heading" className="card grid gap-3 p-3">
            <h2 id="items-heading" className="m-0 text-base">
              ご注文内容（{cart.quantity}点）
            </h2>
            <CheckoutItems lines={cart.list} views={view.lines} previews={data.previews} />
            <Link to="/cart" className="text-sm">
              カートに戻って変更する
            </Link>
          </section>
          <div className="card grid gap-4 p-3">
            <CartCouponEntry cart={cart} couponCode={view.couponCode} pageError={data.redirectedError} returnTo="/checkout" />
            {isMember ? <CartPointsEntry cart={cart} userPoints={view.userPoints} pageError={data.redirectedError} returnTo="/checkout" /> : null}
          </div>
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
            <p className="m-0 text-xs text-gray-600">「注文を確定する」を押すとご注文が確定します。確定後のキャンセルはお問い合わせください。</p>
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
