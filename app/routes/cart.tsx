import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CartPage } from "~/components/cart/CartPage";
import { SHOP_NAME } from "~/core/site";
import { safeRedirectPath } from "~/core/safe-redirect";
import { isNavigation, readFormData } from "~/web/http.server";
import {
  applyCoupon,
  changeQuantity,
  choosePaymentMethod,
  deleteLine,
  moveBuyLaterToCart,
  removeCoupon,
  saveNotices,
  toggleColdshipping,
  toggleWrapping,
  applyPoints,
  wholeNumber,
  type CartActionResult,
  type CartField,
} from "~/services/cart-actions.server";
import { loadCart } from "~/services/cart-view.server";
import { CART_LINE_PARAM, CART_MESSAGE_PARAM, CART_NOTICE_PARAM, cartActorFor, cartPostSubject, cartRedirect, redirectedCartError } from "~/web/cart.server";
import type { CartActionData, CartLoaderData } from "~/web/types/cart";

export const meta: MetaFunction = () => [{ title: `カート | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

const CART_FIELDS: CartField[] = ["coupon", "points", "quantity", "wrapping", "notice", "payment", "line"];

export async function loader({ request, context }: LoaderFunctionArgs): Promise<CartLoaderData> {
  const actor = await cartActorFor(request, context);
  // The checkout's draft stays on the server until the shopper is back at the checkout.
  const { checkoutDraft: _checkoutDraft, ...view } = await loadCart(actor.db, actor.owner, actor.session, actor.now);
  const url = new URL(request.url);
  return {
    view,
    loggedIn: actor.owner.userId != null,
    // Refusals of posts made without JS arrive in the query (cart_error + message, cart_line for a row).
    redirectedError: redirectedCartError(url, CART_FIELDS),
    // A quantity forced into range by a post made without JS (cart_notice=quantity&cart_line=…), or a
    // coupon link that applied (cart_notice=coupon); the message comes with it.
    redirectedNotice: redirectedNotice(url.searchParams),
    confirmRemove: wholeNumber(url.searchParams.get("remove") ?? ""),
    campaignLanded: url.searchParams.get("campaign") === "1",
  };
}

function redirectedNotice(query: URLSearchParams): CartLoaderData["redirectedNotice"] {
  const kind = query.get(CART_NOTICE_PARAM);
  if (kind !== "quantity" && kind !== "coupon") return null;
  return { kind, line: wholeNumber(query.get(CART_LINE_PARAM) ?? "") ?? 0, message: (query.get(CART_MESSAGE_PARAM) ?? "").slice(0, 200) };
}

/** Every cart control posts here with an `intent`; notices are saved on the way to /checkout. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const actor = await cartActorFor(request, context);
  const intent = String(form.get("intent") ?? "");
  const line = wholeNumber(form.get("line") ?? "") ?? 0;
  let result: CartActionResult;
  switch (intent) {
    case "quantity":
      result = await changeQuantity(actor, line, form.get("q"));
      break;
    case "remove":
      result = await deleteLine(actor, line);
      break;
    case "wrapping":
      result = await toggleWrapping(actor, line, form.get("w") === "1");
      break;
    case "coupon":
      result = await applyCoupon(actor, form.get("code"));
      break;
    case "remove_coupon":
      result = await removeCoupon(actor);
      break;
    case "points":
      result = await applyPoints(actor, form.get("amount"));
      break;
    case "remove_points":
      result = await applyPoints(actor, "0");
      break;
    case "payment":
      result = await choosePaymentMethod(actor, form.get("method"));
      break;
    case "coldshipping":
      // An explicit value, so a double submit does not switch it back.
      result = await toggleColdshipping(actor, form.get("coldshipping") === "1");
      break;
    case "move_back":
      result = await moveBuyLaterToCart(actor, wholeNumber(form.get("item") ?? "") ?? 0);
      break;
    case "save_notices": {
      const vendors = [...form.entries()]
        .map(([name, notice]) => ({ match: /^vendor_notice\[(\d{1,9})\]$/.exec(name), notice }))
        .filter((entry) => entry.match)
        .map(({ match, notice }) => ({ merchantId: Number(match?.[1]), notice }));
      result = await saveNotices(actor, { warehouse: form.get("warehouse_notice") ?? undefined, vendors });
      if (result.ok) throw redirect("/checkout", 303);
      break;
    }
    default:
      return data<CartActionData>({ ok: false, intent, field: "line", error: "操作が正しくありません。" }, { status: 400 });
  }
  // Without JS: back to the page the control was on (PRG), at the row or section it was about, with a
  // refusal in the query. With JS the fetcher gets the answer and loaders revalidate.
  if (isNavigation(request)) throw cartRedirect(safeRedirectPath(form.get("redirectTo"), "/cart"), result, { subject: cartPostSubject(form) });
  if (!result.ok) {
    return data<CartActionData>({ ok: false, intent, line, field: result.field, error: result.error }, { status: result.status });
  }
  return data<CartActionData>({ ok: true, intent, line, ...(result.adjusted ? { notice: result.adjusted.message } : {}) });
}

export default function Cart() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <CartPage data={loaderData} actionData={actionData ?? null} />;
}
