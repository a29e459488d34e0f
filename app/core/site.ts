/** Shop-wide facts shown in the UI and on documents. */
export const SHOP_NAME = "ひなた市場";
export const SHOP_TAGLINE = "全国のつくり手から、毎日の暮らしに良いものを。";
export const SUPPORT_PHONE = "0120-123-456";
export const SUPPORT_HOURS = "平日 10:00〜17:00";

/**
 * The seller as printed on receipts (適格請求書発行事業者). DEMO VALUES — replace with the company's real
 * name, address and registration number (T + 13 digits, from the National Tax Agency) before going live.
 */
export const SELLER_NAME = "株式会社ひなた市場（デモ）";
export const SELLER_POSTAL_CODE = "150-0041";
export const SELLER_ADDRESS = "東京都渋谷区神南0-0-0 ひなたビル5階";
export const SELLER_REGISTRATION_NUMBER = "T0000000000000";
/** External survey the checkout's feedback popup links to. */
export const FEEDBACK_SURVEY_URL = "https://forms.example.jp/hinata-checkout-survey";
