/**
 * The cart as the JSON API answers it, in the spec's own field names (spec §3 Cart, Cart line and its
 * displayed row, Coupon, Coupon campaign, Point promo, Address; spec §7 POST /api/cart). The engine and
 * the pages work with camelCase view models; this is the one place that turns them into the contract.
 */
import type { AppliedCoupon, Cart, CartCoupon, CartLine, Shipment } from "~/core/cart/cart";
import { subscriptionSchedule } from "~/core/checkout/checkout";
import { pointsEarned } from "~/core/member/points";
import { includedTax } from "~/core/tax";
import { addressJson } from "~/core/address/address-records";
import { productImageSrc } from "~/core/catalogue/product-images";
import { SAVED_ITEM_BADGES } from "~/core/member/saved-items";
import type { CartLineView } from "./cart-lines.server";
import { apiCoupon } from "../checkout/coupon-rules.server";
import type { CartView } from "./cart-view.server";

/** Spec §3 Address field names. */
export function apiAddress(address: CartView["address"]) {
  return address ? addressJson(address) : null;
}

/** Spec §3 Coupon campaign field names. */
export function apiCouponCampaign(campaign: CartView["couponCampaign"]) {
  if (!campaign) return null;
  return {
    code: campaign.code,
    title: campaign.title,
    type: campaign.type,
    value: campaign.value,
    min_amount: campaign.minAmount,
    free_shipping: campaign.freeShipping,
  };
}

/** Spec §3 Point promo field names (plus the multiplier). */
export function apiPointPromo(promo: CartView["pointPromo"]) {
  if (!promo) return null;
  return { title: promo.title, color: promo.color, link: promo.link, rate: promo.rate, min_amount: promo.minAmount };
}

function appliedCoupons(applied: AppliedCoupon[], rules: CartCoupon[]) {
  return applied.flatMap((coupon) => {
    const rule = rules.find((candidate) => candidate.id === coupon.id);
    return rule ? [apiCoupon(rule, { discount: coupon.discount, range: coupon.selected_range })] : [];
  });
}

/** A shipment (the warehouse's or one merchant's) with its fees. */
export function apiShipment(shipment: Shipment) {
  return {
    from: shipment.from,
    merchant_id: shipment.merchantId,
    name: shipment.name,
    line_ids: shipment.lineIds,
    subtotal: shipment.subtotal,
    shipping_fee: shipment.shippingFee,
    cold_fee: shipment.coldFee,
    split_fee: shipment.splitFee,
  };
}

/** A row's spec §3 client form: cart { p, v, o, c, w, q, ispreorder }. */
function lineForm(line: CartLine, view: CartLineView) {
  return {
    p: line.productId,
    v: view.variationId,
    o: view.options.map((option) => option.choiceId),
    c: view.choiceSku,
    w: line.wrapping ? 1 : 0,
    q: line.quantity,
    ispreorder: line.isPreorder ? 1 : 0,
  };
}

/** Spec §3 Cart line and its displayed row, for one row of the cart. */
function apiCartLine(line: CartLine, view: CartLineView, cart: Cart, context: { isMember: boolean; now: Date }) {
  const discount = (line.regularUnitPrice - line.unitPrice) * line.quantity + line.rowDiscount;
  const beforeDiscount = line.regularUnitPrice * line.quantity;
  const shipment = cart.shipments.find((candidate) => candidate.lineIds.includes(line.id));
  const schedule = line.subscribe != null ? subscriptionSchedule(context.now, line.subscribe) : null;
  const { origin } = view;
  return {
    id: line.id,
    cart: lineForm(line, view),
    products_id: line.productId,
    sku: view.sku,
    title: view.title,
    url: view.url,
    picture: view.picture ? { thumbnail_s: productImageSrc(view.picture, "s") } : null,
    origin: {
      sku: origin.sku,
      status: origin.status,
      is_private: origin.isPrivate,
      ...(origin.secret != null ? { secret: origin.secret } : {}),
      categories: origin.categories,
      preorder_limit: origin.preorderLimit,
      coldshipping: origin.coldshipping,
      coupon_disabled: origin.couponDisabled,
      // The spec's own spelling.
      coupons_exluded: origin.couponsExcluded.map((code) => ({ code })),
      disable_wrapping: origin.disableWrapping,
    },
    product: { status: origin.status },
    merchant: line.merchantId != null && line.shippingFrom === "merchant" ? { id: line.merchantId } : null,
    variation: view.variation ? { id: view.variation.id, sku: view.variation.sku, title: view.variation.title, v_title: view.variation.vTitle } : null,
    choice: view.choice ? { sku: view.choice.sku, group: view.choice.group, title: view.choice.title } : null,
    options: view.options.map((option) => ({ id: option.choiceId, option: option.option, title: option.title, fee: option.fee })),
    inventory: view.stock,
    inventory_max: line.inventory,
    inventory_preorder_max: line.inventoryPreorderMax,
    preorder_limit: origin.preorderLimit,
    max_quantity: line.maxQuantity,
    crowdfundings_id: null,
    quantity: line.quantity,
    selling_price: line.unitPrice,
    regular_price: line.regularUnitPrice,
    total: line.total,
    discount,
    discount_rate: beforeDiscount > 0 ? Math.floor((discount * 100) / beforeDiscount) : 0,
    points: context.isMember && line.available ? pointsEarned(line.total, cart.total_points_rate) : 0,
    tax_rate: line.taxRate,
    regular_tax: includedTax(line.total, line.taxRate),
    subscribe: line.subscribe,
    subscription_date: schedule?.nextShippingDate ?? null,
    cancel_date: schedule?.cancelDate ?? null,
    total_subscribe: line.subscribe != null ? line.total : null,
    // The spec's displayed row says "warehouse or other".
    shipping_from: line.shippingFrom === "warehouse" ? "warehouse" : "other",
    shipping_fee: shipment?.shippingFee ?? 0,
    cold_shipping: line.coldshipping === "required" || (line.coldshipping === "optional" && cart.coldshipping.chosen),
    shipping_day: view.shippingDay,
    is_digital: line.isDigital,
    wrapping: line.wrapping,
    wrapping_available: line.wrappingAvailable,
    wrapping_fee: line.wrappingFee,
    available: line.available,
    unavailable_reason: line.unavailableReason,
    archived: line.archived,
  };
}

/**
 * The POST /api/cart answer (spec §7: cart, warehouse_notice, vendor_notice, coupon_campaign,
 * user_points, address; plus coupon_code, payment_method, point_promo and buy_later).
 */
export function apiCartPayload(view: CartView, context: { isMember: boolean; now: Date }) {
  const { cart } = view;
  const list = cart.list.flatMap((line) => {
    const display = view.lines.find((candidate) => candidate.lineId === line.id);
    return display ? [apiCartLine(line, display, cart, context)] : [];
  });
  // Every merchant shipping goods in this cart has a notice (empty until written).
  const vendorNotice: Record<string, string> = {};
  for (const shipment of cart.shipments) {
    if (shipment.merchantId != null) vendorNotice[shipment.merchantId] = "";
  }
  for (const [merchantId, notice] of Object.entries(view.vendorNotices)) vendorNotice[merchantId] = notice;
  return {
    cart: {
      ...cart,
      list,
      shipments: cart.shipments.map(apiShipment),
      coupons: appliedCoupons(cart.coupons, view.couponRules),
      autocoupons: appliedCoupons(cart.autocoupons, view.couponRules),
      campaign: cart.campaign ? { ...apiCouponCampaign(cart.campaign), discount: cart.campaign.discount, applied: cart.campaign.applied } : null,
    },
    warehouse_notice: view.warehouseNotice,
    vendor_notice: vendorNotice,
    coupon_campaign: apiCouponCampaign(view.couponCampaign),
    user_points: view.userPoints,
    address: apiAddress(view.address),
    coupon_code: view.couponCode,
    payment_method: view.paymentMethod,
    point_promo: apiPointPromo(view.pointPromo),
    buy_later: view.buyLater.map((item) => ({
      id: item.id,
      products_id: item.productId,
      sku: item.sku,
      title: item.title,
      quantity: item.quantity,
      // Why it cannot go back into the cart now (archived, unpublished, merchant suspended), and its badge.
      unavailable: item.unavailable,
      unavailable_label: item.unavailable ? SAVED_ITEM_BADGES[item.unavailable] : null,
    })),
  };
}

export type ApiCartPayload = ReturnType<typeof apiCartPayload>;
