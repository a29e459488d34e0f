/**
 * The owner's settings form (/crm/settings): one Valibot schema for the server and, through Conform, the
 * browser, with a Japanese message per field; what it reads becomes a whole ShopSettings (a new version).
 * Pure.
 */
import * as v from "valibot";
import { requiredLine } from "../account/account-forms";
import { isPhoneNumber, normalizePhone } from "../address/address-form";
import { formatPostalCode, isPostalCode, normalizePostalCode } from "../address/postal";
import { LOW_STOCK_THRESHOLD_MAX } from "../catalogue/stock-alerts";
import { CheckboxSchema, typedWholeNumber } from "../validation";
import { STAFF_ALERTS, type ShopSettings, type StaffAlert } from "./shop-settings";
import { SHOPPER_CHANGE_WINDOWS } from "../orders/shopper-change-window";

/** The longest a 銀行振込 order may wait for its money (the order is held, and its stock, meanwhile). */
export const BANK_TRANSFER_DAYS_MAX = 30;
/** A points adjustment larger than this is a typo, not a goodwill gesture. */
export const POINT_ADJUST_LIMIT_MAX = 1_000_000;
/** Addresses one alert may go to. */
export const ALERT_ADDRESSES_MAX = 20;
export const BANK_ACCOUNT_TYPES = ["普通", "当座", "貯蓄"] as const;

/** What each staff alert is about, as the form and the history name it. */
export const STAFF_ALERT_LABELS: Record<StaffAlert, string> = {
  newTicket: "新しいお問い合わせ",
  newReturn: "返品・交換の申し込み",
  inboundHeld: "確認待ちの受信メール",
  lowStock: "在庫わずか・在庫切れ",
  transferLapsed: "入金期限切れ（銀行振込）",
  dailyDigest: "毎日のまとめ（ダッシュボードの件数）",
};

export const SHOP_SETTINGS_MESSAGES = {
  shopName: "ショップ名を入力してください",
  sellerName: "販売業者（会社名）を入力してください",
  representative: "運営統括責任者を入力してください",
  postalCodeRequired: "郵便番号を入力してください",
  postalCode: "郵便番号は半角数字7桁で入力してください（例: 150-0041）",
  address: "所在地を入力してください",
  phoneRequired: "電話番号を入力してください",
  phone: "電話番号は市外局番から、10桁または11桁の数字で入力してください（例: 0120-123-456）",
  supportHours: "電話の受付時間を入力してください（例: 平日 10:00〜17:00）",
  closedDays: "休業日を入力してください",
  supportEmailRequired: "お問い合わせ用のメールアドレスを入力してください",
  email: "メールアドレスの形式が正しくありません",
  registrationNumberRequired: "適格請求書発行事業者登録番号を入力してください",
  registrationNumber: "登録番号は「T」と13桁の数字で入力してください（例: T1234567890123）",
  bankName: "金融機関名を入力してください",
  bankBranch: "支店名を入力してください",
  bankAccountType: "口座種別を選んでください",
  bankAccountNumber: "口座番号は7桁の数字で入力してください",
  bankHolder: "口座名義を入力してください",
  bankTransferDays: `振込期限は1〜${BANK_TRANSFER_DAYS_MAX}日の整数で入力してください`,
  lowStockDefault: `在庫わずかの既定値は0〜${LOW_STOCK_THRESHOLD_MAX.toLocaleString("ja-JP")}の整数で入力してください`,
  pointAdjustLimit: `ポイント調整の上限は0〜${POINT_ADJUST_LIMIT_MAX.toLocaleString("ja-JP")}の整数で入力してください`,
  digestHour: "毎日のまとめの送信時刻は0〜23の整数（時）で入力してください",
  shopperChangeWindow: "お客様によるご注文の変更の期間を選んでください",
  alertAddress: (label: string, line: number, address: string) => `「${label}」の${line}行目「${address}」はメールアドレスの形式ではありません`,
  alertTooMany: (label: string) => `「${label}」の通知先は${ALERT_ADDRESSES_MAX}件までです`,
  saved: "設定を保存しました。ショップのページ・メール・領収書に反映されます。",
  changedMeanwhile: "ほかのオーナーがこの間に設定を保存しました。最新の内容を確認してから、もう一度保存してください。",
} as const;

const M = SHOP_SETTINGS_MESSAGES;

const text = (message: string, max: number) => v.pipe(requiredLine(message), v.maxLength(max, `${max}文字以内で入力してください`));

const wholeNumber = (message: string, min: number, max: number) =>
  v.pipe(typedWholeNumber(message, String(max).length), v.minValue(min, message), v.maxValue(max, message));

const emailAddress = (requiredMessage: string) => v.pipe(requiredLine(requiredMessage), v.toLowerCase(), v.maxLength(254, M.email), v.email(M.email));

const isEmail = (address: string) => address.length <= 254 && v.is(v.pipe(v.string(), v.email()), address);

/** A textarea of addresses, one a line (blank lines ignored), each checked and named by its line when wrong. */
function addressList(alert: StaffAlert) {
  const label = STAFF_ALERT_LABELS[alert];
  return v.pipe(
    // Conform sends an empty textarea as no field at all (and drops a schema's default): absent is "".
    v.optional(v.string()),
    v.transform((typed) => (typed ?? "").split(/\r\n|\r|\n/).map((line) => line.trim().toLowerCase())),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const wrong = dataset.value.findIndex((line) => line !== "" && !isEmail(line));
      if (wrong >= 0) addIssue({ message: M.alertAddress(label, wrong + 1, dataset.value[wrong]!) });
    }),
    v.transform((lines) => [...new Set(lines.filter((line) => line !== ""))]),
    v.maxLength(ALERT_ADDRESSES_MAX, M.alertTooMany(label)),
  );
}

/** The form's field for each alert's addresses. */
export const alertFieldName = (alert: StaffAlert) => `alert_${alert}` as const;

/** The form as posted → the settings of the new version. */
export const ShopSettingsFormSchema = v.pipe(
  v.object({
    shopName: text(M.shopName, 40),
    sellerName: text(M.sellerName, 80),
    representative: text(M.representative, 40),
    postalCode: v.pipe(
      requiredLine(M.postalCodeRequired),
      v.maxLength(20, M.postalCode),
      v.transform(normalizePostalCode),
      v.check(isPostalCode, M.postalCode),
      v.transform(formatPostalCode),
    ),
    address: text(M.address, 150),
    // Kept as typed (0120-123-456 reads better than its digits), once it is a phone number.
    phone: v.pipe(
      text(M.phoneRequired, 30),
      v.transform((typed) => typed.normalize("NFKC")),
      v.check((typed) => isPhoneNumber(normalizePhone(typed)), M.phone),
    ),
    supportHours: text(M.supportHours, 60),
    closedDays: text(M.closedDays, 100),
    supportEmail: emailAddress(M.supportEmailRequired),
    registrationNumber: v.pipe(
      requiredLine(M.registrationNumberRequired),
      v.transform((typed) => typed.normalize("NFKC").replace(/[\s-]/g, "").toUpperCase()),
      v.regex(/^T\d{13}$/, M.registrationNumber),
    ),
    bankName: text(M.bankName, 40),
    bankBranch: text(M.bankBranch, 40),
    bankAccountType: v.picklist(BANK_ACCOUNT_TYPES, M.bankAccountType),
    bankAccountNumber: v.pipe(
      requiredLine(M.bankAccountNumber),
      v.transform((typed) => typed.normalize("NFKC")),
      v.regex(/^\d{7}$/, M.bankAccountNumber),
    ),
    bankHolder: text(M.bankHolder, 40),
    bankTransferDays: wholeNumber(M.bankTransferDays, 1, BANK_TRANSFER_DAYS_MAX),
    lowStockDefault: wholeNumber(M.lowStockDefault, 0, LOW_STOCK_THRESHOLD_MAX),
    pointAdjustLimit: wholeNumber(M.pointAdjustLimit, 0, POINT_ADJUST_LIMIT_MAX),
    shopperChangeWindow: v.picklist(SHOPPER_CHANGE_WINDOWS, M.shopperChangeWindow),
    merchantProductApproval: CheckboxSchema,
    alert_newTicket: addressList("newTicket"),
    alert_newReturn: addressList("newReturn"),
    alert_inboundHeld: addressList("inboundHeld"),
    alert_lowStock: addressList("lowStock"),
    alert_transferLapsed: addressList("transferLapsed"),
    alert_dailyDigest: addressList("dailyDigest"),
    digestHour: wholeNumber(M.digestHour, 0, 23),
  }),
  v.transform((input): ShopSettings => ({
    shopName: input.shopName,
    sellerName: input.sellerName,
    representative: input.representative,
    postalCode: input.postalCode,
    address: input.address,
    phone: input.phone,
    supportHours: input.supportHours,
    closedDays: input.closedDays,
    supportEmail: input.supportEmail,
    registrationNumber: input.registrationNumber,
    bank: {
      bank: input.bankName,
      branch: input.bankBranch,
      accountType: input.bankAccountType,
      accountNumber: input.bankAccountNumber,
      holder: input.bankHolder,
    },
    bankTransferDays: input.bankTransferDays,
    lowStockDefault: input.lowStockDefault,
    pointAdjustLimit: input.pointAdjustLimit,
    shopperChangeWindow: input.shopperChangeWindow,
    merchantProductApproval: input.merchantProductApproval,
    alerts: {
      ...(Object.fromEntries(STAFF_ALERTS.map((alert) => [alert, input[alertFieldName(alert)]])) as Record<StaffAlert, string[]>),
      digestHour: input.digestHour,
    },
  })),
);

/** The form's fields as text. */
export type ShopSettingsFormValues = Record<keyof v.InferInput<(typeof ShopSettingsFormSchema)["pipe"][0]>, string>;

/** The form as a version fills it: numbers as text, each alert's addresses one a line. */
export function shopSettingsFormValues(settings: ShopSettings): ShopSettingsFormValues {
  return {
    shopName: settings.shopName,
    sellerName: settings.sellerName,
    representative: settings.representative,
    postalCode: settings.postalCode,
    address: settings.address,
    phone: settings.phone,
    supportHours: settings.supportHours,
    closedDays: settings.closedDays,
    supportEmail: settings.supportEmail,
    registrationNumber: settings.registrationNumber,
    bankName: settings.bank.bank,
    bankBranch: settings.bank.branch,
    bankAccountType: settings.bank.accountType,
    bankAccountNumber: settings.bank.accountNumber,
    bankHolder: settings.bank.holder,
    bankTransferDays: String(settings.bankTransferDays),
    lowStockDefault: String(settings.lowStockDefault),
    pointAdjustLimit: String(settings.pointAdjustLimit),
    shopperChangeWindow: settings.shopperChangeWindow,
    merchantProductApproval: settings.merchantProductApproval ? "on" : "",
    alert_newTicket: settings.alerts.newTicket.join("\n"),
    alert_newReturn: settings.alerts.newReturn.join("\n"),
    alert_inboundHeld: settings.alerts.inboundHeld.join("\n"),
    alert_lowStock: settings.alerts.lowStock.join("\n"),
    alert_transferLapsed: settings.alerts.transferLapsed.join("\n"),
    alert_dailyDigest: settings.alerts.dailyDigest.join("\n"),
    digestHour: String(settings.alerts.digestHour),
  };
}

/** The version a form was based on (its id; 0 before any was saved): anything else is malformed. */
export const BasedOnSchema = v.object({ basedOn: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });
