/**
 * Login and registration form schemas: one Valibot schema per form, used by the server action and,
 * with JS on, by Conform in the browser. Messages are the Japanese texts the shopper sees.
 */
import * as v from "valibot";
import { toFullWidthKatakana } from "~/core/kana";
import { singleLine } from "~/core/validation";

/**
 * Valibot's own texts are English ("Invalid type: Expected …"). Every schema here names its messages;
 * this Japanese fallback covers any check that does not (a field sent twice, a value of the wrong type).
 */
export const FALLBACK_FORM_MESSAGE = "入力内容を確認してください";
v.setGlobalMessage(FALLBACK_FORM_MESSAGE);

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;
const NAME_MAX_LENGTH = 40;

const KATAKANA_ONLY = /^[\u30a1-\u30f6\u30fc\u30fb\u3000 ]+$/u;

/**
 * A required text field. Conform submits an empty field as a missing key, so missing means "" here and
 * the Japanese "please enter" message applies instead of Valibot's generic one.
 */
export const requiredString = (message: string) => v.pipe(v.optional(v.string(message), ""), v.nonEmpty(message));

/** Required and trimmed, with its lines (a message); passwords use requiredString and are taken as typed. */
export const requiredTrimmed = (message: string) => v.pipe(v.optional(v.string(message), ""), v.trim(), v.nonEmpty(message));

/** Required text of one line (names, addresses, e-mail, codes): see singleLine; then trimmed. */
export const requiredLine = (message: string) => v.pipe(v.optional(v.string(message), ""), singleLine, v.trim(), v.nonEmpty(message));

const requiredText = (message: string) => v.pipe(requiredLine(message), v.maxLength(NAME_MAX_LENGTH, `${NAME_MAX_LENGTH}文字以内で入力してください`));

const katakanaText = (message: string) =>
  v.pipe(requiredText(message), v.transform(toFullWidthKatakana), v.regex(KATAKANA_ONLY, "全角カタカナで入力してください"));

export const emailField = v.pipe(
  requiredLine("メールアドレスを入力してください"),
  v.toLowerCase(),
  v.maxLength(254, "メールアドレスが長すぎます"),
  v.email("メールアドレスの形式が正しくありません"),
);

const TRUE_CHOICES = new Set(["on", "1", "true"]);
const FALSE_CHOICES = new Set(["0", "off", "false", ""]);

/**
 * A yes/no choice as forms and the spec send it: a ticked checkbox ("on"), the spec's 1/0, "true"/"false"
 * or JSON booleans; an unticked box is absent, i.e. false. Anything else gets `message`.
 */
export const choiceFlag = (message: string) =>
  v.pipe(
    v.optional(v.union([v.boolean(), v.string()], message), false),
    v.check((value) => typeof value === "boolean" || TRUE_CHOICES.has(value) || FALSE_CHOICES.has(value), message),
    v.transform((value) => value === true || (typeof value === "string" && TRUE_CHOICES.has(value))),
  );
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

export const newsletterField = choiceFlag("メールマガジンの選択が正しくありません");
export const agreementField = v.pipe(choiceFlag(AGREEMENT_REQUIRED), v.value(true, AGREEMENT_REQUIRED));
export const registerChoiceField = choiceFlag("会員登録の選択が正しくありません");

/**
 * The spec's field names (§3 Address, Guest user) beside this app's own: a form posted with
 * `lastname_jp`, `firstname_jp` or `save_address` reads as if it used `lastnameJp`, `firstnameJp`,
 * `saveAddress` (the app's own names win when both are sent).
 */
const SPEC_FIELD_NAMES: Record<string, string> = { lastname_jp: "lastnameJp", firstname_jp: "firstnameJp", save_address: "saveAddress" };

export function withSpecFieldNames(form: FormData): FormData {
  const copy = new FormData();
  for (const [name, value] of form) {
    const own = SPEC_FIELD_NAMES[name];
    copy.append(own && !form.has(own) ? own : name, value);
  }
  return copy;
}

export const RegisterSchema = v.object({
  email: emailField,
  password: newPasswordField,
  ...personNameFields,
  newsletter: newsletterField,
  agreement: agreementField,
  redirectTo: v.optional(v.string()),
});

export type RegisterInput = v.InferOutput<typeof RegisterSchema>;
