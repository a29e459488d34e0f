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
/** The buy-later notice stays this long (spec §9). */
export const BUY_LATER_NOTICE_MS = 5000;
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
/** At most this many saved addresses per member. */
export const ADDRESS_BOOK_LIMIT = 20;
/** Longest note a shopper may leave for the warehouse or a merchant. */
export const NOTICE_MAX_LENGTH = 500;
/** Staff's resolution request closes the ticket by itself after this many days without an answer. */
export const TICKET_CONFIRMATION_TIMEOUT_DAYS = 7;
/** The thread scrolls to its last message this long after it is shown. */
export const THREAD_SCROLL_DELAY_MS = 1000;
/** Longest ticket message or description, in characters. */
export const TICKET_MESSAGE_MAX_LENGTH = 5000;
/** Largest attachment one upload may carry (a phone photo sent without JS, uncompressed). */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** Uploaded images not yet sent with a message, per member (an upload is attached when its message is sent). */
export const MEDIA_PENDING_LIMIT = 20;
/** Uploads never attached to a message are deleted after this many hours. */
export const MEDIA_ORPHAN_HOURS = 24;

/** Photos one product may have (its own and its variations' together). */
export const PRODUCT_IMAGE_LIMIT = 20;
/**
 * Largest photo side and area the resizer accepts (Cloudflare Images' input limits are 12,000 px and 100
 * megapixels); every other upload (ticket, return and review photos) is held to them too.
 */
export const PRODUCT_IMAGE_MAX_SIDE = 12_000;
export const PRODUCT_IMAGE_MAX_PIXELS = 100_000_000;
/** Longest alt text of a product photo, in characters. */
export const PRODUCT_IMAGE_ALT_MAX_LENGTH = 200;

// The image widget's defaults (spec §3 "Image upload item", §9).
export const IMAGE_WIDGET_LIMIT = 5;
export const IMAGE_WIDGET_MAX_WIDTH = 1024;
export const IMAGE_WIDGET_QUALITY = 0.92;
export const IMAGE_WIDGET_FIELD_NAME = "file";

// The full-screen previewer (spec §9).
export const PREVIEWER_ANIMATION_MS = 333;
export const PREVIEWER_IDLE_MS = 4000;
/** Two taps closer than this zoom (PhotoSwipe's own double-tap window is the same 300 ms). */
export const PREVIEWER_DOUBLE_TAP_MS = 300;
/** Images loaded ahead on each side of the one shown. */
export const PREVIEWER_PRELOAD = 1;
/** A requested shipping day (cart-add's shipping_day) may be at most this many days after the earliest one. */
export const SHIPPING_DAY_WINDOW_DAYS = 30;
