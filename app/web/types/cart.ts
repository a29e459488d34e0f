/** What the cart route answers and the cart components read (types only: the browser bundle imports it). */
import type { CartErrorField, CartField } from "~/services/cart/cart-actions.server";
import type { CartView } from "~/services/cart/cart-view.server";
import type { ShellCounts } from "~/core/site/shell";

export type { CartLineView } from "~/services/cart/cart-lines.server";

export interface CartLoaderData {
  /** The header counts what this page shows (components/layout/usePageShell): pricing may cut rows to the stock left. */
  shellCounts: ShellCounts;
  /** The cart as priced now (the checkout's draft stays on the server until the shopper is back at the checkout). */
  view: Omit<CartView, "checkoutDraft">;
  loggedIn: boolean;
  /**
   * A refusal of a post made without JS, carried in the query (cart_error + message, cart_line for a row,
   * cart_typed for a refused coupon code or points amount, which its field shows again).
   */
  redirectedError: { field: CartErrorField; error: string; line: number | null; typed: string | null } | null;
  /**
   * A quantity forced into range by a post made without JS (cart_notice=quantity&cart_line=…), or a coupon
   * link that applied (cart_notice=coupon); the message comes with it.
   */
  redirectedNotice: { kind: "quantity" | "coupon"; line: number; message: string } | null;
  /** The row whose removal the no-JS page asks to confirm (?remove=). */
  confirmRemove: number | null;
  /** The shopper arrived from a coupon campaign link (?campaign=1). */
  campaignLanded: boolean;
}

export type CartActionData =
  { ok: true; intent: string; line?: number; notice?: string } | { ok: false; intent: string; line?: number; field: CartField; error: string };
