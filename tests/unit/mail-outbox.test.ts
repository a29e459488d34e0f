import { describe, expect, it } from "vitest";
import { filterBadges, parseListingQuery } from "~/core/search/listing-query";
import {
  describeMailError,
  MAIL_KIND_LABELS,
  MAIL_MAX_ATTEMPTS,
  MAIL_STATUS_LABELS,
  mailKindLabel,
  nextAttemptAfterFailure,
  orderConfirmationKey,
  orderConfirmationResendKey,
  orderOfMailKey,
  ORDER_MAIL_KEYS,
  queueRetryDelaySeconds,
  welcomeMailKey,
} from "~/core/mail/mail-outbox";
import { MAIL_OUTBOX_LISTING } from "~/core/mail/mail-outbox-listing";

const NOW = new Date("2026-03-01T00:00:00Z");
const after = (ms: number) => new Date(NOW.getTime() + ms);

describe("nextAttemptAfterFailure", () => {
  it("waits 1 min, 5 min, 30 min and 2 h after the 1st to 4th failure", () => {
    expect([1, 2, 3, 4].map((attempts) => nextAttemptAfterFailure(attempts, NOW))).toEqual([after(60_000), after(300_000), after(1_800_000), after(7_200_000)]);
  });

  it(`gives up after the ${MAIL_MAX_ATTEMPTS}th failure`, () => {
    expect(nextAttemptAfterFailure(MAIL_MAX_ATTEMPTS - 1, NOW)).not.toBeNull();
    expect(nextAttemptAfterFailure(MAIL_MAX_ATTEMPTS, NOW)).toBeNull();
    expect(nextAttemptAfterFailure(MAIL_MAX_ATTEMPTS + 1, NOW)).toBeNull();
  });
});

describe("queueRetryDelaySeconds", () => {
  it("comes back when the row is due, in whole seconds rounded up", () => {
    expect(queueRetryDelaySeconds(after(60_000), NOW)).toBe(60);
    expect(queueRetryDelaySeconds(after(60_001), NOW)).toBe(61);
  });

  it("waits at least a second and at most the queue's 12 hours", () => {
    expect(queueRetryDelaySeconds(NOW, NOW)).toBe(1);
    expect(queueRetryDelaySeconds(after(-5_000), NOW)).toBe(1);
    expect(queueRetryDelaySeconds(after(12 * 3_600_000), NOW)).toBe(43_200);
    expect(queueRetryDelaySeconds(after(13 * 3_600_000), NOW)).toBe(43_200);
  });
});

describe("describeMailError", () => {
  it("keeps an error's message on one line, at most 500 characters", () => {
    expect(describeMailError(new Error("550 5.1.1\n  mailbox  unavailable"))).toBe("550 5.1.1 mailbox unavailable");
    expect(describeMailError("timeout")).toBe("timeout");
    expect(describeMailError(new Error("x".repeat(600)))).toHaveLength(500);
  });
});

describe("keys and labels", () => {
  it("keys an order's confirmation by its number and a welcome by the address and the moment", () => {
    expect(orderConfirmationKey("20260301-123456")).toBe("order-confirmation:20260301-123456");
    expect(welcomeMailKey("a@example.jp", NOW)).toBe(`welcome:a@example.jp:${NOW.getTime()}`);
    // The same address registered again later (after a withdrawal) is another event.
    expect(welcomeMailKey("a@example.jp", after(1))).not.toBe(welcomeMailKey("a@example.jp", NOW));
  });

  it("names every status and kind in Japanese, and shows an unknown kind as stored", () => {
    expect(Object.values(MAIL_STATUS_LABELS)).toEqual(["送信待ち", "送信中", "送信済み", "送信失敗"]);
    expect(mailKindLabel("order_confirmation")).toBe("ご注文確認");
    expect(mailKindLabel("welcome")).toBe("会員登録完了");
    expect(mailKindLabel("toString")).toBe("toString");
    expect(mailKindLabel("campaign_2027")).toBe("campaign_2027");
    for (const label of Object.values(MAIL_KIND_LABELS)) expect(label).toMatch(/[ぁ-んァ-ヶ一-龠]/);
  });
});

describe("the outbox listing", () => {
  it("is newest first by default and filters by status, part of the address (full-width typed as ASCII), kind and day", () => {
    const query = parseListingQuery(MAIL_OUTBOX_LISTING, new URLSearchParams("status=failed&to=%EF%BC%A1@example&kind=welcome&date_created_from=2026-03-01"));
    expect(query).toMatchObject({ orderby: "date_created", ordersens: "DESC", page: 0 });
    expect(query.inputs).toEqual({ status: "failed", to: "A@example", kind: "welcome", date_created: { from: "2026-03-01", to: null } });
    expect(filterBadges(MAIL_OUTBOX_LISTING, query).map((badge) => badge.label)).toEqual([
      "状態：送信失敗",
      "宛先：「A@example」",
      "種類：会員登録完了",
      "作成日：2026年3月1日以降",
    ]);
  });

  it("ignores a status or kind it does not know, and sorts only by its own columns", () => {
    const query = parseListingQuery(MAIL_OUTBOX_LISTING, new URLSearchParams("status=deleted&kind=spam&orderby=html"));
    expect(query.inputs).toEqual({});
    expect(query.orderby).toBe("date_created");
  });
});

describe("the order an order mail is about (an answer to it opens or joins a ticket about that order)", () => {
  it("reads the order's number, parcel or return from the mail's key, and nothing from any other mail's", () => {
    expect(orderOfMailKey(orderConfirmationKey("20261120-0004"))).toEqual({ orderNumber: "20261120-0004" });
    expect(orderOfMailKey(orderConfirmationResendKey("20261120-0004", new Date(0)))).toEqual({ orderNumber: "20261120-0004" });
    expect(orderOfMailKey(ORDER_MAIL_KEYS.linesCancelled("20261120-0004", [3, 1]))).toEqual({ orderNumber: "20261120-0004" });
    expect(orderOfMailKey(ORDER_MAIL_KEYS.shipmentShipped(5))).toEqual({ shipmentId: 5 });
    expect(orderOfMailKey("return-approved:12")).toEqual({ returnId: 12 });
    expect(orderOfMailKey("return-requested:abc123")).toEqual({ returnToken: "abc123" });
    expect(orderOfMailKey("ticket-reply:1:2")).toBeNull();
    expect(orderOfMailKey("welcome:a@example.jp:1")).toBeNull();
  });
});
