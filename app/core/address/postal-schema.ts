/**
 * Valibot fields for postal codes and prefectures (spec §5): the server's checks of what a form or
 * the shipping-fee endpoint sends, built on the pure rules of postal.ts.
 */
import * as v from "valibot";
import { ADDRESS_MESSAGES, isPostalCode, isPrefectureId, normalizePostalCode } from "~/core/address/postal";

/** A postal code as typed ("１００ー０００１", "100-0001") → 7 digits, or the Japanese message. */
export const postalCodeField = (message: string = ADDRESS_MESSAGES.postalCode) =>
  v.pipe(v.string(message), v.maxLength(20, message), v.transform(normalizePostalCode), v.check(isPostalCode, message));

/** A prefecture number sent as text ("13") → 13, or the Japanese message. */
export const prefectureField = (message: string = ADDRESS_MESSAGES.prefecture) =>
  v.pipe(v.string(message), v.trim(), v.regex(/^\d{1,2}$/, message), v.transform(Number), v.check(isPrefectureId, message));

/** The address fields the shipping-fee check needs; other address fields are accepted and ignored. */
export const ShippingAddressSchema = v.object({
  postal_code: postalCodeField(),
  prefecture: prefectureField(),
});

export type ShippingAddress = v.InferOutput<typeof ShippingAddressSchema>;
