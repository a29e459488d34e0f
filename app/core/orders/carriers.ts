/**
 * The carriers a shipment leaves with, how their tracking numbers look, and where a shopper follows the
 * parcel. Domestic tracking numbers are digits (the slip prints them in groups of four with hyphens, which
 * people copy along): ヤマト運輸 12, 佐川急便 12, 日本郵便 (ゆうパック・ゆうパケット) 11–13. Pure.
 */
export const CARRIERS = {
  yamato: {
    label: "ヤマト運輸",
    digits: [12],
    trackingUrl: (number: string) => `https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=${number}`,
  },
  sagawa: { label: "佐川急便", digits: [12], trackingUrl: (number: string) => `https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=${number}` },
  japanpost: {
    label: "日本郵便",
    digits: [11, 12, 13],
    trackingUrl: (number: string) => `https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=${number}&searchKind=S002&locale=ja`,
  },
} as const;

export type Carrier = keyof typeof CARRIERS;

/** The carriers in the order the forms list them. */
export const CARRIER_ORDER = Object.keys(CARRIERS) as Carrier[];

export function isCarrier(value: unknown): value is Carrier {
  return typeof value === "string" && Object.hasOwn(CARRIERS, value);
}

const FULL_WIDTH_DIGIT = /[０-９]/g;

/**
 * A typed tracking number as stored (digits only: full-width digits, spaces and hyphens dropped), or the
 * reason it cannot be this carrier's.
 */
export function parseTrackingNumber(carrier: Carrier, typed: string): { ok: true; value: string } | { ok: false; error: string } {
  const value = typed.replace(FULL_WIDTH_DIGIT, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0)).replace(/[\s\-ー－‐]/g, "");
  const { label, digits } = CARRIERS[carrier];
  if (value === "") return { ok: false, error: "お問い合わせ番号（伝票番号）を入力してください。" };
  if (!/^\d+$/.test(value) || !(digits as readonly number[]).includes(value.length)) {
    return { ok: false, error: `${label}のお問い合わせ番号は${digits.join("・")}桁の数字です。` };
  }
  return { ok: true, value };
}

/** The carrier's page that shows where this parcel is. */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string {
  return CARRIERS[carrier].trackingUrl(encodeURIComponent(trackingNumber));
}
