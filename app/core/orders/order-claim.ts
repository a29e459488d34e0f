/**
 * A member taking their earlier guest orders into the account (issue 15 item 6): guest orders (no
 * account) placed with the account's e-mail are attached after the member opens a link mailed to that
 * address — proof that the orders' address is theirs. The link is an account token (purpose order_claim,
 * app/core/account/account-tokens.ts). Pure: no I/O.
 */
import { ACCOUNT_TOKEN_LIFETIME_MS } from "../account/account-tokens";
import type { ThrottleRule, ThrottleStep } from "../site/throttle";

/** How long the mailed link works, in hours (the account token's lifetime), as the mail and notice say it. */
export const ORDER_CLAIM_LINK_HOURS = ACCOUNT_TOKEN_LIFETIME_MS.order_claim / 3_600_000;

export const ORDER_CLAIM_PATH = "/user/orders/claim";

export const ORDER_CLAIM_MESSAGES = {
  nothingToClaim: "このメールアドレスで会員登録前にご購入いただいたご注文は見つかりませんでした。",
  otherMember: "このリンクは、ログイン中の会員様あてのものではありません。メールを受け取った会員様のアカウントでログインしてから開いてください。",
  emailChanged: "ご登録のメールアドレスが変更されたため、このリンクは使えません。注文履歴からもう一度お手続きください。",
  locked: "確認メールの送信が続いたため、しばらくお待ちください（1時間に3回まで送信できます）。",
} as const;

/** Notices after the redirect to /user/orders (`?notice=…`). */
export const ORDER_CLAIM_NOTICES = {
  claim_sent: `確認メールをお送りしました。メールに記載されたリンクを${ORDER_CLAIM_LINK_HOURS}時間以内に開くと、ご注文が注文履歴に追加されます。`,
  claimed: "ゲスト購入のご注文を注文履歴に追加しました。",
} as const;

/**
 * Each request mails the member's own address: a few an hour, so the form cannot be used to flood it.
 * Never settled: every mail sent counts.
 */
export const ORDER_CLAIM_THROTTLE: ThrottleRule = { maxAttempts: 3, windowMs: 60 * 60_000 };

export function orderClaimThrottleSteps(userId: number): ThrottleStep[] {
  return [{ key: `order-claim:user:${userId}`, rule: ORDER_CLAIM_THROTTLE, onSuccess: "forgive" }];
}
