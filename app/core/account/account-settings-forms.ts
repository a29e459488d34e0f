/**
 * The account settings forms' schemas (/user/profile), built from registration's own pieces (account-forms,
 * and the address form's phone) so a name, a reading, an e-mail or a password is held to the same rules and
 * messages wherever it is typed. Pure: no I/O.
 */
import * as v from "valibot";
import { emailField, newPasswordField, newsletterField, personNameFields, requiredString } from "./account-forms";
import { phoneNumberField } from "../address/address-form";

const currentPasswordField = requiredString("現在のパスワードを入力してください");

/**
 * The member's own phone: registration does not ask for it, so it may stay empty (null); when given, as an
 * address's phone. (Conform sends an empty field as a missing one, without Valibot's optional default.)
 */
const optionalPhoneField = v.pipe(
  v.optional(v.string()),
  v.transform((text) => text?.trim() || null),
  v.nullable(phoneNumberField),
);

export const ProfileSchema = v.object({ ...personNameFields, phone: optionalPhoneField });
export const EmailChangeSchema = v.object({ email: emailField, currentPassword: currentPasswordField });
export const PasswordChangeSchema = v.object({ currentPassword: currentPasswordField, newPassword: newPasswordField });
export const NewsletterSchema = v.object({ newsletter: newsletterField });

export type ProfileInput = v.InferOutput<typeof ProfileSchema>;
