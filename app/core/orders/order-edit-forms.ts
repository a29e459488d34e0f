/**
 * The forms of an order edit (issue 38): the wished date/slot, and staff's lines (quantities, a line added by
 * SKU, today's price). Each names the order's lifecycle version its page showed; the address form is the
 * shop's own (AddressSchema, core/address/address-form.ts). Valibot, read on the server. Pure.
 */
import * as v from "valibot";
import { DELIVERY_TIME_SLOTS } from "../checkout/checkout";
import { MAX_LINE_QUANTITY } from "../limits";
import { CheckboxSchema, IdSchema, RevisionSchema, toSingleLine, typedWholeNumber } from "../validation";
import { ORDER_EDIT_MESSAGES } from "./order-edits";
import { ORDER_EDIT_INTENTS } from "./order-edit-intents";

/** "" (指定なし) or a value `allowed` accepts: null or the value. */
const optionalChoice = (allowed: (text: string) => boolean, message: string) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.transform((text) => text.trim()),
    v.check((text) => text === "" || allowed(text), message),
    v.transform((text) => (text === "" ? null : text)),
  );

export const DeliveryWishFormSchema = v.object({
  intent: v.literal(ORDER_EDIT_INTENTS.wish),
  version: RevisionSchema,
  deliveryDate: optionalChoice((text) => /^\d{4}-\d{2}-\d{2}$/.test(text), ORDER_EDIT_MESSAGES.deliveryDate),
  deliveryTimeSlot: optionalChoice((text) => (DELIVERY_TIME_SLOTS as readonly string[]).includes(text), ORDER_EDIT_MESSAGES.deliverySlot),
});

const quantity = v.pipe(typedWholeNumber(ORDER_EDIT_MESSAGES.quantity, 3), v.maxValue(MAX_LINE_QUANTITY, ORDER_EDIT_MESSAGES.quantity));

/** Staff's lines form: each line's id with its new quantity (aligned lists), an optional line to add, today's price. */
export const LinesFormSchema = v.pipe(
  v.object({
    intent: v.literal(ORDER_EDIT_INTENTS.lines),
    version: RevisionSchema,
    line: v.array(IdSchema),
    quantity: v.array(quantity),
    add_sku: v.pipe(
      v.optional(v.string(), ""),
      v.transform((text) => toSingleLine(text).trim()),
      v.maxLength(64, ORDER_EDIT_MESSAGES.productNotFound),
    ),
    add_quantity: v.pipe(
      v.optional(v.string(), ""),
      v.transform((text) => text.trim() || "1"),
      quantity,
      v.minValue(1, ORDER_EDIT_MESSAGES.quantity),
    ),
    todays_price: CheckboxSchema,
  }),
  v.check((form) => form.line.length === form.quantity.length),
  v.transform((form) => ({
    version: form.version,
    lines: {
      quantities: form.line.map((lineId, index) => ({ lineId, quantity: form.quantity[index]! })),
      added: form.add_sku ? [{ sku: form.add_sku, quantity: form.add_quantity }] : [],
      todaysPrice: form.todays_price,
    },
  })),
);
