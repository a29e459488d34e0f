/** The staff order desk's listing definition (generic listing), apart from the desk's rules (order-desk.ts). */
import { labelledChoices, type ListingChoice, type ListingDefinition } from "../search/listing";
import { merchantOrigin, parseOrigin, WAREHOUSE_ORIGIN } from "./order-desk";
import { ORDER_STATUS_LABELS } from "./orders";
import { TRANSFER_OVERDUE_LABEL } from "./order-lifecycle";
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
      // The dashboard's to-do links (issue 37): a parcel waiting to leave (from one sender, or any), a transfer past its deadline.
      {
        name: "to_ship",
        label: "発送待ち",
        operator: "=",
        type: "choice",
        choices: [{ value: ANY_SENDER, label: "すべての出荷元" }, ...originChoices(merchants)],
      },
      { name: "payment_due", label: "入金期限", operator: "=", type: "choice", choices: [{ value: PAYMENT_LAPSED, label: TRANSFER_OVERDUE_LABEL }] },
      { name: "date_created", label: "注文日", operator: "BETWEEN", type: "date" },
    ],
  };
}

/**
 * The definition a request's query is read with before the merchants are: it accepts the merchants the
 * URL's sender filters name (an unknown one then matches no order), so the page needs no extra round trip.
 */
export function orderDeskListingFor(params: URLSearchParams): ListingDefinition<OrderDeskSort> {
  const named = [params.get("origin"), params.get("to_ship")].map((value) => parseOrigin(value));
  const merchantIds = [...new Set(named.flatMap((origin) => (origin?.kind === "merchant" ? [origin.merchantId] : [])))];
  return orderDeskListing(merchantIds.map((id) => ({ id, name: `出品者 ${id}` })));
}

/** `to_ship`'s value for a parcel waiting from any sender. */
export const ANY_SENDER = "any";
/** `payment_due`'s value for a bank transfer past its deadline. */
export const PAYMENT_LAPSED = "lapsed";
