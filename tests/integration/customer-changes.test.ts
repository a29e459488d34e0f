/**
 * Staff's changes to a member's record (issue 37 item 3, decision 0056) on real local D1, through the
 * pages' actions: a points adjustment with its reason (the member's own ledger shows the line; plain staff
 * within the owner's limit, the owner without one; never below zero, also when sent all at once), an
 * address correction (the address book's own rules; bad input or a stale page changes nothing), and the
 * owner's suspension (sessions ended, sign-in, any old session and ordering refused — as a member or with
 * their address as a guest — until resumed). Each change is one line of the record's audit log.
 */
import { and, count, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { customerChanges, orders, pointLedger, products, shopSettingsVersions, users, userSessions } from "~/db/schema";
import * as addressRoute from "~/routes/crm.customers.$customerId_.addresses.$addressId";
import * as recordRoute from "~/routes/crm.customers.$customerId";
import { action as loginAction } from "~/routes/login";
import { loader as userHubLoader } from "~/routes/user._index";
import * as pointsPage from "~/routes/user.points";
import { placeOrder } from "~/services/checkout/checkout.server";
import { COLLEAGUE_ID, OWNER_ID } from "~/services/seed/people";
import type { CustomerRecord } from "~/web/types/customers";
import { registeredMember, TEST_PASSWORD, type TestMember } from "../support/members";
import { cartWithSimple, shownFingerprint, TEST_MAIL_FRAME, TOKYO_ADDRESS, tokyoGuest } from "../support/orders";
import { platformTest, type TestPlatform } from "../support/platform-test";
import {
  apiRequest,
  callHandler,
  memberCookie,
  pageRequest,
  postRequest,
  run,
  valueOf,
  type DataResult,
  type Outcome,
  type RouteHandler,
} from "../support/requests";

const it = platformTest();

const recordPath = (member: TestMember) => `/crm/customers/${member.id}`;

/** A post of the record page's forms, as a plain form (JS off) unless told. */
function post(platform: TestPlatform, cookie: string, member: TestMember, fields: Record<string, string>, mode: "navigate" | "cors" = "navigate") {
  return run(platform, recordRoute.action as RouteHandler, postRequest(recordPath(member), fields, { cookie, mode }), { customerId: String(member.id) });
}

const adjust = (platform: TestPlatform, cookie: string, member: TestMember, direction: "add" | "take", points: number, reason: string) =>
  post(platform, cookie, member, { intent: "adjust_points", direction, points: String(points), reason });

async function recordOf(platform: TestPlatform, cookie: string, member: TestMember): Promise<CustomerRecord> {
  const outcome = await run(platform, recordRoute.loader as RouteHandler, pageRequest(recordPath(member), cookie), { customerId: String(member.id) });
  return (await valueOf<{ record: CustomerRecord }>(outcome)).record;
}

const balanceOf = async (platform: TestPlatform, member: TestMember) =>
  (await platform.db.select({ points: users.points }).from(users).where(eq(users.id, member.id)).get())!.points;

const changesOf = (platform: TestPlatform, member: TestMember) =>
  platform.db.select().from(customerChanges).where(eq(customerChanges.customerId, member.id)).orderBy(customerChanges.id);

/** The form's messages a refused post answered with (Conform's reply: "" is the form's own). */
function messagesOf(outcome: Outcome): Record<string, string[]> {
  return ((outcome.value as { reply: { error: Record<string, string[]> } }).reply?.error ?? {}) as Record<string, string[]>;
}

describe("a points adjustment", () => {
  it("adds points with a reason: a ledger line the member reads on their points page, and the log's before → after", async ({ platform, staff }) => {
    const member = await registeredMember(platform, "points-add@example.jp");
    const done = await adjust(platform, staff, member, "add", 500, "配送遅延のお詫び");
    expect(done.status).toBe(303);
    expect(done.response!.headers.get("Location")).toBe(`${recordPath(member)}?notice=points_added#result`);
    expect(await balanceOf(platform, member)).toBe(500);

    const seen = await valueOf<{ balance: number; page: { rows: { kind: string; amount: number; note: string; expiresAt: string | null }[] } }>(
      await run(platform, pointsPage.loader as RouteHandler, pageRequest("/user/points", member.cookie)),
    );
    expect(seen.balance).toBe(500);
    // As the shop's other grants: no expiry (decision 0056).
    expect(seen.page.rows).toEqual([expect.objectContaining({ kind: "adjusted", amount: 500, note: "配送遅延のお詫び", expiresAt: null })]);

    const [change] = await changesOf(platform, member);
    expect(change).toMatchObject({ kind: "points", staffName: "佐藤 健", summary: "500ptを付与", before: "0pt", after: "500pt", reason: "配送遅延のお詫び" });
  });

  it("takes points (any staff may take what the balance holds), and refuses to take more than the balance in Japanese", async ({ platform, staff }) => {
    const member = await registeredMember(platform, "points-take@example.jp");
    await adjust(platform, staff, member, "add", 1200, "キャンペーン");
    expect((await adjust(platform, staff, member, "take", 200, "誤付与の取り消し")).status).toBe(303);
    expect(await balanceOf(platform, member)).toBe(1000);
    const refused = await adjust(platform, staff, member, "take", 1001, "誤付与の取り消し");
    expect(refused.status).toBe(409);
    expect(messagesOf(refused)[""]).toEqual(["保有ポイント（1,000pt）を超えて差し引くことはできません。"]);
    expect(await balanceOf(platform, member)).toBe(1000);
    const ledger = await platform.db.select().from(pointLedger).where(eq(pointLedger.userId, member.id));
    expect(ledger.map((line) => line.amount)).toEqual([1200, -200]);
    expect((await changesOf(platform, member)).map((change) => [change.before, change.after])).toEqual([
      ["0pt", "1,200pt"],
      ["1,200pt", "1,000pt"],
    ]);
    // Taking all of it leaves zero.
    expect((await adjust(platform, staff, member, "take", 1000, "退会前の整理")).status).toBe(303);
    expect(await balanceOf(platform, member)).toBe(0);
  });

  it("keeps plain staff within the owner's limit per adjustment (5,000 by default); the owner has none", async ({ platform, staff }) => {
    const member = await registeredMember(platform, "points-limit@example.jp");
    const owner = await memberCookie(platform, OWNER_ID);
    const over = await adjust(platform, staff, member, "add", 5001, "大口のお詫び");
    expect(over.status).toBe(403);
    expect(messagesOf(over)[""]).toEqual(["スタッフが1回に調整できるのは5,000ポイントまでです。それを超える調整はオーナーにご依頼ください。"]);
    expect(await balanceOf(platform, member)).toBe(0);
    expect((await adjust(platform, staff, member, "add", 5000, "お詫び")).status).toBe(303);
    expect((await adjust(platform, owner, member, "add", 20_000, "大口のお詫び")).status).toBe(303);
    expect(await balanceOf(platform, member)).toBe(25_000);
    expect((await adjust(platform, staff, member, "take", 5001, "取り消し")).status).toBe(403);
    expect((await changesOf(platform, member)).map((change) => change.staffName)).toEqual(["佐藤 健", "日向 太郎"]);
  });

  it("reads the limit from the shop settings in force", async ({ platform, staff }) => {
    const member = await registeredMember(platform, "points-setting@example.jp");
    const [version] = await platform.db
      .insert(shopSettingsVersions)
      .values({ settings: JSON.stringify({ ...DEFAULT_SHOP_SETTINGS, pointAdjustLimit: 100 }), changedBy: OWNER_ID, changedByName: "日向 太郎" })
      .returning({ id: shopSettingsVersions.id });
    try {
      expect(messagesOf(await adjust(platform, staff, member, "add", 101, "テスト"))[""]).toEqual([
        "スタッフが1回に調整できるのは100ポイントまでです。それを超える調整はオーナーにご依頼ください。",
      ]);
      expect((await adjust(platform, staff, member, "add", 100, "テスト")).status).toBe(303);
      expect((await recordOf(platform, staff, member)).pointAdjustLimit).toBe(100);
    } finally {
      await platform.db.delete(shopSettingsVersions).where(eq(shopSettingsVersions.id, version!.id));
    }
  });

  it("answers a form typed wrong with its field's message, changing nothing", async ({ platform, staff }) => {
    const member = await registeredMember(platform, "points-bad@example.jp");
    const noReason = await post(platform, staff, member, { intent: "adjust_points", direction: "add", points: "10", reason: " " }, "cors");
    expect(noReason.status).toBe(400);
    expect(messagesOf(noReason).reason).toEqual(["理由を入力してください（お客様のポイント履歴に表示されます）"]);
    const noPoints = await post(platform, staff, member, { intent: "adjust_points", direction: "add", points: "abc", reason: "テスト" });
    expect(messagesOf(noPoints).points).toEqual(["ポイントは1〜1,000,000の半角数字で入力してください"]);
    const unknown = await post(platform, staff, member, { intent: "give_everything" });
    expect(unknown.status).toBe(400);
    // Conform's own fields, which no page of ours sends, are a 400 too (never a 500).
    const conform = await post(platform, staff, member, { intent: "adjust_points", direction: "add", points: "10", reason: "テスト", __intent__: "reset" });
    expect(conform.status).toBe(400);
    expect(await balanceOf(platform, member)).toBe(0);
    expect(await changesOf(platform, member)).toEqual([]);
  });

  it("applies adjustments sent at once each once, and never takes the balance below zero", async ({ platform, staff }) => {
    const member = await registeredMember(platform, "points-race@example.jp");
    const adds = await Promise.all([1, 2, 3, 4].map(() => adjust(platform, staff, member, "add", 600, "同時の付与")));
    expect(adds.map((outcome) => outcome.status)).toEqual([303, 303, 303, 303]);
    expect(await balanceOf(platform, member)).toBe(2400);

    const takes = await Promise.all([1, 2, 3, 4, 5].map(() => adjust(platform, staff, member, "take", 1000, "同時の差し引き")));
    expect(takes.filter((outcome) => outcome.status === 303)).toHaveLength(2);
    expect(takes.filter((outcome) => outcome.status === 409)).toHaveLength(3);
    expect(await balanceOf(platform, member)).toBe(400);
    const ledger = await platform.db.select({ amount: pointLedger.amount }).from(pointLedger).where(eq(pointLedger.userId, member.id));
    expect(ledger.reduce((sum, line) => sum + line.amount, 0)).toBe(400);
    // Each log line's before → after is the balance its own batch moved.
    const taken = (await changesOf(platform, member)).filter((change) => change.summary === "1,000ptを差し引き");
    expect(taken.map((change) => [change.before, change.after])).toEqual([
      ["2,400pt", "1,400pt"],
      ["1,400pt", "400pt"],
    ]);
  });

  it("is refused for a member who left (their record stays readable)", async ({ platform, staff }) => {
    const member = await registeredMember(platform, "points-left@example.jp");
    await platform.db.update(users).set({ withdrawnAt: new Date() }).where(eq(users.id, member.id));
    const refused = await adjust(platform, staff, member, "add", 10, "テスト");
    expect(refused.status).toBe(409);
    expect(messagesOf(refused)[""]).toEqual(["退会済みの会員の記録は変更できません。"]);
    expect((await recordOf(platform, staff, member)).profile.status).toBe("withdrawn");
  });
});

describe("an address correction", () => {
  async function memberWithAddress(platform: TestPlatform, email: string) {
    const member = await registeredMember(platform, email);
    const { addresses } = await import("~/db/schema");
    const [row] = await platform.db
      .insert(addresses)
      .values({ ...TOKYO_ADDRESS, userId: member.id, title: "自宅", isDefault: true })
      .returning({ id: addresses.id });
    return { member, addressId: row!.id };
  }

  const addressFields = (version: string, changes: Record<string, string> = {}) => ({
    intent: "save",
    version,
    title: "自宅",
    lastname: "佐藤",
    firstname: "一郎",
    lastname_jp: "サトウ",
    firstname_jp: "イチロウ",
    postal_code: "1000001",
    prefecture: "13",
    city: "千代田区",
    district: "千代田",
    address1: "1-1",
    address2: "千代田ハイツ101",
    phone: "0312345678",
    default: "1",
    ...changes,
  });

  function save(platform: TestPlatform, cookie: string, member: TestMember, addressId: number, fields: Record<string, string>) {
    return run(
      platform,
      addressRoute.action as RouteHandler,
      postRequest(`/crm/customers/${member.id}/addresses/${addressId}`, fields, { cookie, mode: "navigate" }),
      { customerId: String(member.id), addressId: String(addressId) },
    );
  }

  it("saves staff's correction with the address book's rules and logs it, before → after as readable text", async ({ platform, staff }) => {
    const { member, addressId } = await memberWithAddress(platform, "address-fix@example.jp");
    const [shown] = (await recordOf(platform, staff, member)).addresses;
    const done = await save(platform, staff, member, addressId, addressFields(shown!.version, { address2: "千代田ハイツ102", phone: "03-1234-9999" }));
    expect(done.status).toBe(303);
    expect(done.response!.headers.get("Location")).toBe(`${recordPath(member)}?notice=address_corrected#result`);
    const [after] = (await recordOf(platform, staff, member)).addresses;
    expect(after).toMatchObject({ address2: "千代田ハイツ102", phone: "0312349999" });
    const [change] = await changesOf(platform, member);
    expect(change).toMatchObject({
      kind: "address",
      staffName: "佐藤 健",
      summary: "お届け先「自宅」を修正",
      before: "【自宅】佐藤 一郎（サトウ イチロウ） 〒100-0001 東京都千代田区千代田 1-1 千代田ハイツ101 電話 0312345678",
      after: "【自宅】佐藤 一郎（サトウ イチロウ） 〒100-0001 東京都千代田区千代田 1-1 千代田ハイツ102 電話 0312349999",
    });
  });

  it("answers bad input with the field's Japanese message and a stale page with why, changing and logging nothing", async ({ platform, staff }) => {
    const { member, addressId } = await memberWithAddress(platform, "address-bad@example.jp");
    const [shown] = (await recordOf(platform, staff, member)).addresses;
    const bad = await save(platform, staff, member, addressId, addressFields(shown!.version, { phone: "12345", city: "" }));
    expect(bad.status).toBe(400);
    const errors = (bad.value as { lastResult: { error: Record<string, string[]> } }).lastResult.error;
    expect(errors.phone).toEqual(["電話番号は半角数字10桁または11桁で入力してください（例: 09012345678）"]);
    expect(errors.city).toEqual(["市区町村を入力してください"]);
    const stale = await save(platform, staff, member, addressId, addressFields("zzzz", { address2: "別の部屋" }));
    expect(stale.status).toBe(409);
    expect((stale.value as { lastResult: { error: Record<string, string[]> } }).lastResult.error[""]?.[0]).toMatch(/別の画面で変更または削除されました/);
    expect((await recordOf(platform, staff, member)).addresses[0]).toMatchObject({ phone: "0312345678", address2: "千代田ハイツ101" });
    expect(await changesOf(platform, member)).toEqual([]);
    // Saved as it was: nothing to log.
    expect((await save(platform, staff, member, addressId, addressFields(shown!.version))).status).toBe(303);
    expect(await changesOf(platform, member)).toEqual([]);
  });

  it("is no page for another member's address (404)", async ({ platform, staff }) => {
    const { addressId } = await memberWithAddress(platform, "address-owner@example.jp");
    const stranger = await registeredMember(platform, "address-stranger@example.jp");
    const outcome = await run(platform, addressRoute.loader as RouteHandler, pageRequest(`/crm/customers/${stranger.id}/addresses/${addressId}`, staff), {
      customerId: String(stranger.id),
      addressId: String(addressId),
    });
    expect(outcome.status).toBe(404);
    expect((await save(platform, staff, stranger, addressId, addressFields("zzzz"))).status).toBe(404);
  });
});

describe("suspending an account (the owner)", () => {
  const login = (platform: TestPlatform, email: string) =>
    callHandler(
      platform,
      loginAction as RouteHandler,
      apiRequest("/login", { fields: { email, password: TEST_PASSWORD, redirectTo: "/" }, ip: "203.0.113.50" }),
    );

  async function opensMemberArea(platform: TestPlatform, cookie: string): Promise<boolean> {
    const { thrown } = await callHandler(platform, userHubLoader as RouteHandler, pageRequest("/user", cookie));
    return thrown === undefined;
  }

  /** The member's order attempt through the checkout service: as the member, or as a guest with their address. */
  async function tryToOrder(platform: TestPlatform, owner: { userId?: number; cartId?: string }, guestEmail?: string) {
    const cartId = await cartWithSimple(platform.db, owner.userId != null ? { userId: owner.userId } : {});
    const shopper = owner.userId != null ? owner : { cartId };
    return placeOrder(
      { db: platform.db, owner: shopper, session: {}, now: new Date() },
      {
        placementToken: crypto.randomUUID(),
        shown: await shownFingerprint(platform.db, shopper),
        guest: guestEmail ? tokyoGuest(guestEmail) : undefined,
        address: { address: TOKYO_ADDRESS, save: false },
        paymentMethod: "bank_transfer",
        deliveryDate: null,
        deliveryTimeSlot: null,
        mailFrame: TEST_MAIL_FRAME,
      },
    );
  }

  const stockOfSimple = async (platform: TestPlatform) =>
    (await platform.db.select({ inventory: products.inventory }).from(products).where(eq(products.sku, "DEMO-SIMPLE")).get())!.inventory;
  const ordersOf = async (platform: TestPlatform, email: string) =>
    (await platform.db.select({ n: count() }).from(orders).where(eq(orders.email, email)).get())!.n;

  it("ends the member's sessions, refuses their sign-in and orders until resumed, and logs both with the reason", async ({ platform, staff }) => {
    const owner = await memberCookie(platform, OWNER_ID);
    const member = await registeredMember(platform, "suspend-me@example.jp");
    const laptop = await memberCookie(platform, member.id);
    expect(await opensMemberArea(platform, member.cookie)).toBe(true);

    const done = await post(platform, owner, member, { intent: "suspend", reason: "不正利用の疑い" });
    expect(done.status).toBe(303);
    expect(done.response!.headers.get("Location")).toBe(`${recordPath(member)}?notice=suspended#result`);
    const row = await platform.db.select().from(users).where(eq(users.id, member.id)).get();
    expect(row).toMatchObject({ suspensionReason: "不正利用の疑い" });
    expect(row!.suspendedAt).toBeInstanceOf(Date);
    expect((await platform.db.select({ n: count() }).from(userSessions).where(eq(userSessions.userId, member.id)).get())!.n).toBe(0);
    for (const cookie of [member.cookie, laptop]) expect(await opensMemberArea(platform, cookie)).toBe(false);

    // Sign-in: the right password is told the account cannot be used; a wrong one learns nothing more.
    const refused = (await login(platform, member.email)).returned as unknown as DataResult<{ error: Record<string, string[]> }>;
    expect(refused.data.error[""]).toEqual(["このアカウントは現在ご利用いただけません。お問い合わせください。"]);

    // Orders: refused as the member and as a guest typing their address; no order, no stock, no points moved.
    await platform.db.update(users).set({ points: 300 }).where(eq(users.id, member.id));
    const stock = await stockOfSimple(platform);
    expect(await tryToOrder(platform, { userId: member.id })).toMatchObject({
      ok: false,
      error: "このアカウントでは現在ご注文いただけません。お問い合わせください。",
    });
    expect(await tryToOrder(platform, {}, member.email)).toMatchObject({
      ok: false,
      error: "このメールアドレスでは現在ご注文いただけません。お問い合わせください。",
    });
    expect(await ordersOf(platform, member.email)).toBe(0);
    expect(await stockOfSimple(platform)).toBe(stock);
    expect(await balanceOf(platform, member)).toBe(300);

    // Staff see the state, the reason and no session.
    const shown = await recordOf(platform, staff, member);
    expect(shown.profile).toMatchObject({ status: "suspended", suspensionReason: "不正利用の疑い" });
    expect(shown.login.activeSessions).toBe(0);

    expect((await post(platform, owner, member, { intent: "resume", reason: "ご本人確認が取れたため" })).status).toBe(303);
    expect(
      await platform.db.select({ suspendedAt: users.suspendedAt, reason: users.suspensionReason }).from(users).where(eq(users.id, member.id)).get(),
    ).toEqual({
      suspendedAt: null,
      reason: "",
    });
    const { thrown } = await login(platform, member.email);
    expect((thrown as Response).status).toBe(302);
    expect(await tryToOrder(platform, { userId: member.id })).toMatchObject({ ok: true });

    const log = (await recordOf(platform, staff, member)).changes;
    // Newest first: the resumption, then the suspension.
    expect(log.map((change) => [change.kind, change.staffName, change.before, change.after, change.reason])).toEqual([
      ["resume", "日向 太郎", "停止中", "有効", "ご本人確認が取れたため"],
      ["suspend", "日向 太郎", "有効", "停止中", "不正利用の疑い"],
    ]);
  });

  it("requires a reason, and refuses to suspend twice or resume an active account, changing nothing", async ({ platform }) => {
    const owner = await memberCookie(platform, OWNER_ID);
    const member = await registeredMember(platform, "suspend-rules@example.jp");
    const noReason = await post(platform, owner, member, { intent: "suspend", reason: "" });
    expect(noReason.status).toBe(400);
    expect(messagesOf(noReason).reason).toEqual(["理由を入力してください"]);
    const notSuspended = await post(platform, owner, member, { intent: "resume", reason: "テスト" });
    expect(notSuspended.status).toBe(409);
    expect(messagesOf(notSuspended)[""]).toEqual(["このアカウントは停止されていません。"]);
    expect((await post(platform, owner, member, { intent: "suspend", reason: "テスト" })).status).toBe(303);
    const twice = await post(platform, owner, member, { intent: "suspend", reason: "二度目" });
    expect(twice.status).toBe(409);
    expect(messagesOf(twice)[""]).toEqual(["このアカウントは既に停止されています。"]);
    expect((await changesOf(platform, member)).map((change) => change.reason)).toEqual(["テスト"]);
  });

  it("suspends once when the owner's two tabs send it at once", async ({ platform }) => {
    const owner = await memberCookie(platform, OWNER_ID);
    const member = await registeredMember(platform, "suspend-race@example.jp");
    const sent = await Promise.all([1, 2].map(() => post(platform, owner, member, { intent: "suspend", reason: "同時" })));
    expect(sent.map((outcome) => outcome.status).sort()).toEqual([303, 409]);
    expect(await changesOf(platform, member)).toHaveLength(1);
  });

  it("refuses an order whose batch runs after the suspension landed (the guard in the order's batch)", async ({ platform }) => {
    const member = await registeredMember(platform, "suspend-guard@example.jp");
    // Suspended with the session left in place: what a request resolved just before the suspension still holds.
    await platform.db.update(users).set({ suspendedAt: new Date(), suspensionReason: "テスト" }).where(eq(users.id, member.id));
    const stock = await stockOfSimple(platform);
    const refused = await tryToOrder(platform, {}, member.email);
    expect(refused).toMatchObject({ ok: false, error: "このメールアドレスでは現在ご注文いただけません。お問い合わせください。" });
    expect(await ordersOf(platform, member.email)).toBe(0);
    expect(await stockOfSimple(platform)).toBe(stock);
  });

  it("lets no session of a suspended account open anything, even one its suspension did not delete", async ({ platform }) => {
    const member = await registeredMember(platform, "suspend-session@example.jp");
    expect(await opensMemberArea(platform, member.cookie)).toBe(true);
    await platform.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, member.id));
    expect(await opensMemberArea(platform, member.cookie)).toBe(false);
    await platform.db.update(users).set({ suspendedAt: null }).where(eq(users.id, member.id));
    expect(await opensMemberArea(platform, member.cookie)).toBe(true);
  });
});

describe("the audit log", () => {
  it("lists every change to the member, newest first, with who, what, before → after and why — and no other member's", async ({ platform, staff }) => {
    const owner = await memberCookie(platform, OWNER_ID);
    const colleague = await memberCookie(platform, COLLEAGUE_ID);
    const member = await registeredMember(platform, "audit@example.jp");
    const other = await registeredMember(platform, "audit-other@example.jp");
    await adjust(platform, staff, member, "add", 300, "レビュー投稿のお礼");
    await adjust(platform, colleague, member, "take", 100, "重複付与の取り消し");
    await post(platform, owner, member, { intent: "suspend", reason: "支払いの遅延" });
    await adjust(platform, staff, other, "add", 50, "別の会員");
    const log = (await recordOf(platform, staff, member)).changes;
    expect(log.map(({ kind, staffName, summary, before, after, reason }) => ({ kind, staffName, summary, before, after, reason }))).toEqual([
      { kind: "suspend", staffName: "日向 太郎", summary: "アカウントを停止", before: "有効", after: "停止中", reason: "支払いの遅延" },
      { kind: "points", staffName: "鈴木 美咲", summary: "100ptを差し引き", before: "300pt", after: "200pt", reason: "重複付与の取り消し" },
      { kind: "points", staffName: "佐藤 健", summary: "300ptを付与", before: "0pt", after: "300pt", reason: "レビュー投稿のお礼" },
    ]);
    for (const change of log) expect(Date.parse(change.createdAt)).not.toBeNaN();
    expect(
      (await platform.db
        .select({ n: count() })
        .from(customerChanges)
        .where(and(eq(customerChanges.customerId, other.id), eq(customerChanges.kind, "points")))
        .get())!.n,
    ).toBe(1);
  });
});
