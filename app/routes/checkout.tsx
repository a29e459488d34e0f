import type { SubmissionResult } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { getSession } from "~/auth/auth.server";
import { CheckoutPage } from "~/components/checkout/CheckoutPage";
import type { AddressInput } from "~/core/address-form";
import { deliveryDateOptions, isDeliveryDateAllowed, subscriptionSchedule, CHECKOUT_MESSAGES } from "~/core/checkout";
import { GuestCheckoutSchema, MemberCheckoutSchema, withoutUnusedShipping } from "~/core/checkout-form";
import { SHOP_NAME } from "~/core/site";
import { readFormData } from "~/http.server";
import { listAddresses } from "~/services/addresses.server";
import { cartActorFor, choosePaymentMethod } from "~/services/cart-actions.server";
import { redirectedCartError } from "~/services/cart-responses.server";
import { loadCart } from "~/services/cart.server";
import { placeOrder, type PlaceOrderInput, type ShippingAddress } from "~/services/checkout.server";
import { lookUpPostalForm, postalDepsFor } from "~/services/postal.server";

export const meta: MetaFunction = () => [{ title: `ご注文手続き | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await cartActorFor(request, context);
  const memberId = actor.owner.userId;
  const [view, addresses] = await Promise.all([
    loadCart(actor.db, actor.owner, actor.session, actor.now),
    memberId != null ? listAddresses(actor.db, memberId) : Promise.resolve([]),
  ]);
  if (view.cart.list.length === 0) throw redirect("/cart");
  return {
    view,
    isMember: memberId != null,
    addresses,
    // A fresh token per checkout form: the same form submitted twice makes one order.
    token: crypto.randomUUID(),
    deliveryDates: deliveryDateOptions(actor.now),
    previews: view.cart.list
      .filter((line) => line.subscribe != null)
      .map((line) => ({ lineId: line.id, ...subscriptionSchedule(actor.now, line.subscribe ?? 1) })),
    // The coupon and points controls post to the cart; without JS a refusal comes back in the query.
    redirectedError: redirectedCartError(new URL(request.url), ["coupon", "points"]),
  };
}

export type CheckoutLoaderData = Awaited<ReturnType<typeof loader>>;
export type CheckoutActionData = SubmissionResult<string[]> & { lookupMessage?: { tone: "info" | "error"; text: string } };

function toShippingAddress(address: AddressInput | undefined): ShippingAddress | null {
  if (!address) return null;
  return {
    lastname: address.lastname,
    firstname: address.firstname,
    lastnameJp: address.lastname_jp,
    firstnameJp: address.firstname_jp,
    postalCode: address.postal_code,
    prefecture: address.prefecture,
    city: address.city,
    district: address.district ?? "",
    address1: address.address1,
    address2: address.address2 ?? "",
    phone: address.phone,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const actor = await cartActorFor(request, context);
  const isMember = actor.owner.userId != null;
  const schema = isMember ? MemberCheckoutSchema : GuestCheckoutSchema;
  const intent = form.get("intent");

  if (intent === "postal_lookup") {
    // Without JS: fill the address from the postal code and show the form again, without judging the rest yet.
    const lookup = await lookUpPostalForm(postalDepsFor(context, request), form, "shipping.");
    const reply = parseWithValibot(lookup.formData, { schema }).reply({ hideFields: ["password"] });
    return data<CheckoutActionData>({
      ...reply,
      error: {},
      lookupMessage: { tone: lookup.status === "found" ? "info" : "error", text: lookup.message },
    });
  }
  if (intent === "payment") {
    await choosePaymentMethod(actor, form.get("payment"));
    throw redirect("/checkout", 303);
  }

  const submission = parseWithValibot(isMember ? withoutUnusedShipping(form) : form, { schema });
  if (submission.status !== "success") {
    return data<CheckoutActionData>(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const value = submission.value;
  const refuse = (message: string, field?: string) =>
    data<CheckoutActionData>(
      submission.reply({ formErrors: field ? [] : [message], fieldErrors: field ? { [field]: [message] } : {}, hideFields: ["password"] }),
      { status: 400 },
    );
  if (value.deliveryDate && !isDeliveryDateAllowed(value.deliveryDate, actor.now)) return refuse(CHECKOUT_MESSAGES.deliveryDateInvalid, "deliveryDate");

  let address: PlaceOrderInput["address"];
  if ("addressId" in value && typeof value.addressId === "number" && !value.useNewAddress) {
    address = { savedId: value.addressId };
  } else {
    const shipping = toShippingAddress(value.shipping);
    if (!shipping) return refuse(CHECKOUT_MESSAGES.addressRequired);
    address = { address: shipping, save: value.saveAddress };
  }
  const guest = "email" in value ? value : null;
  const result = await placeOrder(actor, {
    placementToken: value.token,
    guest: guest
      ? { email: guest.email, lastname: guest.lastname, firstname: guest.firstname, lastnameJp: guest.lastnameJp, firstnameJp: guest.firstnameJp }
      : undefined,
    registration: guest?.register ? { password: guest.password ?? "", newsletter: guest.newsletter } : null,
    address,
    paymentMethod: value.payment,
    deliveryDate: value.deliveryDate ?? null,
    deliveryTimeSlot: value.deliveryTimeSlot ?? null,
  });
  if (!result.ok) return refuse(result.error, result.field === "email" ? "email" : undefined);

  const session = await getSession(request, context);
  if (result.newUserId != null) {
    // The guest registered with the order: they are now logged in.
    session.set("userId", result.newUserId);
    session.unset("cartId");
  }
  session.set("lastOrder", result.orderNumber);
  throw redirect(`/checkout/thanks/${result.orderNumber}`, {
    status: 303,
    headers: { "Set-Cookie": await context.sessionStorage.commitSession(session) },
  });
}

export default function Checkout() {
  return <CheckoutPage data={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>() ?? null} />;
}
