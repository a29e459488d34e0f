/**
 * The password reset's forms and its link's token (the pages' rules are in password-reset.ts, which the
 * pages load first: these schemas come with the forms' code, after the page).
 */
import * as v from "valibot";
import { emailField, newPasswordField, requiredString } from "./account-forms";

export const PasswordResetRequestSchema = v.object({ email: emailField });

const PASSWORD_MISMATCH = "確認用のパスワードが一致しません";

/** The new password with the registration's own rules, typed twice. */
export const NewPasswordSchema = v.pipe(
  v.object({
    password: newPasswordField,
    passwordConfirm: requiredString("確認用のパスワードを入力してください"),
  }),
  v.forward(
    // An empty confirmation already has its own message.
    v.partialCheck([["password"], ["passwordConfirm"]], (input) => input.passwordConfirm === "" || input.password === input.passwordConfirm, PASSWORD_MISMATCH),
    ["passwordConfirm"],
  ),
);

/** A link's token as the shop makes them (256 random bits, base64url); anything else reads as none. */
export const ResetLinkTokenSchema = v.object({
  token: v.fallback(v.nullable(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/))), null),
});
