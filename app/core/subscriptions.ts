/**
 * Managing a subscription (定期便) from the account page (spec §9): the next delivery can be skipped, or the
 * subscription cancelled, only for a delivery after its cancel_date (the end of the minimum commitment).
 * Deliveries on or before that day are changed by phone through customer service. Dates are Japanese
 * calendar days as yyyy-mm-dd; `today` is passed in.
 */
import { formatDay } from "~/core/listing";
import { SUPPORT_PHONE } from "~/core/site";

export type SubscriptionChange = "skip" | "cancel";
export type SubscriptionRefusal = "not_active" | "delivery_due" | "before_cancel_date";

export interface SubscriptionDates {
  status: "active" | "cancelled";
  nextShippingDate: string;
  cancelDate: string;
}

/** A reminder of the next delivery is written this many days before it ships. */
export const UPCOMING_REMINDER_DAYS = 7;

const JST_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

/** The calendar day in Japan of an instant: the day the shop's rules count by. */
export function jstToday(now: Date): string {
  return new Date(now.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/** `day` plus `days` days. */
export function addDaysIso(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same day `months` months later, clamped to the month's last day (1月31日 + 1 → 2月28日/29日). */
export function addMonthsIso(day: string, months: number): string {
  const [year = 2000, month = 1, date = 1] = day.split("-").map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * Whether the member may skip the next delivery or cancel now: the subscription is active, the next
 * delivery has not yet shipped (it is after today) and it falls after cancel_date — strictly: a delivery
 * on cancel_date itself is still within the commitment.
 */
export function subscriptionChangeAllowed(
  subscription: SubscriptionDates,
  today: string,
): { ok: true } | { ok: false; reason: SubscriptionRefusal } {
  if (subscription.status !== "active") return { ok: false, reason: "not_active" };
  if (subscription.nextShippingDate <= today) return { ok: false, reason: "delivery_due" };
  if (subscription.nextShippingDate <= subscription.cancelDate) return { ok: false, reason: "before_cancel_date" };
  return { ok: true };
}

/** The member-facing reason a change is refused. */
export function subscriptionRefusalMessage(reason: SubscriptionRefusal, subscription: SubscriptionDates): string {
  switch (reason) {
    case "not_active":
      return "この定期便はすでに解約されています。";
    case "delivery_due":
      return "次回のお届けはすでに手配済みのため、マイページからは変更できません。";
    case "before_cancel_date":
      return `スキップ・解約は${formatDay(subscription.cancelDate)}より後のお届け分から承ります。次回（${formatDay(subscription.nextShippingDate)}）のお届けの変更はカスタマーサービス（${SUPPORT_PHONE}）へお電話ください。`;
  }
}

/** The next payment and shipping days after skipping one delivery: each moves one period later. */
export function datesAfterSkip(
  subscription: { nextPaymentDate: string; nextShippingDate: string; periodMonths: number },
): { nextPaymentDate: string; nextShippingDate: string } {
  const months = Math.max(1, subscription.periodMonths);
  return {
    nextPaymentDate: addMonthsIso(subscription.nextPaymentDate, months),
    nextShippingDate: addMonthsIso(subscription.nextShippingDate, months),
  };
}

/** Whether the "next delivery soon" reminder is due: the delivery ships within UPCOMING_REMINDER_DAYS. */
export function upcomingReminderDue(subscription: SubscriptionDates, today: string): boolean {
  if (subscription.status !== "active") return false;
  return subscription.nextShippingDate > today && subscription.nextShippingDate <= addDaysIso(today, UPCOMING_REMINDER_DAYS);
}
