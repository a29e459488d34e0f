/**
 * The checkout form: one Valibot schema for members and one for guests, used by the server action and
 * (through Conform) the browser. Address fields are nested under `shipping` (AddressSchema); a member
 * may instead pick a saved address (`addressId`). Registration fields apply only when `register` is on.
 */
import * as v from "valibot";
import {
  agreementField,
  choiceFlag,
  emailField,
  newsletterField,
  newPasswordField,
  personNameFields,
  registerChoiceField,
  requiredLine,
} from "../account/account-forms";
import { AddressSchema } from "../address/address-form";
import { CHECKOUT_MESSAGES, DELIVERY_TIME_SLOTS } from "./checkout";
import { PAYMENT_METHODS, type PaymentMethod } from "./payment-methods";

// Conform submits empty fields as missing keys and does not apply Valibot's optional defaults to
// strings, so optional fields here are plain `optional` (undefined when empty).
const flag = choiceFlag("チェックボックスの選択が正しくありません");
const EXPIRED_FORM = CHECKOUT_MESSAGES.formExpired;

const common = {
  token: v.pipe(v.string(EXPIRED_FORM), v.uuid(EXPIRED_FORM)),
  /** What the page showed (orderFingerprint); compared with the cart priced again when placing (missing: nothing is placed). */
  shown: v.optional(v.pipe(v.string(EXPIRED_FORM), v.maxLength(4000, EXPIRED_FORM))),
  payment: v.pipe(
    requiredLine(CHECKOUT_MESSAGES.paymentRequired),
    v.picklist(Object.keys(PAYMENT_METHODS) as PaymentMethod[], CHECKOUT_MESSAGES.paymentRequired),
  ),
  deliveryDate: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, CHECKOUT_MESSAGES.deliveryDateInvalid))),
  deliveryTimeSlot: v.optional(v.picklist([...DELIVERY_TIME_SLOTS], CHECKOUT_MESSAGES.deliveryDateInvalid)),
  saveAddress: flag,
};

/** Members ship to a saved address (addressId, from the chooser) or, with useNewAddress, to the fields under `shipping`. */
export const MemberCheckoutSchema = v.object({
  ...common,
  addressId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, CHECKOUT_MESSAGES.addressNotFound), v.transform(Number))),
  useNewAddress: flag,
  shipping: v.optional(AddressSchema),
});

/** A ticked box as a plain form sends it (Conform's "on", or the spec's 1). */
export const isTickedChoice = (value: FormDataEntryValue | null) => value === "on" || value === "1" || value === "true";

/** The one-off address fields a shopper typed into (the prefecture follows the postal code, so it does not count). */
export function typedShippingFields(form: FormData): string[] {
  return [...form.entries()]
    .filter(([name, value]) => name.startsWith("shipping.") && name !== "shipping.prefecture" && typeof value === "string" && value.trim() !== "")
    .map(([name]) => name);
}

/**
 * A member's order form as MemberCheckoutSchema should judge it. Without JS the page always shows the
 * one-off address fields, so choosing a saved address still submits them empty; Conform would turn
 * those into an empty `shipping` object that fails AddressSchema. Unless useNewAddress is on, the
 * `shipping.*` fields are dropped (the saved address is what was asked for). The route refuses first
 * when some of them were typed in (typedShippingFields): they are never dropped silently.
 */
export function withoutUnusedShipping(form: FormData): FormData {
  if (isTickedChoice(form.get("useNewAddress")) || !form.get("addressId")) return form;
  const kept = new FormData();
  for (const [name, value] of form) if (!name.startsWith("shipping.")) kept.append(name, value);
  return kept;
}

/** The orderer's name, the recipient's too when 「ご注文者と同じ」 is ticked (guests). */
export function withOrdererAsRecipient(form: FormData): FormData {
  if (!isTickedChoice(form.get("sameAsOrderer"))) return form;
  const copy = new FormData();
  for (const [name, value] of form) copy.append(name, value);
  for (const field of ["lastname", "firstname", "lastnameJp", "firstnameJp"] as const) {
    copy.set(`shipping.${field.replace("Jp", "_jp")}`, form.get(field) ?? "");
  }
  return copy;
}

/** Guests give contact details; with `register` on (the default) they also choose a password. */
export const GuestCheckoutSchema = v.pipe(
  v.object({
    ...common,
    email: emailField,
    ...personNameFields,
    register: registerChoiceField,
    password: v.optional(v.string()),
    /** A password kept from an earlier round trip (checkout-password.server.ts) stands for one typed. */
    passwordHold: v.optional(v.pipe(v.string(), v.uuid(EXPIRED_FORM))),
    sameAsOrderer: flag,
    newsletter: newsletterField,
    agreement: choiceFlag(CHECKOUT_MESSAGES.agreementRequired),
    shipping: AddressSchema,
  }),
  v.forward(
    v.partialCheck(
      [["register"], ["password"], ["passwordHold"]],
      (input) => !input.register || v.is(newPasswordField, input.password) || (!input.password && input.passwordHold != null),
      "パスワードは8文字以上で入力してください",
    ),
    ["password"],
  ),
  v.forward(
    v.partialCheck([["register"], ["agreement"]], (input) => !input.register || v.is(agreementField, input.agreement), CHECKOUT_MESSAGES.agreementRequired),
    ["agreement"],
  ),
);

export type MemberCheckoutInput = v.InferOutput<typeof MemberCheckoutSchema>;
export type GuestCheckoutInput = v.InferOutput<typeof GuestCheckoutSchema>;

/** Every field the checkout form may carry (members and guests), for typing the form in the browser. */
export type CheckoutFormFields = v.InferInput<typeof MemberCheckoutSchema> & v.InferInput<typeof GuestCheckoutSchema>;
