/**
 * Members-only actions a guest may tap (stock request, buy later): where they are sent to log in, and what
 * the shop says once an item is saved for later (spec §7 POST /api/buylater/{productId}; the notice shows
 * for BUY_LATER_NOTICE_MS, spec §9).
 */

/** The login page (spec §2 /login?show=1), coming back to `returnTo` (a same-site path) afterwards. */
export function loginPath(returnTo: string): string {
  return `/login?${new URLSearchParams({ show: "1", redirectTo: returnTo })}`;
}

export const BUY_LATER_LIST_PATH = "/user/buy-later";
export const BUY_LATER_SAVED_TEXT = "「あとで買う」に入れました。";
/** The `notice` the buy-later endpoint adds to the page it returns to without JS. */
export const BUY_LATER_NOTICE = "buy_later";
