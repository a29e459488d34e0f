/** The return request forms' schemas: the shopper's request, and staff's decisions (labels: return-labels.ts; rules: return-requests.ts). */
import * as v from "valibot";
import { ORDER_DESK_TEXT, REFUND_METHOD_LABELS, type RefundMethod } from "../orders/order-desk";
import { RETURN_KINDS, RETURN_REASONS, type ReturnKind, type ReturnReason } from "./return-labels";
import { RETURN_DETAILS_MAX_LENGTH, RETURN_TEXT, STAFF_MESSAGE_MAX_LENGTH } from "./return-requests";
import { IdSchema, MALFORMED_INPUT_MESSAGE, OptionalTextSchema } from "../validation";
import { CARRIER_ORDER } from "../orders/carriers";

const QuantitySchema = v.pipe(v.string(RETURN_TEXT.quantity), v.trim(), v.regex(/^\d{1,3}$/, RETURN_TEXT.quantity), v.transform(Number));

/** The shopper's request form (browser and server). */
export const ReturnRequestSchema = v.pipe(
  v.object({
    token: v.pipe(v.string(), v.regex(/^[\w-]{16,64}$/)),
    kind: v.picklist(Object.keys(RETURN_KINDS) as ReturnKind[], RETURN_TEXT.kind),
    reason: v.picklist(Object.keys(RETURN_REASONS) as ReturnReason[], RETURN_TEXT.reason),
    lines: v.pipe(
      v.array(v.object({ id: IdSchema, quantity: QuantitySchema }), RETURN_TEXT.lines),
      v.check((lines) => lines.some((line) => line.quantity > 0), RETURN_TEXT.lines),
    ),
    details: v.pipe(OptionalTextSchema, v.trim(), v.maxLength(RETURN_DETAILS_MAX_LENGTH, RETURN_TEXT.details)),
  }),
  v.forward(
    v.check((input) => input.reason !== "other" || input.details.length > 0, RETURN_TEXT.detailsRequired),
    ["details"],
  ),
);
export type ReturnRequestInput = v.InferOutput<typeof ReturnRequestSchema>;

const StaffMessageSchema = v.pipe(
  v.string(RETURN_TEXT.staffMessageRequired),
  v.trim(),
  v.minLength(1, RETURN_TEXT.staffMessageRequired),
  v.maxLength(STAFF_MESSAGE_MAX_LENGTH, RETURN_TEXT.staffMessage),
);

/** Staff's actions on a request: approve and refuse with a message to the shopper; receive with the refund's method. */
export const ReturnDecisionSchema = v.variant(
  "intent",
  [
    v.object({ intent: v.literal("approve"), message: StaffMessageSchema }),
    v.object({ intent: v.literal("refuse"), message: StaffMessageSchema }),
    v.object({
      intent: v.literal("receive"),
      method: v.picklist(Object.keys(REFUND_METHOD_LABELS) as RefundMethod[], RETURN_TEXT.refundMethod),
      restock: v.optional(v.string(), ""),
    }),
  ],
  MALFORMED_INPUT_MESSAGE,
);
export type ReturnDecisionInput = v.InferOutput<typeof ReturnDecisionSchema>;

/** Staff's steps of an exchange's replacement: 手配 (stock taken), 発送 (carrier, tracking), or a refund instead. */
export const ReplacementSchema = v.variant(
  "intent",
  [
    v.object({ intent: v.literal("prepare_replacement") }),
    v.object({
      intent: v.literal("ship_replacement"),
      carrier: v.picklist(CARRIER_ORDER, ORDER_DESK_TEXT.carrier),
      tracking_number: v.optional(v.string(), ""),
    }),
    v.object({
      intent: v.literal("refund_replacement"),
      method: v.picklist(Object.keys(REFUND_METHOD_LABELS) as RefundMethod[], RETURN_TEXT.refundMethod),
    }),
  ],
  MALFORMED_INPUT_MESSAGE,
);
export type ReplacementInput = v.InferOutput<typeof ReplacementSchema>;
