/**
 * Closing a member account (退会, issue 15 item 5): when it is refused, what the anonymised account reads
 * as afterwards, and the limit on password guesses at the form (its schema: app/core/account/withdrawal-form.ts).
 * The retention rule the privacy policy states (app/core/account/privacy.ts) is what
 * app/services/account/withdrawal-statements.server.ts does.
 * Pure: no I/O.
 */
import { minutesUntil, type ThrottleRule, type ThrottleStep } from "../site/throttle";

/**
 * What an anonymised account and its records read as. The kana keeps its column's katakana; texts the
 * customer wrote are replaced, not emptied, so staff reading an old ticket see why it is blank.
 */
export const WITHDRAWN_PERSON = {
  name: "退会済み",
  kana: "タイカイズミ",
  /** A review stays published under this name (withHonorific leaves a name ending in 様 as it is). */
  reviewNickname: "退会したお客様",
  /** A customer's ticket text (description, messages). */
  text: "（退会により削除されました）",
  /** Where the customer's name, address or phone stood in a staff reply. */
  redaction: "〇〇",
  /**
   * Not a hash of anything: verifyPassword accepts only `pbkdf2-sha256$…`, so no password opens the account.
   */
  passwordHash: "withdrawn",
} as const;

/**
 * The address an anonymised account keeps (users.email is unique and required): under `.invalid`, which
 * RFC 2606 reserves and no mail server accepts, with a random part so nobody can take it beforehand and
 * so stop the member from leaving. The real address is free to register again at once.
 */
export function withdrawnEmail(userId: number, nonce: string): string {
  return `withdrawn-${userId}-${nonce}@invalid`;
}

/**
 * The "withdrawal done" mail keeps the member's real address (it is what it was sent to). Its copy in the
 * outbox stays this long, for support to answer "did the mail go out?", then the hourly job deletes it.
 */
export const WITHDRAWAL_MAIL_RETENTION_DAYS = 30;

export const WITHDRAWAL_MESSAGES = {
  staffAccount: "スタッフのアカウントはこのページから退会できません。管理者にご連絡ください。",
  passwordWrong: "パスワードが正しくありません",
  locked: (minutes: number) => `パスワードの確認に続けて失敗したため、退会のお手続きを一時的に制限しています。${minutes}分後にもう一度お試しください。`,
  unfinishedOrders: "お届けが完了していないご注文があるため、退会できません。商品のお届け（またはキャンセル）が完了した後に、あらためてお手続きください。",
  activeSubscriptions: "ご利用中の定期便があるため、退会できません。定期便を解約した後に、あらためてお手続きください。",
  /** The batch's guard failed for another reason: the account changed while the form was open. */
  changed: "ご登録内容が変更されたため、退会できませんでした。内容をご確認のうえ、もう一度お手続きください。",
  done: "退会のお手続きが完了しました。",
} as const;

/** Why the account cannot be closed now (empty: it can), from what the member still has under way. */
export function withdrawalBlockers(state: { unfinishedOrders: number; activeSubscriptions: number }): ("unfinishedOrders" | "activeSubscriptions")[] {
  const blockers: ("unfinishedOrders" | "activeSubscriptions")[] = [];
  if (state.unfinishedOrders > 0) blockers.push("unfinishedOrders");
  if (state.activeSubscriptions > 0) blockers.push("activeSubscriptions");
  return blockers;
}

/**
 * Password checks at the withdrawal form, per account: a session left open on a shared computer must not
 * become a way to guess the password (and then close the account).
 */
export const WITHDRAWAL_PASSWORD_THROTTLE: ThrottleRule = { maxAttempts: 5, windowMs: 15 * 60_000 };

export function withdrawalThrottleSteps(userId: number): ThrottleStep[] {
  return [{ key: `withdraw:user:${userId}`, rule: WITHDRAWAL_PASSWORD_THROTTLE, onSuccess: "reset" }];
}

export function withdrawalLockedMessage(retryAt: number, now: number): string {
  return WITHDRAWAL_MESSAGES.locked(minutesUntil(retryAt, now));
}
