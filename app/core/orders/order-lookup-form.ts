/**
 * The order lookup's form schema (server and browser alike). Apart from app/core/orders/order-lookup.ts so the
 * footer's link to the page does not bring Valibot into every page's script.
 */
import * as v from "valibot";
import { requiredLine } from "../account/account-forms";
import { normaliseLookupEmail, normaliseOrderNumber, type OrderLookupInput } from "./order-lookup";

export const OrderLookupSchema = v.object({
  number: v.pipe(requiredLine("注文番号を入力してください"), v.transform(normaliseOrderNumber)),
  email: v.pipe(requiredLine("メールアドレスを入力してください"), v.transform(normaliseLookupEmail)),
}) satisfies v.GenericSchema<unknown, OrderLookupInput>;
