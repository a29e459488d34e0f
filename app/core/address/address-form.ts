/**
 * The delivery address form (spec §3 Address, §5): one Valibot schema for the server (page actions,
 * /user/profile/validationAddress, the list endpoints) and, through Conform, the browser. Field names are
 * the spec's: title, lastname, firstname, lastname_jp, firstname_jp, postal_code, prefecture, city,
 * district, address1, address2, phone, default.
 *
 * In this shop `city` is the 市区町村, `district` the 町域 (both filled from the postal code), `address1`
 * the 番地 and `address2` the building and room. Also the pure parsing of address lists sent to the list
 * endpoints (JSON text, or form-encoded `addresses[0][lastname]=…`).
 */
import * as v from "valibot";
import { choiceFlag, personNameFields, requiredLine } from "~/core/account/account-forms";
import { ADDRESS_BOOK_LIMIT } from "~/core/limits";
import { postalCodeField, prefectureField } from "~/core/address/postal-schema";
import { toSingleLine } from "~/core/validation";

export const ADDRESS_FORM_MESSAGES = {
  postalCodeRequired: "郵便番号を入力してください",
  postalCode: "郵便番号は半角数字7桁で入力してください",
  prefecture: "都道府県が入力されていません。郵便番号から住所を検索してください",
  city: "市区町村を入力してください",
  address1: "番地を入力してください",
  phoneRequired: "電話番号を入力してください",
  phone: "電話番号は半角数字10桁または11桁で入力してください（例: 09012345678）",
  tooMany: `お届け先は${ADDRESS_BOOK_LIMIT}件まで登録できます。不要なお届け先を削除してください。`,
  notFound: "指定されたお届け先が見つかりません。",
  listInvalid: "お届け先の一覧を読み取れませんでした。",
  check: "入力内容をご確認ください。",
  stale: "このお届け先は、この画面を表示した後に別の画面で変更または削除されました。変更は保存していません。最新の内容をご確認のうえ、もう一度お試しください。",
  listStale: "お届け先の一覧は、この画面を表示した後に別の画面で変更されました。変更は保存していません。最新の一覧をご確認のうえ、もう一度お試しください。",
  listVersionRequired: "表示した一覧の version が送られていないため、お届け先の一覧を保存できません。一覧を読み込み直してから保存してください。",
  busy: "ほかの操作と重なったため、お届け先を保存できませんでした。もう一度お試しください。",
} as const;

// Conform submits an empty field as a missing key and does not apply Valibot's optional defaults to
// strings, so an optional text is `optional(string)` turned into "" here.
const maxText = (max: number, label: string) =>
  v.pipe(
    v.optional(v.string()),
    v.transform((text) => toSingleLine(text ?? "").trim()),
    v.maxLength(max, `${label}は${max}文字以内で入力してください`),
  );

const requiredMax = (message: string, max: number, label: string) =>
  v.pipe(requiredLine(message), v.maxLength(max, `${label}は${max}文字以内で入力してください`));

/** "０９０ー１２３４ー５６７８", "090-1234-5678", "(03) 1234 5678" → digits only. */
export function normalizePhone(input: string): string {
  return input
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000\-\u30fc\uff0d\u2010-\u2015\u2212\uff70()（）]/g, "");
}

/** Japanese numbers: 0 then 9 or 10 digits (landline 10, mobile/IP 11). */
export function isPhoneNumber(digits: string): boolean {
  return /^0\d{9,10}$/.test(digits);
}

/** A phone number as typed (full-width digits, hyphens, brackets …) → its digits, or the Japanese message. */
export const phoneNumberField = v.pipe(
  v.string(ADDRESS_FORM_MESSAGES.phone),
  v.maxLength(30, ADDRESS_FORM_MESSAGES.phone),
  v.transform(normalizePhone),
  v.check(isPhoneNumber, ADDRESS_FORM_MESSAGES.phone),
);

export const AddressSchema = v.object({
  title: maxText(20, "お届け先の名称"),
  lastname: personNameFields.lastname,
  firstname: personNameFields.firstname,
  lastname_jp: personNameFields.lastnameJp,
  firstname_jp: personNameFields.firstnameJp,
  postal_code: v.pipe(requiredLine(ADDRESS_FORM_MESSAGES.postalCodeRequired), postalCodeField(ADDRESS_FORM_MESSAGES.postalCode)),
  prefecture: v.pipe(requiredLine(ADDRESS_FORM_MESSAGES.prefecture), prefectureField(ADDRESS_FORM_MESSAGES.prefecture)),
  city: requiredMax(ADDRESS_FORM_MESSAGES.city, 50, "市区町村"),
  district: maxText(50, "町域"),
  address1: requiredMax(ADDRESS_FORM_MESSAGES.address1, 100, "番地"),
  address2: maxText(100, "建物名・部屋番号"),
  phone: v.pipe(requiredLine(ADDRESS_FORM_MESSAGES.phoneRequired), phoneNumberField),
  default: choiceFlag("いつものお届け先の選択が正しくありません"),
});

export type AddressInput = v.InferOutput<typeof AddressSchema>;
export type AddressFieldName = keyof AddressInput;
export const ADDRESS_FIELD_NAMES = Object.keys(AddressSchema.entries) as AddressFieldName[];

/** A saved address as the JSON endpoints answer it (spec §3), with the version a change of it names (core/address/address-book). */
export interface AddressJson extends AddressInput {
  id: number;
  version: string;
}

/** Field messages keyed by field name, as /user/profile/validationAddress answers them. */
export type AddressFormErrors = Partial<Record<string, string[]>>;

export type AddressValidation =
  { valide: true; address: AddressInput; errors: AddressFormErrors } | { valide: false; address: null; errors: AddressFormErrors };

/** Validates one address's fields (strings, as a form sends them). */
export function validateAddress(fields: Record<string, string | undefined>): AddressValidation {
  const result = v.safeParse(AddressSchema, fields);
  if (result.success) return { valide: true, address: result.output, errors: {} };
  return { valide: false, address: null, errors: (v.flatten<typeof AddressSchema>(result.issues).nested ?? {}) as AddressFormErrors };
}
