/**
 * The product as the /api/product/* calls describe it (spec §7: get, form/data, delivery-icon), in the
 * field names of spec §3 "Product" and "Delivery icon", each in one D1 round trip.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { deliveryOf, type DeliveryIcon } from "~/core/cart/delivery";
import { sellingPrice, type PriceResult } from "~/core/catalogue/pricing";
import { NO_SELECTION } from "~/core/catalogue/product-selection";
import { isApiVisible, productPath } from "~/core/catalogue/products";
import { withTax } from "~/core/tax";
import type { Database } from "~/db/client.server";
import { favorites, productMedia } from "~/db/schema";
import { buyLaterQuery } from "./product.server";
import { pricedProductsQueries, type PricedProductsRows, priceSelection, type ShapedProduct, shapeProducts, type Viewer } from "./product-pricing.server";

/** What an item that cannot be bought now shows as its icon: nothing (clients read icon_info.icon). */
const NO_DELIVERY_ICON: DeliveryIcon = { icon: "", icon_type: "other", show_text: "" };

/** A variation as spec §3 "Product" lists it under `variations`. */
export interface ApiVariation {
  id: number;
  title: string;
  sku: string;
  status: "published" | "draft" | "archived";
  /** "variable": a choice (`variables`) must be picked as well. */
  type: "normal" | "variable";
  inventory: number;
  inventory_preorder_max: number;
  /** The viewer asked to be told when it is back. */
  requested: boolean;
  expiry: string | null;
  v_title: string;
  have_discount: boolean;
  media: { url: string; alt: string; width: number; height: number }[];
  delivery_icon: DeliveryIcon;
  max_subscription: number | null;
  /** The choices of a variable variation (its `c` values). */
  variables: { sku: string; group: string; title: string; price_diff: number; inventory: number | null }[];
}

/** The product of /api/product/get and /api/product/form/data: spec §3 "Product" plus a few conveniences. */
export interface ApiProduct {
  id: number;
  sku: string;
  title: string;
  catchcopy: string;
  type: "simple" | "set" | "variation";
  status: "published" | "draft" | "archived";
  tax: { rate: number };
  /** The same rate, as earlier clients read it. */
  tax_rate: number;
  /** Selling price of one item, tax incl. (the sale price while it is lower). */
  price: number;
  regular_price: number;
  /** Subscription unit prices by quantity, tax incl. */
  subscription_prices: { quantity: number; price: number }[];
  preorder_limit: number;
  /** Stock on hand (a variation product: its published variations together). */
  inventory: number;
  inventory_preorder_max: number;
  disable_preorder: boolean;
  disable_request: boolean;
  subscribe: boolean;
  subscribe_only: boolean;
  shipping_from: "warehouse" | "merchant";
  shipping_days: number;
  hide_shipping_info: boolean;
  coldshipping: "none" | "optional" | "required";
  is_digital: boolean;
  expiry: string | null;
  period: number;
  variations: ApiVariation[];
  state: PriceResult["state"];
  category_slug: string;
  url: string;
  image: string | null;
}

type MediaRow = { url: string; alt: string; width: number; height: number; variationId: number | null };

function apiProduct(shaped: ShapedProduct, media: MediaRow[], now: Date): ApiProduct {
  const p = shaped.product;
  const { price } = priceSelection(shaped, NO_SELECTION, now);
  const picture = (row: MediaRow) => ({ url: row.url, alt: row.alt || p.title, width: row.width, height: row.height });
  return {
    id: p.id,
    sku: p.sku,
    title: p.title,
    catchcopy: p.catchcopy,
    type: p.type,
    status: p.status,
    tax: { rate: p.taxRate },
    tax_rate: p.taxRate,
    price: sellingPrice(p),
    regular_price: p.regularPrice,
    subscription_prices: shaped.tiers
      .filter((tier) => tier.variationId == null)
      .sort((a, b) => a.quantity - b.quantity)
      .map((tier) => ({ quantity: tier.quantity, price: withTax(tier.unitPriceExclTax, p.taxRate) })),
    preorder_limit: p.preorderLimit,
    inventory: shaped.pricing.inventory,
    inventory_preorder_max: shaped.pricing.inventoryPreorderMax,
    disable_preorder: p.disablePreorder,
    disable_request: p.disableRequest,
    subscribe: p.subscribe,
    subscribe_only: p.subscribeOnly,
    shipping_from: p.shippingFrom,
    shipping_days: p.shippingDays,
    hide_shipping_info: p.hideShippingInfo,
    coldshipping: p.coldshipping,
    is_digital: p.isDigital,
    expiry: p.expiry,
    period: p.period,
    variations: shaped.variations.map((variation) => {
      const state = priceSelection(shaped, { ...NO_SELECTION, variationId: variation.id }, now).price.state;
      const icon = deliveryOf({ ...p, deliveryIcon: variation.deliveryIcon ?? p.deliveryIcon }, state).icon;
      return {
        id: variation.id,
        title: variation.title,
        sku: variation.sku,
        status: variation.status,
        type: variation.type,
        inventory: variation.inventory,
        inventory_preorder_max: variation.inventoryPreorderMax,
        requested: shaped.requestedVariationIds.has(variation.id),
        expiry: variation.expiry,
        v_title: variation.vTitle,
        have_discount: variation.price < (variation.regularPrice ?? p.regularPrice),
        media: media.filter((row) => row.variationId === variation.id).map(picture),
        delivery_icon: icon ?? NO_DELIVERY_ICON,
        max_subscription: variation.maxSubscription,
        variables: variation.choices.map((choice) => ({
          sku: choice.sku,
          group: choice.groupTitle,
          title: choice.title,
          price_diff: choice.priceDiff,
          inventory: choice.inventory,
        })),
      };
    }),
    state: price.state,
    category_slug: shaped.head.categorySlug,
    url: productPath({ categorySlug: shaped.head.categorySlug, sku: p.sku }),
    image: media[0]?.url ?? null,
  };
}

/** One product for the API with the viewer's favorite flag, in one D1 round trip; null when not found. */
export async function loadApiProduct(db: Database, productId: number, viewer: Viewer): Promise<{ product: ApiProduct; isFavorite: boolean } | null> {
  const pricing = pricedProductsQueries(db, sql`(${productId})`, viewer);
  const results = await db.batch([
    ...pricing,
    db
      .select({ url: productMedia.url, alt: productMedia.alt, width: productMedia.width, height: productMedia.height, variationId: productMedia.variationId })
      .from(productMedia)
      .where(eq(productMedia.productId, productId))
      .orderBy(asc(productMedia.position)),
    db
      .select({ productId: favorites.productId })
      .from(favorites)
      .where(and(eq(favorites.userId, viewer.userId ?? 0), eq(favorites.productId, productId))),
  ]);
  const [media, favorite] = results.slice(pricing.length) as unknown as [MediaRow[], { productId: number }[]];
  const shaped = shapeProducts(results.slice(0, pricing.length) as unknown as PricedProductsRows, viewer).get(productId);
  if (!shaped || !isApiVisible(shaped.product)) return null;
  return { product: apiProduct(shaped, media, viewer.now), isFavorite: viewer.userId != null && favorite.length > 0 };
}

/**
 * The delivery icon of the product as its page first shows it (nothing chosen), and whether the member
 * keeps it in "buy later"; null when not found. An item that cannot be bought now has no icon (icon "").
 */
export async function loadDeliveryIcon(db: Database, productId: number, viewer: Viewer) {
  const pricing = pricedProductsQueries(db, sql`(${productId})`, viewer);
  const results = await db.batch([...pricing, buyLaterQuery(db, sql`${productId}`, viewer.userId)]);
  const [later] = results.slice(pricing.length) as unknown as [{ id: number }[]];
  const shaped = shapeProducts(results.slice(0, pricing.length) as unknown as PricedProductsRows, viewer).get(productId);
  if (!shaped || !isApiVisible(shaped.product)) return null;
  const { icon } = deliveryOf(shaped.product, priceSelection(shaped, NO_SELECTION, viewer.now).price.state);
  return { icon: icon ?? NO_DELIVERY_ICON, buyLater: viewer.userId != null && later.length > 0 };
}
