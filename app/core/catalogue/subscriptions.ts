/**
 * Managing a subscription (定期便) from the account page (spec §9): the next delivery can be skipped, or the
 * subscription cancelled, only for a delivery after its cancel_date (the end of the minimum commitment).
 * Deliveries on or before that day are changed by phone through customer service. Dates are Japanese
 * calendar days as yyyy-mm-dd; `today` is passed in.
 */
import { addDaysToDate, addMonthsToDate, formatDateJa } from "~/core/dates";

export type SubscriptionChange = "skip" | "cancel";
export type SubscriptionRefusal = "not_active" | "delivery_due" | "before_cancel_date";

export interface SubscriptionDates {
  status: "active" | "cancelled";
  nextShippingDate: string;
  cancelDate: string;
}

/** A reminder of the next delivery is written this many days before it ships. */
export const UPCOMING_REMINDER_DAYS = 7;

/**
 * Whether the member may skip the next delivery or cancel now: the subscription is active, the next
 * delivery has not yet shipped (it is after today) and it falls after cancel_date — strictly: a delivery
 * on cancel_date itself is still within the commitment.
 */
export function subscriptionChangeAllowed(subscription: SubscriptionDates, today: string): { ok: true } | { ok: false; reason: SubscriptionRefusal } {
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
      return `スキップ・解約は${formatDateJa(subscription.cancelDate)}より後のお届け分から承ります。次回（${formatDateJa(subscription.nextShippingDate)}）のお届けの変更は、このページに記載のカスタマーサービスへお電話ください。`;
  }
}

/** The next payment and shipping days after skipping one delivery: each moves one period later. */
export function datesAfterSkip(subscription: { nextPaymentDate: string; nextShippingDate: string; periodMonths: number }): {
  nextPaymentDate: string;
  nextShippingDate: string;
} {
  const months = Math.max(1, subscription.periodMonths);
  return {
    nextPaymentDate: addMonthsToDate(subscription.nextPaymentDate, months),
    nextShippingDate: addMonthsToDate(subscription.nextShippingDate, months),
  };
}

/** Whether the "next delivery soon" reminder is due: the delivery ships within UPCOMING_REMINDER_DAYS. */
export function upcomingReminderDue(subscription: SubscriptionDates, today: string): boolean {
  if (subscription.status !== "active") return false;
  return subscription.nextShippingDate > today && subscription.nextShippingDate <= addDaysToDate(today, UPCOMING_REMINDER_DAYS);
}
