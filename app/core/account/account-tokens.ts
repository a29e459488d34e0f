/**
 * Links mailed to a member that act on the account (password reset, e-mail change, claiming guest
 * orders): how long each stays valid, and what a refused link says. Pure: no I/O.
 */
export type AccountTokenPurpose = "password_reset" | "email_change" | "order_claim" | "merchant_invitation";

export const ACCOUNT_TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  password_reset: 30 * 60_000,
  email_change: 24 * 60 * 60_000,
  order_claim: 24 * 60 * 60_000,
  /** Staff added a merchant's login: its person sets their first password (they may not read mail at once). */
  merchant_invitation: 7 * 24 * 60 * 60_000,
};

export type AccountTokenRefusal = "unknown" | "used" | "expired";

export const ACCOUNT_TOKEN_MESSAGES: Record<AccountTokenRefusal, string> = {
  unknown: "このリンクは正しくありません。メールに記載されたリンクをそのまま開いてください。",
  used: "このリンクは既に使用されています。もう一度お手続きをやり直してください。",
  expired: "このリンクは有効期限が切れています。もう一度お手続きをやり直してください。",
};

/** Why a stored token cannot be used now, or null when it can. */
export function accountTokenRefusal(token: { usedAt: Date | null; expiresAt: Date } | undefined, now: Date): AccountTokenRefusal | null {
  if (!token) return "unknown";
  if (token.usedAt) return "used";
  if (token.expiresAt.getTime() <= now.getTime()) return "expired";
  return null;
}
