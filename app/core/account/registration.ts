/**
 * Opening an account (/user/register, or 会員登録 at the checkout) without telling anyone which addresses
 * already have one: the answer to a registered address is the page a new address gets (「メールを
 * お送りしました」), nobody is signed in by registering, and the address's owner gets a mail saying someone
 * tried (the usual practice). Attempts are counted per network and per address before anything is looked
 * up. Pure: no I/O.
 */
import type { ThrottleRule, ThrottleStep } from "../site/throttle";

const ONE_HOUR = 60 * 60_000;

export const REGISTRATION_THROTTLE = {
  /** One network registering many addresses: probing who is a member, or flooding mailboxes. */
  ip: { maxAttempts: 30, windowMs: ONE_HOUR },
  /** One address from anywhere: the most registration mails one mailbox gets in an hour. */
  email: { maxAttempts: 5, windowMs: ONE_HOUR },
} as const satisfies Record<string, ThrottleRule>;

/**
 * The keys a registration counts under; `ip` is CF-Connecting-IP (absent only in local runs). A
 * registration proves no secret, so no counter is ever reset or forgiven.
 */
export function registrationThrottleSteps(email: string, ip: string | null): ThrottleStep[] {
  const steps: ThrottleStep[] = ip ? [{ key: `register:ip:${ip}`, rule: REGISTRATION_THROTTLE.ip, onSuccess: "forgive" }] : [];
  steps.push({ key: `register:email:${email}`, rule: REGISTRATION_THROTTLE.email, onSuccess: "forgive" });
  return steps;
}

export const REGISTRATION_MESSAGES = {
  /** After /user/register, whether the address was new or already a member's. */
  sent: "会員登録のお申し込みを受け付けました。ご入力のメールアドレスにご案内のメールをお送りしましたので、内容をご確認のうえログインしてください。メールが届かない場合は、迷惑メールのフォルダや、入力したメールアドレスに誤りがないかをご確認ください。",
  /** On the thank-you page of an order placed with 会員登録 ticked, whichever the address was. */
  withOrder: "会員登録のお申し込みも受け付けました。ご入力のメールアドレスにご案内のメールをお送りしましたので、内容をご確認のうえログインしてください。",
  throttled: (minutes: number) => `会員登録のお申し込みが続いたため、一時的に受付を制限しています。${minutes}分後にもう一度お試しください。`,
} as const;

/** The outbox key of the mail telling an address's owner that someone tried to register it. */
export function registrationAttemptMailKey(email: string, at: Date): string {
  return `registration-attempt:${email}:${at.getTime()}`;
}
