/**
 * Where a page opens after a form post made without JS. The browser follows the post's 303 and would open
 * the page at its top, one to three screens away from the message. So the element that shows the outcome
 * carries one of these ids and the redirect ends in `#id` (app/web/http.server.ts `atResult`): the page opens
 * at the result. With JS the same redirects, followed by Remix, scroll there too; fetchers never follow them.
 */

/** A page's notice or message about the last post (only one shows at a time). */
export const RESULT_ANCHOR = "result";

/** A ticket thread's last message: where a sent message shows. */
export const LATEST_MESSAGE_ANCHOR = "latest";

/** Cart (and checkout) sections whose controls post to the cart: the outcome shows in the section. */
export const CART_ANCHORS = {
  coupon: "coupon-entry",
  points: "points-entry",
  notices: "cart-notices",
} as const;

/**
 * The cart page's form without JS: its 備考 and every control of the page belong to it (components/cart
 * useOwningForm, core/cart/cart-form), so any press sends the notes typed so far. It is the notices' section,
 * where a refused note shows. A constant here, not in the cart's fetcher module: the page reads it before
 * any of the rows' controls load.
 */
export const CART_FORM_ID = CART_ANCHORS.notices;

/** A cart row: its quantity, wrapping and removal outcomes show in the row. */
export function cartLineAnchor(lineId: number): string {
  return `line-${lineId}`;
}
