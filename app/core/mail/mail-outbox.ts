/**
 * When an e-mail is tried again. A message is tried at most MAIL_MAX_ATTEMPTS times, waiting longer
 * after each failure; then it stays `failed` with its last error until staff resend it. A sender that
 * claimed a message and vanished (a Worker killed mid-send) loses the claim after MAIL_CLAIM_TIMEOUT_MS.
 * Also what the outbox's listings (staff's /crm/mail-outbox, the local /dev/mailbox) call each message
 * (their definition: mail-outbox-listing.ts). Pure: no I/O.
 */
export const MAIL_MAX_ATTEMPTS = 5;

export const MAIL_CLAIM_TIMEOUT_MS = 5 * 60_000;

/** The wait after the n-th failed attempt (1-based): 1 min, 5 min, 30 min, 2 h. */
const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];

/** Cloudflare Queues delays a retried message by at most 12 hours. */
const QUEUE_MAX_DELAY_SECONDS = 12 * 60 * 60;

export type MailStatus = "pending" | "sending" | "sent" | "failed";

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  pending: "送信待ち",
  sending: "送信中",
  sent: "送信済み",
  failed: "送信失敗",
};

/** What the mail is about. */
export type MailKind =
  | "order_confirmation"
  | "welcome"
  | "registration_attempt"
  | "password_reset"
  | "email_change_verify"
  | "email_change_notice"
  | "order_claim_verify"
  | "withdrawal_done"
  | "newsletter"
  | "payment_confirmed"
  | "shipment_shipped"
  | "order_cancelled"
  | "order_changed"
  | "return_update"
  | "merchant_invitation"
  | "ticket_reply"
  | "ticket_satisfaction"
  | "merchant_alert"
  | "product_review"
  | "merchant_digest"
  | "staff_alert"
  | "staff_digest";

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  order_confirmation: "ご注文確認",
  welcome: "会員登録完了",
  registration_attempt: "登録済みアドレスへの会員登録のお申し込み",
  password_reset: "パスワード再設定",
  email_change_verify: "メールアドレス変更の確認",
  email_change_notice: "メールアドレス変更のお知らせ",
  order_claim_verify: "過去のご注文の引き継ぎ確認",
  withdrawal_done: "退会完了",
  newsletter: "メールマガジン",
  payment_confirmed: "ご入金確認",
  shipment_shipped: "出荷のお知らせ",
  order_cancelled: "ご注文キャンセル",
  order_changed: "ご注文内容の変更",
  return_update: "返品・交換のご連絡",
  merchant_invitation: "出店者ログインのご案内",
  ticket_reply: "お問い合わせへのご返信",
  ticket_satisfaction: "お問い合わせのアンケート",
  merchant_alert: "出店者への通知",
  product_review: "商品の承認・差戻し",
  merchant_digest: "出店者への通知（1日のまとめ）",
  staff_alert: "スタッフへの通知",
  staff_digest: "スタッフへの通知（1日のまとめ）",
};

/** A kind as staff read it (a kind written by newer code than this label list shows as stored). */
export function mailKindLabel(kind: string): string {
  return Object.hasOwn(MAIL_KIND_LABELS, kind) ? MAIL_KIND_LABELS[kind as MailKind] : kind;
}

/** After a failed attempt: try again at this time, or give up (null). */
export function nextAttemptAfterFailure(attempts: number, now: Date): Date | null {
  if (attempts >= MAIL_MAX_ATTEMPTS) return null;
  const wait = BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!;
  return new Date(now.getTime() + wait);
}

/** The delay a queue message is retried with so that it comes back when its outbox row is due (1 s to 12 h). */
export function queueRetryDelaySeconds(retryAt: Date, now: Date): number {
  const seconds = Math.ceil((retryAt.getTime() - now.getTime()) / 1000);
  return Math.min(QUEUE_MAX_DELAY_SECONDS, Math.max(1, seconds));
}

/** An error as the outbox keeps it: its message, one line, short enough for a listing. */
export function describeMailError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").slice(0, 500);
}

/** The outbox key of an order's confirmation: one per order. */
export function orderConfirmationKey(orderNumber: string): string {
  return `order-confirmation:${orderNumber}`;
}

/** Staff's resend of an order's confirmation: a new message each time it is asked for. */
export function orderConfirmationResendKey(orderNumber: string, at: Date): string {
  return `${orderConfirmationKey(orderNumber)}:resend:${at.getTime()}`;
}

/** The outbox keys of an order's lifecycle mails (app/services/orders/order-transitions, order-cancellation). */
export const ORDER_MAIL_KEYS = {
  paymentConfirmed: (orderNumber: string) => `payment-confirmed:${orderNumber}`,
  shipmentShipped: (shipmentId: number) => `shipment-shipped:${shipmentId}`,
  /** The shipping mail sent again by a bulk action (its run's token): once per run, however often it is posted. */
  shipmentShippedResent: (shipmentId: number, run: string) => `shipment-shipped:${shipmentId}:resend:${run}`,
  cancelled: (orderNumber: string) => `order-cancelled:${orderNumber}`,
  /** Some lines cancelled: the line ids in ascending order. */
  linesCancelled: (orderNumber: string, lineIds: readonly number[]) => `lines-cancelled:${orderNumber}:${[...lineIds].sort((a, b) => a - b).join("-")}`,
  /** An edit of the order (issue 38): the lifecycle version the edit made, one mail per edit. */
  changed: (orderNumber: string, version: number) => `order-changed:${orderNumber}:${version}`,
} as const;

/** What an order mail's outbox key names (issue 36 item 1): an answer to that mail opens or joins a ticket about the order. */
export type MailedOrderRef = { orderNumber: string } | { shipmentId: number } | { returnId: number } | { returnToken: string };

/** The order an order, shipping or return mail is about, by its key (ORDER_MAIL_KEYS, orderConfirmationKey, the returns'); null for any other mail. */
export function orderOfMailKey(key: string): MailedOrderRef | null {
  const byNumber = /^(?:order-confirmation|payment-confirmed|order-cancelled|lines-cancelled|order-changed):([^:]+)/.exec(key);
  if (byNumber?.[1]) return { orderNumber: byNumber[1] };
  const shipment = /^shipment-shipped:(\d+)(?::resend:[^:]+)?$/.exec(key);
  if (shipment) return { shipmentId: Number(shipment[1]) };
  const decided = /^return-(?:approved|refused|received):(\d+)$/.exec(key);
  if (decided) return { returnId: Number(decided[1]) };
  const requested = /^return-requested:(.+)$/.exec(key);
  return requested?.[1] ? { returnToken: requested[1] } : null;
}

/**
 * The outbox key of an account's welcome: the address and the moment the account was made, so an address
 * freed by a withdrawal and registered again is welcomed again.
 */
export function welcomeMailKey(email: string, registeredAt: Date): string {
  return `welcome:${email}:${registeredAt.getTime()}`;
}

export const MAIL_OUTBOX_TEXT = {
  resent: "送信失敗のメールを送信待ちに戻しました。まもなく再送されます。",
  notResendable: "このメールは再送できません（送信失敗のメールだけが再送できます）。一覧を再読み込みしてください。",
  notFound: "メールが見つかりません。",
  sensitiveHidden: "このメールにはお客様専用のリンク（パスワード再設定・メールアドレス確認など）が含まれるため、本文は表示できません。",
} as const;
