/**
 * The shop's name before an owner sets one (the default of the shop settings, app/core/settings/shop-settings.ts;
 * pages show the name in force, from the root loader) and its tagline. core/site/site.ts re-exports these.
 */
export const SHOP_NAME = "ひなた市場";
export const SHOP_TAGLINE = "全国のつくり手から、毎日の暮らしに良いものを。";
/** The merchant portal's address (app/core/merchant/merchant-portal.ts); here, apart from its schemas, for the header on every page. */
export const MERCHANT_PORTAL_PATH = "/merchant";
