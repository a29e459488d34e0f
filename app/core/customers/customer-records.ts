/**
 * A customer's record as staff keep it (decision 0056): the account's status, what staff may change and
 * why a change is refused, and the audit log's wording (before → after as readable text). Pure.
 */
import { describeAddress } from "../address/address-book";
import type { AddressColumns } from "../address/address-records";
import { formatCount } from "../money";

export type CustomerStatus = "active" | "suspended" | "withdrawn";

export const CUSTOMER_STATUS_LABELS: Record<CustomerStatus, string> = {
  active: "有効",
  suspended: "停止中",
  withdrawn: "退会済み",
};

/** A member who left is 退会済み whatever else is set; one staff suspended is 停止中. */
export function customerStatus(account: { suspendedAt: Date | string | null; withdrawnAt: Date | string | null }): CustomerStatus {
  if (account.withdrawnAt != null) return "withdrawn";
  return account.suspendedAt != null ? "suspended" : "active";
}

export type CustomerChangeKind = "address" | "points" | "suspend" | "resume" | "profile";

export const CUSTOMER_CHANGE_LABELS: Record<CustomerChangeKind, string> = {
  address: "お届け先の修正",
  points: "ポイントの調整",
  suspend: "アカウントの停止",
  resume: "アカウントの再開",
  profile: "会員情報の修正",
};

/** What a suspended member is told: that the account cannot be used now, and whom to ask — nothing more. */
export const ACCOUNT_SUSPENDED_MESSAGES = {
  login: "このアカウントは現在ご利用いただけません。お問い合わせください。",
  order: "このアカウントでは現在ご注文いただけません。お問い合わせください。",
  /** A guest who typed a suspended member's address. */
  guestOrder: "このメールアドレスでは現在ご注文いただけません。お問い合わせください。",
} as const;

export const CUSTOMER_MESSAGES = {
  notFound: "会員が見つかりません。URLが正しいかご確認ください。",
  guestNotFound: "このメールアドレスのゲスト購入・お問い合わせは見つかりません。",
  withdrawn: "退会済みの会員の記録は変更できません。",
  pointsAdded: "ポイントを付与しました。",
  pointsTaken: "ポイントを差し引きました。",
  addressCorrected: "お届け先を修正しました。",
  suspended: "アカウントを停止しました。ログイン中の端末はすべてログアウトしました。",
  resumed: "アカウントを再開しました。",
  alreadySuspended: "このアカウントは既に停止されています。",
  notSuspended: "このアカウントは停止されていません。",
  busy: "ほかの操作と重なったため、変更できませんでした。もう一度お試しください。",
  overLimit: (limit: number) => `スタッフが1回に調整できるのは${formatCount(limit)}ポイントまでです。それを超える調整はオーナーにご依頼ください。`,
  belowZero: (balance: number) => `保有ポイント（${pointsText(balance)}）を超えて差し引くことはできません。`,
} as const;

/** 2400 → "2,400pt". */
export function pointsText(points: number): string {
  return `${formatCount(points)}pt`;
}

/** A change of points as the log and its notice read it: 「500ptを付与」「300ptを差し引き」. */
export function pointsChangeSummary(amount: number): string {
  return amount >= 0 ? `${pointsText(amount)}を付与` : `${pointsText(-amount)}を差し引き`;
}

export interface PointAdjustmentFacts {
  /** Signed: positive adds, negative takes. */
  amount: number;
  balance: number;
  /** pointAdjustLimit of the shop settings in force. */
  limit: number;
  isOwner: boolean;
}

export interface PointAdjustmentRefusal {
  /** over_limit: the owner may (403 for staff); below_zero: nobody may, on this balance (409). */
  kind: "over_limit" | "below_zero";
  message: string;
}

/**
 * Why an adjustment may not be made (null: it may): plain staff adjust at most the owner's limit at once,
 * the owner any amount; nobody takes more than the balance (the batch guards that again).
 */
export function pointAdjustmentRefusal({ amount, balance, limit, isOwner }: PointAdjustmentFacts): PointAdjustmentRefusal | null {
  if (!isOwner && Math.abs(amount) > limit) return { kind: "over_limit", message: CUSTOMER_MESSAGES.overLimit(limit) };
  if (balance + amount < 0) return { kind: "below_zero", message: CUSTOMER_MESSAGES.belowZero(balance) };
  return null;
}

/** An address as the audit log reads it: name (reading), postal code and street, phone — one line. */
export function addressText(address: AddressColumns & { title: string }): string {
  const { postal, street } = describeAddress({
    postal_code: address.postalCode,
    prefecture: address.prefecture,
    city: address.city,
    district: address.district,
    address1: address.address1,
    address2: address.address2,
  });
  const title = address.title ? `【${address.title}】` : "";
  return `${title}${address.lastname} ${address.firstname}（${address.lastnameJp} ${address.firstnameJp}） ${postal} ${street} 電話 ${address.phone}`;
}

/** The address's name in the log's summary: its title, else its recipient. */
export function addressLabel(address: { title?: string; lastname: string; firstname: string }): string {
  return address.title || `${address.lastname} ${address.firstname}`;
}
