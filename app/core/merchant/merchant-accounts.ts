/**
 * Merchant accounts as staff manage them (/crm/merchants): the one form schema of a merchant (server and,
 * through Conform, the browser) and its logins (the pages' path, status labels and listing are in
 * merchant-status.ts and merchant-listing.ts, without Valibot; what shoppers read about a merchant is in
 * merchant-disclosure.ts). Pure: no I/O.
 */
import * as v from "valibot";
import { emailField, requiredLine } from "../account/account-forms";
import { ACCOUNT_TOKEN_LIFETIME_MS } from "../account/account-tokens";
import { normalizePhone, isPhoneNumber } from "../address/address-form";
import { isPostalCode, normalizePostalCode } from "../address/postal";

export const MERCHANT_MESSAGES = {
  name: "出店者名を入力してください",
  slug: "URL用の名前は半角英小文字・数字・ハイフンで、英小文字か数字から始めて入力してください（例: tokachi-farm）",
  slugTaken: "このURL用の名前はほかの出店者が使っています。別の名前にしてください",
  contactName: "担当者名を入力してください",
  contactEmail: "担当者のメールアドレスを入力してください",
  legalName: "事業者名（法人名・屋号）を入力してください",
  representative: "代表者名（運営責任者）を入力してください",
  postalCodeRequired: "郵便番号を入力してください",
  postalCode: "郵便番号は半角数字7桁で入力してください（例: 080-0341）",
  address: "所在地を入力してください",
  phoneRequired: "電話番号を入力してください",
  phone: "電話番号は市外局番から、半角数字10桁または11桁で入力してください（例: 0155-62-9012）",
  email: "問い合わせ先のメールアドレスを入力してください",
  shippingFee: "送料は0円以上の整数（円）で入力してください",
  freeShippingThreshold: "送料無料になる金額は1円以上の整数（円）で入力するか、空欄にしてください",
  status: "状態の選択が正しくありません",
  notFound: "出店者が見つかりません。",
  saved: "出店者の情報を保存しました。",
  created: "出店者を登録しました。",
  changedMeanwhile: "ほかの担当者がこの出店者を更新しました。最新の内容を確認してから、もう一度保存してください。",
} as const;

/** Shipping fees above this are a typo, not a fee (a whole 100,000 yen parcel). */
const MAX_YEN = 100_000;
/** A free-shipping threshold above this is a typo. */
const MAX_THRESHOLD = 10_000_000;

const maxLength = (max: number, label: string) => v.maxLength<string, number, string>(max, `${label}は${max}文字以内で入力してください`);

/**
 * Text a form may leave empty. Conform submits an empty field as a missing key and does not apply Valibot's
 * optional defaults to strings, so absent is turned into "" here.
 */
const optionalString = v.pipe(
  v.optional(v.string()),
  v.transform((text) => (text ?? "").trim()),
);

const optionalText = (max: number, label: string) => v.pipe(optionalString, maxLength(max, label));

const requiredText = (message: string, max: number, label: string) => v.pipe(requiredLine(message), maxLength(max, label));

/** A phone number as typed (full-width digits, hyphens, brackets) → its digits. */
const phoneField = (requiredMessage: string) =>
  v.pipe(requiredLine(requiredMessage), v.maxLength(30, MERCHANT_MESSAGES.phone), v.transform(normalizePhone), v.check(isPhoneNumber, MERCHANT_MESSAGES.phone));

/** An e-mail address with its own "please enter" message (the format messages are the registration's). */
const emailOf = (requiredMessage: string) =>
  v.pipe(requiredLine(requiredMessage), v.toLowerCase(), v.maxLength(254, "メールアドレスが長すぎます"), v.email("メールアドレスの形式が正しくありません"));

/** Yen typed by a person: full-width digits count; commas, spaces, ¥ and 円 are ignored (a minus sign is not). */
function yenText(text: string): string {
  return text.normalize("NFKC").replace(/[,\s円¥]/g, "");
}

const shippingFeeField = v.pipe(
  requiredLine(MERCHANT_MESSAGES.shippingFee),
  v.transform(yenText),
  v.regex(/^\d{1,9}$/, MERCHANT_MESSAGES.shippingFee),
  v.transform(Number),
  v.maxValue(MAX_YEN, `送料は${MAX_YEN.toLocaleString("ja-JP")}円以下で入力してください`),
);

/** Empty = never free. */
const freeShippingThresholdField = v.pipe(
  optionalString,
  v.transform(yenText),
  v.check((text) => text === "" || /^\d{1,9}$/.test(text), MERCHANT_MESSAGES.freeShippingThreshold),
  v.transform((text) => (text === "" ? null : Number(text))),
  v.check((value) => value == null || (value >= 1 && value <= MAX_THRESHOLD), MERCHANT_MESSAGES.freeShippingThreshold),
);

/** The URL name (/merchant pages, CSV): lower-case letters, digits and single hyphens. */
export const MERCHANT_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){1,39}$/;

/**
 * The merchant form: who it is, the shop's contact there, its 特商法 details, its shipping fee rule and status.
 * A field left empty is absent from the post (Conform), and Valibot leaves an absent optional key out: the
 * last step puts the empty values back, so a save clears what staff emptied.
 */
export const MerchantSchema = v.pipe(
  v.object({
    name: requiredText(MERCHANT_MESSAGES.name, 60, "出店者名"),
    slug: v.pipe(requiredLine(MERCHANT_MESSAGES.slug), v.toLowerCase(), v.regex(MERCHANT_SLUG_PATTERN, MERCHANT_MESSAGES.slug)),
    description: optionalText(500, "紹介文"),
    contactName: requiredText(MERCHANT_MESSAGES.contactName, 40, "担当者名"),
    contactEmail: emailOf(MERCHANT_MESSAGES.contactEmail),
    contactPhone: phoneField("担当者の電話番号を入力してください"),
    legalName: requiredText(MERCHANT_MESSAGES.legalName, 80, "事業者名"),
    representative: requiredText(MERCHANT_MESSAGES.representative, 40, "代表者名"),
    postalCode: v.pipe(
      requiredLine(MERCHANT_MESSAGES.postalCodeRequired),
      v.maxLength(20, MERCHANT_MESSAGES.postalCode),
      v.transform(normalizePostalCode),
      v.check(isPostalCode, MERCHANT_MESSAGES.postalCode),
    ),
    address: requiredText(MERCHANT_MESSAGES.address, 150, "所在地"),
    phone: phoneField(MERCHANT_MESSAGES.phoneRequired),
    email: emailOf(MERCHANT_MESSAGES.email),
    shippingFee: shippingFeeField,
    freeShippingThreshold: freeShippingThresholdField,
    status: v.picklist(["active", "suspended"], MERCHANT_MESSAGES.status),
  }),
  v.transform((input) => ({ ...input, description: input.description ?? "", freeShippingThreshold: input.freeShippingThreshold ?? null })),
);

export type MerchantInput = v.InferOutput<typeof MerchantSchema>;

// ─── Logins ───────────────────────────────────────────────────────────────────────────────────

export const MERCHANT_LOGIN_MESSAGES = {
  lastname: "姓を入力してください",
  firstname: "名を入力してください",
  emailTaken: "このメールアドレスはすでにほかのアカウントで使われています。別のメールアドレスを入力してください",
  invited: "ログインを追加し、パスワード設定のご案内をメールで送りました。",
  disabled: "ログインを無効にしました。この担当者のログイン中の端末はすべてログアウトしました。",
  loginNotFound: "ログインが見つかりません。",
} as const;

export const MerchantLoginSchema = v.object({
  email: emailField,
  lastname: requiredText(MERCHANT_LOGIN_MESSAGES.lastname, 40, "姓"),
  firstname: requiredText(MERCHANT_LOGIN_MESSAGES.firstname, 40, "名"),
});

export type MerchantLoginInput = v.InferOutput<typeof MerchantLoginSchema>;

/** How long the invitation link to set a password stays valid, in the mail's words. */
export const MERCHANT_INVITATION_DAYS = ACCOUNT_TOKEN_LIFETIME_MS.merchant_invitation / (24 * 60 * 60_000);
