/**
 * Postal codes and prefectures (spec §5, §9): a postal code is 7 half-width digits once full-width
 * digits and dashes are converted and everything else is dropped; prefectures are indexed 1 (北海道)
 * to 47 (沖縄県). Also the postal-code lookup rules (spec §3 Postal lookup result, §5, §7): the input's
 * normalisation, when a lookup fires and the 3-digit prefix of the data files (read in postal-data.ts).
 * Shared by the server and the browser, so it carries no Valibot (the schemas are in postal-schema.ts).
 */
export const PREFECTURES = [
  "北海道",
  "青森県",
  "岩手県",
  "宮城県",
  "秋田県",
  "山形県",
  "福島県",
  "茨城県",
  "栃木県",
  "群馬県",
  "埼玉県",
  "千葉県",
  "東京都",
  "神奈川県",
  "新潟県",
  "富山県",
  "石川県",
  "福井県",
  "山梨県",
  "長野県",
  "岐阜県",
  "静岡県",
  "愛知県",
  "三重県",
  "滋賀県",
  "京都府",
  "大阪府",
  "兵庫県",
  "奈良県",
  "和歌山県",
  "鳥取県",
  "島根県",
  "岡山県",
  "広島県",
  "山口県",
  "徳島県",
  "香川県",
  "愛媛県",
  "高知県",
  "福岡県",
  "佐賀県",
  "長崎県",
  "熊本県",
  "大分県",
  "宮崎県",
  "鹿児島県",
  "沖縄県",
] as const;

export const POSTAL_CODE_LENGTH = 7;
/** The postal-code input accepts 8 characters, so "100-0001" can be typed or pasted whole before its dash is removed. */
export const POSTAL_INPUT_MAX_LENGTH = 8;
/** A lookup fires once the input holds this many characters (spec §9). */
export const POSTAL_LOOKUP_MIN_LENGTH = 7;
/** Data files are per 3-digit prefix (spec §9). */
export const POSTAL_PREFIX_LENGTH = 3;
/** The shipping fee is rechecked this long after the postal code last changed (spec §5, §9). */
export const SHIPPING_RECHECK_DELAY_MS = 500;

export const ADDRESS_MESSAGES = {
  postalCode: "郵便番号は半角数字7桁で入力してください。",
  prefecture: "都道府県を選択してください。",
} as const;

export const POSTAL_PREFIX_MESSAGE = "郵便番号の上3桁を半角数字で指定してください。";

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

/** 13 → "東京都"; anything else → "". */
export function prefectureName(id: number | null | undefined): string {
  return id != null && isPrefectureId(id) ? (PREFECTURES[id - 1] ?? "") : "";
}

/** "1000001" → "100-0001" for display; anything that is not 7 digits is shown as it is. */
export function formatPostalCode(code: string): string {
  return isPostalCode(code) ? `${code.slice(0, 3)}-${code.slice(3)}` : code;
}

// ─── The postal-code input and its lookup (spec §5) ──────────────────────────────────────────

/**
 * What the postal-code input keeps as the shopper types (spec §5): full-width digits and the long dash
 * become half-width and every non-digit — the dash included — is removed ("１５０ー０００２" → "1500002"),
 * at most 8 characters remain. The field thus always shows the code as it is saved and looked up.
 */
export function normalizePostalInput(input: string): string {
  return normalizePostalCode(input).slice(0, POSTAL_INPUT_MAX_LENGTH);
}

/**
 * The 7-digit code to look up for what the input holds, or null: a lookup fires at 7 or more
 * characters, and only when exactly 7 digits remain once everything else is removed.
 */
export function postalCodeToLookUp(input: string): string | null {
  const digits = normalizePostalInput(input);
  return isPostalCode(digits) ? digits : null;
}

export function isPostalPrefix(value: string): boolean {
  return new RegExp(`^\\d{${POSTAL_PREFIX_LENGTH}}$`).test(value);
}

/** "1000001" → "100": the data file that holds the code. */
export function postalPrefix(code: string): string {
  return code.slice(0, POSTAL_PREFIX_LENGTH);
}

/** The lookup result of spec §3; the empty address has region_id null and empty texts. */
export interface PostalLookupResult {
  region_id: number | null;
  region: string;
  locality: string;
  street: string;
  extended: string;
}

export const EMPTY_POSTAL_RESULT: PostalLookupResult = Object.freeze({
  region_id: null,
  region: "",
  locality: "",
  street: "",
  extended: "",
});
