/**
 * A guest finds their order (/order-lookup, issue 15 item 6) with its number and the e-mail given at
 * checkout. Every refusal reads the same (a wrong number, a wrong address, something that is not an order
 * number, a member's order), so the page tells a prober nothing; attempts are limited per network and per
 * order number. A found order stays shown for a while through a grant in the signed session cookie (a
 * reload needs no retyping), never through the URL. Pure: no I/O.
 */
import { minutesUntil, type ThrottleRule, type ThrottleStep } from "../site/throttle";

export const ORDER_LOOKUP_PATH = "/order-lookup";

export const ORDER_LOOKUP_MESSAGES = {
  notFound:
    "ご注文が見つかりませんでした。注文番号とメールアドレス（ご注文時に入力したもの）をご確認ください。会員の方のご注文は、ログインして注文履歴からご確認いただけます。",
  locked: (minutes: number) => `ご注文の照会が続いたため、一時的に照会を制限しています。${minutes}分後にもう一度お試しください。`,
} as const;

/** Dashes a Japanese keyboard may type for the hyphen of 「20261121-482913」. */
const DASHES = /[‐‑‒–—―ー−－]/gu;

/**
 * As typed, in full width, with another dash, or digits only (a phone's number pad has no hyphen): the
 * order number as stored.
 */
export function normaliseOrderNumber(typed: string): string {
  const number = typed.normalize("NFKC").replace(DASHES, "-").replace(/\s+/gu, "").toUpperCase();
  return /^\d{12,14}$/.test(number) ? `${number.slice(0, 8)}-${number.slice(8)}` : number;
}

/** Full-width characters (an IME's ＠) and case do not matter: checkout stores the address lower-cased. */
export function normaliseLookupEmail(typed: string): string {
  return typed.normalize("NFKC").trim().toLowerCase();
}

/** The form's fields as the schema (app/core/orders/order-lookup-form.ts) hands them over, normalised. */
export interface OrderLookupInput {
  number: string;
  email: string;
}

/** Order numbers are the order day and a serial (「20261121-482913」; the demo's older ones have 4 digits). */
export const ORDER_NUMBER_PATTERN = /^\d{8}-\d{4,6}$/;
const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]{1,189}$/;

/** Whether the input could name an order at all; anything else is answered "not found" without a query. */
export function isWellFormedLookup(input: OrderLookupInput): boolean {
  return ORDER_NUMBER_PATTERN.test(input.number) && EMAIL_SHAPE.test(input.email);
}

const FIFTEEN_MINUTES = 15 * 60_000;

export const ORDER_LOOKUP_THROTTLE = {
  /** One order number from one network: the guest mistyping the address, or someone guessing it. */
  orderAndIp: { maxAttempts: 5, windowMs: FIFTEEN_MINUTES },
  /** One network trying many order numbers. */
  ip: { maxAttempts: 30, windowMs: FIFTEEN_MINUTES },
  /** One order number from anywhere: higher than orderAndIp, so one stranger cannot lock the guest out. */
  order: { maxAttempts: 20, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, ThrottleRule>;

/**
 * The keys a lookup counts under; `number` is null when the input is not an order number (only the network
 * counts, no key is made of garbage), `ip` is CF-Connecting-IP (absent only in local runs).
 */
export function orderLookupThrottleSteps(number: string | null, ip: string | null): ThrottleStep[] {
  const steps: ThrottleStep[] = [];
  if (number) steps.push({ key: `order-lookup:order-ip:${number}|${ip ?? "-"}`, rule: ORDER_LOOKUP_THROTTLE.orderAndIp, onSuccess: "reset" });
  if (ip) steps.push({ key: `order-lookup:ip:${ip}`, rule: ORDER_LOOKUP_THROTTLE.ip, onSuccess: "forgive" });
  if (number) steps.push({ key: `order-lookup:order:${number}`, rule: ORDER_LOOKUP_THROTTLE.order, onSuccess: "reset" });
  return steps;
}

export function orderLookupLockedMessage(retryAt: number, now: number): string {
  return ORDER_LOOKUP_MESSAGES.locked(minutesUntil(retryAt, now));
}

/** How long a found order stays shown without typing its number and address again. */
export const ORDER_LOOKUP_GRANT_MS = 30 * 60_000;

/** Kept in the signed session cookie after a lookup succeeded. */
export interface OrderLookupGrant {
  orderId: number;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export function orderLookupGrant(orderId: number, now: Date): OrderLookupGrant {
  return { orderId, expiresAt: now.getTime() + ORDER_LOOKUP_GRANT_MS };
}

/** The grant's order while it lasts, else null (none, expired, or not the shape a grant has). */
export function grantedOrderId(grant: unknown, now: Date): number | null {
  if (!grant || typeof grant !== "object") return null;
  const { orderId, expiresAt } = grant as Partial<OrderLookupGrant>;
  if (!Number.isSafeInteger(orderId) || typeof expiresAt !== "number" || expiresAt <= now.getTime()) return null;
  return orderId ?? null;
}
