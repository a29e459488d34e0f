/**
 * The withdrawal batch's SQL guard on a real local D1: a double submit closes the account once, and a
 * checkout racing the withdrawal (Promise.all) ends either as an order of a member who stays, or as a
 * withdrawn member with no order — never an anonymised account with an order under way.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { WITHDRAWAL_MESSAGES } from "~/core/account/withdrawal";
import { carts, mailOutbox, orders, pointLedger, users } from "~/db/schema";
import * as withdrawPage from "~/routes/user.withdraw";
import { placeOrder, type PlaceOrderInput } from "~/services/checkout/checkout.server";
import { POINTS_LAPSED_NOTE } from "~/services/account/withdrawal-statements.server";
import { withdrawMember } from "~/services/account/withdrawal.server";
import { memberWithRecords, registeredMember, TEST_PASSWORD } from "../support/members";
import { cartWithSimple, shownFingerprint, TEST_MAIL_FRAME, TOKYO_ADDRESS } from "../support/orders";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { postRequest, run, type RouteHandler } from "../support/requests";

const it = platformTest();

const userRow = (platform: TestPlatform, id: number) => platform.db.select().from(users).where(eq(users.id, id)).get();

describe("the withdrawal batch's guard", () => {
  it("withdraws once when the form is sent twice at the same moment", async ({ platform }) => {
    const member = await memberWithRecords(platform, "twice@example.jp", 800);
    const orderId = 800;
    const send = () =>
      run(
        platform,
        withdrawPage.action as RouteHandler,
        postRequest("/user/withdraw", { password: TEST_PASSWORD, confirm: "on" }, { cookie: member.cookie, mode: "navigate" }),
      );
    const outcomes = await Promise.all([send(), send()]);
    // Both end signed out: on the done page, or (when the other had already finished) at the login page.
    const locations = outcomes.map((outcome) => outcome.response?.headers.get("Location") ?? "");
    expect(locations).toContain("/user/withdraw/done");
    for (const location of locations) expect(location).toMatch(/^\/user\/withdraw\/done$|^\/login\?/);
    expect(await platform.db.$count(mailOutbox, eq(mailOutbox.key, `withdrawal-done:${member.id}`))).toBe(1);
    expect(await platform.db.$count(pointLedger, and(eq(pointLedger.userId, member.id), eq(pointLedger.note, POINTS_LAPSED_NOTE)))).toBe(1);
    const user = (await userRow(platform, member.id))!;
    expect(user.points).toBe(0);
    // One anonymisation: the order carries the account's one placeholder address.
    expect((await platform.db.select({ email: orders.email }).from(orders).where(eq(orders.id, orderId)).get())?.email).toBe(user.email);
  });

  it("refuses a withdrawal when an order was placed after the page was shown (the guard is the only check)", async ({ platform }) => {
    const member = await registeredMember(platform, "ordered-meanwhile@example.jp");
    await cartWithSimple(platform.db, { userId: member.id });
    const placed = await placeOrder({ db: platform.db, owner: { userId: member.id }, session: {}, now: new Date() }, await memberOrder(platform, member.id));
    expect(placed.ok).toBe(true);
    const result = await withdrawMember(platform.db, platform.env.ATTACHMENTS, {
      userId: member.id,
      password: TEST_PASSWORD,
      frame: TEST_MAIL_FRAME,
      now: new Date(),
    });
    expect(result).toEqual({ ok: false, field: "form", error: WITHDRAWAL_MESSAGES.unfinishedOrders });
    expect(await userRow(platform, member.id)).toMatchObject({ email: "ordered-meanwhile@example.jp", withdrawnAt: null });
    expect(await platform.db.$count(mailOutbox, eq(mailOutbox.key, `withdrawal-done:${member.id}`))).toBe(0);
  });

  it("lets exactly one of a checkout and a withdrawal sent at the same moment through", async ({ platform }) => {
    for (const round of [1, 2, 3]) {
      const member = await registeredMember(platform, `racer-${round}@example.jp`);
      await cartWithSimple(platform.db, { userId: member.id });
      const input = await memberOrder(platform, member.id);
      const now = new Date();
      const [placed, left] = await Promise.all([
        placeOrder({ db: platform.db, owner: { userId: member.id }, session: {}, now }, input),
        withdrawMember(platform.db, platform.env.ATTACHMENTS, { userId: member.id, password: TEST_PASSWORD, frame: TEST_MAIL_FRAME, now }),
      ]);
      expect([placed.ok, left.ok].filter(Boolean), `round ${round}`).toHaveLength(1);
      const user = (await userRow(platform, member.id))!;
      const ordersOfMember = await platform.db.$count(orders, eq(orders.userId, member.id));
      if (left.ok) {
        expect(user.withdrawnAt).not.toBeNull();
        expect(ordersOfMember).toBe(0);
        expect(await platform.db.$count(carts, eq(carts.userId, member.id))).toBe(0);
      } else {
        expect(left).toEqual({ ok: false, field: "form", error: WITHDRAWAL_MESSAGES.unfinishedOrders });
        expect(user).toMatchObject({ withdrawnAt: null, email: `racer-${round}@example.jp` });
        expect(ordersOfMember).toBe(1);
      }
    }
  });
});

async function memberOrder(platform: TestPlatform, userId: number): Promise<PlaceOrderInput> {
  return {
    placementToken: crypto.randomUUID(),
    shown: await shownFingerprint(platform.db, { userId }),
    address: { address: TOKYO_ADDRESS, save: false },
    mailFrame: TEST_MAIL_FRAME,
    paymentMethod: "bank_transfer",
    deliveryDate: null,
    deliveryTimeSlot: null,
  };
}
