/**
 * "Buy later" (spec §7 POST /api/buylater/{productId}, §9 notice 5000 ms): the notice shown once an item
 * is saved — in place for BUY_LATER_NOTICE_MS with JS, and without JS on the page the endpoint returns to,
 * which it marks with ?notice=buy_later.
 */
export const BUY_LATER_NOTICE_PARAM = "notice";
export const BUY_LATER_NOTICE_VALUE = "buy_later";
export const BUY_LATER_SAVED_TEXT = "「あとで買う」に入れました。";
export const BUY_LATER_LIST_PATH = "/user/buy-later";
