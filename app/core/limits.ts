/**
 * The spec's business constants (spec §9), one named value each, used by server and browser alike.
 * Rules that use them live beside them in app/core/.
 */

/** Most items per cart line. */
export const MAX_LINE_QUANTITY = 50;
/** Most items per subscription line; subscription quantity choices are 1…this. */
export const MAX_SUBSCRIPTION_QUANTITY = 6;
/** Most points one order may use (and never above the cart total). */
export const MAX_POINTS_PER_ORDER = 1000;
/** Gift wrapping, tax included, per item. */
export const WRAPPING_FEE = 500;
/** Extra shipping charge when a warehouse pre-order ships in multiple parts. */
export const SPLIT_PREORDER_SHIPPING_FEE = 860;
/** "Only N left" shows at this stock or below (not for pre-orders). */
export const LOW_STOCK_THRESHOLD = 10;
/** Items shipping in more days than this are sold as pre-orders. */
export const PREORDER_SHIPPING_DAYS = 6;
/** Ticket messages and unread badges refresh this often. */
export const POLL_INTERVAL_MS = 5000;
/** Attachments per ticket message. */
export const TICKET_ATTACHMENT_LIMIT = 3;
/** The price filter's range, in yen. */
export const PRICE_FILTER_MIN = 100;
export const PRICE_FILTER_MAX = 100_000;
/** Default colour of a point promo banner. */
export const POINT_PROMO_DEFAULT_COLOR = "#ee6d68";
/** The company warehouse's shipping fee per shipment, and the warehouse subtotal from which it is free. */
export const WAREHOUSE_SHIPPING_FEE = 660;
export const WAREHOUSE_FREE_SHIPPING_FROM = 5000;
/** Cold (refrigerated) delivery surcharge per shipment that carries cold items. */
export const COLD_SHIPPING_FEE = 330;
/** The header cart badge animates this long after an add. */
export const CART_ADD_ANIMATION_MS = 1000;
/** Longest note a shopper may leave for the warehouse or a merchant. */
export const NOTICE_MAX_LENGTH = 500;
