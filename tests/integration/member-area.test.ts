/**
 * The rest of the member area on a real, migrated and seeded local D1: subscriptions (skip and cancel from
 * the delivery after cancel_date, with their mails), favorites, buy later, restock requests and restocking
 * (restockItem, /crm/stock), points, and the hub. Another member's records are 404.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect } from "vitest";
import { addDaysToDate, addMonthsToDate, jstDate } from "~/core/dates";
import { buyLater, cartLines, carts, notificationMails, products, productVariations, stockRequests, subscriptions } from "~/db/schema";
import { productBySku } from "~/services/seed/catalogue";
import { MEMBER_ID, MEMBER_POINTS, OTHER_ID, STAFF_ID } from "~/services/seed/people";
import * as pointsApi from "~/routes/api.user.points";
import * as favoriteToggle from "~/routes/api.product.favorite.toggle.$id";
import * as crmStock from "~/routes/crm.stock";
import * as hubPage from "~/routes/user._index";
import * as buyLaterPage from "~/routes/user.buy-later";
import * as favoritesPage from "~/routes/user.favorites";
import * as pointsPage from "~/routes/user.points";
import * as stockRequestsPage from "~/routes/user.stock-requests";
import * as subscriptionPage from "~/routes/user.subscriptions.$id";
import * as subscriptionsPage from "~/routes/user.subscriptions._index";
import { requestRestock } from "~/services/catalogue/product.server";
import { restockItem } from "~/services/member/restock.server";
import { changeSubscription, writeUpcomingDeliveryMails } from "~/services/member/subscriptions.server";
import { platformTest, type AsMember, type TestPlatform, seedClock } from "../support/platform-test";
import { apiRequest, expectRedirect, location, pageRequest, postRequest, run, valueOf, type RouteHandler } from "../support/requests";

// The subscription rules count days from the real clock (the actions use `new Date()`), so the seed does too.
const NOW = seedClock();
const TODAY = jstDate(NOW);
const SUBSCRIPTION = 1;
const OTHERS_SUBSCRIPTION = 2;

// The other member's copy of the seeded subscription (another member's records are 404), made once.
const fileTest = platformTest().extend<{ othersSubscription: void }>({
  othersSubscription: [
    async ({ platform }, provide) => {
      const seeded = await platform.db.select().from(subscriptions).where(eq(subscriptions.id, SUBSCRIPTION)).get();
      if (!seeded) throw new Error("seed subscription missing");
      await platform.db.insert(subscriptions).values({ ...seeded, id: OTHERS_SUBSCRIPTION, userId: OTHER_ID, addressId: 3, orderId: null });
      await provide();
    },
    { scope: "file", auto: true },
  ],
});
const it = fileTest;

const id = (sku: string) => productBySku(sku).id;

const subscriptionOf = (platform: TestPlatform, subscriptionId: number) =>
  platform.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).get();
/** The member's mails whose title matches `pattern` (% = anything, as SQL LIKE; matched here, D1 caps LIKE patterns at 50 bytes). */
const mailsTitled = async (platform: TestPlatform, userId: number, pattern: string) => {
  const matcher = new RegExp(
    `^${pattern
      .split("%")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
    "s",
  );
  const mails = await platform.db.select().from(notificationMails).where(eq(notificationMails.userId, userId)).all();
  return mails.filter((mail) => matcher.test(mail.title));
};
const detailOf = async ({ platform, member }: AsMember, subscriptionId: string, search = "", cookie = member) =>
  run(platform, subscriptionPage.loader as RouteHandler, pageRequest(`/user/subscriptions/${subscriptionId}${search}`, cookie), { id: subscriptionId });
const changeBy = (
  { platform, member }: AsMember,
  subscriptionId: string,
  fields: Record<string, string>,
  cookie = member,
  mode: "navigate" | "cors" = "navigate",
) =>
  run(platform, subscriptionPage.action as RouteHandler, postRequest(`/user/subscriptions/${subscriptionId}`, fields, { cookie, mode }), {
    id: subscriptionId,
  });
const setDates = (platform: TestPlatform, subscriptionId: number, dates: Partial<typeof subscriptions.$inferInsert>) =>
  platform.db.update(subscriptions).set(dates).where(eq(subscriptions.id, subscriptionId));

type SubscriptionPageData = {
  subscription: { id: number; changeAllowed: boolean; refusal: string | null; nextShippingDate: string; amount: number; quantity: number };
  confirm: string | null;
  notice: string | null;
};

describe("subscriptions", () => {
  it("lists the member's subscription with next dates, quantity and amount", async ({ platform, member }) => {
    const page = await valueOf<{ subscriptions: SubscriptionPageData["subscription"][] }>(
      await run(platform, subscriptionsPage.loader as RouteHandler, pageRequest("/user/subscriptions", member)),
    );
    expect(page.subscriptions.map((subscription) => subscription.id)).toEqual([SUBSCRIPTION]);
    expect(page.subscriptions[0]).toMatchObject({ quantity: 2, nextShippingDate: addDaysToDate(TODAY, 10), changeAllowed: true });
  });

  it("shows the detail with a confirmation only when asked (?confirm=skip|cancel)", async ({ platform, member }) => {
    const plain = await valueOf<SubscriptionPageData>(await detailOf({ platform, member }, "1"));
    expect(plain.confirm).toBeNull();
    expect((await valueOf<SubscriptionPageData>(await detailOf({ platform, member }, "1", "?confirm=skip"))).confirm).toBe("skip");
    expect((await valueOf<SubscriptionPageData>(await detailOf({ platform, member }, "1", "?confirm=cancel"))).confirm).toBe("cancel");
    expect((await valueOf<SubscriptionPageData>(await detailOf({ platform, member }, "1", "?confirm=drop"))).confirm).toBeNull();
  });

  it("is 404 for another member's subscription, to read and to change, and changes nothing", async ({ platform, member, other }) => {
    expect((await detailOf({ platform, member }, String(OTHERS_SUBSCRIPTION))).status).toBe(404);
    const before = await subscriptionOf(platform, OTHERS_SUBSCRIPTION);
    expect((await changeBy({ platform, member }, String(OTHERS_SUBSCRIPTION), { intent: "cancel", delivery: before?.nextShippingDate ?? "" })).status).toBe(
      404,
    );
    expect(await subscriptionOf(platform, OTHERS_SUBSCRIPTION)).toEqual(before);
    expect(await mailsTitled(platform, OTHER_ID, "【定期便】%")).toHaveLength(0);
    expect((await detailOf({ platform, member }, String(OTHERS_SUBSCRIPTION), "", other)).status).toBe(200);
  });

  it("answers malformed input with 400 and changes nothing", async ({ platform, member }) => {
    const before = await subscriptionOf(platform, SUBSCRIPTION);
    expect((await changeBy({ platform, member }, "1", { intent: "pause" })).status).toBe(400);
    expect((await changeBy({ platform, member }, "1", { intent: "skip", delivery: "next week" })).status).toBe(400);
    expect((await changeBy({ platform, member }, "x", { intent: "skip" })).status).toBe(400);
    const json = await run(
      platform,
      subscriptionPage.action as RouteHandler,
      apiRequest("/user/subscriptions/1", { cookie: member, body: '{"intent":"skip"}', contentType: "application/json", mode: "navigate" }),
      { id: "1" },
    );
    expect(json.status).toBe(400);
    expect(await subscriptionOf(platform, SUBSCRIPTION)).toEqual(before);
  });

  it("refuses a delivery on cancel_date (and the day before), allows the day after — rule at its boundaries", async ({ platform, member }) => {
    const next = addDaysToDate(TODAY, 10);
    await setDates(platform, SUBSCRIPTION, { nextShippingDate: next, cancelDate: next });
    const onTheDay = await valueOf<SubscriptionPageData>(await detailOf({ platform, member }, "1", "?confirm=skip"));
    expect(onTheDay.subscription.changeAllowed).toBe(false);
    expect(onTheDay.confirm).toBeNull();
    expect(onTheDay.subscription.refusal).toContain("より後のお届け分から承ります");
    const refused = await changeBy({ platform, member }, "1", { intent: "skip", delivery: next });
    expect(refused.status).toBe(409);
    expect((await valueOf<{ error: string }>(refused)).error).toContain("カスタマーサービスへお電話ください");
    await setDates(platform, SUBSCRIPTION, { cancelDate: addDaysToDate(next, 1) });
    expect((await changeBy({ platform, member }, "1", { intent: "cancel", delivery: next })).status).toBe(409);
    expect(await mailsTitled(platform, MEMBER_ID, "【定期便】%スキップ%")).toHaveLength(0);
    expect((await subscriptionOf(platform, SUBSCRIPTION))?.status).toBe("active");

    await setDates(platform, SUBSCRIPTION, { cancelDate: addDaysToDate(next, -1) });
    expect((await valueOf<SubscriptionPageData>(await detailOf({ platform, member }, "1"))).subscription.changeAllowed).toBe(true);
  });

  it("skips the next delivery (both dates one period later) with a mail; the same confirmation twice skips once", async ({ platform, member }) => {
    const before = await subscriptionOf(platform, SUBSCRIPTION);
    if (!before) throw new Error("missing");
    const outcome = await changeBy({ platform, member }, "1", { intent: "skip", delivery: before.nextShippingDate });
    expectRedirect(outcome, 303, "/user/subscriptions/1?notice=skipped#result");
    const after = await subscriptionOf(platform, SUBSCRIPTION);
    expect(after).toMatchObject({
      status: "active",
      nextShippingDate: addMonthsToDate(before.nextShippingDate, 1),
      nextPaymentDate: addMonthsToDate(before.nextPaymentDate, 1),
    });
    const mails = await mailsTitled(platform, MEMBER_ID, "【定期便】%スキップしました");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.content).toContain("静岡 深蒸し茶 やぶきた 100g");
    expect(mails[0]?.readed).toBeNull();

    const again = await changeBy({ platform, member }, "1", { intent: "skip", delivery: before.nextShippingDate });
    expect(again.status).toBe(409);
    expect((await valueOf<{ error: string }>(again)).error).toBe("定期便の内容が更新されています。最新の内容をご確認のうえ、もう一度お試しください。");
    expect((await subscriptionOf(platform, SUBSCRIPTION))?.nextShippingDate).toBe(after?.nextShippingDate);
    expect(await mailsTitled(platform, MEMBER_ID, "【定期便】%スキップしました")).toHaveLength(1);

    const page = await valueOf<SubscriptionPageData>(await detailOf({ platform, member }, "1", "?notice=skipped"));
    expect(page.notice).toBe("次回のお届けをスキップしました。確認のお知らせをお送りしました。");
  });

  it("two simultaneous skips of the same delivery skip once and leave one mail", async ({ platform }) => {
    const before = await subscriptionOf(platform, SUBSCRIPTION);
    if (!before) throw new Error("missing");
    const mailsBefore = (await mailsTitled(platform, MEMBER_ID, "【定期便】%スキップしました")).length;
    const results = await Promise.all(
      [0, 1].map(() => changeSubscription(platform.db, MEMBER_ID, SUBSCRIPTION, "skip", { delivery: before.nextShippingDate, now: new Date() })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect((await subscriptionOf(platform, SUBSCRIPTION))?.nextShippingDate).toBe(addMonthsToDate(before.nextShippingDate, 1));
    expect(await mailsTitled(platform, MEMBER_ID, "【定期便】%スキップしました")).toHaveLength(mailsBefore + 1);
  });

  it("writes the upcoming-delivery reminder once per delivery, only within 7 days", async ({ platform }) => {
    await setDates(platform, SUBSCRIPTION, { nextShippingDate: addDaysToDate(TODAY, 8) });
    expect(await writeUpcomingDeliveryMails(platform.db, NOW)).toBe(0);
    await setDates(platform, SUBSCRIPTION, { nextShippingDate: addDaysToDate(TODAY, 7) });
    // The other member's copy ships in 10 days: no reminder for it.
    expect(await writeUpcomingDeliveryMails(platform.db, NOW)).toBe(1);
    expect(await writeUpcomingDeliveryMails(platform.db, NOW)).toBe(0);
    expect(await mailsTitled(platform, MEMBER_ID, "【定期便】%にお届けします")).toHaveLength(1);
    expect(await mailsTitled(platform, OTHER_ID, "【定期便】%")).toHaveLength(0);
  });

  it("cancels with a mail; a cancelled subscription can be neither skipped nor cancelled again", async ({ platform, member }) => {
    await setDates(platform, SUBSCRIPTION, { cancelDate: addDaysToDate(TODAY, -30) });
    const before = await subscriptionOf(platform, SUBSCRIPTION);
    const outcome = await changeBy({ platform, member }, "1", { intent: "cancel", delivery: before?.nextShippingDate ?? "" });
    expectRedirect(outcome, 303, "/user/subscriptions/1?notice=cancelled#result");
    const after = await subscriptionOf(platform, SUBSCRIPTION);
    expect(after?.status).toBe("cancelled");
    expect(after?.cancelledAt).toBeInstanceOf(Date);
    expect(await mailsTitled(platform, MEMBER_ID, "【定期便】%解約しました")).toHaveLength(1);
    const again = await changeBy({ platform, member }, "1", { intent: "skip" });
    expect(again.status).toBe(409);
    expect((await valueOf<{ error: string }>(again)).error).toBe("この定期便はすでに解約されています。");
    expect(await writeUpcomingDeliveryMails(platform.db, NOW)).toBe(0);
  });

  it("sends a guest to the login page", async ({ platform, member }) => {
    expectRedirect(await run(platform, subscriptionsPage.loader as RouteHandler, pageRequest("/user/subscriptions")), 302, /^\/login\?/);
    expect((await changeBy({ platform, member }, "1", { intent: "skip" }, "")).status).toBe(302);
  });
});

describe("favorites", () => {
  type Favorites = { items: { productId: number; sku: string }[]; total: number };
  const favoritesOf = async (platform: TestPlatform, cookie: string) =>
    valueOf<Favorites>(await run(platform, favoritesPage.loader as RouteHandler, pageRequest("/user/favorites", cookie)));

  it("lists the member's favorites, most recent first", async ({ platform, member, other }) => {
    const page = await favoritesOf(platform, member);
    expect(page.items.map((item) => item.sku)).toEqual(["LIVING-GAUZE", "SWEETS-BAUM", "BEAUTY-TSUBAKI", "KITCHEN-CHAWAN"]);
    expect((await favoritesOf(platform, other)).items.map((item) => item.sku)).toEqual(["FOOD-RICE"]);
  });

  it("removes one with the inline toggle: JS off lands back on the list, JS on answers the new state", async ({ platform, member, other }) => {
    const gauze = id("LIVING-GAUZE");
    const plain = await run(
      platform,
      favoriteToggle.action as RouteHandler,
      postRequest(`/api/product/favorite/toggle/${gauze}`, { redirectTo: "/user/favorites" }, { cookie: member, mode: "navigate" }),
      { id: String(gauze) },
    );
    expectRedirect(plain, 303, "/user/favorites");
    expect((await favoritesOf(platform, member)).items.map((item) => item.sku)).not.toContain("LIVING-GAUZE");
    const baum = id("SWEETS-BAUM");
    const fetched = await run(
      platform,
      favoriteToggle.action as RouteHandler,
      postRequest(`/api/product/favorite/toggle/${baum}`, { redirectTo: "/user/favorites" }, { cookie: member }),
      {
        id: String(baum),
      },
    );
    expect(await valueOf(fetched)).toEqual({ is_favorite: false });
    expect((await favoritesOf(platform, member)).total).toBe(2);
    expect((await favoritesOf(platform, other)).total).toBe(1);
  });
});

describe("buy later", () => {
  type BuyLaterData = { items: { id: number; title: string; quantity: number }[]; confirmRemove: number | null; notice: string | null };
  const buyLaterOf = async (platform: TestPlatform, cookie: string, search = "") =>
    valueOf<BuyLaterData>(await run(platform, buyLaterPage.loader as RouteHandler, pageRequest(`/user/buy-later${search}`, cookie)));
  const act = ({ platform, member }: AsMember, fields: Record<string, string>, cookie = member, mode: "navigate" | "cors" = "navigate") =>
    run(platform, buyLaterPage.action as RouteHandler, postRequest("/user/buy-later", fields, { cookie, mode }));
  // Two items of the member and one of the other member, saved once for these tests.
  const it = fileTest.extend<{ saved: { mine: number; theirs: number } }>({
    saved: [
      async ({ platform }, provide) => {
        const rows = await platform.db
          .insert(buyLater)
          .values([
            { userId: MEMBER_ID, productId: id("DEMO-SIMPLE"), quantity: 2 },
            { userId: MEMBER_ID, productId: id("DEMO-OPTIONS"), optionChoiceIds: "2", quantity: 1 },
            { userId: OTHER_ID, productId: id("DEMO-SIMPLE"), quantity: 1 },
          ])
          .returning({ id: buyLater.id });
        await provide({ mine: rows[0]?.id ?? 0, theirs: rows[2]?.id ?? 0 });
      },
      { scope: "file", auto: true },
    ],
  });

  it("lists the member's items with their option labels", async ({ platform, member, saved }) => {
    const page = await buyLaterOf(platform, member);
    expect(page.items).toHaveLength(2);
    expect(page.items.find((item) => item.title.startsWith("泉州タオル"))?.quantity).toBe(2);
    expect((await buyLaterOf(platform, member, `?remove=${saved.mine}`)).confirmRemove).toBe(saved.mine);
  });

  it("moves one back to the cart (PRG) and the cart has it", async ({ platform, member, saved }) => {
    const outcome = await act({ platform, member }, { intent: "move", id: String(saved.mine) });
    expectRedirect(outcome, 303, "/user/buy-later?notice=moved#result");
    const cart = await platform.db.select().from(carts).where(eq(carts.userId, MEMBER_ID)).get();
    const lines = await platform.db
      .select()
      .from(cartLines)
      .where(eq(cartLines.cartId, cart?.id ?? ""))
      .all();
    expect(lines.find((line) => line.productId === id("DEMO-SIMPLE"))?.quantity).toBeGreaterThanOrEqual(2);
    expect((await buyLaterOf(platform, member)).items).toHaveLength(1);
    expect((await buyLaterOf(platform, member, "?notice=moved")).notice).toBe("カートに戻しました。");
  });

  it("is 404 for another member's item, 400 for malformed input, and changes nothing", async ({ platform, member, saved }) => {
    expect((await act({ platform, member }, { intent: "move", id: String(saved.theirs) })).status).toBe(404);
    expect((await act({ platform, member }, { intent: "remove", id: String(saved.theirs) }, member, "cors")).status).toBe(404);
    expect((await act({ platform, member }, { intent: "move", id: "x" })).status).toBe(400);
    expect((await act({ platform, member }, { intent: "burn", id: String(saved.theirs) })).status).toBe(400);
    expect(await platform.db.select().from(buyLater).where(eq(buyLater.id, saved.theirs)).get()).toBeDefined();
  });

  it("removes one after confirmation (PRG, with or without JS)", async ({ platform, member }) => {
    const [item] = (await buyLaterOf(platform, member)).items;
    const outcome = await act({ platform, member }, { intent: "remove", id: String(item?.id), back: "/user/buy-later" }, member, "cors");
    expectRedirect(outcome, 303, "/user/buy-later?notice=removed#result");
    expect((await buyLaterOf(platform, member)).items).toHaveLength(0);
  });
});

describe("restock requests and restocking", () => {
  type Requests = { requests: { id: number; title: string; notifiedAt: string | null }[] };
  const requestsOf = async (platform: TestPlatform, cookie: string) =>
    valueOf<Requests>(await run(platform, stockRequestsPage.loader as RouteHandler, pageRequest("/user/stock-requests", cookie)));
  const cancel = ({ platform, member }: AsMember, requestId: number, cookie = member, mode: "navigate" | "cors" = "navigate") =>
    run(platform, stockRequestsPage.action as RouteHandler, postRequest("/user/stock-requests", { intent: "remove", id: String(requestId) }, { cookie, mode }));
  const SOLDOUT = id("DEMO-SOLDOUT");
  const VARIATION = id("DEMO-VARIATION");
  /** DEMO-VARIATION's 墨黒 (black) variation: stock 0. */
  const BLACK = 3;
  /** Who restocks (the stock history records them). */
  const STAFF_ACTOR = { userId: STAFF_ID, name: "スタッフ 花子" };

  it("lists and cancels the member's own requests; another member's is 404", async ({ platform, member, other }) => {
    await requestRestock(platform.db, MEMBER_ID, id("DEMO-PREORDER"), null);
    await requestRestock(platform.db, OTHER_ID, id("DEMO-PREORDER"), null);
    const mine = (await requestsOf(platform, member)).requests;
    expect(mine).toHaveLength(1);
    const theirs = (await requestsOf(platform, other)).requests[0];
    expect((await cancel({ platform, member }, theirs?.id ?? 0)).status).toBe(404);
    expect((await cancel({ platform, member }, 0)).status).toBe(400);
    expectRedirect(await cancel({ platform, member }, mine[0]?.id ?? 0), 303, "/user/stock-requests?notice=removed#result");
    expect((await requestsOf(platform, member)).requests).toHaveLength(0);
    expect((await requestsOf(platform, other)).requests).toHaveLength(1);
  });

  it("restockItem adds stock, mails every waiting member once and marks their requests notified", async ({ platform, member }) => {
    await requestRestock(platform.db, MEMBER_ID, SOLDOUT, null);
    await requestRestock(platform.db, OTHER_ID, SOLDOUT, null);
    const result = await restockItem(platform.db, { productId: SOLDOUT, variationId: null, quantity: 5 }, STAFF_ACTOR);
    expect(result).toEqual({ ok: true, inventory: 5, notified: 2, title: "備前焼 ビアマグ（窯変）" });
    expect((await platform.db.select().from(products).where(eq(products.id, SOLDOUT)).get())?.inventory).toBe(5);
    for (const userId of [MEMBER_ID, OTHER_ID]) {
      const mails = await mailsTitled(platform, userId, "【再入荷のお知らせ】「備前焼 ビアマグ（窯変）」%");
      expect(mails).toHaveLength(1);
      expect(mails[0]?.content).toContain('<a href="/category/tableware/DEMO-SOLDOUT">');
    }
    const open = await platform.db
      .select()
      .from(stockRequests)
      .where(and(eq(stockRequests.productId, SOLDOUT), isNull(stockRequests.notifiedAt)))
      .all();
    expect(open).toHaveLength(0);
    expect((await requestsOf(platform, member)).requests[0]?.notifiedAt).not.toBeNull();

    expect(await restockItem(platform.db, { productId: SOLDOUT, variationId: null, quantity: 1 }, STAFF_ACTOR)).toMatchObject({
      ok: true,
      inventory: 6,
      notified: 0,
    });
    expect(await mailsTitled(platform, MEMBER_ID, "【再入荷のお知らせ】「備前焼%")).toHaveLength(1);
  });

  it("restocks a variation: its requests and the product-wide ones are told, other variations' are not", async ({ platform }) => {
    await platform.db.insert(stockRequests).values([
      { userId: MEMBER_ID, productId: VARIATION, variationId: BLACK },
      { userId: OTHER_ID, productId: VARIATION, variationId: null },
      { userId: STAFF_ID, productId: VARIATION, variationId: 1 },
    ]);
    expect(await restockItem(platform.db, { productId: VARIATION, variationId: null, quantity: 3 }, STAFF_ACTOR)).toMatchObject({ ok: false, status: 400 });
    expect(await restockItem(platform.db, { productId: VARIATION, variationId: 99, quantity: 3 }, STAFF_ACTOR)).toMatchObject({ ok: false, status: 404 });
    expect(await restockItem(platform.db, { productId: VARIATION, variationId: BLACK, quantity: 0 }, STAFF_ACTOR)).toMatchObject({ ok: false, status: 400 });
    expect(await restockItem(platform.db, { productId: 999_999, variationId: null, quantity: 1 }, STAFF_ACTOR)).toMatchObject({ ok: false, status: 404 });
    const result = await restockItem(platform.db, { productId: VARIATION, variationId: BLACK, quantity: 4 }, STAFF_ACTOR);
    expect(result).toMatchObject({ ok: true, inventory: 4, notified: 2, title: "綿麻 ワークエプロン（墨黒）" });
    expect((await platform.db.select().from(productVariations).where(eq(productVariations.id, BLACK)).get())?.inventory).toBe(4);
    expect(await mailsTitled(platform, STAFF_ID, "【再入荷のお知らせ】%")).toHaveLength(0);
    expect(await mailsTitled(platform, OTHER_ID, "【再入荷のお知らせ】「綿麻 ワークエプロン（墨黒）」%")).toHaveLength(1);
  });

  it("/crm/stock is for staff only and restocks by SKU", async ({ platform, member, staff }) => {
    expect((await run(platform, crmStock.loader as RouteHandler, pageRequest("/crm/stock", member))).status).toBe(403);
    const denied = await run(
      platform,
      crmStock.action as RouteHandler,
      postRequest("/crm/stock", { sku: "DEMO-SOLDOUT", quantity: "1" }, { cookie: member, mode: "navigate" }),
    );
    expect(denied.status).toBe(403);
    expect((await platform.db.select().from(products).where(eq(products.id, SOLDOUT)).get())?.inventory).toBe(6);

    await requestRestock(platform.db, MEMBER_ID, id("DEMO-PREORDER"), null);
    const page = await valueOf<{ waiting: { sku: string; requests: number }[] }>(
      await run(platform, crmStock.loader as RouteHandler, pageRequest("/crm/stock", staff)),
    );
    expect(page.waiting).toContainEqual(expect.objectContaining({ sku: "DEMO-PREORDER", requests: 2 }));

    const done = await run(
      platform,
      crmStock.action as RouteHandler,
      postRequest("/crm/stock", { sku: " DEMO-PREORDER ", quantity: "１０" }, { cookie: staff, mode: "navigate" }),
    );
    expect(done.status).toBe(303);
    expect(location(done)).toMatch(/^\/crm\/stock\?done=.+&inventory=10&notified=2#result$/);
    const bad = async (fields: Record<string, string>, status: number) =>
      expect((await run(platform, crmStock.action as RouteHandler, postRequest("/crm/stock", fields, { cookie: staff, mode: "navigate" }))).status).toBe(
        status,
      );
    await bad({ sku: "NO-SUCH-SKU", quantity: "1" }, 404);
    await bad({ sku: "'; drop table products; --", quantity: "1" }, 400);
    await bad({ sku: "DEMO-SOLDOUT", quantity: "0" }, 400);
    await bad({ sku: "DEMO-SOLDOUT", quantity: "100000" }, 400);
    await bad({ sku: "DEMO-VARIATION", quantity: "1" }, 400);
    await bad({}, 400);
  });
});

describe("points", () => {
  type Points = { balance: number; page: { rows: { kind: string; amount: number; orderNumber: string | null }[]; total: number } };
  const pointsOf = async ({ platform, member }: AsMember, search: string, cookie = member) =>
    valueOf<Points>(await run(platform, pointsPage.loader as RouteHandler, pageRequest(`/user/points${search}`, cookie)));

  it("shows the balance and the ledger (earned per order, used), never another member's rows", async ({ platform, member, other }) => {
    const page = await pointsOf({ platform, member }, "");
    expect(page.balance).toBe(MEMBER_POINTS);
    expect(page.page.total).toBe(8);
    expect(page.page.rows.reduce((sum, row) => sum + row.amount, 0)).toBe(MEMBER_POINTS);
    const used = await pointsOf({ platform, member }, "?kind=used");
    expect(used.page.rows).toEqual([expect.objectContaining({ kind: "used", amount: -300 })]);
    expect(used.page.rows[0]?.orderNumber).toMatch(/-0004$/);
    expect((await pointsOf({ platform, member }, "?kind=earned")).page.total).toBe(4);
    expect((await pointsOf({ platform, member }, "", other)).page.total).toBe(1);
  });

  it("serves GET|POST /api/user/points as the listing JSON with the balance", async ({ platform, member }) => {
    const outcome = await run(
      platform,
      pointsApi.action as RouteHandler,
      postRequest(
        "/api/user/points",
        [
          ["query[orderby]", "amount"],
          ["query[ordersens]", "ASC"],
        ],
        { cookie: member },
      ),
    );
    const body = await valueOf<{ balance: number; data: { amount: number; kind_label: string }[]; detail: { total: number } }>(outcome);
    expect(body.balance).toBe(MEMBER_POINTS);
    expect(body.data[0]).toMatchObject({ amount: -300, kind_label: "利用" });
    expect(body.detail.total).toBe(8);
    expect((await run(platform, pointsApi.action as RouteHandler, postRequest("/api/user/points", [["id", "1"]], { cookie: member }))).status).toBe(403);
    expect((await run(platform, pointsApi.loader as RouteHandler, apiRequest("/api/user/points", { method: "GET", mode: "cors" }))).status).toBe(401);
  });
});

describe("the member hub /user", () => {
  it("greets the member with points and counts, in one round trip", async ({ platform, member }) => {
    const hub = await valueOf<{ name: string; points: number; orders: number; favorites: number }>(
      await run(platform, hubPage.loader as RouteHandler, pageRequest("/user", member)),
    );
    expect(hub).toMatchObject({ name: "山田 花子", points: MEMBER_POINTS, orders: 4, favorites: 2 });
    expectRedirect(await run(platform, hubPage.loader as RouteHandler, pageRequest("/user")), 302, "/login?show=1&redirectTo=%2Fuser");
  });
});
