/**
 * Postal codes and prefectures (spec §5, §9): a postal code is 7 half-width digits once full-width
 * digits and dashes are converted and everything else is dropped; prefectures are indexed 1 (北海道)
 * to 47 (沖縄県).
 */
import * as v from "valibot";

export const PREFECTURES = [
  "北海道", "青森県", "岩手県", "宮城県", "秋田県", "山形県", "福島県",
  "茨城県", "栃木県", "群馬県", "埼玉県", "千葉県", "東京都", "神奈川県",
  "新潟県", "富山県", "石川県", "福井県", "山梨県", "長野県", "岐阜県",
  "静岡県", "愛知県", "三重県", "滋賀県", "京都府", "大阪府", "兵庫県",
  "奈良県", "和歌山県", "鳥取県", "島根県", "岡山県", "広島県", "山口県",
  "徳島県", "香川県", "愛媛県", "高知県", "福岡県", "佐賀県", "長崎県",
  "熊本県", "大分県", "宮崎県", "鹿児島県", "沖縄県",
] as const;

export const POSTAL_CODE_LENGTH = 7;

export const ADDRESS_MESSAGES = {
  postalCode: "郵便番号は半角数字7桁で入力してください。",
  prefecture: "都道府県を選択してください。",
} as const;

/** Full-width digits become half-width; spaces, dashes (ー, －, ‐ …) and any other non-digit are removed. */
export function normalizePostalCode(input: string): string {
  return input.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/\D/g, "");
}

export function isPostalCode(code: string): boolean {
  return new RegExp(`^\\d{${POSTAL_CODE_LENGTH}}$`).test(code);
}

export function isPrefectureId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= PREFECTURES.length;
}

/** The address fields the shipping-fee check needs; other address fields are accepted and ignored. */
export const ShippingAddressSchema = v.object({
  postal_code: v.pipe(
    v.string(ADDRESS_MESSAGES.postalCode),
    v.maxLength(20, ADDRESS_MESSAGES.postalCode),
    v.transform(normalizePostalCode),
    v.check(isPostalCode, ADDRESS_MESSAGES.postalCode),
  ),
  prefecture: v.pipe(
    v.string(ADDRESS_MESSAGES.prefecture),
    v.trim(),
    v.regex(/^\d{1,2}$/, ADDRESS_MESSAGES.prefecture),
    v.transform(Number),
    v.check(isPrefectureId, ADDRESS_MESSAGES.prefecture),
  ),
});

export type ShippingAddress = v.InferOutput<typeof ShippingAddressSchema>;
