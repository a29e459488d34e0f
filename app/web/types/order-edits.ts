/** What the order edit pages (staff's /crm/orders/{id}/edit, the shopper's change pages) answer and their components read (types only). */
import type { OrderEditForm } from "~/core/orders/order-edit-intents";
import type { AddressFormActionData } from "./addresses";

/** The delivery forms: the address as the order keeps it (the address form's values), the wished date/slot and their choices. */
export interface DeliveryFormData {
  /** The order's lifecycle version the forms name: a post over another is refused (someone changed it meanwhile). */
  version: number;
  address: Record<string, string>;
  deliveryDate: string | null;
  deliveryTimeSlot: string | null;
  /** The dates that may be asked for now (the checkout's), the current one first when it is no longer among them. */
  dateOptions: { value: string; label: string }[];
  slotOptions: readonly string[];
  /** Why the delivery cannot change now (the forms are not offered), or null. */
  refusal: string | null;
}

/** One line on staff's lines form. */
export interface EditableLineRow {
  id: number;
  title: string;
  /** 「色：紺 / サイズ：M」 and options, or "". */
  detail: string;
  sku: string;
  unitPrice: number;
  quantity: number;
  total: number;
  /** Why this line cannot change (its parcel left, a subscription, cancelled), or null. */
  locked: string | null;
}

export interface OrderEditPageData {
  order: { id: number; number: string; statusLabel: string; paymentLabel: string; total: number; settlement: string | null };
  delivery: DeliveryFormData;
  lines: { refusal: string | null; rows: EditableLineRow[]; amounts: { label: string; value: string }[] };
  notice: string | null;
}

/** A refused post: the address form's own reply (field messages, 住所を検索), or another form's message. */
export type OrderEditActionData = AddressFormActionData | { form: OrderEditForm; error: string };

/** The shopper's change page (a member's or a guest's). */
export interface ShopperChangePageData {
  order: { number: string; statusLabel: string };
  delivery: DeliveryFormData;
  backHref: string;
  notice: string | null;
}
