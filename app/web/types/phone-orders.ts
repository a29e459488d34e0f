/** What the 受注登録 pages (/crm/orders/new…) receive from their loaders and actions (decision 0065). */
import type { PhoneOrderChannel } from "~/core/orders/phone-orders";
import type { PaymentMethod } from "~/core/checkout/payment-methods";

export interface PhoneOrderMemberMatch {
  id: number;
  name: string;
  kana: string;
  email: string;
  phone: string;
}

export interface PhoneOrderStartData {
  q: string;
  members: PhoneOrderMemberMatch[];
  channels: { value: PhoneOrderChannel; label: string }[];
}

/** A refused post of one of the pages' forms, shown at that form. */
export interface PhoneOrderActionData {
  form: "member" | "guest" | "add" | "line" | "saved_address" | "details" | "confirm" | "place";
  error: string;
  /** What differs from the confirmation page shown (place). */
  changes?: string[];
}

export interface PhoneOrderProductChoice {
  id: number;
  sku: string;
  title: string;
  price: number;
  variationHeading: string;
  variations: { id: number; label: string; choices: { sku: string; label: string }[] }[];
  options: { id: number; title: string; required: boolean; choices: { id: number; label: string }[] }[];
}

export interface PhoneOrderLineRow {
  id: number;
  title: string;
  detail: string;
  unitPrice: number;
  quantity: number;
  total: number;
  maxQuantity: number;
  unavailable: boolean;
}

export interface PhoneOrderSummary {
  id: string;
  customer: { memberId: number | null; name: string; kana: string; email: string; phone: string };
  channelLabel: string;
  lines: PhoneOrderLineRow[];
  amounts: { label: string; value: string }[];
  /** The address chosen, written out; null while none is. */
  shipTo: string | null;
  delivery: string;
  paymentLabel: string | null;
  memo: string;
  missing: string[];
}

export interface PhoneOrderPageData extends PhoneOrderSummary {
  notice: string | null;
  channel: PhoneOrderChannel;
  channels: { value: PhoneOrderChannel; label: string }[];
  search: { q: string; products: PhoneOrderProductChoice[] };
  savedAddresses: { id: number; label: string }[];
  chosenSavedId: number | null;
  /** The typed address's fields (the shop's address form), as last typed. */
  typedAddress: Record<string, string>;
  delivery: string;
  deliveryDate: string | null;
  deliveryTimeSlot: string | null;
  dateOptions: { value: string; label: string }[];
  slotOptions: readonly string[];
  payment: PaymentMethod | null;
  paymentOptions: { value: PaymentMethod; label: string }[];
  coupon: string;
  points: number;
  /** The member's usable points (null for a guest: points are for members). */
  userPoints: number | null;
}

export interface PhoneOrderConfirmData extends PhoneOrderSummary {
  token: string;
  shown: string;
}
