/** Shop-wide facts shown in the UI and on documents. */
export { MERCHANT_PORTAL_PATH, SHOP_NAME, SHOP_TAGLINE } from "./shop-name";
export const SUPPORT_PHONE = "0120-123-456";
export const SUPPORT_HOURS = "平日 10:00〜17:00";
/** Days the phone line is closed (forms and e-mail are received at any time, answered on business days). */
export const SUPPORT_CLOSED_DAYS = "土日祝日・年末年始（12月29日〜1月3日）";
/** Customer service's e-mail address (特定商取引法に基づく表記, privacy contact). DEMO VALUE. */
export const SUPPORT_EMAIL = "support@hinata-ichiba.example.jp";

/**
 * The seller as printed on receipts (適格請求書発行事業者). DEMO VALUES — replace with the company's real
 * name, address and registration number (T + 13 digits, from the National Tax Agency) before going live.
 */
export const SELLER_NAME = "株式会社ひなた市場（デモ）";
export const SELLER_POSTAL_CODE = "150-0041";
export const SELLER_ADDRESS = "東京都渋谷区神南0-0-0 ひなたビル5階";
export const SELLER_REGISTRATION_NUMBER = "T0000000000000";
/** 運営統括責任者 (特定商取引法 §11): who answers for the shop's operation. DEMO VALUE. */
export const RESPONSIBLE_PERSON = "代表取締役 日向 太郎";
/** Who handles personal-data requests (開示・訂正・利用停止) under the privacy policy. */
export const PRIVACY_MANAGER = "個人情報保護管理者（管理部長）";
/** External survey the checkout's feedback popup links to. */
export const FEEDBACK_SURVEY_URL = "https://forms.example.jp/hinata-checkout-survey";
/** Japan Post's postal-code search, linked beside every postal-code field. */
export const JAPAN_POST_SEARCH_URL = "https://www.post.japanpost.jp/zipcode/";
