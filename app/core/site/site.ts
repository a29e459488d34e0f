/**
 * Shop-wide facts shown in the UI and on documents that are not the owner's to change. The seller, its
 * contact, bank account and deadlines are the shop settings (app/core/settings/shop-settings.ts, decision 0057).
 */
export { MERCHANT_PORTAL_PATH, SHOP_NAME, SHOP_TAGLINE } from "./shop-name";
/** Who handles personal-data requests (開示・訂正・利用停止) under the privacy policy. */
export const PRIVACY_MANAGER = "個人情報保護管理者（管理部長）";
/** External survey the checkout's feedback popup links to. */
export const FEEDBACK_SURVEY_URL = "https://forms.example.jp/hinata-checkout-survey";
/** Japan Post's postal-code search, linked beside every postal-code field. */
export const JAPAN_POST_SEARCH_URL = "https://www.post.japanpost.jp/zipcode/";
