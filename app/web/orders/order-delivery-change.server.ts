/**
 * The delivery forms of an order edit over HTTP, for staff's edit page and the shopper's change pages alike:
 * what they show (the address as the order keeps it, the dates the checkout offers now) and how a post is
 * read — the shop's own address form (AddressSchema, 住所を検索 without JS: readAddressFormPost) or the wished
 * date/slot — each naming the order's version its page showed.
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { addressColumns } from "~/core/address/address-records";
import { deliveryDateOptions, DELIVERY_TIME_SLOTS } from "~/core/checkout/checkout";
import { formatDateJa } from "~/core/dates";
import { DeliveryWishFormSchema } from "~/core/orders/order-edit-forms";
import { ORDER_EDIT_INTENTS, type OrderEditForm } from "~/core/orders/order-edit-intents";
import type { OrderDelivery } from "~/core/orders/order-edits";
import { MALFORMED_INPUT_MESSAGE, RevisionSchema } from "~/core/validation";
import type { DeliveryEdit, OrderEditResult } from "~/services/orders/order-edits.server";
import { readAddressFormPost } from "../address/addresses.server";
import { badRequest, readFormData } from "../http.server";
import { readInput } from "../input.server";
import type { DeliveryFormData, OrderEditActionData } from "../types/order-edits";

/** The delivery forms' data for an order as read (`refusal`: why they are not offered now). */
export function deliveryFormData(delivery: OrderDelivery, version: number, refusal: string | null, now: Date): DeliveryFormData {
  const dateOptions = deliveryDateOptions(now).map((value) => ({ value, label: formatDateJa(value) }));
  if (delivery.deliveryDate && !dateOptions.some((option) => option.value === delivery.deliveryDate)) {
    dateOptions.unshift({ value: delivery.deliveryDate, label: `${formatDateJa(delivery.deliveryDate)}（現在のご指定）` });
  }
  return {
    version,
    address: {
      lastname: delivery.shipLastname,
      firstname: delivery.shipFirstname,
      lastname_jp: delivery.shipLastnameJp,
      firstname_jp: delivery.shipFirstnameJp,
      postal_code: delivery.shipPostalCode,
      prefecture: String(delivery.shipPrefecture),
      city: delivery.shipCity,
      district: delivery.shipDistrict,
      address1: delivery.shipAddress1,
      address2: delivery.shipAddress2,
      phone: delivery.shipPhone,
    },
    deliveryDate: delivery.deliveryDate,
    deliveryTimeSlot: delivery.deliveryTimeSlot,
    dateOptions,
    slotOptions: DELIVERY_TIME_SLOTS,
    refusal,
  };
}

/** A form's refusal as its page shows it beside that form. */
export function refusedAt(form: OrderEditForm, error: string, status: 400 | 409) {
  return data<OrderEditActionData>({ form, error }, { status, headers: { "Cache-Control": "private, no-store" } });
}

/** The intent a post names (read from a copy: the form's own reader reads the body after). */
export async function postedIntent(request: Request): Promise<string | null> {
  const intent = (await readFormData(request.clone())).get("intent");
  return typeof intent === "string" ? intent : null;
}

/** Whether a post is the address form's (its save, or 住所を検索 without JS). */
export function isAddressPost(intent: string | null): boolean {
  return intent === ORDER_EDIT_INTENTS.address || intent === "postal_lookup";
}

/** A delivery post read: answered already (住所を検索, the address form's messages, a refused wish), or the change with the version it names. */
export type DeliveryPost =
  | { ok: false; answer: ReturnType<typeof data> }
  | { ok: true; version: number; change: DeliveryEdit; refused: (result: Extract<OrderEditResult, { ok: false }>) => ReturnType<typeof data> };

export async function readDeliveryPost(request: Request, context: AppLoadContext, intent: string | null): Promise<DeliveryPost> {
  if (isAddressPost(intent)) {
    const post = await readAddressFormPost(request, context);
    if (!post.ok) return { ok: false, answer: post.answer };
    const version = v.safeParse(RevisionSchema, post.version ?? "");
    if (!version.success) throw badRequest(MALFORMED_INPUT_MESSAGE);
    return { ok: true, version: version.output, change: { address: addressColumns(post.address) }, refused: (result) => post.refused(result.error, 409) };
  }
  const read = readInput(DeliveryWishFormSchema, await readFormData(request));
  if (!read.ok) return { ok: false, answer: refusedAt("wish", read.error, 400) };
  const { version, deliveryDate, deliveryTimeSlot } = read.input;
  return { ok: true, version, change: { wish: { deliveryDate, deliveryTimeSlot } }, refused: (result) => refusedAt("wish", result.error, 409) };
}
