/**
 * The shipping promise of a product (spec §3 "Delivery icon": icon, icon_type, show_text, and the page's
 * shipping notice). One rule for the icon and the text, so they never contradict the purchase state: an
 * item that cannot be bought now promises no shipping day, a pre-order promises its ship date, and only
 * what is in stock ships "翌日" or "N日以内".
 */
import { formatDateJa } from "../dates";
import type { Purchasability } from "../catalogue/pricing";

export interface DeliveryIcon {
  icon: string;
  icon_type: "new" | "other";
  show_text: string;
}

export interface DeliveryFacts {
  state: Purchasability;
  shippingDays: number;
  /** ISO date (YYYY-MM-DD) from which pre-orders ship; null = as soon as stock arrives. */
  preorderShipDate: string | null;
  isDigital: boolean;
  /** An icon the catalogue sets by hand (e.g. 「新入荷」); shown only while the item is in stock. */
  catalogueIcon?: { icon: string | null; type: "new" | "other" | null; text: string | null } | null;
}

export interface DeliveryPromise {
  /** The badge beside the title; null when nothing can be promised. */
  icon: DeliveryIcon | null;
  /** The sentence of the shipping notice; null when nothing can be promised. */
  text: string | null;
}

const NOTHING: DeliveryPromise = { icon: null, text: null };

export function deliveryPromise(facts: DeliveryFacts): DeliveryPromise {
  switch (facts.state) {
    case "unavailable":
    case "sold_out":
    case "requested":
      return NOTHING;
    case "preorder": {
      const date = facts.preorderShipDate ? formatDateJa(facts.preorderShipDate) : null;
      return {
        icon: { icon: "calendar", icon_type: "other", show_text: date ? `${date}頃発送予定` : "入荷次第発送" },
        text: date ? `${date}頃より順次発送予定です。` : "入荷次第、順次発送いたします。",
      };
    }
    case "preorder_shipdays":
      return shipsWithin(facts.shippingDays);
    case "in_stock": {
      const promise = inStock(facts);
      const own = facts.catalogueIcon;
      return own?.icon ? { ...promise, icon: { icon: own.icon, icon_type: own.type ?? "other", show_text: own.text ?? "" } } : promise;
    }
  }
}

function inStock(facts: DeliveryFacts): DeliveryPromise {
  if (facts.isDigital) return { icon: { icon: "download", icon_type: "other", show_text: "ダウンロード商品" }, text: null };
  if (facts.shippingDays <= 1) return { icon: { icon: "express", icon_type: "other", show_text: "翌日発送" }, text: "ご注文の翌日に発送します。" };
  return shipsWithin(facts.shippingDays);
}

function shipsWithin(days: number): DeliveryPromise {
  return {
    icon: { icon: "truck", icon_type: "other", show_text: `${days}日以内に発送` },
    text: `ご注文から${days}日以内に発送します。`,
  };
}

/** A product's (or variation's) catalogue facts the shipping promise reads. */
export interface ProductDeliveryFacts {
  shippingDays: number;
  preorderShipDate: string | null;
  isDigital: boolean;
  deliveryIcon: string | null;
  deliveryIconType: "new" | "other" | null;
  deliveryIconText: string | null;
}

/** The shipping promise (spec §3 "Delivery icon") of a product in a purchase state. */
export function deliveryOf(product: ProductDeliveryFacts, state: Purchasability): DeliveryPromise {
  return deliveryPromise({
    state,
    shippingDays: product.shippingDays,
    preorderShipDate: product.preorderShipDate,
    isDigital: product.isDigital,
    catalogueIcon: { icon: product.deliveryIcon, type: product.deliveryIconType, text: product.deliveryIconText },
  });
}
