/**
 * What editing an order reads beside its lifecycle state (order-changes.server.ts OrderState): its delivery,
 * its amounts and what is left to settle, its lines with their products' shipping facts and the stock left,
 * the coupons it used (as the cart engine judges them) and the merchants' shipping fees — one batch, with
 * the lifecycle version it was read at, so the edit is planned only on the order as read.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { CartCoupon, MerchantShipping } from "~/core/cart/cart";
import type { OrderAmounts, OrderDelivery } from "~/core/orders/order-edits";
import { aliased, type Database } from "~/db/client.server";
import {
  couponPriceRanges,
  couponProductExclusions,
  couponProductPrices,
  coupons,
  couponUses,
  merchants,
  orderLines,
  orders,
  products,
  productVariations,
  variationChoices,
} from "~/db/schema";
import { couponPricesQuery, toCartCoupon } from "../checkout/coupon-rules.server";

/** One of the order's lines as an edit reads it: the line as ordered, its product's facts and the stock left for it. */
export interface EditFactsLine {
  id: number;
  shipmentId: number | null;
  productId: number;
  variationId: number | null;
  choiceSku: string | null;
  /** The choice keeps its own stock (taken beside the variation's). */
  choiceHasOwnStock: boolean;
  sku: string;
  title: string;
  choiceLabel: string;
  optionsLabel: string;
  unitPrice: number;
  quantity: number;
  total: number;
  taxRate: number;
  wrapping: boolean;
  isPreorder: boolean;
  subscribe: number | null;
  cancelled: boolean;
  shippingFrom: "warehouse" | "merchant";
  merchantId: number | null;
  coldshipping: "none" | "optional" | "required";
  isDigital: boolean;
  disableWrapping: boolean;
  couponDisabled: boolean;
  /** More of it the shop can send now (the smallest of the stocks it is taken from). */
  stockLeft: number;
}

export interface OrderEditFacts {
  /** The member the order is of (null for a guest's): today's prices are theirs. */
  userId: number | null;
  lifecycleVersion: number;
  createdAt: Date;
  paid: boolean;
  settlementDue: number;
  couponCode: string | null;
  delivery: OrderDelivery;
  amounts: OrderAmounts;
  lines: EditFactsLine[];
  /** The coupons the order used: the one entered, and the automatic ones. */
  enteredCoupon: CartCoupon | null;
  autoCoupons: CartCoupon[];
  /** What its coupon uses took off together (the rest of orders.discount_coupon was a campaign's). */
  couponUsesDiscount: number;
  merchants: MerchantShipping[];
}

/** The stock a line may still take more of, by the same stocks the order took from (order-guards.server.ts stockStatements). */
export const stockLeftSql = sql<number>`case
  when ${orderLines.isPreorder} = 1 then coalesce(${productVariations.inventoryPreorderMax}, ${products.inventoryPreorderMax})
  else min(coalesce(${productVariations.inventory}, ${products.inventory}), coalesce(${variationChoices.inventory}, 2147483647)) end`;

export async function loadOrderEditFacts(db: Database, orderId: number): Promise<OrderEditFacts | null> {
  const usedCoupons = sql`(select ${couponUses.couponId} from ${couponUses} where ${couponUses.orderId} = ${orderId})`;
  const [[order], lines, used, couponPrices, exclusions, ranges, merchantRows] = await db.batch([
    db.select().from(orders).where(eq(orders.id, orderId)),
    db
      .select({
        line: orderLines,
        choiceHasOwnStock: sql<boolean>`${variationChoices.inventory} is not null`.mapWith(Boolean),
        shippingFrom: products.shippingFrom,
        merchantId: products.merchantId,
        coldshipping: products.coldshipping,
        isDigital: products.isDigital,
        disableWrapping: products.disableWrapping,
        couponDisabled: products.couponDisabled,
        stockLeft: stockLeftSql,
      })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .leftJoin(productVariations, eq(productVariations.id, orderLines.variationId))
      .leftJoin(variationChoices, eq(variationChoices.sku, orderLines.choiceSku))
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.id)),
    db
      .select({ coupon: coupons, discount: aliased(couponUses.discount, "use_discount") })
      .from(couponUses)
      .innerJoin(coupons, eq(coupons.id, couponUses.couponId))
      .where(eq(couponUses.orderId, orderId)),
    couponPricesQuery(db, sql`${couponProductPrices.couponId} in ${usedCoupons}`),
    db
      .select({ couponId: couponProductExclusions.couponId, productId: couponProductExclusions.productId, sku: products.sku })
      .from(couponProductExclusions)
      .innerJoin(products, eq(products.id, couponProductExclusions.productId))
      .where(sql`${couponProductExclusions.couponId} in ${usedCoupons}`),
    db
      .select()
      .from(couponPriceRanges)
      .where(sql`${couponPriceRanges.couponId} in ${usedCoupons}`),
    db
      .select({ id: merchants.id, name: merchants.name, shippingFee: merchants.shippingFee, freeShippingThreshold: merchants.freeShippingThreshold })
      .from(merchants),
  ]);
  if (!order) return null;
  const related = { couponPrices, exclusions, ranges };
  const rules = used.map(({ coupon }) => toCartCoupon(coupon, related));
  return {
    userId: order.userId,
    lifecycleVersion: order.lifecycleVersion,
    createdAt: order.createdAt,
    paid: order.paidAt != null,
    settlementDue: order.settlementDue,
    couponCode: order.couponCode,
    delivery: {
      shipLastname: order.shipLastname,
      shipFirstname: order.shipFirstname,
      shipLastnameJp: order.shipLastnameJp,
      shipFirstnameJp: order.shipFirstnameJp,
      shipPostalCode: order.shipPostalCode,
      shipPrefecture: order.shipPrefecture,
      shipCity: order.shipCity,
      shipDistrict: order.shipDistrict,
      shipAddress1: order.shipAddress1,
      shipAddress2: order.shipAddress2,
      shipPhone: order.shipPhone,
      deliveryDate: order.deliveryDate,
      deliveryTimeSlot: order.deliveryTimeSlot,
    },
    amounts: {
      subtotal: order.subtotal,
      shippingFee: order.shippingFee,
      coldshippingFee: order.coldshippingFee,
      splitShippingFee: order.splitShippingFee,
      extraFee: order.extraFee,
      wrappingFee: order.wrappingFee,
      discountCoupon: order.discountCoupon,
      pointsUsed: order.pointsUsed,
      pointsEarned: order.pointsEarned,
      total: order.total,
    },
    lines: lines.map(({ line, stockLeft, ...product }) => ({
      id: line.id,
      shipmentId: line.shipmentId,
      productId: line.productId,
      variationId: line.variationId,
      choiceSku: line.choiceSku,
      sku: line.sku,
      title: line.title,
      choiceLabel: line.choiceLabel,
      optionsLabel: line.optionsLabel,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      total: line.total,
      taxRate: line.taxRate,
      wrapping: line.wrapping,
      isPreorder: line.isPreorder,
      subscribe: line.subscribe,
      cancelled: line.cancelledAt != null,
      ...product,
      stockLeft: Math.max(0, stockLeft ?? 0),
    })),
    enteredCoupon: rules.find((rule) => !rule.isAuto && rule.code === order.couponCode) ?? null,
    autoCoupons: rules.filter((rule) => rule.isAuto),
    couponUsesDiscount: used.reduce((sum, use) => sum + use.discount, 0),
    merchants: merchantRows,
  };
}

/** What a SKU names for adding to an order: a product, one of its variations, or a variation's choice. */
export async function findSkuForOrder(db: Database, sku: string): Promise<{ productId: number; variationId: number | null; choiceSku: string | null } | null> {
  const [product, variation, choice] = await db.batch([
    db.select({ id: products.id }).from(products).where(eq(products.sku, sku)),
    db.select({ id: productVariations.id, productId: productVariations.productId }).from(productVariations).where(eq(productVariations.sku, sku)),
    db
      .select({ variationId: variationChoices.variationId, productId: productVariations.productId })
      .from(variationChoices)
      .innerJoin(productVariations, eq(productVariations.id, variationChoices.variationId))
      .where(eq(variationChoices.sku, sku)),
  ]);
  if (choice[0]) return { productId: choice[0].productId, variationId: choice[0].variationId, choiceSku: sku };
  if (variation[0]) return { productId: variation[0].productId, variationId: variation[0].id, choiceSku: null };
  if (product[0]) return { productId: product[0].id, variationId: null, choiceSku: null };
  return null;
}
