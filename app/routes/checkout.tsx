import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { getSession } from "~/web/account/auth.server";
import { CheckoutPage } from "~/components/checkout/CheckoutPage";
import { useKeptAnswer } from "~/components/connection/useKeptAnswer";
import { deliveryDateOptions, subscriptionSchedule } from "~/core/checkout/checkout";
import { paymentNotes } from "~/core/checkout/payment-methods";
import { draftWithChosenAddress } from "~/core/checkout/checkout-draft";
import { isConnectionFailure } from "~/core/site/connection";
import { orderFingerprint } from "~/core/checkout/order-confirmation";
import { readFormData } from "~/web/http.server";
import { listAddresses } from "~/services/address/addresses.server";
import { loadCart } from "~/services/cart/cart-view.server";
import { cartActorFor } from "~/web/cart/cart.server";
import { chosenAddressOf, submitCheckout } from "~/web/checkout/checkout.server";
import { purgeOrderedProductPages } from "~/web/site/edge-cache.server";
import { dispatchMail, mailFrame } from "~/web/mail/mail.server";
import { postalDepsFor } from "~/web/address/postal.server";
import type { CheckoutActionData, CheckoutLoaderData } from "~/web/types/checkout";
import { shopNameOf } from "~/components/layout/page-title";
import { settingsInForce } from "~/web/settings/shop-settings.server";

export const meta: MetaFunction = ({ matches }) => [{ title: `ご注文手続き | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs): Promise<CheckoutLoaderData> {
  const actor = await cartActorFor(request, context);
  const memberId = actor.owner.userId;
  const [{ checkoutDraft, ...view }, addresses, shop] = await Promise.all([
    loadCart(actor.db, actor.owner, actor.session, actor.now),
    memberId != null ? listAddresses(actor.db, memberId) : Promise.resolve([]),
    settingsInForce(context),
  ]);
  if (view.cart.list.length === 0) throw redirect("/cart");
  // What was typed before one of the page's buttons led to another page: the form starts from it, with the
  // address that page saved chosen.
  const typed = draftWithChosenAddress(checkoutDraft, chosenAddressOf(request, addresses));
  const draft: CheckoutActionData | null = typed ? { initialValue: typed, error: {} } : null;
  return {
    view,
    draft,
    isMember: memberId != null,
    addresses,
    // A fresh token per checkout form: the same form submitted twice makes one order.
    token: crypto.randomUUID(),
    // What this page shows of the order; it is placed only if the cart still prices the same.
    shown: orderFingerprint(view.cart),
    deliveryDates: deliveryDateOptions(actor.now),
    paymentNotes: paymentNotes(shop.bankTransferDays),
    previews: view.cart.list
      .filter((line) => line.subscribe != null)
      .map((line) => ({ lineId: line.id, ...subscriptionSchedule(actor.now, line.subscribe ?? 1) })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The settings in force now fix a 銀行振込 order's deadline and account: read beside the session's round trip.
  const [frame, form, actor] = await Promise.all([mailFrame(request, context, { fresh: true }), readFormData(request), cartActorFor(request, context)]);
  const outcome = await submitCheckout(actor, form, postalDepsFor(context, request), frame);
  if (outcome.kind === "page") return data<CheckoutActionData>(outcome.data, { status: outcome.status });
  if (outcome.kind === "already-placed" || outcome.kind === "leave") throw redirect(outcome.href, 303);

  const { result, registration } = outcome;
  // The order's batch has committed: its confirmation (and a new member's welcome) go out now.
  dispatchMail(context, result.mailKeys);
  // It took stock: its products' cached pages go (a last item must not stay offered from the edge cache).
  await purgeOrderedProductPages(context, result.orderId);
  // A guest who ticked 会員登録 is not signed in: the page must not tell whether the address already had an
  // account (app/core/account/registration.ts); the thank-you page says to log in.
  const session = await getSession(request, context);
  session.set("lastOrder", result.orderNumber);
  throw redirect(`/checkout/thanks/${result.orderNumber}${registration ? "?registration=1" : ""}`, {
    status: 303,
    headers: { "Set-Cookie": await context.sessionStorage.commitSession(session) },
  });
}

/**
 * After any submit of the order form the page's figures are loaded again, a refused one (4xx) included:
 * a changed cart must be shown as it now is, with the fingerprint the next confirmation is checked against.
 * A post that got no answer (components/connection) changed nothing: the page stays as it is.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, actionResult, defaultShouldRevalidate }) =>
  !isConnectionFailure(actionResult) && (formAction === "/checkout" || defaultShouldRevalidate);

export { clientAction, clientLoader } from "~/components/connection/route-handlers";

export default function Checkout() {
  const data = useLoaderData<typeof loader>();
  const { answer, failed } = useKeptAnswer(useActionData<typeof action>());
  return <CheckoutPage data={data} lastResult={answer ?? data.draft} orderPostFailed={failed} />;
}
