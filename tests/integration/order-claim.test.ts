/**
 * Claiming earlier guest orders on a real local D1: /user/orders offers it when guest orders carry the
 * account's e-mail; the request writes the token and a sensitive mail in one batch; the mailed link works
 * once, for that member only, before it expires, and attaches only the guest orders of that address.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ACCOUNT_TOKEN_LIFETIME_MS, ACCOUNT_TOKEN_MESSAGES } from "~/core/account/account-tokens";
import { ORDER_CLAIM_MESSAGES, ORDER_CLAIM_NOTICES, ORDER_CLAIM_THROTTLE } from "~/core/orders/order-claim";
import { ORDER_LOOKUP_MESSAGES } from "~/core/orders/order-lookup";
import { accountTokens, mailOutbox, orders, users } from "~/db/schema";
import * as claimLinkPage from "~/routes/user.orders.claim_.$token";
import * as claimRequest from "~/routes/user.orders.claim";
import * as ordersPage from "~/routes/user.orders._index";
import { claimGuestOrders } from "~/services/orders/order-claim.server";
import { lookUpGuestOrder } from "~/services/orders/order-lookup.server";
import { finishedOrder, registeredMember, type TestMember } from "../support/members";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { expectRedirect, pageRequest, postRequest, run, valueOf, type RouteHandler } from "../support/requests";
import { asSent } from "../support/mails";

const it = platformTest();

/** A guest order (no account) of this address, made from a member order's shape. */
async function guestOrderOf(platform: TestPlatform, email: string, id: number) {
  await finishedOrder(platform, { id: null, email }, id);
  await platform.db
    .update(orders)
    .set({ number: `20260105-${String(id).padStart(6, "0")}` })
    .where(eq(orders.id, id));
  return (await platform.db.select().from(orders).where(eq(orders.id, id)).get())!;
}

async function requestClaim(platform: TestPlatform, member: TestMember) {
  const outcome = await run(platform, claimRequest.action as RouteHandler, postRequest("/user/orders/claim", {}, { cookie: member.cookie, mode: "navigate" }));
  const mail = await platform.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, member.id), eq(mailOutbox.kind, "order_claim_verify")))
    .orderBy(mailOutbox.id)
    .all();
  const token = /\/user\/orders\/claim\/([\w-]+)/.exec(await asSent(mail.at(-1)?.textBody ?? ""))?.[1] ?? "";
  return { outcome, mail: mail.at(-1), token };
}

const openLink = (platform: TestPlatform, token: string, cookie: string) =>
  run(platform, claimLinkPage.loader as RouteHandler, pageRequest(`/user/orders/claim/${token}`, cookie), { token });
const useLink = (platform: TestPlatform, token: string, cookie: string) =>
  run(platform, claimLinkPage.action as RouteHandler, postRequest(`/user/orders/claim/${token}`, {}, { cookie, mode: "navigate" }), { token });

const ownerOf = async (platform: TestPlatform, id: number) =>
  (await platform.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id)).get())?.userId;

describe("claiming guest orders", () => {
  it("offers the guest orders of the account's address, mails a single-use link, and attaches only them for the member who opens it", async ({
    platform,
    other,
  }) => {
    const mine = [await guestOrderOf(platform, "claimer@example.jp", 601), await guestOrderOf(platform, "claimer@example.jp", 602)];
    const theirs = await guestOrderOf(platform, "not-claimer@example.jp", 603);
    const member = await registeredMember(platform, "claimer@example.jp");

    const history = await valueOf<{ claimable: number }>(await run(platform, ordersPage.loader as RouteHandler, pageRequest("/user/orders", member.cookie)));
    expect(history.claimable).toBe(2);

    const { outcome, mail, token } = await requestClaim(platform, member);
    expectRedirect(outcome, 303, "/user/orders?notice=claim_sent#result");
    expect(mail).toMatchObject({ toAddress: "claimer@example.jp", sensitive: true, status: "pending" });
    for (const order of mine) expect(mail?.textBody).toContain(order.number);
    expect(mail?.textBody).not.toContain(theirs.number);
    expect(
      await platform.db.$count(accountTokens, and(eq(accountTokens.userId, member.id), eq(accountTokens.purpose, "order_claim"), isNull(accountTokens.usedAt))),
    ).toBe(1);
    const notice = await valueOf<{ notice: { text: string } }>(
      await run(platform, ordersPage.loader as RouteHandler, pageRequest("/user/orders?notice=claim_sent", member.cookie)),
    );
    expect(notice.notice.text).toBe(ORDER_CLAIM_NOTICES.claim_sent);

    // Another member opening the link is told so, and the link still works for its owner.
    expect(await valueOf<{ inspection: unknown }>(await openLink(platform, token, other))).toEqual({
      inspection: { ok: false, error: ORDER_CLAIM_MESSAGES.otherMember },
    });
    expect(await valueOf(await useLink(platform, token, other))).toEqual({ error: ORDER_CLAIM_MESSAGES.otherMember });
    expect(await ownerOf(platform, 601)).toBeNull();

    const shown = await valueOf<{ inspection: { ok: boolean; orders: { number: string }[] } }>(await openLink(platform, token, member.cookie));
    expect(shown.inspection.orders.map((order) => order.number)).toEqual(mine.map((order) => order.number));
    expectRedirect(await useLink(platform, token, member.cookie), 303, "/user/orders?notice=claimed#result");
    expect([await ownerOf(platform, 601), await ownerOf(platform, 602), await ownerOf(platform, 603)]).toEqual([member.id, member.id, null]);

    // Single use; and a claimed order is no longer a guest's to look up.
    expect(await valueOf(await useLink(platform, token, member.cookie))).toEqual({ error: ACCOUNT_TOKEN_MESSAGES.used });
    expect(await lookUpGuestOrder(platform.db, { number: mine[0]!.number, email: "claimer@example.jp" }, null, new Date())).toEqual({
      ok: false,
      error: ORDER_LOOKUP_MESSAGES.notFound,
    });
    expect(
      (await valueOf<{ claimable: number }>(await run(platform, ordersPage.loader as RouteHandler, pageRequest("/user/orders", member.cookie)))).claimable,
    ).toBe(0);
  });

  it("refuses a link past its lifetime, a tampered one, and one whose address is no longer the account's", async ({ platform }) => {
    await guestOrderOf(platform, "late@example.jp", 611);
    const member = await registeredMember(platform, "late@example.jp");
    const { token } = await requestClaim(platform, member);
    const later = new Date(Date.now() + ACCOUNT_TOKEN_LIFETIME_MS.order_claim + 60_000);
    expect(await claimGuestOrders(platform.db, member.id, token, later)).toEqual({ ok: false, error: ACCOUNT_TOKEN_MESSAGES.expired });
    expect(await valueOf(await useLink(platform, `${token.slice(0, -2)}xx`, member.cookie))).toEqual({ error: ACCOUNT_TOKEN_MESSAGES.unknown });
    expect(await valueOf(await useLink(platform, "%3Cscript%3E", member.cookie))).toEqual({ error: ACCOUNT_TOKEN_MESSAGES.unknown });

    await platform.db.update(users).set({ email: "late-new@example.jp" }).where(eq(users.id, member.id));
    expect(await valueOf(await useLink(platform, token, member.cookie))).toEqual({ error: ORDER_CLAIM_MESSAGES.emailChanged });
    expect(await ownerOf(platform, 611)).toBeNull();
  });

  it("claims once when the link is used twice at the same moment, and a newer request replaces the older link", async ({ platform }) => {
    await guestOrderOf(platform, "double@example.jp", 621);
    const member = await registeredMember(platform, "double@example.jp");
    const first = await requestClaim(platform, member);
    const second = await requestClaim(platform, member);
    expect(await valueOf(await useLink(platform, first.token, member.cookie))).toEqual({ error: ACCOUNT_TOKEN_MESSAGES.used });

    const now = new Date();
    const results = await Promise.all([
      claimGuestOrders(platform.db, member.id, second.token, now),
      claimGuestOrders(platform.db, member.id, second.token, new Date(now.getTime() + 1)),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await ownerOf(platform, 621)).toBe(member.id);
  });

  it("sends nothing when there is nothing to claim, and limits the mails to the member's own address", async ({ platform }) => {
    const member = await registeredMember(platform, "nothing@example.jp");
    expectRedirect((await requestClaim(platform, member)).outcome, 303, "/user/orders?notice=claim_none#result");
    await guestOrderOf(platform, "nothing@example.jp", 631);
    for (let sent = 0; sent < ORDER_CLAIM_THROTTLE.maxAttempts - 1; sent++)
      expectRedirect((await requestClaim(platform, member)).outcome, 303, /notice=claim_sent/);
    expectRedirect((await requestClaim(platform, member)).outcome, 303, "/user/orders?notice=claim_locked#result");
    expect(await platform.db.$count(mailOutbox, and(eq(mailOutbox.userId, member.id), eq(mailOutbox.kind, "order_claim_verify")))).toBe(
      ORDER_CLAIM_THROTTLE.maxAttempts - 1,
    );
  });
});
