/**
 * Login and registration form schemas: one Valibot schema per form, used by the server action and,
 * with JS on, by Conform in the browser. Messages are the Japanese texts the shopper sees.
 */
import * as v from "valibot";
import { hiraganaToKatakana } from "~/core/kana";

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;
const NAME_MAX_LENGTH = 40;

const KATAKANA_ONLY = /^[\u30a1-\u30f6\u30fc\u30fb\u3000 ]+$/u;

/** Readings may be typed in hiragana or half-width kana: NFKC widens, then hiragana → katakana. */
export function toFullWidthKatakana(text: string): string {
  return hiraganaToKatakana(text.normalize("NFKC"));
}

/**
 * A required text field. Conform submits an empty field as a missing key, so missing means "" here and
 * the Japanese "please enter" message applies instead of Valibot's generic one.
 */
export const requiredString = (message: string) => v.pipe(v.optional(v.string(message), ""), v.nonEmpty(message));

/** Required and trimmed (names, addresses); passwords use requiredString and are taken as typed. */
export const requiredTrimmed = (message: string) =>
  v.pipe(v.optional(v.string(message), ""), v.trim(), v.nonEmpty(message));

const requiredText = (message: string) =>
  v.pipe(requiredTrimmed(message), v.maxLength(NAME_MAX_LENGTH, `${NAME_MAX_LENGTH}文字以内で入力してください`));

const katakanaText = (message: string) =>
  v.pipe(
    requiredText(message),
    v.transform(toFullWidthKatakana),
    v.regex(KATAKANA_ONLY, "全角カタカナで入力してください"),
  );

export const emailField = v.pipe(
  requiredTrimmed("メールアドレスを入力してください"),
  v.toLowerCase(),
  v.maxLength(254, "メールアドレスが長すぎます"),
  v.email("メールアドレスの形式が正しくありません"),
);

/** A checkbox: Conform turns "on" into true; an unticked box is absent, i.e. false. */
const checkbox = (message: string) => v.optional(v.boolean(message), false);
const AGREEMENT_REQUIRED = "会員規約への同意が必要です";

export const LoginSchema = v.object({
  email: emailField,
  password: requiredString("パスワードを入力してください"),
  redirectTo: v.optional(v.string()),
});

/** Name and its katakana reading, as registration, checkout and addresses ask for them. */
export const personNameFields = {
  lastname: requiredText("姓を入力してください"),
  firstname: requiredText("名を入力してください"),
  lastnameJp: katakanaText("セイ（カタカナ）を入力してください"),
  firstnameJp: katakanaText("メイ（カタカナ）を入力してください"),
};

export const newPasswordField = v.pipe(
  requiredString("パスワードを入力してください"),
  v.minLength(PASSWORD_MIN_LENGTH, `パスワードは${PASSWORD_MIN_LENGTH}文字以上で入力してください`),
  v.maxLength(PASSWORD_MAX_LENGTH, `パスワードは${PASSWORD_MAX_LENGTH}文字以内で入力してください`),
);

export const newsletterField = checkbox("メールマガジンの選択が正しくありません");
export const agreementField = v.pipe(checkbox(AGREEMENT_REQUIRED), v.value(true, AGREEMENT_REQUIRED));

export const RegisterSchema = v.object({
  email: emailField,
  password: newPasswordField,
  ...personNameFields,
  newsletter: newsletterField,
  agreement: agreementField,
  redirectTo: v.optional(v.string()),
});

export type RegisterInput = v.InferOutput<typeof RegisterSchema>;
