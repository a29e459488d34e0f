/**
 * The shop's settings (issue 37 item 5): what was fixed in code — the seller on the legal pages, mails and
 * receipts, the bank account for transfers, deadlines, thresholds and who is alerted — as data an owner
 * edits, kept as versions (shop_settings_versions; the newest is in force). Pure: the type, the values in
 * force before an owner saved any, and how a stored version is read back (a field missing from an older
 * version takes its default, so adding a setting needs no migration).
 */
import * as v from "valibot";
import { SHOP_NAME } from "../site/shop-name";
import { SHOPPER_CHANGE_WINDOWS, type ShopperChangeWindow } from "../orders/shopper-change-window";

/** Who is mailed about what (each an address list; empty = nobody). */
export const STAFF_ALERTS = ["newTicket", "newReturn", "inboundHeld", "lowStock", "transferLapsed", "dailyDigest"] as const;
export type StaffAlert = (typeof STAFF_ALERTS)[number];

export interface ShopSettings {
  shopName: string;
  /** 販売業者 (the company) and 運営統括責任者. */
  sellerName: string;
  representative: string;
  postalCode: string;
  address: string;
  phone: string;
  /** The phone line's hours and the days it is closed. */
  supportHours: string;
  closedDays: string;
  supportEmail: string;
  /** 適格請求書発行事業者登録番号: T + 13 digits. */
  registrationNumber: string;
  bank: { bank: string; branch: string; accountType: string; accountNumber: string; holder: string };
  /** Days a 銀行振込 order waits for its money (fixed on each order as it is placed: orders.payment_due_on). */
  bankTransferDays: number;
  /** The low-stock threshold of a product that sets none. */
  lowStockDefault: number;
  /** Points plain staff may add or take in one adjustment; more needs the owner. */
  pointAdjustLimit: number;
  /** Until which state a shopper may change their order's delivery (address, date/slot) themselves (issue 38). */
  shopperChangeWindow: ShopperChangeWindow;
  /** New and edited merchant products wait for staff approval before they reach the shop (issue 38 item 7, decision 0066). */
  merchantProductApproval: boolean;
  alerts: Record<StaffAlert, string[]> & { /** Asia/Tokyo hour (0–23) of the daily digest mail. */ digestHour: number };
}

/** DEMO VALUES until an owner saves the real ones at /crm/settings. */
export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  shopName: SHOP_NAME,
  sellerName: "株式会社ひなた市場（デモ）",
  representative: "代表取締役 日向 太郎",
  postalCode: "150-0041",
  address: "東京都渋谷区神南0-0-0 ひなたビル5階",
  phone: "0120-123-456",
  supportHours: "平日 10:00〜17:00",
  closedDays: "土日祝日・年末年始（12月29日〜1月3日）",
  supportEmail: "support@hinata-ichiba.example.jp",
  registrationNumber: "T0000000000000",
  bank: { bank: "ひなた銀行（デモ）", branch: "渋谷支店（店番 123）", accountType: "普通", accountNumber: "1234567", holder: "カ）ヒナタイチバ" },
  bankTransferDays: 7,
  lowStockDefault: 5,
  pointAdjustLimit: 5_000,
  shopperChangeWindow: "received",
  merchantProductApproval: false,
  alerts: { newTicket: [], newReturn: [], inboundHeld: [], lowStock: [], transferLapsed: [], dailyDigest: [], digestHour: 8 },
};

/** Who sells, and how to reach them: the legal pages, the mails' footer, receipts, the carrier CSV's sender. */
export type SellerFacts = Pick<
  ShopSettings,
  "shopName" | "sellerName" | "representative" | "postalCode" | "address" | "phone" | "supportHours" | "closedDays" | "supportEmail" | "registrationNumber"
>;

/** The seller's part of the settings: what a page may send to the browser (never the alert addresses). */
export function sellerFacts(settings: ShopSettings): SellerFacts {
  const { shopName, sellerName, representative, postalCode, address, phone, supportHours, closedDays, supportEmail, registrationNumber } = settings;
  return { shopName, sellerName, representative, postalCode, address, phone, supportHours, closedDays, supportEmail, registrationNumber };
}

/** What every page's header, footer and title show, and the contact pages name (the root loader's, for every page). */
export type SiteFacts = Pick<ShopSettings, "shopName" | "sellerName" | "phone" | "supportHours" | "supportEmail">;

export function siteFacts({ shopName, sellerName, phone, supportHours, supportEmail }: ShopSettings): SiteFacts {
  return { shopName, sellerName, phone, supportHours, supportEmail };
}

/** The phone line's hours with the days it is closed, as the pages and mails say them. */
export function supportHoursText(seller: Pick<ShopSettings, "supportHours" | "closedDays">): string {
  return `${seller.supportHours}（${seller.closedDays}を除く）`;
}

/** The seller's address on one line: 〒150-0041 東京都…. */
export function sellerAddressText(seller: Pick<ShopSettings, "postalCode" | "address">): string {
  return `〒${seller.postalCode} ${seller.address}`;
}

const text = (fallback: string) => v.fallback(v.string(), fallback);
const whole = (fallback: number) => v.fallback(v.pipe(v.number(), v.integer(), v.minValue(0)), fallback);
const addresses = v.fallback(v.array(v.string()), []);
const d = DEFAULT_SHOP_SETTINGS;

/** A stored version as it is read back: whatever is missing or malformed takes the default. */
const StoredSettingsSchema = v.object({
  shopName: text(d.shopName),
  sellerName: text(d.sellerName),
  representative: text(d.representative),
  postalCode: text(d.postalCode),
  address: text(d.address),
  phone: text(d.phone),
  supportHours: text(d.supportHours),
  closedDays: text(d.closedDays),
  supportEmail: text(d.supportEmail),
  registrationNumber: text(d.registrationNumber),
  bank: v.fallback(
    v.object({
      bank: text(d.bank.bank),
      branch: text(d.bank.branch),
      accountType: text(d.bank.accountType),
      accountNumber: text(d.bank.accountNumber),
      holder: text(d.bank.holder),
    }),
    d.bank,
  ),
  bankTransferDays: whole(d.bankTransferDays),
  lowStockDefault: whole(d.lowStockDefault),
  pointAdjustLimit: whole(d.pointAdjustLimit),
  shopperChangeWindow: v.fallback(v.picklist(SHOPPER_CHANGE_WINDOWS), d.shopperChangeWindow),
  merchantProductApproval: v.fallback(v.boolean(), d.merchantProductApproval),
  alerts: v.fallback(
    v.object({
      newTicket: addresses,
      newReturn: addresses,
      inboundHeld: addresses,
      lowStock: addresses,
      transferLapsed: addresses,
      dailyDigest: addresses,
      digestHour: v.fallback(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(23)), d.alerts.digestHour),
    }),
    d.alerts,
  ),
});

/** The settings of a stored version (`shop_settings_versions.settings`), or the defaults when there is none. */
export function readShopSettings(stored: string | null | undefined): ShopSettings {
  if (!stored) return DEFAULT_SHOP_SETTINGS;
  let json: unknown;
  try {
    json = JSON.parse(stored);
  } catch {
    return DEFAULT_SHOP_SETTINGS;
  }
  return v.parse(v.fallback(StoredSettingsSchema, DEFAULT_SHOP_SETTINGS), json);
}
