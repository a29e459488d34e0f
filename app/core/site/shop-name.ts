/**
 * What every page's header and title show (root, SiteHeader), apart from the rest of the shop's facts in
 * core/site/site.ts (which re-exports these): only these load with every page, the seller's details with the
 * parts that show them.
 */
export const SHOP_NAME = "ひなた市場";
export const SHOP_TAGLINE = "全国のつくり手から、毎日の暮らしに良いものを。";
/** The merchant portal's address (app/core/merchant/merchant-portal.ts); here, apart from its schemas, for the header on every page. */
export const MERCHANT_PORTAL_PATH = "/merchant";
