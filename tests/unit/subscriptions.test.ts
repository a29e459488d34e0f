import { describe, expect, it } from "vitest";
import {
  datesAfterSkip,
  subscriptionChangeAllowed,
  subscriptionRefusalMessage,
  UPCOMING_REMINDER_DAYS,
  upcomingReminderDue,
  type SubscriptionDates,
} from "~/core/catalogue/subscriptions";

const TODAY = "2026-01-15";
const CANCEL_DATE = "2026-01-20";
const active = (nextShippingDate: string, cancelDate = CANCEL_DATE): SubscriptionDates => ({ status: "active", nextShippingDate, cancelDate });

describe("subscriptionChangeAllowed: skip or cancel only for a delivery after cancel_date (spec §9)", () => {
  it("refuses a delivery the day before cancel_date", () => {
    expect(subscriptionChangeAllowed(active("2026-01-19"), TODAY)).toEqual({ ok: false, reason: "before_cancel_date" });
  });

  it("refuses a delivery on cancel_date itself", () => {
    expect(subscriptionChangeAllowed(active("2026-01-20"), TODAY)).toEqual({ ok: false, reason: "before_cancel_date" });
  });

  it("allows a delivery the day after cancel_date", () => {
    expect(subscriptionChangeAllowed(active("2026-01-21"), TODAY)).toEqual({ ok: true });
  });

  it("allows any coming delivery once cancel_date has passed", () => {
    expect(subscriptionChangeAllowed(active("2026-02-10", "2025-12-01"), TODAY)).toEqual({ ok: true });
  });

  it("refuses a delivery that ships today or has shipped (today, today-1), allows tomorrow's", () => {
    expect(subscriptionChangeAllowed(active("2026-01-15", "2025-01-01"), TODAY)).toEqual({ ok: false, reason: "delivery_due" });
    expect(subscriptionChangeAllowed(active("2026-01-14", "2025-01-01"), TODAY)).toEqual({ ok: false, reason: "delivery_due" });
    expect(subscriptionChangeAllowed(active("2026-01-16", "2025-01-01"), TODAY)).toEqual({ ok: true });
  });

  it("refuses a cancelled subscription", () => {
    expect(subscriptionChangeAllowed({ ...active("2026-03-01"), status: "cancelled" }, TODAY)).toEqual({ ok: false, reason: "not_active" });
  });

  it("explains a refusal with the dates, pointing to the phone line the page shows", () => {
    const message = subscriptionRefusalMessage("before_cancel_date", active("2026-01-19"));
    expect(message).toContain("2026年1月20日より後のお届け分から");
    expect(message).toContain("2026年1月19日");
    expect(message).toContain("このページに記載のカスタマーサービスへお電話ください");
    expect(subscriptionRefusalMessage("not_active", active("2026-01-19"))).toBe("この定期便はすでに解約されています。");
  });
});

describe("datesAfterSkip", () => {
  it("moves both next dates one period on a skip", () => {
    expect(datesAfterSkip({ nextPaymentDate: "2026-01-23", nextShippingDate: "2026-01-25", periodMonths: 1 })).toEqual({
      nextPaymentDate: "2026-02-23",
      nextShippingDate: "2026-02-25",
    });
    expect(datesAfterSkip({ nextPaymentDate: "2026-01-23", nextShippingDate: "2026-01-25", periodMonths: 2 })).toEqual({
      nextPaymentDate: "2026-03-23",
      nextShippingDate: "2026-03-25",
    });
  });
});

describe("upcomingReminderDue", () => {
  it("is due for a delivery within the next 7 days (limit and limit+1)", () => {
    expect(UPCOMING_REMINDER_DAYS).toBe(7);
    expect(upcomingReminderDue(active("2026-01-22"), TODAY)).toBe(true);
    expect(upcomingReminderDue(active("2026-01-23"), TODAY)).toBe(false);
    expect(upcomingReminderDue(active("2026-01-16"), TODAY)).toBe(true);
    expect(upcomingReminderDue(active("2026-01-15"), TODAY)).toBe(false);
    expect(upcomingReminderDue({ ...active("2026-01-20"), status: "cancelled" }, TODAY)).toBe(false);
  });
});
