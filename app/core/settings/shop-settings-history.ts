/**
 * What each saved version of the shop settings changed, as the settings page's history shows it: every
 * setting by its name on the form, before → after. Pure.
 */
import { formatDateTime } from "../dates";
import { STAFF_ALERT_LABELS } from "./shop-settings-form";
import { SHOPPER_CHANGE_WINDOW_LABELS } from "../orders/shopper-change-window";
import { DEFAULT_SHOP_SETTINGS, STAFF_ALERTS, type ShopSettings } from "./shop-settings";

/** Every setting as the history names and shows it, in the form's order. */
const SETTING_ROWS: { label: string; shown: (settings: ShopSettings) => string }[] = [
  { label: "ショップ名", shown: (s) => s.shopName },
  { label: "販売業者", shown: (s) => s.sellerName },
  { label: "運営統括責任者", shown: (s) => s.representative },
  { label: "郵便番号", shown: (s) => s.postalCode },
  { label: "所在地", shown: (s) => s.address },
  { label: "電話番号", shown: (s) => s.phone },
  { label: "電話の受付時間", shown: (s) => s.supportHours },
  { label: "休業日", shown: (s) => s.closedDays },
  { label: "お問い合わせ用メールアドレス", shown: (s) => s.supportEmail },
  { label: "適格請求書発行事業者登録番号", shown: (s) => s.registrationNumber },
  { label: "金融機関", shown: (s) => s.bank.bank },
  { label: "支店", shown: (s) => s.bank.branch },
  { label: "口座種別", shown: (s) => s.bank.accountType },
  { label: "口座番号", shown: (s) => s.bank.accountNumber },
  { label: "口座名義", shown: (s) => s.bank.holder },
  { label: "振込期限（日数）", shown: (s) => `${s.bankTransferDays}日` },
  { label: "在庫わずかの既定値", shown: (s) => `${s.lowStockDefault}点` },
  { label: "ポイント調整の上限（スタッフ）", shown: (s) => `${s.pointAdjustLimit.toLocaleString("ja-JP")}ポイント` },
  { label: "お客様によるご注文の変更", shown: (s) => SHOPPER_CHANGE_WINDOW_LABELS[s.shopperChangeWindow] },
  { label: "出店者の商品の承認", shown: (s) => (s.merchantProductApproval ? "スタッフの承認後に反映" : "承認なしで反映") },
  ...STAFF_ALERTS.map((alert) => ({
    label: `通知先：${STAFF_ALERT_LABELS[alert]}`,
    shown: (s: ShopSettings) => (s.alerts[alert].length > 0 ? s.alerts[alert].join("、") : "（なし）"),
  })),
  { label: "毎日のまとめの送信時刻", shown: (s) => `${s.alerts.digestHour}時` },
];

export interface SettingChange {
  label: string;
  before: string;
  after: string;
}

/** The settings that differ between two versions, before → after. */
export function settingChanges(before: ShopSettings, after: ShopSettings): SettingChange[] {
  return SETTING_ROWS.flatMap(({ label, shown }) => {
    const [was, is] = [shown(before), shown(after)];
    return was === is ? [] : [{ label, before: was, after: is }];
  });
}

export interface SettingsHistoryEntry {
  id: number;
  changedByName: string;
  /** When, in Japan time ("2026/11/30 09:05"). */
  changedAt: string;
  changes: SettingChange[];
}

/**
 * Each version (newest first) with what it changed from the one before it; the oldest listed is compared with
 * `before` (the version before it), or with the defaults when it was the first save.
 */
export function settingsHistory(
  versions: readonly { id: number; settings: ShopSettings; changedByName: string; createdAt: Date }[],
  before: ShopSettings | null,
): SettingsHistoryEntry[] {
  return versions.map((version, index) => ({
    id: version.id,
    changedByName: version.changedByName,
    changedAt: formatDateTime(version.createdAt),
    changes: settingChanges(versions[index + 1]?.settings ?? before ?? DEFAULT_SHOP_SETTINGS, version.settings),
  }));
}
