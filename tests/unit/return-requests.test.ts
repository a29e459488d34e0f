import * as v from "valibot";
import { parseWithValibot } from "@conform-to/valibot";
import { describe, expect, it } from "vitest";
import {
  customerExclusion,
  lineReturnRefusal,
  orderFullyReturned,
  restocksByDefault,
  RETURN_TEXT,
  returnableLines,
  returnDeadline,
  returnRefundAmount,
  returnRequestRefusal,
  returnTransitionRefusal,
  type ReturnableLine,
} from "~/core/returns/return-requests";
import { ReturnRequestSchema } from "~/core/returns/return-request-forms";
import { CUSTOMER_RETURN_EXCLUSIONS } from "~/core/returns/returns";

/** 2026-05-10 12:00 in Japan. */
const DELIVERED = new Date("2026-05-10T03:00:00Z");
const jstNoon = (day: string) => new Date(`${day}T03:00:00Z`);

function line(overrides: Partial<ReturnableLine & { title: string }> = {}): ReturnableLine & { title: string } {
  return {
    id: 1,
    title: "ガーゼタオル",
    quantity: 3,
    unitPrice: 1200,
    cancelled: false,
    deliveredAt: DELIVERED,
    cold: false,
    perishable: false,
    digital: false,
    subscription: false,
    wrapped: false,
    requested: 0,
    ...overrides,
  };
}

describe("the return period, from the delivery day (Japan dates)", () => {
  it("is 8 days for the customer's reasons and for defects, 2 for cold goods' defects", () => {
    expect(returnDeadline(DELIVERED, "changed_mind", false)).toBe("2026-05-18");
    expect(returnDeadline(DELIVERED, "damaged", false)).toBe("2026-05-18");
    expect(returnDeadline(DELIVERED, "damaged", true)).toBe("2026-05-12");
    expect(returnDeadline(DELIVERED, "wrong_item", true)).toBe("2026-05-12");
  });

  it("allows the whole last day and refuses the day after", () => {
    expect(lineReturnRefusal(line(), "changed_mind", new Date("2026-05-18T14:59:00Z"))).toBeNull();
    expect(lineReturnRefusal(line(), "changed_mind", new Date("2026-05-18T15:00:00Z"))).toBe(RETURN_TEXT.outOfPeriod);
    expect(lineReturnRefusal(line({ cold: true }), "damaged", jstNoon("2026-05-13"))).toBe(RETURN_TEXT.outOfPeriod);
  });
});

describe("which lines can go back", () => {
  const now = jstNoon("2026-05-12");

  it("only delivered, not cancelled lines, up to what is not yet asked for", () => {
    expect(lineReturnRefusal(line({ deliveredAt: null }), "damaged", now)).toBe(RETURN_TEXT.noLongerReturnable);
    expect(lineReturnRefusal(line({ cancelled: true }), "damaged", now)).toBe(RETURN_TEXT.noLongerReturnable);
    expect(lineReturnRefusal(line({ requested: 3 }), "damaged", now)).toBe(RETURN_TEXT.overQuantity);
    expect(returnableLines([line({ requested: 1 }), line({ id: 2, requested: 3 })], now)).toEqual([{ line: line({ requested: 1 }), max: 2 }]);
  });

  it("keeps the exclusions from customer-reason returns only", () => {
    expect(customerExclusion(line({ subscription: true }))).toBe("subscription");
    expect(customerExclusion(line({ wrapped: true }))).toBe("wrapped");
    expect(customerExclusion(line({ perishable: true }))).toBe("perishable");
    expect(customerExclusion(line({ cold: true }))).toBe("perishable");
    expect(customerExclusion(line({ digital: true }))).toBe("digital");
    expect(customerExclusion(line())).toBeNull();
    expect(lineReturnRefusal(line({ wrapped: true }), "changed_mind", now)).toBe(`${RETURN_TEXT.excluded}（${CUSTOMER_RETURN_EXCLUSIONS.wrapped}）`);
    expect(lineReturnRefusal(line({ wrapped: true }), "damaged", now)).toBeNull();
  });

  it("offers a cold line past its 2 days only while a customer reason would be open — and it is excluded there", () => {
    const late = jstNoon("2026-05-15");
    expect(returnableLines([line({ cold: true, perishable: true })], late)).toEqual([]);
    expect(returnableLines([line({ wrapped: true })], late)).toEqual([{ line: line({ wrapped: true }), max: 3 }]);
  });

  it("judges a whole request: a line, its quantity, no line twice", () => {
    const lines = [line(), line({ id: 2, title: "マグカップ", quantity: 1, requested: 1 })];
    expect(returnRequestRefusal(lines, "damaged", [{ lineId: 1, quantity: 2 }], now)).toBeNull();
    expect(returnRequestRefusal(lines, "damaged", [{ lineId: 1, quantity: 4 }], now)).toBe(`ガーゼタオル：${RETURN_TEXT.overQuantity}`);
    expect(returnRequestRefusal(lines, "damaged", [{ lineId: 2, quantity: 1 }], now)).toBe(`マグカップ：${RETURN_TEXT.overQuantity}`);
    expect(returnRequestRefusal(lines, "damaged", [{ lineId: 1, quantity: 0 }], now)).toBe(RETURN_TEXT.lines);
    expect(returnRequestRefusal(lines, "damaged", [{ lineId: 9, quantity: 1 }], now)).toBe(RETURN_TEXT.noLongerReturnable);
    expect(
      returnRequestRefusal(
        lines,
        "damaged",
        [
          { lineId: 1, quantity: 1 },
          { lineId: 1, quantity: 1 },
        ],
        now,
      ),
    ).toBe(RETURN_TEXT.lines);
  });
});

describe("a request's transitions", () => {
  it("requested → approved | refused; approved → received; nothing else", () => {
    expect(returnTransitionRefusal("requested", "approved")).toBeNull();
    expect(returnTransitionRefusal("requested", "refused")).toBeNull();
    expect(returnTransitionRefusal("approved", "received")).toBeNull();
    expect(returnTransitionRefusal("approved", "approved")).toBe(RETURN_TEXT.notRequested);
    expect(returnTransitionRefusal("refused", "approved")).toBe(RETURN_TEXT.notRequested);
    expect(returnTransitionRefusal("received", "refused")).toBe(RETURN_TEXT.notRequested);
    expect(returnTransitionRefusal("requested", "received")).toBe(RETURN_TEXT.notApproved);
    expect(returnTransitionRefusal("received", "received")).toBe(RETURN_TEXT.notApproved);
  });
});

describe("the refund of a received return", () => {
  it("is the goods' price × quantity, capped by what the order still holds; an exchange refunds nothing", () => {
    const lines = [
      { unitPrice: 1200, quantity: 2 },
      { unitPrice: 800, quantity: 1 },
    ];
    expect(returnRefundAmount("return", lines, { total: 10_000, refunded: 0 })).toBe(3200);
    expect(returnRefundAmount("return", lines, { total: 10_000, refunded: 8000 })).toBe(2000);
    expect(returnRefundAmount("return", lines, { total: 3000, refunded: 3000 })).toBe(0);
    expect(returnRefundAmount("exchange", lines, { total: 10_000, refunded: 0 })).toBe(0);
  });

  it("puts goods back on sale unless they came back damaged", () => {
    expect(restocksByDefault("damaged")).toBe(false);
    expect(restocksByDefault("changed_mind")).toBe(true);
    expect(restocksByDefault("wrong_item")).toBe(true);
  });

  it("makes the order 返品 only when every line still ordered came back in full", () => {
    const lines = [
      { id: 1, quantity: 2, cancelled: false },
      { id: 2, quantity: 1, cancelled: true },
    ];
    expect(orderFullyReturned(lines, new Map([[1, 2]]))).toBe(true);
    expect(orderFullyReturned(lines, new Map([[1, 1]]))).toBe(false);
    expect(orderFullyReturned([{ id: 1, quantity: 1, cancelled: true }], new Map())).toBe(false);
  });
});

describe("the request form", () => {
  const valid = { token: "abcdefghijklmnopqrst", kind: "return", reason: "damaged", lines: [{ id: "1", quantity: "2" }], details: "角が割れていました" };

  it("reads quantities and requires a line", () => {
    expect(v.parse(ReturnRequestSchema, valid)).toEqual({ ...valid, lines: [{ id: 1, quantity: 2 }] });
    const none = v.safeParse(ReturnRequestSchema, { ...valid, lines: [{ id: "1", quantity: "0" }] });
    expect(none.issues?.map((issue) => issue.message)).toEqual([RETURN_TEXT.lines]);
  });

  it("asks for details with 「その他」 and a kind and reason in Japanese", () => {
    const other = v.safeParse(ReturnRequestSchema, { ...valid, reason: "other", details: " " });
    expect(other.issues?.map((issue) => issue.message)).toEqual([RETURN_TEXT.detailsRequired]);
    const bad = v.safeParse(ReturnRequestSchema, { ...valid, kind: "refund", reason: "x" });
    expect(bad.issues?.map((issue) => issue.message)).toEqual([RETURN_TEXT.kind, RETURN_TEXT.reason]);
  });

  it("takes 詳しい状況 left empty as Conform sends it (no value), in the browser's check and the action's alike", () => {
    const form = (details: string, reason: string) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({ token: valid.token, kind: "return", reason, "lines[0].id": "1", "lines[0].quantity": "1", details }))
        data.set(name, value);
      return parseWithValibot(data, { schema: ReturnRequestSchema });
    };
    expect(form("", "damaged")).toMatchObject({ status: "success", value: { details: "" } });
    expect(form("", "other")).toMatchObject({ status: "error", error: { details: [RETURN_TEXT.detailsRequired] } });
    expect(form(" 箱が潰れていました ", "other")).toMatchObject({ status: "success", value: { details: "箱が潰れていました" } });
  });
});
