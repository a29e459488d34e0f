/** Shop-wide facts shown in the UI and on documents. */
export const SHOP_NAME = "ひなた市場";
export const SHOP_TAGLINE = "全国のつくり手から、毎日の暮らしに良いものを。";
export const SUPPORT_PHONE = "0120-123-456";
export const SUPPORT_HOURS = "平日 10:00〜17:00";
