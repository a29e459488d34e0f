/**
 * Password reset (「パスワードをお忘れの方」): what the shopper is told, how often a reset may
 * be asked for, and the link the mail carries. The answer to a request is the same whether or not the
 * address belongs to a member, so the page never tells who is registered. Pure: no I/O.
 */
import { ACCOUNT_TOKEN_LIFETIME_MS, type AccountTokenPurpose } from "./account-tokens";
import type { ThrottleRule, ThrottleStep } from "../site/throttle";

/** How long a mailed link stays valid, in the words of the page and the mail. */
export const RESET_LINK_MINUTES = ACCOUNT_TOKEN_LIFETIME_MS.password_reset / 60_000;

export const PASSWORD_RESET_PATH = "/password-reset";
export const NEW_PASSWORD_PATH = "/password-reset/new-password";

/**
 * The mailed link. The token is in the query, which the app's error log (path only) never writes, and the
 * page moves it to a cookie at once (app/web/account/password-reset.server.ts).
 */
export function newPasswordUrl(origin: string, token: string): string {
  return `${origin}${NEW_PASSWORD_PATH}?${new URLSearchParams({ token })}`;
}

/**
 * The links the new-password page takes: a member's reset, and the invitation staff send a merchant's new
 * login (its first password, set the same way).
 */
export const NEW_PASSWORD_LINK_PURPOSES = ["password_reset", "merchant_invitation"] as const satisfies readonly AccountTokenPurpose[];

const ONE_HOUR = 60 * 60_000;

export const PASSWORD_RESET_THROTTLE = {
  /** One address asked from one network: the owner trying again after a mail that seems late. */
  emailAndIp: { maxAttempts: 3, windowMs: ONE_HOUR },
  /** One network asking for many addresses (probing who is a member, or flooding mailboxes). */
  ip: { maxAttempts: 20, windowMs: ONE_HOUR },
  /**
   * One address from anywhere: the most reset mails one mailbox gets in an hour. Higher than emailAndIp,
   * so a stranger on one network cannot use up the owner's requests.
   */
  email: { maxAttempts: 6, windowMs: ONE_HOUR },
} as const satisfies Record<string, ThrottleRule>;

/**
 * The keys a reset request counts under; `ip` is CF-Connecting-IP (absent only in local runs). A request
 * is never "successful" in the throttle's sense (nothing secret is proved), so no counter is ever reset.
 */
export function passwordResetThrottleSteps(email: string, ip: string | null): ThrottleStep[] {
  const steps: ThrottleStep[] = [{ key: `password-reset:email-ip:${email}|${ip ?? "-"}`, rule: PASSWORD_RESET_THROTTLE.emailAndIp, onSuccess: "reset" }];
  if (ip) steps.push({ key: `password-reset:ip:${ip}`, rule: PASSWORD_RESET_THROTTLE.ip, onSuccess: "forgive" });
  steps.push({ key: `password-reset:email:${email}`, rule: PASSWORD_RESET_THROTTLE.email, onSuccess: "reset" });
  return steps;
}

export function resetThrottledMessage(minutes: number): string {
  return `パスワード再設定のお申し込みが続いたため、一時的に受付を制限しています。${minutes}分後にもう一度お試しください。`;
}

/** The one answer to every accepted request, registered address or not. */
export function resetRequestedMessage(email: string): string {
  return `ご入力のメールアドレス（${email}）が登録されている場合、パスワード再設定のご案内をお送りしました。メールに記載のリンクを${RESET_LINK_MINUTES}分以内に開き、新しいパスワードを設定してください。`;
}

/** Where the member lands once the new password is set: マイページ with this notice (`?notice=password-reset`). */
export const PASSWORD_RESET_DONE = {
  notice: "password-reset",
  message: "新しいパスワードを設定しました。ほかの端末でのログインはすべて終了しています。",
} as const;
