import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as v from "valibot";
import { CartPage } from "~/components/cart/CartPage";
import { readShipmentNotices } from "~/core/orders/shipment-notices";
import { CheckboxSchema, IdOrNullSchema, IdSchema, OptionalTextSchema, QueryFlagSchema } from "~/core/validation";
import { BUY_LATER_NOTICE } from "~/core/member/member-actions";
import { isNavigation, withNotice, withQueryParam } from "~/web/http.server";
import { applyTypedEntries, readCartPost, saveCarriedNotices } from "~/web/cart/cart-form.server";
import { parseQuery, readInput } from "~/web/input.server";
import {
  applyCoupon,
  buyLaterLine,
  changeQuantity,
  choosePaymentMethod,
  deleteLine,
  moveBuyLaterToCart,
  removeCoupon,
  saveNotices,
  toggleColdshipping,
  toggleWrapping,
  applyPoints,
  type CartActionResult,
  type CartField,
} from "~/services/cart/cart-actions.server";
import { loadCart } from "~/services/cart/cart-view.server";
import {
  CART_LINE_PARAM,
  CART_MESSAGE_PARAM,
  CART_NOTICE_PARAM,
  cartActorFor,
  cartPostSubject,
  cartRedirect,
  cartReturnPath,
  redirectedCartError,
  RedirectedResultSchema,
} from "~/web/cart/cart.server";
import type { CartActor } from "~/services/cart/cart.server";
import type { CartActionData, CartLoaderData } from "~/web/types/cart";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `カート | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

const CART_FIELDS: CartField[] = ["coupon", "points", "quantity", "wrapping", "notice", "payment", "line"];

const CartQuerySchema = v.object({
  ...RedirectedResultSchema.entries,
  remove: IdOrNullSchema,
  campaign: QueryFlagSchema,
});

export async function loader({ request, context }: LoaderFunctionArgs): Promise<CartLoaderData> {
  const actor = await cartActorFor(request, context);
  // The checkout's draft stays on the server until the shopper is back at the checkout.
  const { checkoutDraft: _checkoutDraft, ...view } = await loadCart(actor.db, actor.owner, actor.session, actor.now);
  const url = new URL(request.url);
  const query = parseQuery(url, CartQuerySchema);
  return {
    view,
    // The header counts what this page shows (usePageShell): pricing may have cut rows to the stock left.
    shellCounts: { cartQuantity: view.cart.quantity },
    loggedIn: actor.owner.userId != null,
    // Refusals of posts made without JS arrive in the query (cart_error + message, cart_line for a row).
    redirectedError: redirectedCartError(url, CART_FIELDS),
    // A quantity forced into range by a post made without JS (cart_notice=quantity&cart_line=…), or a
    // coupon link that applied (cart_notice=coupon); the message comes with it.
    redirectedNotice: redirectedNotice(query),
    confirmRemove: query.remove,
    campaignLanded: query.campaign,
  };
}

function redirectedNotice(query: v.InferOutput<typeof CartQuerySchema>): CartLoaderData["redirectedNotice"] {
  const kind = query[CART_NOTICE_PARAM];
  if (kind !== "quantity" && kind !== "coupon") return null;
  return { kind, line: query[CART_LINE_PARAM] ?? 0, message: query[CART_MESSAGE_PARAM] };
}

const line = IdSchema;

/** The cart page's controls, one form each, told apart by `intent`. */
const CartIntentSchema = v.variant("intent", [
  // The quantity typed is forced into range, never refused (spec §5).
  v.object({ intent: v.literal("quantity"), line, q: OptionalTextSchema }),
  v.object({ intent: v.literal("remove"), line }),
  v.object({ intent: v.literal("wrapping"), line, w: CheckboxSchema }),
  v.object({ intent: v.literal("coupon"), code: OptionalTextSchema }),
  v.object({ intent: v.literal("remove_coupon") }),
  v.object({ intent: v.literal("points"), amount: OptionalTextSchema }),
  v.object({ intent: v.literal("remove_points") }),
  v.object({ intent: v.literal("payment"), method: OptionalTextSchema }),
  // An explicit value, so a double submit does not switch it back.
  v.object({ intent: v.literal("coldshipping"), coldshipping: CheckboxSchema }),
  v.object({ intent: v.literal("move_back"), item: IdSchema }),
  // warehouse_notice and vendor_notice[<merchantId>], read by readShipmentNotices.
  v.object({ intent: v.literal("save_notices") }),
  // Without JS the page is one form (core/cart/cart-form): its buttons that only led elsewhere keep the notes
  // on the way (削除 asks to confirm, キャンセル, あとで買う), and Enter applies what was typed.
  v.object({ intent: v.literal("ask_remove"), line }),
  v.object({ intent: v.literal("buy_later"), line }),
  v.object({ intent: v.literal("keep") }),
  v.object({ intent: v.literal("enter") }),
]);

type CartIntent = v.InferOutput<typeof CartIntentSchema>;

/** The cart field whose message shows a refused field of the form. */
const FIELD_OF: Record<string, CartField> = { q: "quantity", w: "wrapping", code: "coupon", amount: "points", method: "payment" };

/** Every cart control posts here with an `intent`; notices are saved on the way to /checkout. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readCartPost(request);
  const subject = cartPostSubject(form);
  const intent = subject.intent ?? "";
  const read = readInput(CartIntentSchema, form);
  if (!read.ok) {
    return data<CartActionData>({ ok: false, intent, field: FIELD_OF[read.field ?? ""] ?? "line", error: read.error }, { status: 400 });
  }
  const actor = await cartActorFor(request, context);
  const result = await runIntent(actor, read.input, form);
  // Without JS: back to the page the control was on (PRG), at the row or section it was about, with a
  // refusal in the query. With JS the fetcher gets the answer and loaders revalidate.
  if (isNavigation(request)) throw cartRedirect(returnPathAfter(read.input, result, cartReturnPath(form)), result, { subject });
  const lineId = "line" in read.input ? read.input.line : 0;
  if (!result.ok) {
    return data<CartActionData>({ ok: false, intent, line: lineId, field: result.field, error: result.error }, { status: result.status });
  }
  return data<CartActionData>({ ok: true, intent, line: lineId, ...(result.adjusted ? { notice: result.adjusted.message } : {}) });
}

async function runIntent(actor: CartActor, input: CartIntent, form: FormData): Promise<CartActionResult> {
  if (input.intent !== "save_notices") {
    // Without JS every press sends the notes typed so far: they are kept first (a refusal changes nothing).
    const notices = await saveCarriedNotices(actor, form);
    if (!notices.ok) return notices;
  }
  switch (input.intent) {
    case "quantity":
      return changeQuantity(actor, input.line, input.q);
    case "remove":
      return deleteLine(actor, input.line);
    case "wrapping":
      return toggleWrapping(actor, input.line, input.w);
    case "coupon":
      return applyCoupon(actor, input.code);
    case "remove_coupon":
      return removeCoupon(actor);
    case "points":
      return applyPoints(actor, input.amount);
    case "remove_points":
      return applyPoints(actor, "0");
    case "payment":
      return choosePaymentMethod(actor, input.method);
    case "coldshipping":
      return toggleColdshipping(actor, input.coldshipping);
    case "move_back":
      return moveBuyLaterToCart(actor, input.item);
    case "buy_later":
      return buyLaterLine(actor, input.line);
    case "enter":
      return applyTypedEntries(actor, form);
    case "ask_remove":
    case "keep":
      return { ok: true };
    case "save_notices": {
      const result = await saveNotices(actor, readShipmentNotices(form));
      if (result.ok) throw redirect("/checkout", 303);
      return result;
    }
  }
}

export { clientAction, clientLoader, shouldRevalidate } from "~/components/connection/route-handlers";

/** Where a post made without JS comes back to: the confirmation of a removal asked for, the buy-later notice, or redirectTo. */
function returnPathAfter(input: CartIntent, result: CartActionResult, redirectTo: string): string {
  if (!result.ok) return redirectTo;
  if (input.intent === "ask_remove") return withQueryParam(redirectTo, "remove", String(input.line));
  if (input.intent === "buy_later") return withNotice(redirectTo, BUY_LATER_NOTICE);
  return redirectTo;
}

export default function Cart() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <CartPage data={loaderData} actionData={actionData ?? null} />;
}
