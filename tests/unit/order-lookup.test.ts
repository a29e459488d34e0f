import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { orderClaimThrottleSteps, ORDER_CLAIM_LINK_HOURS, ORDER_CLAIM_THROTTLE } from "~/core/orders/order-claim";
import {
  grantedOrderId,
  isWellFormedLookup,
  normaliseLookupEmail,
  normaliseOrderNumber,
  ORDER_LOOKUP_GRANT_MS,
  ORDER_LOOKUP_THROTTLE,
  orderLookupGrant,
  orderLookupLockedMessage,
  orderLookupThrottleSteps,
} from "~/core/orders/order-lookup";
import { OrderLookupSchema } from "~/core/orders/order-lookup-form";

const NOW = new Date("2026-11-24T03:00:00Z");

describe("the order lookup's input", () => {
  it("reads an order number typed in full width, with another dash or spaces, as stored", () => {
    expect(normaliseOrderNumber("２０２６１１２１－４８２９１３")).toBe("20261121-482913");
    expect(normaliseOrderNumber(" 20261121ー482913 ")).toBe("20261121-482913");
    expect(normaliseOrderNumber("20261121 – 482913")).toBe("20261121-482913");
    expect(normaliseOrderNumber("20261121482913")).toBe("20261121-482913");
    expect(normaliseOrderNumber("202611214829")).toBe("20261121-4829");
  });

  it("reads the address in lower case, an IME's full-width ＠ included", () => {
    expect(normaliseLookupEmail("  Guest＠Example.JP ")).toBe("guest@example.jp");
  });

  it("asks for both fields in Japanese, and hands over normalised values", () => {
    const empty = v.safeParse(OrderLookupSchema, {});
    expect(empty.success).toBe(false);
    expect(empty.issues?.map((issue) => issue.message)).toEqual(["注文番号を入力してください", "メールアドレスを入力してください"]);
    expect(v.parse(OrderLookupSchema, { number: "２０２６１１２１-４８２９１３", email: "A@B.JP" })).toEqual({ number: "20261121-482913", email: "a@b.jp" });
  });

  it("takes only what could be an order number and an address", () => {
    expect(isWellFormedLookup({ number: "20261121-482913", email: "a@example.jp" })).toBe(true);
    expect(isWellFormedLookup({ number: "20260101-0001", email: "a@example.jp" })).toBe(true);
    for (const number of ["abc", "2026112-482913", "20261121-4829131", "' OR 1=1 --", ""])
      expect(isWellFormedLookup({ number, email: "a@example.jp" }), number).toBe(false);
    for (const email of ["x", "a@", "@b", `${"a".repeat(65)}@example.jp`, "a b@example.jp"])
      expect(isWellFormedLookup({ number: "20261121-482913", email }), email).toBe(false);
  });
});

describe("the order lookup's limits", () => {
  it("counts a lookup under number+network, the network, then the number; garbage makes no number key", () => {
    expect(orderLookupThrottleSteps("20261121-482913", "203.0.113.7").map((step) => [step.key, step.rule.maxAttempts, step.onSuccess])).toEqual([
      ["order-lookup:order-ip:20261121-482913|203.0.113.7", ORDER_LOOKUP_THROTTLE.orderAndIp.maxAttempts, "reset"],
      ["order-lookup:ip:203.0.113.7", ORDER_LOOKUP_THROTTLE.ip.maxAttempts, "forgive"],
      ["order-lookup:order:20261121-482913", ORDER_LOOKUP_THROTTLE.order.maxAttempts, "reset"],
    ]);
    expect(orderLookupThrottleSteps(null, "203.0.113.7").map((step) => step.key)).toEqual(["order-lookup:ip:203.0.113.7"]);
    expect(orderLookupThrottleSteps(null, null)).toEqual([]);
  });

  it("locks one number from one network sooner than the number from everywhere, and says for how long", () => {
    expect(ORDER_LOOKUP_THROTTLE.order.maxAttempts).toBeGreaterThan(ORDER_LOOKUP_THROTTLE.orderAndIp.maxAttempts);
    expect(orderLookupLockedMessage(NOW.getTime() + 90_000, NOW.getTime())).toContain("2分後");
  });

  it("limits the claim mails to a few an hour per member", () => {
    expect(orderClaimThrottleSteps(7)).toEqual([{ key: "order-claim:user:7", rule: ORDER_CLAIM_THROTTLE, onSuccess: "forgive" }]);
    expect(ORDER_CLAIM_LINK_HOURS).toBe(24);
  });
});

describe("the lookup grant", () => {
  it("shows the order until the grant runs out, and nothing for anything that is not a grant", () => {
    const grant = orderLookupGrant(42, NOW);
    expect(grant).toEqual({ orderId: 42, expiresAt: NOW.getTime() + ORDER_LOOKUP_GRANT_MS });
    expect(grantedOrderId(grant, new Date(grant.expiresAt - 1))).toBe(42);
    expect(grantedOrderId(grant, new Date(grant.expiresAt))).toBeNull();
    for (const bad of [undefined, null, "42", { orderId: "42", expiresAt: grant.expiresAt }, { orderId: 42 }, { orderId: 1.5, expiresAt: grant.expiresAt }]) {
      expect(grantedOrderId(bad, NOW), JSON.stringify(bad)).toBeNull();
    }
  });
});
