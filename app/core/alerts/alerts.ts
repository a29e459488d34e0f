/**
 * Alerts to the people who must act (issue 37 item 4, decision 0058): where a merchant's alerts go and how
 * (one mail each, a daily digest, or none), the form that sets that, the outbox keys that make every alert
 * once only, and when the daily digests go. Staff alerts go to the address lists of the shop settings
 * (app/core/settings/shop-settings.ts `alerts`). Pure: no I/O.
 */
import * as v from "valibot";
import { requiredLine } from "../account/account-forms";
import { JST_OFFSET_MS } from "../dates";

export const MERCHANT_ALERT_MODES = ["each", "digest", "off"] as const;
export type MerchantAlertMode = (typeof MERCHANT_ALERT_MODES)[number];

export const MERCHANT_ALERT_MODE_LABELS: Record<MerchantAlertMode, string> = {
  each: "1件ごとにメールで受け取る",
  digest: "1日1回、まとめて受け取る",
  off: "メールでは受け取らない（管理画面で確認する）",
};

/** What a merchant_alerts row is about. */
export type MerchantAlertKind = "ready_to_ship" | "return_requested";

export const MERCHANT_ALERT_KIND_LABELS: Record<MerchantAlertKind, string> = {
  ready_to_ship: "発送待ちのご注文",
  return_requested: "返品・交換のお申し込み",
};

/** Addresses a merchant may list. */
export const MERCHANT_ALERT_ADDRESS_MAX = 5;
const ADDRESS_MAX_LENGTH = 254;

/** The addresses of a list typed one a line: trimmed, lower-cased, blanks and repeats left out. */
export function alertAddressLines(text: string): string[] {
  const seen = new Set<string>();
  for (const line of text.split(/\r\n|\r|\n/)) {
    const address = line.trim().toLowerCase();
    if (address) seen.add(address);
  }
  return [...seen];
}

/** Where a merchant's alerts go: its own list, else its contact's address, else the merchant's address. */
export function merchantAlertAddresses(merchant: { alertEmails: string; contactEmail: string; email: string }): string[] {
  const listed = alertAddressLines(merchant.alertEmails);
  if (listed.length > 0) return listed;
  const fallback = alertAddressLines(merchant.contactEmail.trim() || merchant.email);
  return fallback.slice(0, 1);
}

export const MERCHANT_ALERT_TEXT = {
  tooMany: `通知先のメールアドレスは${MERCHANT_ALERT_ADDRESS_MAX}件まで入力できます`,
  invalidAddress: (address: string) => `「${address}」はメールアドレスの形式が正しくありません（1行に1件ずつ入力してください）`,
  mode: "通知の受け取り方を選んでください",
  saved: "通知の設定を保存しました。",
  notFound: "出店者が見つかりません。",
} as const;

const isAddress = (address: string) => address.length <= ADDRESS_MAX_LENGTH && v.is(v.pipe(v.string(), v.email()), address);

/**
 * The alert settings form (the merchant's /merchant/settings and staff's /crm/merchants/{id}): the addresses,
 * one a line (empty: the contact's address), and the mode. The addresses are stored normalised, one a line.
 */
export const MerchantAlertSettingsSchema = v.pipe(
  v.object({
    alertEmails: v.pipe(
      // An emptied textarea comes as an empty value, or (a hand-made post) not at all: see the last step.
      v.optional(v.string()),
      v.transform((text) => alertAddressLines(text ?? "")),
      v.check((lines) => lines.length <= MERCHANT_ALERT_ADDRESS_MAX, MERCHANT_ALERT_TEXT.tooMany),
      v.check(
        (lines) => lines.every(isAddress),
        (issue) => MERCHANT_ALERT_TEXT.invalidAddress((issue.input as string[]).find((line) => !isAddress(line)) ?? ""),
      ),
      v.transform((lines) => lines.join("\n")),
    ),
    // A missing choice gets the same message as a wrong one (a bare picklist would answer Valibot's own).
    alertMode: v.pipe(requiredLine(MERCHANT_ALERT_TEXT.mode), v.picklist(MERCHANT_ALERT_MODES, MERCHANT_ALERT_TEXT.mode)),
  }),
  // Valibot leaves an absent optional key out (its pipe never runs): absent is an empty list, as typed.
  v.transform((input) => ({ ...input, alertEmails: input.alertEmails ?? "" })),
);

export type MerchantAlertSettings = v.InferOutput<typeof MerchantAlertSettingsSchema>;

/** A merchant_alerts row's key (unique per merchant): an order's parcel is ready, a return request was made. */
export const MERCHANT_ALERT_ROW_KEYS = {
  /** One parcel per merchant and order (the checkout makes one shipment per sender), so the order names it. */
  ready: (orderNumber: string) => `ready:${orderNumber}`,
  returnRequested: (returnToken: string) => `return:${returnToken}`,
} as const;

/**
 * The outbox keys of the alert mails, one per event and address: an event written again (a retry, a race,
 * two overlapping cron runs) keeps one mail. A digest's key has the Japan day: one a day.
 */
export const ALERT_MAIL_KEYS = {
  merchantReady: (orderNumber: string, merchantId: number, address: string) => `merchant-alert:ready:${orderNumber}:${merchantId}:${address}`,
  merchantReturn: (returnToken: string, merchantId: number, address: string) => `merchant-alert:return:${returnToken}:${merchantId}:${address}`,
  merchantDigest: (merchantId: number, day: string, address: string) => `merchant-digest:${merchantId}:${day}:${address}`,
  /** `ticket`: what makes the ticket one (its customer and form session, or the mail's Message-ID). */
  newTicket: (ticket: string, address: string) => `staff-alert:new-ticket:${ticket}:${address}`,
  newReturn: (returnToken: string, address: string) => `staff-alert:new-return:${returnToken}:${address}`,
  /** `mail`: the held mail's Message-ID (a mail delivered twice is held once). */
  inboundHeld: (mail: string, address: string) => `staff-alert:inbound-held:${mail}:${address}`,
  /** A scan's mail of up to LOW_STOCK_MAIL_PRODUCTS products: the scan's time (ms) and the first product's id. */
  lowStock: (scan: number, firstProductId: number, address: string) => `staff-alert:low-stock:${scan}:${firstProductId}:${address}`,
  transferLapsed: (orderNumber: string, address: string) => `staff-alert:transfer-lapsed:${orderNumber}:${address}`,
  staffDigest: (day: string, address: string) => `staff-digest:${day}:${address}`,
} as const;

/** The hour (0–23) in Japan of an instant. */
export function jstHour(instant: Date): number {
  return new Date(instant.getTime() + JST_OFFSET_MS).getUTCHours();
}

/**
 * Whether an hourly run writes the day's digests: from the digest hour on, that Japan day. A run missed at
 * the hour is caught up by the next one; the day in the keys keeps it to one digest a day.
 */
export function digestDue(now: Date, digestHour: number): boolean {
  return jstHour(now) >= digestHour;
}

/**
 * Products one low-stock mail lists (a scan that finds more writes more mails); also keeps each batch's
 * statements within D1's 100 bound values.
 */
export const LOW_STOCK_MAIL_PRODUCTS = 40;
/** Products one scan alerts at most; the rest wait for the next scan. */
export const LOW_STOCK_SCAN_MAX = 400;

/** A merchant's digest lists at most this many alerts (all are marked told; the portal shows them all). */
export const MERCHANT_DIGEST_LIST_MAX = 100;
