/**
 * What a product page says about a product besides its price (spec screen 7), worded once here: the badges
 * beside the title (delivery icon, SOLD OUT, 利用できません, 予約商品, 残りN点 …) and the notes under the
 * buttons (expiry, shipping and digital notices, cold shipping, subscription, wrapping). The shipping note
 * carries the same promise as the delivery icon (app/core/cart/delivery): none while the item cannot be bought.
 */
import type { DeliveryPromise } from "../cart/delivery";
import { WRAPPING_FEE } from "../limits";
import { formatYen } from "../money";
import type { PriceResult } from "./pricing";

/** How a badge looks; the page maps each to its colours. */
export type BadgeTone = "delivery" | "soldOut" | "unavailable" | "preorder" | "lowStock" | "subscription" | "noCoupon" | "private";

export interface ProductBadge {
  tone: BadgeTone;
  text: string;
  /** A pictogram before the text, for the eye only. */
  glyph?: string;
}

const DELIVERY_GLYPHS: Record<string, string> = { express: "🚚", truck: "📦", download: "⬇", calendar: "📅" };

/** The icons a product's own delivery badge may use (the editor offers these). */
export const DELIVERY_ICON_NAMES = Object.keys(DELIVERY_GLYPHS) as readonly string[];

export function productBadges(
  product: { subscribe: boolean; couponDisabled: boolean; isPrivate: boolean },
  price: Pick<PriceResult, "state" | "low_stock" | "inventory">,
  delivery: DeliveryPromise,
): ProductBadge[] {
  const badges: ProductBadge[] = [];
  const icon = delivery.icon;
  if (icon) {
    badges.push({ tone: "delivery", glyph: DELIVERY_GLYPHS[icon.icon], text: `${icon.icon_type === "new" ? "NEW " : ""}${icon.show_text}` });
  }
  if (price.state === "sold_out" || price.state === "requested") badges.push({ tone: "soldOut", text: "SOLD OUT" });
  if (price.state === "unavailable") badges.push({ tone: "unavailable", text: "利用できません" });
  if (price.state === "preorder" || price.state === "preorder_shipdays") badges.push({ tone: "preorder", text: "予約商品" });
  if (price.low_stock) badges.push({ tone: "lowStock", text: `残り${price.inventory}点` });
  if (product.subscribe) badges.push({ tone: "subscription", text: "定期便" });
  if (product.couponDisabled) badges.push({ tone: "noCoupon", text: "クーポンを使用できません" });
  if (product.isPrivate) badges.push({ tone: "private", text: "限定公開" });
  return badges;
}

export interface ProductNote {
  label: string;
  text: string;
}

export function productNotes(
  product: {
    isDigital: boolean;
    hideShippingInfo: boolean;
    shippingFrom: "warehouse" | "merchant";
    merchantName: string | null;
    coldshipping: "none" | "optional" | "required";
    expiry: string | null;
    subscribe: boolean;
    period: number;
    wrappingAvailable: boolean;
  },
  delivery: DeliveryPromise,
): ProductNote[] {
  const notes: ProductNote[] = [];
  if (product.isDigital) {
    notes.push({ label: "お届け", text: "ダウンロード商品です。ご注文後、マイページからダウンロードいただけます（配送はありません）。" });
  } else if (!product.hideShippingInfo) {
    const from = product.shippingFrom === "merchant" && product.merchantName ? `${product.merchantName}より直送` : "当店倉庫より発送";
    notes.push({ label: "発送", text: delivery.text ? `${from}。${delivery.text}` : from });
  }
  if (product.coldshipping === "required") notes.push({ label: "クール便", text: "要冷蔵のため、クール便でお届けします（別途クール便料金）。" });
  if (product.coldshipping === "optional") notes.push({ label: "クール便", text: "カートでクール便をお選びいただけます（別途クール便料金）。" });
  if (product.expiry) notes.push({ label: "賞味期限", text: product.expiry });
  if (product.subscribe) notes.push({ label: "定期便", text: `${product.period}か月ごとにお届けします。` });
  notes.push({
    label: "ギフト包装",
    text: product.wrappingAvailable
      ? `ギフトラッピング対応（1点${formatYen(WRAPPING_FEE)}・カートで選べます）`
      : "この商品はギフトラッピングをご利用いただけません。",
  });
  return notes;
}
