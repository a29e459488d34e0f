/**
 * The staff promotion pages' paths, apart from promotions.ts so a promotion list (which takes its
 * definition and labels from its loader) loads nothing else of it.
 */
export const COUPONS_PATH = "/crm/coupons";
export const CAMPAIGNS_PATH = "/crm/coupon-campaigns";
export const POINT_PROMOS_PATH = "/crm/point-promos";
