/**
 * The member's account settings (/user/profile): what each change answers, and how often the current
 * password may be tried there. Pure: no I/O. The forms' schemas are in account-settings-forms.ts, so the
 * page's labels load no Valibot.
 */
import type { ThrottleRule, ThrottleStep } from "../site/throttle";

export const PROFILE_PATH = "/user/profile";

/** The settings page's forms, by the `intent` each posts. */
export const SETTINGS_INTENTS = ["profile", "email", "password", "newsletter", "logout_everywhere"] as const;
export type SettingsIntent = (typeof SETTINGS_INTENTS)[number];

export const SETTINGS_MESSAGES = {
  sameEmail: "現在ご登録のメールアドレスです。新しいメールアドレスを入力してください。",
  takenMeanwhile:
    "このメールアドレスは、お手続きの間に別のアカウントで登録されたため、変更できませんでした。お手数ですが、別のメールアドレスでもう一度お手続きください。",
  passwordLocked: (minutes: number) => `現在のパスワードの確認に続けて失敗したため、一時的に変更を制限しています。${minutes}分後にもう一度お試しください。`,
  mailLimit: (minutes: number) => `確認メールの送信回数が上限に達しました。${minutes}分後にもう一度お試しください。`,
} as const;

/** What the settings page says after a change (PRG, `?notice=`). */
export const SETTINGS_NOTICES = {
  profile: "お名前・電話番号を変更しました。",
  email_sent: "確認メールを送信しました。メールに記載されたリンクを開くと、メールアドレスの変更が完了します。",
  email_changed: "メールアドレスを変更しました。",
  password: "パスワードを変更しました。ほかの端末・ブラウザではログアウトしました。",
  newsletter_on: "メールマガジンの配信を開始しました。",
  newsletter_off: "メールマガジンの配信を停止しました。",
} as const;

/** What the login page says when a settings change sent the member there. */
export const LOGIN_NOTICES = {
  logged_out_everywhere: "すべての端末・ブラウザからログアウトしました。",
  email_changed: "メールアドレスを変更しました。新しいメールアドレスでログインしてください。",
} as const;

const FIFTEEN_MINUTES = 15 * 60_000;

export const SETTINGS_THROTTLE = {
  /** Current-password checks for one member: a session left open (or stolen) is no way to guess it. */
  currentPassword: { maxAttempts: 5, windowMs: FIFTEEN_MINUTES },
  /** Verification mails one member has sent to addresses they typed: no way to mail strangers in bulk. */
  verificationMail: { maxAttempts: 5, windowMs: 60 * 60_000 },
} as const satisfies Record<string, ThrottleRule>;

/** Counted before the current password is checked (e-mail and password changes alike); reset by the right one. */
export function currentPasswordSteps(userId: number): ThrottleStep[] {
  return [{ key: `settings:password:${userId}`, rule: SETTINGS_THROTTLE.currentPassword, onSuccess: "reset" }];
}

/** Counted for each verification mail about to be written; never taken back. */
export function verificationMailSteps(userId: number): ThrottleStep[] {
  return [{ key: `settings:email-mail:${userId}`, rule: SETTINGS_THROTTLE.verificationMail, onSuccess: "forgive" }];
}
