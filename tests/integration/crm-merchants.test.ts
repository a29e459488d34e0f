/**
 * Merchant accounts on real local D1 (issue 17 item 6): who may open each /crm/merchants route and post
 * (staff only), the form's per-field Japanese messages and malformed posts (400, nothing changed), create
 * and edit (one batch, refused over a newer save), a login's invitation mail whose link works once, disabling
 * a login (its sessions end), and a suspended merchant's product: gone from listings and search, not
 * buyable on its page or in a cart, refused by the checkout — also when the suspension lands while the
 * order is being placed — and back on sale once reactivated.
 */
import { and, count, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { verifyLogin } from "~/services/account/accounts.server";
import { MERCHANT_LOGIN_MESSAGES, MERCHANT_MESSAGES } from "~/core/merchant/merchant-accounts";
import { MERCHANT_SUSPENDED_TEXT } from "~/core/merchant/merchant-disclosure";
import { orderFingerprint } from "~/core/checkout/order-confirmation";
import { DEFAULT_SEARCH_FILTER } from "~/core/search/search-filter";
import { MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import type { Database } from "~/db/client.server";
import { accountTokens, cartLines, mailOutbox, merchants, orderLines, products, users, userSessions } from "~/db/schema";
import { productBySku } from "~/services/seed/catalogue";
import { MEMBER_ID, MERCHANT_ID } from "~/services/seed/people";
import * as productRoute from "~/routes/category.$categorySlug.$sku";
import { loader as listLoader } from "~/routes/crm.merchants._index";
import { action as editAction, loader as editLoader } from "~/routes/crm.merchants.$merchantId";
import { action as newAction, loader as newLoader } from "~/routes/crm.merchants.new";
import { loader as portalLoader } from "~/routes/merchant._index";
import { loadCart } from "~/services/cart/cart-view.server";
import { placeOrder } from "~/services/checkout/checkout.server";
import { resetPassword } from "~/services/account/password-reset.server";
import { searchProducts } from "~/services/search/search.server";
import type { ProductView } from "~/web/types/product";
import { cartWith, TEST_MAIL_FRAME, TOKYO_ADDRESS } from "../support/orders";
import { platformTest, type PlatformFixtures, type TestPlatform, seedClock } from "../support/platform-test";
import { contextFor, expectRedirect, memberCookie, pageRequest, postRequest, run, runPage, valueOf, type RouteHandler } from "../support/requests";
import { asSent } from "../support/mails";

const now = seedClock();
const it = platformTest();

/** 安曇野はちみつ工房 (merchant 5) and its one product; no other test file uses either. */
const HONEY_MERCHANT = 5;
const HONEY = productBySku("FOOD-HONEY");
const honeyPath = `/crm/merchants/${HONEY_MERCHANT}`;

const VALID_FORM = {
  name: "テスト農園",
  slug: "test-farm",
  description: "テスト用の出店者です。",
  contactName: "試験 太郎",
  contactEmail: "Contact@Test-Farm.example.jp",
  contactPhone: "０９０ー１２３４ー５６７８",
  legalName: "株式会社テスト農園",
  representative: "代表取締役 試験 一郎",
  postalCode: "〒１００ー０００１",
  address: "東京都千代田区千代田1-1",
  phone: "03-1234-5678",
  email: "shop@test-farm.example.jp",
  shippingFee: "８８０",
  freeShippingThreshold: "5,000",
  status: "active",
};

async function merchantRow(db: Database, id: number) {
  return (await db.select().from(merchants).where(eq(merchants.id, id)).get())!;
}

/** The edit form's fields for a stored merchant, as the page would post them back (with its version). */
async function storedForm(db: Database, id: number, changes: Record<string, string> = {}): Promise<Record<string, string>> {
  const row = await merchantRow(db, id);
  return {
    intent: "save",
    version: String(row.updatedAt?.getTime() ?? 0),
    name: row.name,
    slug: row.slug,
    description: row.description,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    legalName: row.legalName,
    representative: row.representative,
    postalCode: row.postalCode,
    address: row.address,
    phone: row.phone,
    email: row.email,
    shippingFee: String(row.shippingFee),
    freeShippingThreshold: row.freeShippingThreshold == null ? "" : String(row.freeShippingThreshold),
    status: row.status,
    ...changes,
  };
}

function setStatus(platform: TestPlatform, staff: string, status: "active" | "suspended") {
  return async () => {
    const fields = await storedForm(platform.db, HONEY_MERCHANT, { status });
    return run(platform, editAction, postRequest(honeyPath, fields, { cookie: staff, mode: "navigate" }), { merchantId: String(HONEY_MERCHANT) });
  };
}

async function productPage(platform: TestPlatform, cookie?: string): Promise<ProductView> {
  const path = `/category/${HONEY.category}/${HONEY.sku}`;
  return (await productRoute.loader({
    request: pageRequest(path, cookie),
    params: { categorySlug: HONEY.category, sku: HONEY.sku },
    context: contextFor(platform),
  })) as ProductView;
}

/** Whether the honey is found by keyword and on its category's listing. */
const honeyListed = async (db: Database) => {
  const byKeyword = await searchProducts(db, { ...DEFAULT_SEARCH_FILTER, q: "はちみつ" });
  const byCategory = await searchProducts(db, { ...DEFAULT_SEARCH_FILTER, category: HONEY.category, features: [] }, 100);
  return {
    search: byKeyword.products.some((product) => product.sku === HONEY.sku),
    category: byCategory.products.some((product) => product.sku === HONEY.sku),
  };
};

/** Order lines of the honey ever placed (the seed has none). */
const honeyOrderLines = async (db: Database) => (await db.select({ n: count() }).from(orderLines).where(eq(orderLines.productId, HONEY.id)).get())!.n;

function orderInput(shown: string) {
  return {
    placementToken: crypto.randomUUID(),
    shown,
    address: { address: TOKYO_ADDRESS, save: false },
    paymentMethod: "bank_transfer" as const,
    deliveryDate: null,
    deliveryTimeSlot: null,
    mailFrame: TEST_MAIL_FRAME,
  };
}

describe("staff only", () => {
  const routes: { name: string; handler: RouteHandler; request: (cookie?: string) => Request; params?: Record<string, string> }[] = [
    { name: "the listing", handler: listLoader, request: (cookie) => pageRequest("/crm/merchants", cookie) },
    { name: "the new form", handler: newLoader, request: (cookie) => pageRequest("/crm/merchants/new", cookie) },
    {
      name: "registering",
      handler: newAction,
      request: (cookie) => postRequest("/crm/merchants/new", { ...VALID_FORM, slug: "matrix" }, { cookie, mode: "navigate" }),
    },
    { name: "a merchant's page", handler: editLoader, request: (cookie) => pageRequest(honeyPath, cookie), params: { merchantId: String(HONEY_MERCHANT) } },
    {
      name: "saving it",
      handler: editAction,
      request: (cookie) =>
        postRequest(honeyPath, { ...VALID_FORM, intent: "save", version: "0", slug: "azumino-honey", status: "suspended" }, { cookie, mode: "navigate" }),
      params: { merchantId: String(HONEY_MERCHANT) },
    },
    {
      name: "adding a login",
      handler: editAction,
      request: (cookie) =>
        postRequest(honeyPath, { intent: "invite", email: "matrix@example.jp", lastname: "行列", firstname: "太郎" }, { cookie, mode: "navigate" }),
      params: { merchantId: String(HONEY_MERCHANT) },
    },
    {
      name: "disabling a login",
      handler: editAction,
      request: (cookie) => postRequest(`/crm/merchants/${MERCHANT_ID}`, { intent: "disable", userId: "4" }, { cookie, mode: "navigate" }),
      params: { merchantId: String(MERCHANT_ID) },
    },
  ];

  for (const route of routes) {
    it(`${route.name}: anonymous → login; member and merchant → 403; nothing changes`, async ({ platform, member, merchant, otherMerchant }) => {
      const before = JSON.stringify([await platform.db.select().from(merchants), await platform.db.select({ n: count() }).from(users)]);
      expectRedirect(await run(platform, route.handler, route.request(), route.params), 302, /^\/login\?show=1&redirectTo=%2Fcrm%2Fmerchants/);
      for (const cookie of [member, merchant, otherMerchant]) {
        expect((await run(platform, route.handler, route.request(cookie), route.params)).status).toBe(403);
      }
      expect(JSON.stringify([await platform.db.select().from(merchants), await platform.db.select({ n: count() }).from(users)])).toBe(before);
    });
  }

  it("staff open the listing, filtered by name and status", async ({ platform, staff }) => {
    const page = await valueOf<{ page: { rows: { name: string; status: string }[]; total: number } }>(
      await run(platform, listLoader, pageRequest("/crm/merchants", staff)),
    );
    expect(page.page.total).toBe(5);
    const filtered = await valueOf<{ page: { rows: { name: string }[] } }>(
      await run(platform, listLoader, pageRequest(`/crm/merchants?${new URLSearchParams({ name: "十勝", status: "active" })}`, staff)),
    );
    expect(filtered.page.rows.map((row) => row.name)).toEqual(["十勝しあわせ牧場"]);
  });
});

describe("the merchant form", () => {
  it("answers typing mistakes with each field's Japanese message (400) and stores nothing", async ({ platform, staff }) => {
    const outcome = await run(
      platform,
      newAction,
      postRequest(
        "/crm/merchants/new",
        { ...VALID_FORM, name: "", slug: "Bad Slug!", postalCode: "12-34", phone: "12345", shippingFee: "-1", status: "closed" },
        { cookie: staff, mode: "navigate" },
      ),
    );
    expect(outcome.status).toBe(400);
    const { reply } = await valueOf<{ reply: { error: Record<string, string[]> } }>(outcome);
    expect(reply.error).toMatchObject({
      name: [MERCHANT_MESSAGES.name],
      slug: [MERCHANT_MESSAGES.slug],
      postalCode: [MERCHANT_MESSAGES.postalCode],
      phone: [MERCHANT_MESSAGES.phone],
      shippingFee: [MERCHANT_MESSAGES.shippingFee],
      status: [MERCHANT_MESSAGES.status],
    });
    expect(JSON.stringify(reply.error)).not.toMatch(/Invalid|Expected|Received/);
    expect((await platform.db.select({ n: count() }).from(merchants).get())!.n).toBe(5);
  });

  it("answers a post no page sends with 400 and changes nothing", async ({ platform, staff }) => {
    const before = await merchantRow(platform.db, HONEY_MERCHANT);
    const params = { merchantId: String(HONEY_MERCHANT) };
    for (const fields of [
      { intent: "explode" },
      await storedForm(platform.db, HONEY_MERCHANT, { version: "yesterday", status: "suspended" }),
      { intent: "disable", userId: "x" },
    ]) {
      const outcome = await run(platform, editAction, postRequest(honeyPath, fields, { cookie: staff, mode: "navigate" }), params);
      expect(outcome.status).toBe(400);
      expect(await valueOf(outcome)).toMatchObject({ error: MALFORMED_INPUT_MESSAGE });
    }
    expect((await run(platform, editLoader, pageRequest("/crm/merchants/abc", staff), { merchantId: "abc" })).status).toBe(400);
    expect((await run(platform, editLoader, pageRequest("/crm/merchants/999", staff), { merchantId: "999" })).status).toBe(404);
    expect(await merchantRow(platform.db, HONEY_MERCHANT)).toEqual(before);
  });

  it("registers a merchant with normalised postal code, phones, e-mail and yen, then edits it; a save over a newer one is refused", async ({
    platform,
    staff,
  }) => {
    const created = await run(platform, newAction, postRequest("/crm/merchants/new", VALID_FORM, { cookie: staff, mode: "navigate" }));
    expectRedirect(created, 303, /^\/crm\/merchants\/\d+\?notice=created#result$/);
    const id = Number(/\/(\d+)\?/.exec(created.response!.headers.get("Location")!)![1]);
    expect(await merchantRow(platform.db, id)).toMatchObject({
      slug: "test-farm",
      contactEmail: "contact@test-farm.example.jp",
      contactPhone: "09012345678",
      postalCode: "1000001",
      phone: "0312345678",
      shippingFee: 880,
      freeShippingThreshold: 5000,
      status: "active",
    });

    const slugTaken = await run(platform, newAction, postRequest("/crm/merchants/new", VALID_FORM, { cookie: staff, mode: "navigate" }));
    expect(slugTaken.status).toBe(409);
    expect(await valueOf(slugTaken)).toMatchObject({ reply: { error: { slug: [MERCHANT_MESSAGES.slugTaken] } } });

    const stale = await storedForm(platform.db, id, { name: "先に開いた画面" });
    const path = `/crm/merchants/${id}`;
    const saved = await run(
      platform,
      editAction,
      postRequest(path, await storedForm(platform.db, id, { freeShippingThreshold: "", description: "" }), { cookie: staff, mode: "navigate" }),
      { merchantId: String(id) },
    );
    expectRedirect(saved, 303, `${path}?notice=saved#result`);
    expect(await merchantRow(platform.db, id)).toMatchObject({ freeShippingThreshold: null, description: "" });

    const refused = await run(platform, editAction, postRequest(path, stale, { cookie: staff, mode: "navigate" }), { merchantId: String(id) });
    expect(refused.status).toBe(409);
    expect(await valueOf(refused)).toMatchObject({ reply: { error: { "": [MERCHANT_MESSAGES.changedMeanwhile] } } });
    expect((await merchantRow(platform.db, id)).name).toBe("テスト農園");
  });
});

describe("a merchant's logins", () => {
  const tokenOf = async (html: string) => /token=([A-Za-z0-9_-]{43})/.exec(await asSent(html))![1]!;

  it("mails the added login a link that sets its password once and signs it in to the portal; disabling ends its sessions", async ({ platform, staff }) => {
    const params = { merchantId: String(HONEY_MERCHANT) };
    const invite = (email: string) =>
      run(
        platform,
        editAction,
        postRequest(honeyPath, { intent: "invite", email, lastname: "蜂谷", firstname: "花子" }, { cookie: staff, mode: "navigate" }),
        params,
      );
    expectRedirect(await invite("Hanako@Azumino.example.jp"), 303, `${honeyPath}?notice=invited#result`);

    const login = (await platform.db.select().from(users).where(eq(users.email, "hanako@azumino.example.jp")).get())!;
    expect(login).toMatchObject({ role: "merchant", merchantId: HONEY_MERCHANT, lastname: "蜂谷", withdrawnAt: null });
    const mail = (await platform.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, login.email)).get())!;
    expect(mail).toMatchObject({ kind: "merchant_invitation", userId: login.id });
    expect(mail.subject).toContain("出店者管理画面のログインのご案内");
    expect(mail.textBody).toContain("安曇野はちみつ工房");
    // Not signed in yet: no password works before the link is used.
    expect((await verifyLogin(platform.db, { email: login.email, password: "invited" }, null, now)).ok).toBe(false);

    const taken = await invite("hanako@azumino.example.jp");
    expect(taken.status).toBe(409);
    expect(await valueOf(taken)).toMatchObject({ reply: { error: { email: [MERCHANT_LOGIN_MESSAGES.emailTaken] } } });

    const token = await tokenOf(mail.html);
    const [first, second] = await Promise.all([
      resetPassword(platform.db, { token, password: "honey-secret-1" }, now),
      resetPassword(platform.db, { token, password: "honey-secret-2" }, now),
    ]);
    expect([first, second].filter((outcome) => outcome.ok)).toEqual([{ ok: true, userId: login.id, purpose: "merchant_invitation" }]);
    const signedIn = await verifyLogin(platform.db, { email: login.email, password: first.ok ? "honey-secret-1" : "honey-secret-2" }, null, now);
    expect(signedIn).toMatchObject({ ok: true, user: { role: "merchant", merchantId: HONEY_MERCHANT } });

    const cookie = await memberCookie(platform, login.id);
    expect((await run(platform, portalLoader, pageRequest("/merchant", cookie))).status).toBe(200);
    const disabled = await run(
      platform,
      editAction,
      postRequest(honeyPath, { intent: "disable", userId: String(login.id) }, { cookie: staff, mode: "navigate" }),
      params,
    );
    expectRedirect(disabled, 303, `${honeyPath}?notice=disabled#result`);
    expect((await platform.db.select({ n: count() }).from(userSessions).where(eq(userSessions.userId, login.id)).get())!.n).toBe(0);
    expectRedirect(await runPage(platform, portalLoader, "/merchant", cookie), 302, /^\/login/);
    expect((await verifyLogin(platform.db, { email: login.email, password: first.ok ? "honey-secret-1" : "honey-secret-2" }, null, now)).ok).toBe(false);
    const page = await valueOf<{ logins: { email: string; state: string }[] }>(await run(platform, editLoader, pageRequest(honeyPath, staff), params));
    expect(page.logins).toEqual([expect.objectContaining({ email: login.email, state: "disabled" })]);
  });

  it("disables only the merchant's own logins: another merchant's login id answers 404 and keeps working", async ({ platform, staff }) => {
    const outcome = await run(platform, editAction, postRequest(honeyPath, { intent: "disable", userId: "4" }, { cookie: staff, mode: "navigate" }), {
      merchantId: String(HONEY_MERCHANT),
    });
    expect(outcome.status).toBe(404);
    expect((await platform.db.select().from(users).where(eq(users.id, 4)).get())!.withdrawnAt).toBeNull();
    expect(
      (await platform.db
        .select({ n: count() })
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, 4)))
        .get())!.n,
    ).toBe(0);
  });
});

describe("a suspended merchant's products stop being sold", () => {
  it("leaves listings and search, cannot be bought on its page or from a cart, the checkout refuses it; reactivated, it sells again", async ({
    platform,
    staff,
    member,
  }) => {
    expect(await honeyListed(platform.db)).toEqual({ search: true, category: true });
    const cartId = await cartWith(platform.db, { userId: MEMBER_ID }, HONEY.sku, 1);
    const owner = { userId: MEMBER_ID };
    const shownWhileActive = orderFingerprint((await loadCart(platform.db, owner, {}, now, { paymentMethod: "bank_transfer" })).cart);

    expectRedirect(await setStatus(platform, staff, "suspended")(), 303, `${honeyPath}?notice=saved#result`);
    expect((await productPage(platform, member)).product).toMatchObject({ sellerSuspended: true });
    expect(await honeyListed(platform.db)).toEqual({ search: false, category: false });
    const page = await productPage(platform, member);
    expect(page.price.state).toBe("unavailable");
    expect(page.price.max_quantity).toBe(0);
    expect(page.merchant).toMatchObject({ legalName: "安曇野はちみつ工房（蜂谷 守）", postalCode: "3998205" });
    const { cart } = await loadCart(platform.db, owner, {}, now, { paymentMethod: "bank_transfer" });
    expect(cart.list.find((line) => line.sku === HONEY.sku)).toMatchObject({ unavailableReason: "seller_suspended" });
    expect(cart.payment_eligible).toBe(false);
    const refused = await placeOrder({ db: platform.db, owner, session: {}, now }, orderInput(orderFingerprint(cart)));
    expect(refused.ok).toBe(false);
    expect(await honeyOrderLines(platform.db)).toBe(0);
    expect(shownWhileActive).not.toBe(orderFingerprint(cart));

    expectRedirect(await setStatus(platform, staff, "active")(), 303, `${honeyPath}?notice=saved#result`);
    expect(await honeyListed(platform.db)).toEqual({ search: true, category: true });
    expect((await productPage(platform, member)).price.state).toBe("in_stock");
    const again = await loadCart(platform.db, owner, {}, now, { paymentMethod: "bank_transfer" });
    expect(again.cart.list.find((line) => line.sku === HONEY.sku)).toMatchObject({ unavailableReason: null });
    await platform.db.delete(cartLines).where(eq(cartLines.cartId, cartId));
  });

  it("refuses the order when the suspension lands after the cart was priced, before the order's batch (stock untouched)", async ({ platform, staff }) => {
    const owner = { userId: MEMBER_ID };
    await cartWith(platform.db, owner, HONEY.sku, 2);
    const shown = orderFingerprint((await loadCart(platform.db, owner, {}, now, { paymentMethod: "bank_transfer" })).cart);
    const stockBefore = (await platform.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, HONEY.id)).get())!.inventory;
    // The real D1, with staff's suspension committed just before the order's own batch runs.
    const suspend = setStatus(platform, staff, "suspended");
    let suspended = false;
    const racing = new Proxy(platform.db, {
      get(target, property, receiver) {
        if (property !== "batch") return Reflect.get(target, property, receiver);
        return async (statements: Parameters<Database["batch"]>[0]) => {
          const placesTheOrder = statements.some((statement) =>
            /^insert into "orders"/.test((statement as unknown as { toSQL(): { sql: string } }).toSQL().sql),
          );
          if (!suspended && placesTheOrder) {
            suspended = true;
            expect((await suspend()).status).toBe(303);
          }
          return target.batch(statements);
        };
      },
    });
    const result = await placeOrder({ db: racing, owner, session: {}, now }, orderInput(shown));
    expect(suspended).toBe(true);
    expect(result).toMatchObject({ ok: false });
    expect(await honeyOrderLines(platform.db)).toBe(0);
    expect((await platform.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, HONEY.id)).get())!.inventory).toBe(stockBefore);
    await setStatus(platform, staff, "active")();
  });

  it("a suspension racing a checkout (Promise.all): the order is placed whole or not at all, and nothing sells after", async ({ platform, staff }) => {
    const owner = { userId: MEMBER_ID };
    const shown = orderFingerprint((await loadCart(platform.db, owner, {}, now, { paymentMethod: "bank_transfer" })).cart);
    const stockBefore = (await platform.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, HONEY.id)).get())!.inventory;
    const [placed] = await Promise.all([
      placeOrder({ db: platform.db, owner, session: {}, now }, orderInput(shown)),
      setStatus(platform, staff, "suspended")(),
    ]);
    expect(await honeyOrderLines(platform.db)).toBe(placed.ok ? 1 : 0);
    const stockAfter = (await platform.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, HONEY.id)).get())!.inventory;
    expect(stockAfter).toBe(stockBefore - (placed.ok ? 2 : 0));
    // Whatever won, nothing of the merchant can be ordered now.
    const { cart } = await loadCart(platform.db, owner, {}, now, { paymentMethod: "bank_transfer" });
    for (const line of cart.list) expect(line.unavailableReason).toBe("seller_suspended");
    await setStatus(platform, staff, "active")();
  });

  it("tells the merchant's portal it is suspended", async ({ platform, staff, merchant }: PlatformFixtures) => {
    const params = { merchantId: String(MERCHANT_ID) };
    const fields = await storedForm(platform.db, MERCHANT_ID, { status: "suspended" });
    expectRedirect(
      await run(platform, editAction, postRequest(`/crm/merchants/${MERCHANT_ID}`, fields, { cookie: staff, mode: "navigate" }), params),
      303,
      /notice=saved/,
    );
    expect(await valueOf(await run(platform, portalLoader, pageRequest("/merchant", merchant)))).toMatchObject({
      suspendedNotice: expect.stringContaining("販売を停止しています"),
    });
    const back = await storedForm(platform.db, MERCHANT_ID, { status: "active" });
    await run(platform, editAction, postRequest(`/crm/merchants/${MERCHANT_ID}`, back, { cookie: staff, mode: "navigate" }), params);
    expect(await valueOf(await run(platform, portalLoader, pageRequest("/merchant", merchant)))).toMatchObject({ suspendedNotice: null });
    expect(MERCHANT_SUSPENDED_TEXT.portal).toMatch(/販売を停止/);
  });
});
