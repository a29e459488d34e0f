/** The staff order desk's listing definition (generic listing), apart from the desk's rules (order-desk.ts). */
import { labelledChoices, type ListingChoice, type ListingDefinition } from "../search/listing";
import { merchantOrigin, parseOrigin, WAREHOUSE_ORIGIN } from "./order-desk";
import { ORDER_STATUS_LABELS } from "./orders";
import { PAYMENT_METHODS, type PaymentMethod } from "../checkout/payment-methods";

export interface OriginMerchant {
  id: number;
  name: string;
}

/** The sender filter's choices: the warehouse, then each merchant. */
export function originChoices(merchants: readonly OriginMerchant[]): ListingChoice[] {
  return [{ value: WAREHOUSE_ORIGIN, label: "当社倉庫" }, ...merchants.map((merchant) => ({ value: merchantOrigin(merchant.id), label: merchant.name }))];
}

export type OrderDeskSort = "date_created" | "total";

/**
 * The desk's listing, newest first. Its sender choices are the shop's merchants (read with the page);
 * `orderDeskListingFor` builds the definition that accepts the sender a URL names before they are read.
 */
export function orderDeskListing(merchants: readonly OriginMerchant[]): ListingDefinition<OrderDeskSort> {
  return {
    orderby: ["date_created", "total"],
    defaultOrderby: "date_created",
    defaultOrdersens: "DESC",
    pageSize: 30,
    filters: [
      { name: "number", label: "注文番号", operator: "LIKE", type: "text", placeholder: "例：20260501-0001" },
      { name: "q", label: "お客様", operator: "LIKE", type: "text", placeholder: "メールアドレス・お名前（一部でも可）" },
      { name: "status", label: "状態", operator: "=", type: "choice", choices: labelledChoices(ORDER_STATUS_LABELS) },
      {
        name: "payment",
        label: "お支払い方法",
        operator: "=",
        type: "choice",
        choices: labelledChoices(
          Object.fromEntries(Object.entries(PAYMENT_METHODS).map(([key, method]) => [key, method.label])) as Record<PaymentMethod, string>,
        ),
      },
      { name: "origin", label: "出荷元", operator: "=", type: "choice", choices: originChoices(merchants) },
      { name: "date_created", label: "注文日", operator: "BETWEEN", type: "date" },
    ],
  };
}

/**
 * The definition a request's query is read with before the merchants are: it accepts the merchant the
 * URL's sender filter names (an unknown one then matches no order), so the page needs no extra round trip.
 */
export function orderDeskListingFor(rawOrigin: string | null): ListingDefinition<OrderDeskSort> {
  const origin = parseOrigin(rawOrigin);
  return orderDeskListing(origin?.kind === "merchant" ? [{ id: origin.merchantId, name: `出品者 ${origin.merchantId}` }] : []);
}
