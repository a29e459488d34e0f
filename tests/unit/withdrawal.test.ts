import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { UNFINISHED_ORDER_STATUSES } from "~/core/orders/orders";
import {
  withdrawalBlockers,
  withdrawalLockedMessage,
  withdrawalThrottleSteps,
  withdrawnEmail,
  WITHDRAWAL_PASSWORD_THROTTLE,
  WITHDRAWN_PERSON,
} from "~/core/account/withdrawal";
import { WithdrawalSchema } from "~/core/account/withdrawal-form";
import { verifyPassword } from "~/auth/password.server";

describe("withdrawal rules", () => {
  it("is blocked by an order not yet delivered or cancelled, and by an active subscription", () => {
    expect([...UNFINISHED_ORDER_STATUSES]).toEqual(["pending_payment", "paid", "preparing", "partially_shipped", "shipped"]);
    expect(withdrawalBlockers({ unfinishedOrders: 0, activeSubscriptions: 0 })).toEqual([]);
    expect(withdrawalBlockers({ unfinishedOrders: 1, activeSubscriptions: 0 })).toEqual(["unfinishedOrders"]);
    expect(withdrawalBlockers({ unfinishedOrders: 0, activeSubscriptions: 2 })).toEqual(["activeSubscriptions"]);
    expect(withdrawalBlockers({ unfinishedOrders: 3, activeSubscriptions: 1 })).toEqual(["unfinishedOrders", "activeSubscriptions"]);
  });

  it("leaves an address no mail server accepts and nobody can take beforehand", () => {
    expect(withdrawnEmail(12, "Ab3_-x")).toBe("withdrawn-12-Ab3_-x@invalid");
    expect(withdrawnEmail(12, "one")).not.toBe(withdrawnEmail(12, "two"));
  });

  it("leaves a password hash that no password matches", async () => {
    expect(await verifyPassword("withdrawn", WITHDRAWN_PERSON.passwordHash)).toBe(false);
    expect(await verifyPassword("", WITHDRAWN_PERSON.passwordHash)).toBe(false);
  });

  it("asks for the password and a ticked confirmation, in Japanese", () => {
    const issues = v.safeParse(WithdrawalSchema, {}).issues?.map((issue) => issue.message);
    expect(issues).toEqual(["パスワードを入力してください", "退会する場合は、確認のチェックを入れてください"]);
    expect(v.safeParse(WithdrawalSchema, { password: "x", confirm: "maybe" }).success).toBe(false);
    expect(v.parse(WithdrawalSchema, { password: " pass word ", confirm: "on" })).toEqual({ password: " pass word ", confirm: true });
  });

  it("allows five password checks per account in fifteen minutes", () => {
    expect(withdrawalThrottleSteps(9)).toEqual([{ key: "withdraw:user:9", rule: WITHDRAWAL_PASSWORD_THROTTLE, onSuccess: "reset" }]);
    expect(WITHDRAWAL_PASSWORD_THROTTLE).toEqual({ maxAttempts: 5, windowMs: 15 * 60_000 });
    expect(withdrawalLockedMessage(60_000 * 15, 0)).toContain("15分後");
  });
});
