/**
 * The shop settings at /crm/settings (issue 37 item 5, decision 0057) on real local D1: who may see and save
 * them; bad input refused in Japanese with nothing saved; two owners saving at once (one wins); the history;
 * and what reads them — the 特定商取引法 page, an order mail's footer, the receipt, a new 銀行振込 order's
 * account and deadline (an order already placed keeps its own), the hourly lapse job and the desk's lapsed
 * filter by the stored deadline, and the low-stock default. The tests of this file share one store, in order.
 */
import { and, count, desc, eq, like } from "drizzle-orm";
import { describe, expect } from "vitest";
import { addDaysToDate, formatDateJa, jstDate } from "~/core/dates";
import { orderConfirmationKey } from "~/core/mail/mail-outbox";
import { PAYMENT_LAPSED } from "~/core/orders/order-desk-listing";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { SHOP_SETTINGS_MESSAGES, shopSettingsFormValues, type ShopSettingsFormValues } from "~/core/settings/shop-settings-form";
import type { LegalDocument } from "~/core/site/legal-document";
import { addresses, mailOutbox, orders, shopSettingsVersions, users } from "~/db/schema";
import { action as checkoutAction } from "~/routes/checkout";
import { loader as thanksLoader } from "~/routes/checkout_.thanks.$number";
import * as orderList from "~/routes/crm.orders._index";
import * as settingsPage from "~/routes/crm.settings";
import * as tokushohoRoute from "~/routes/legal.tokushoho";
import * as receiptPage from "~/routes/user.orders.$id.receipt";
import { stockAlertCountsQuery } from "~/services/catalogue/stock-alerts.server";
import { lapseUnpaidOrders } from "~/services/orders/order-cancellation.server";
import { loadDashboard } from "~/services/reports/dashboard.server";
import { COLLEAGUE_ID, MEMBER_ID, OWNER_ID } from "~/services/seed/people";
import type { ShopSettingsActionData, ShopSettingsPageData } from "~/web/types/settings";
import { cartWithSimple, shownFingerprint, TEST_MAIL_FRAME } from "../support/orders";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { location, memberCookie, pageRequest, postRequest, run, valueOf, type RouteHandler } from "../support/requests";

const it = platformTest().extend<{ owner: string }>({
  owner: [async ({ platform }, provide) => provide(await memberCookie(platform, OWNER_ID)), { scope: "file" }],
});

const PATH = "/crm/settings";

const openPage = (platform: TestPlatform, cookie?: string) => run(platform, settingsPage.loader as RouteHandler, pageRequest(PATH, cookie));
const pageOf = async (platform: TestPlatform, cookie: string) => valueOf<ShopSettingsPageData>(await openPage(platform, cookie));

/** The form as the page shows it, with `changes` typed over it (basedOn: the version shown, unless given). */
async function settingsForm(platform: TestPlatform, cookie: string, changes: Partial<ShopSettingsFormValues & { basedOn: string }>) {
  const page = await pageOf(platform, cookie);
  return { basedOn: String(page.basedOn), ...page.values, ...changes };
}

const post = (platform: TestPlatform, fields: Record<string, string>, cookie?: string, mode: "navigate" | "cors" = "navigate") =>
  run(platform, settingsPage.action as RouteHandler, postRequest(PATH, fields, { cookie, mode }));

/** Saves `changes` as the owner (JS off), and checks it was saved. */
async function save(platform: TestPlatform, owner: string, changes: Partial<ShopSettingsFormValues>) {
  const outcome = await post(platform, await settingsForm(platform, owner, changes), owner);
  expect(outcome.status, JSON.stringify(outcome.value)).toBe(303);
  expect(location(outcome)).toBe(`${PATH}?notice=saved#result`);
}

const versionCount = async (platform: TestPlatform) => (await platform.db.select({ n: count() }).from(shopSettingsVersions))[0]!.n;

/** Every text of a legal document, as a shopper reads it. */
const pageText = (document: LegalDocument) => JSON.stringify(document);

/** A 銀行振込 order of the member placed through the checkout form (JS off), as the shop's pages place it. */
async function placeTransferOrder(platform: TestPlatform, member: string) {
  await cartWithSimple(platform.db, { userId: MEMBER_ID });
  const addressId = (await platform.db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, MEMBER_ID)).get())!.id;
  const fields = {
    token: crypto.randomUUID(),
    shown: await shownFingerprint(platform.db, { userId: MEMBER_ID }),
    payment: "bank_transfer",
    addressId: String(addressId),
  };
  const outcome = await run(platform, checkoutAction, postRequest("/checkout", fields, { cookie: member, mode: "navigate" }));
  const number = /^\/checkout\/thanks\/([^?]+)/.exec(location(outcome) ?? "")?.[1];
  if (!number) throw new Error(`not placed: ${JSON.stringify(outcome.value)}`);
  return (await platform.db.select().from(orders).where(eq(orders.number, number)).get())!;
}

const mailOf = async (platform: TestPlatform, number: string) =>
  (await platform.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.key, orderConfirmationKey(number)))
    .get())!;

describe("who sees and saves the settings", () => {
  it("sends a visitor to log in and refuses members and merchants", async ({ platform, member, merchant }) => {
    expect(location(await openPage(platform))).toMatch(/^\/login/);
    expect(location(await post(platform, { basedOn: "0" }))).toMatch(/^\/login/);
    for (const cookie of [member, merchant]) {
      expect((await openPage(platform, cookie)).status).toBe(403);
      expect((await post(platform, { basedOn: "0" }, cookie)).status).toBe(403);
    }
  });

  it("shows staff the settings in force read-only, the defaults before any save, and refuses their save", async ({ platform, staff }) => {
    const page = await pageOf(platform, staff);
    expect(page).toMatchObject({ canEdit: false, basedOn: 0, history: [] });
    expect(page.values).toEqual(shopSettingsFormValues(DEFAULT_SHOP_SETTINGS));
    const refused = await post(platform, { basedOn: "0", ...page.values, phone: "03-0000-0000" }, staff);
    expect(refused.status).toBe(403);
    expect(await versionCount(platform)).toBe(0);
  });

  it("lets the owner save a new version, recorded with who saved it", async ({ platform, owner }) => {
    expect((await pageOf(platform, owner)).canEdit).toBe(true);
    await save(platform, owner, { phone: "03-1234-5678", alert_newTicket: "desk@example.jp\n\n Lead@Example.jp " });
    const [version] = await platform.db.select().from(shopSettingsVersions).orderBy(desc(shopSettingsVersions.id));
    expect(version).toMatchObject({ changedBy: OWNER_ID, changedByName: "日向 太郎" });
    const settings = JSON.parse(version!.settings);
    expect(settings.phone).toBe("03-1234-5678");
    // One address a line, blank lines dropped, lower-cased.
    expect(settings.alerts.newTicket).toEqual(["desk@example.jp", "lead@example.jp"]);
    const page = await pageOf(platform, owner);
    expect(page.basedOn).toBe(version!.id);
    expect(page.values.phone).toBe("03-1234-5678");
    expect(page.notice).toBeNull();
  });
});

describe("bad input", () => {
  it("answers each wrong field in Japanese, keeps what was typed and saves nothing (JS on and off)", async ({ platform, owner }) => {
    const before = await versionCount(platform);
    for (const mode of ["navigate", "cors"] as const) {
      const fields = await settingsForm(platform, owner, {
        registrationNumber: "T123",
        phone: "でんわ",
        postalCode: "12",
        supportEmail: "support",
        bankAccountNumber: "12-34",
        bankTransferDays: "0",
        lowStockDefault: "-1",
        digestHour: "24",
        shopName: "",
        alert_lowStock: "stock@example.jp\nnot-an-address",
      });
      const outcome = await post(platform, fields, owner, mode);
      expect(outcome.status).toBe(400);
      const answer = await valueOf<ShopSettingsActionData>(outcome);
      if (!("reply" in answer)) throw new Error("no reply");
      const errors = answer.reply.error ?? {};
      expect(errors.registrationNumber).toEqual([SHOP_SETTINGS_MESSAGES.registrationNumber]);
      expect(errors.phone).toEqual([SHOP_SETTINGS_MESSAGES.phone]);
      expect(errors.postalCode).toEqual([SHOP_SETTINGS_MESSAGES.postalCode]);
      expect(errors.supportEmail).toEqual([SHOP_SETTINGS_MESSAGES.email]);
      expect(errors.bankAccountNumber).toEqual([SHOP_SETTINGS_MESSAGES.bankAccountNumber]);
      expect(errors.bankTransferDays).toEqual([SHOP_SETTINGS_MESSAGES.bankTransferDays]);
      expect(errors.lowStockDefault).toEqual([SHOP_SETTINGS_MESSAGES.lowStockDefault]);
      expect(errors.digestHour).toEqual([SHOP_SETTINGS_MESSAGES.digestHour]);
      expect(errors.shopName).toEqual([SHOP_SETTINGS_MESSAGES.shopName]);
      expect(errors.alert_lowStock).toEqual(["「在庫わずか・在庫切れ」の2行目「not-an-address」はメールアドレスの形式ではありません"]);
      expect(answer.reply.initialValue).toMatchObject({ registrationNumber: "T123", alert_lowStock: "stock@example.jp\nnot-an-address" });
    }
    // A registration number typed in lower case or full width is read as it is meant.
    const typed = await settingsForm(platform, owner, { registrationNumber: "ｔ１２３４５６７８９０１２３" });
    expect((await post(platform, typed, owner)).status).toBe(303);
    expect(JSON.parse((await platform.db.select().from(shopSettingsVersions).orderBy(desc(shopSettingsVersions.id)).get())!.settings).registrationNumber).toBe(
      "T1234567890123",
    );
    expect(await versionCount(platform)).toBe(before + 1);
    // A post without the version it was based on is malformed: nothing saved.
    const { basedOn: _basedOn, ...withoutVersion } = await settingsForm(platform, owner, {});
    expect((await post(platform, withoutVersion, owner)).status).toBe(400);
    expect(await versionCount(platform)).toBe(before + 1);
  });
});

describe("two owners saving at once", () => {
  it("saves one and tells the other in Japanese that the settings changed meanwhile", async ({ platform, owner }) => {
    await platform.db.update(users).set({ isOwner: true }).where(eq(users.id, COLLEAGUE_ID));
    const colleague = await memberCookie(platform, COLLEAGUE_ID);
    const before = await versionCount(platform);
    const [mine, theirs] = await Promise.all([
      settingsForm(platform, owner, { shopName: "ひなた市場 本店" }),
      settingsForm(platform, colleague, { shopName: "ひなた市場 支店" }),
    ]);
    expect(mine.basedOn).toBe(theirs.basedOn);
    const outcomes = await Promise.all([post(platform, mine, owner), post(platform, theirs, colleague)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([303, 409]);
    const loser = outcomes.find((outcome) => outcome.status === 409)!;
    const answer = await valueOf<ShopSettingsActionData>(loser);
    expect("reply" in answer && answer.reply.error?.[""]).toEqual([SHOP_SETTINGS_MESSAGES.changedMeanwhile]);
    expect(await versionCount(platform)).toBe(before + 1);
    // The page shows the winner's version, and a save based on it goes through.
    const winner = outcomes[0]!.status === 303 ? "ひなた市場 本店" : "ひなた市場 支店";
    expect((await pageOf(platform, owner)).values.shopName).toBe(winner);
    await save(platform, owner, { shopName: DEFAULT_SHOP_SETTINGS.shopName });
    await platform.db.update(users).set({ isOwner: false }).where(eq(users.id, COLLEAGUE_ID));
  });
});

describe("the history", () => {
  it("lists every version newest first: who, when in Japan time, and each change before → after", async ({ platform, owner, staff }) => {
    await save(platform, owner, { supportHours: "毎日 9:00〜18:00", bankTransferDays: "7" });
    const { history } = await pageOf(platform, staff);
    expect(history).toHaveLength(await versionCount(platform));
    const [latest, previous] = history;
    expect(latest).toMatchObject({
      changedByName: "日向 太郎",
      changes: [{ label: "電話の受付時間", before: DEFAULT_SHOP_SETTINGS.supportHours, after: "毎日 9:00〜18:00" }],
    });
    expect(latest!.changedAt).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    expect(previous!.changes.map((change) => change.label)).toContain("ショップ名");
    // The first save is told against the defaults.
    expect(history.at(-1)!.changes).toEqual(
      expect.arrayContaining([
        { label: "電話番号", before: DEFAULT_SHOP_SETTINGS.phone, after: "03-1234-5678" },
        { label: "通知先：新しいお問い合わせ", before: "（なし）", after: "desk@example.jp、lead@example.jp" },
      ]),
    );
  });
});

describe("what reads the settings", () => {
  it("shows a saved seller, phone and registration number on /legal/tokushoho, in an order mail's footer and on the receipt", async ({
    platform,
    owner,
    member,
  }) => {
    const seller = { sellerName: "株式会社ひなた商店", phone: "03-9876-5432", registrationNumber: "T9876543210987", supportEmail: "help@hinata.example.jp" };
    await save(platform, owner, seller);

    const legal = pageText(
      (await valueOf<{ document: LegalDocument }>(await run(platform, tokushohoRoute.loader as RouteHandler, pageRequest("/legal/tokushoho")))).document,
    );
    for (const fact of Object.values(seller)) expect(legal).toContain(fact);
    expect(legal).not.toContain(DEFAULT_SHOP_SETTINGS.sellerName);

    const order = await placeTransferOrder(platform, member);
    const mail = await mailOf(platform, order.number);
    for (const fact of [`販売業者：${seller.sellerName}`, `電話番号：${seller.phone}`, `メールアドレス：${seller.supportEmail}`])
      expect(mail.textBody).toContain(fact);

    const receipt = await valueOf<{ seller: Record<string, string> }>(
      await run(platform, receiptPage.loader as RouteHandler, pageRequest("/user/orders/1/receipt", member), { id: "1" }),
    );
    expect(receipt.seller).toMatchObject(seller);
  });

  it("gives a new 銀行振込 order the saved account and days, while an order placed before keeps its deadline", async ({ platform, owner, member }) => {
    const earlier = await placeTransferOrder(platform, member);
    expect(earlier.paymentDueOn).toBe(addDaysToDate(jstDate(earlier.createdAt), 7));

    await save(platform, owner, {
      bankName: "さくら信用金庫",
      bankBranch: "本店",
      bankAccountNumber: "7654321",
      bankHolder: "カ）ヒナタショウテン",
      bankTransferDays: "10",
    });
    const order = await placeTransferOrder(platform, member);
    const due = addDaysToDate(jstDate(order.createdAt), 10);
    expect(order.paymentDueOn).toBe(due);
    const mail = await mailOf(platform, order.number);
    for (const fact of ["金融機関：さくら信用金庫", "口座番号：7654321", "口座名義：カ）ヒナタショウテン", `お振込期限：${formatDateJa(due)}まで`]) {
      expect(mail.textBody).toContain(fact);
    }
    const thanks = await valueOf<{ order: { bankTransfer: { rows: [string, string][]; deadline: string }; paymentNote: string } }>(
      await run(platform, thanksLoader as RouteHandler, pageRequest(`/checkout/thanks/${order.number}`, member), { number: order.number }),
    );
    expect(thanks.order.bankTransfer.rows).toContainEqual(["口座番号", "7654321"]);
    expect(thanks.order.bankTransfer.deadline).toBe(due);
    expect(thanks.order.paymentNote).toContain(formatDateJa(due));

    // Changing the days again moves no order already placed.
    await save(platform, owner, { bankTransferDays: "3" });
    const reread = await platform.db.select({ id: orders.id, due: orders.paymentDueOn }).from(orders).where(eq(orders.paymentMethod, "bank_transfer"));
    expect(reread.find((row) => row.id === earlier.id)!.due).toBe(earlier.paymentDueOn);
    expect(reread.find((row) => row.id === order.id)!.due).toBe(due);
  });

  it("finds the demo's 銀行振込 orders with their deadline stored as checkout stores it", async ({ platform }) => {
    const seeded = await platform.db
      .select()
      .from(orders)
      .where(and(eq(orders.paymentMethod, "bank_transfer"), like(orders.placementToken, "seed-order-%")));
    expect(seeded.length).toBeGreaterThan(0);
    for (const order of seeded) expect(order.paymentDueOn, order.number).toBe(addDaysToDate(jstDate(order.createdAt), DEFAULT_SHOP_SETTINGS.bankTransferDays));
  });

  it("lapses and lists as lapsed by the stored deadline, not by the order's age", async ({ platform, member, staff }) => {
    const now = new Date();
    const yesterday = addDaysToDate(jstDate(now), -1);
    const lapsing = await placeTransferOrder(platform, member);
    await platform.db.update(orders).set({ paymentDueOn: yesterday }).where(eq(orders.id, lapsing.id));
    // Placed 60 days ago, but due tomorrow (as stored): still waiting.
    const old = await placeTransferOrder(platform, member);
    await platform.db
      .update(orders)
      .set({ createdAt: new Date(now.getTime() - 60 * 86_400_000), paymentDueOn: addDaysToDate(jstDate(now), 1) })
      .where(eq(orders.id, old.id));

    const listed = await valueOf<{ page: { rows: { id: number }[] } }>(
      await run(platform, orderList.loader as RouteHandler, pageRequest(`/crm/orders?payment_due=${PAYMENT_LAPSED}`, staff)),
    );
    const ids = listed.page.rows.map((row) => row.id);
    expect(ids).toContain(lapsing.id);
    expect(ids).not.toContain(old.id);
    const lapsedCount = (await loadDashboard(platform.db, now)).todo.find((item) => item.label === "入金期限切れ")!.count;
    expect(lapsedCount).toBe(ids.length);

    const lapsed = await lapseUnpaidOrders(platform.db, TEST_MAIL_FRAME, now);
    expect(lapsed).toContain(lapsing.number);
    expect(lapsed).not.toContain(old.number);
    const statuses = await platform.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.paymentMethod, "bank_transfer")));
    expect(statuses.find((row) => row.id === lapsing.id)!.status).toBe("cancelled");
    expect(statuses.find((row) => row.id === old.id)!.status).toBe("pending_payment");
  });

  it("counts low stock by the saved default for products that set no threshold", async ({ platform, owner }) => {
    const lowCount = async () => (await stockAlertCountsQuery(platform.db))[0]!.low;
    const before = await lowCount();
    await save(platform, owner, { lowStockDefault: "500" });
    const raised = await lowCount();
    expect(raised).toBeGreaterThan(before);
    await save(platform, owner, { lowStockDefault: "0" });
    expect(await lowCount()).toBeLessThan(before);
    await save(platform, owner, { lowStockDefault: String(DEFAULT_SHOP_SETTINGS.lowStockDefault) });
    expect(await lowCount()).toBe(before);
  });
});
