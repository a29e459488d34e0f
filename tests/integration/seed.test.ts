import { access } from "node:fs/promises";
import path from "node:path";
import { describe, expect } from "vitest";
import { verifyPassword } from "~/auth/password.server";
import { DEMO_PRIVATE_SECRET } from "~/services/seed/catalogue";
import {
  COLLEAGUE_EMAIL,
  TRAINEE_EMAIL,
  DEMO_PASSWORD,
  MEMBER_EMAIL,
  MERCHANT_EMAIL,
  MERCHANT_ID,
  OTHER_EMAIL,
  OTHER_MERCHANT_EMAIL,
  OTHER_MERCHANT_ID,
  OWNER_EMAIL,
  STAFF_EMAIL,
} from "~/services/seed/people";
import { seedDatabase } from "~/services/seed/seed.server";
import { platformTest, type TestPlatform } from "../support/platform-test";

// Pins the demo data other tests and the demo rely on: the fixture SKUs, coupons, and the member's records.
const NOW = new Date("2026-01-15T01:00:00.000Z"); // 10:00 in Japan
const DAY_MS = 86_400_000;
const PUBLIC_DIR = path.resolve(import.meta.dirname, "../../public");

type Row = Record<string, unknown>;

// A migrated, empty store seeded here, once: `firstRun` is what that first seed reported inserting.
const it = platformTest({ seed: false }).extend<{ firstRun: Record<string, number> }>({
  firstRun: [async ({ platform }, provide) => provide((await seedDatabase(platform.db, { now: NOW })).inserted), { scope: "file", auto: true }],
});

describe("seedDatabase", () => {
  const all = async <T = Row>(platform: TestPlatform, query: string, ...params: unknown[]): Promise<T[]> =>
    (
      await platform.env.DB.prepare(query)
        .bind(...params)
        .all<T>()
    ).results;
  const one = async <T = Row>(platform: TestPlatform, query: string, ...params: unknown[]): Promise<T> => {
    const row = await platform.env.DB.prepare(query)
      .bind(...params)
      .first<T>();
    if (row === null) throw new Error(`No row for ${query}`);
    return row;
  };
  const count = async (platform: TestPlatform, query: string, ...params: unknown[]): Promise<number> =>
    (await one<{ n: number }>(platform, query, ...params)).n;
  const product = (platform: TestPlatform, sku: string) => one(platform, "select * from products where sku = ?", sku);

  describe("catalogue", () => {
    it("reports what it inserted", ({ firstRun }) => {
      expect(firstRun).toMatchObject({ merchants: 5, categories: 14, features: 20, tags: 12, products: 75, reviews: 53, users: 8 });
    });

    it("has merchants with their shipping terms", async ({ platform }) => {
      const merchants = await all<{ shipping_fee: number; free_shipping_threshold: number | null }>(platform, "select * from merchants");
      expect(merchants.length).toBeGreaterThanOrEqual(4);
      for (const merchant of merchants) expect(merchant.shipping_fee).toBeGreaterThan(0);
      expect(merchants.filter((merchant) => merchant.free_shipping_threshold !== null).length).toBeGreaterThanOrEqual(4);
    });

    it("has the 8 top categories, each with published products", async ({ platform }) => {
      const tops = await all<{ id: number; slug: string }>(platform, "select id, slug from categories where parent_id is null order by position");
      expect(tops.map((category) => category.slug)).toEqual(["food", "drink", "sweets", "kitchen", "beauty", "health", "living", "gift"]);
      for (const category of tops) {
        const listed = await count(
          platform,
          `select count(*) as n from product_categories pc join products p on p.id = pc.product_id
           where pc.category_id = ? and p.status = 'published' and p.is_private = 0`,
          category.id,
        );
        expect(listed, category.slug).toBeGreaterThanOrEqual(5);
      }
      // Subcategories list their products under their top category too.
      expect(
        await count(
          platform,
          `select count(*) as n from products p join categories c on c.id = p.primary_category_id
           where c.parent_id is not null and not exists
             (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = c.parent_id)`,
        ),
      ).toBe(0);
    });

    it("has 20 features, every one used, and 6 troubles and 6 situations linked to products", async ({ platform }) => {
      expect(await count(platform, "select count(*) as n from features")).toBe(20);
      expect(
        await count(platform, "select count(*) as n from features f where not exists (select 1 from product_features pf where pf.feature_id = f.id)"),
      ).toBe(0);
      for (const kind of ["trouble", "situation"]) {
        expect(await count(platform, "select count(*) as n from tags where kind = ?", kind)).toBe(6);
        expect(
          await count(platform, "select count(*) as n from tags t where kind = ? and not exists (select 1 from product_tags pt where pt.tag_id = t.id)", kind),
        ).toBe(0);
      }
    });

    it("has 60+ products with both tax rates well represented", async ({ platform }) => {
      expect(await count(platform, "select count(*) as n from products")).toBeGreaterThanOrEqual(60);
      expect(await count(platform, "select count(*) as n from products where tax_rate = 8")).toBeGreaterThanOrEqual(20);
      expect(await count(platform, "select count(*) as n from products where tax_rate = 10")).toBeGreaterThanOrEqual(20);
      expect(await count(platform, "select count(*) as n from products where discount_price is not null")).toBeGreaterThanOrEqual(3);
      expect(await count(platform, "select count(*) as n from products where original_price is not null")).toBeGreaterThanOrEqual(2);
    });

    it("gives every product and variation a picture that exists under public/", async ({ platform }) => {
      const missing = await count(
        platform,
        "select count(*) as n from products p where not exists (select 1 from product_media m where m.product_id = p.id and m.url = '/images/products/' || lower(p.sku) || '.svg')",
      );
      expect(missing).toBe(0);
      const media = await all<{ url: string }>(platform, "select url from product_media");
      expect(media).toHaveLength(78);
      for (const { url } of media) await expect(access(path.join(PUBLIC_DIR, url))).resolves.toBeUndefined();
    });

    it("keeps review figures consistent with the published reviews", async ({ platform }) => {
      const mismatched = await all(
        platform,
        `select p.sku from products p left join
           (select product_id, count(*) as n, round(avg(rate) * 10) as avg10 from reviews where status = 'published' group by product_id) r
           on r.product_id = p.id
         where p.review_count != coalesce(r.n, 0) or p.review_avg_x10 != coalesce(r.avg10, 0)`,
      );
      expect(mismatched).toEqual([]);
      expect(await product(platform, "DEMO-SIMPLE")).toMatchObject({ review_count: 5, review_avg_x10: 42 });
      expect(await count(platform, "select count(*) as n from reviews where status = 'pending'")).toBe(1);
      const replies = await all<{ comment_user_id: number; commented_at: number | null }>(
        platform,
        "select comment_user_id, commented_at from reviews where comment is not null",
      );
      expect(replies.length).toBeGreaterThanOrEqual(3);
      const staff = await one<{ id: number }>(platform, "select id from users where email = ?", STAFF_EMAIL);
      for (const reply of replies) expect(reply).toMatchObject({ comment_user_id: staff.id, commented_at: expect.any(Number) });
      const popular = await count(platform, "select count(*) as n from products where review_count between 3 and 8");
      expect(popular).toBeGreaterThanOrEqual(8);
    });

    it("relates 3–6 products to every fixture", async ({ platform }) => {
      const fixtures = await all<{ sku: string; related: number }>(
        platform,
        "select p.sku, (select count(*) from related_products r where r.product_id = p.id) as related from products p where p.sku like 'DEMO-%'",
      );
      expect(fixtures).toHaveLength(17);
      for (const fixture of fixtures) expect(fixture.related, fixture.sku).toSatisfy((n: number) => n >= 3 && n <= 6);
    });
  });

  describe("fixture products", () => {
    it("DEMO-SIMPLE", async ({ platform }) => {
      expect(await product(platform, "DEMO-SIMPLE")).toMatchObject({
        type: "simple",
        status: "published",
        shipping_from: "warehouse",
        merchant_id: null,
        regular_price: 1980,
        discount_price: null,
        tax_rate: 10,
        inventory: 100,
        disable_wrapping: 0,
        is_private: 0,
        coupon_disabled: 0,
      });
    });

    it("DEMO-LOWSTOCK", async ({ platform }) => {
      expect(await product(platform, "DEMO-LOWSTOCK")).toMatchObject({
        status: "published",
        shipping_from: "warehouse",
        inventory: 3,
        preorder_limit: 0,
        inventory_preorder_max: 0,
        shipping_days: 1,
      });
    });

    it("DEMO-SOLDOUT", async ({ platform }) => {
      expect(await product(platform, "DEMO-SOLDOUT")).toMatchObject({
        status: "published",
        inventory: 0,
        preorder_limit: 0,
        inventory_preorder_max: 0,
        disable_request: 0,
        shipping_days: 1,
      });
    });

    it("DEMO-PREORDER", async ({ platform }) => {
      expect(await product(platform, "DEMO-PREORDER")).toMatchObject({
        status: "published",
        shipping_from: "warehouse",
        inventory: 0,
        preorder_limit: 30,
        inventory_preorder_max: 20,
        preorder_ship_date: "2026-03-15",
        disable_preorder: 0,
      });
    });

    it("DEMO-SHIPDAYS", async ({ platform }) => {
      expect(await product(platform, "DEMO-SHIPDAYS")).toMatchObject({ inventory: 50, shipping_days: 10 });
    });

    it("DEMO-VARIATION with a sold-out colour and a sized colour", async ({ platform }) => {
      const parent = await product(platform, "DEMO-VARIATION");
      expect(parent).toMatchObject({ type: "variation", status: "published" });
      const variations = await all(platform, "select * from product_variations where product_id = ? order by position", parent.id);
      expect(variations).toMatchObject([
        { sku: "DEMO-VARIATION-NAVY", title: "紺", v_title: "カラー", type: "variable", inventory: 40, status: "published" },
        { sku: "DEMO-VARIATION-NATURAL", title: "生成り", type: "normal", inventory: 25 },
        { sku: "DEMO-VARIATION-BLACK", title: "墨黒", type: "normal", inventory: 0, inventory_preorder_max: 0 },
      ]);
      const choices = await all(
        platform,
        "select c.sku, c.group_title, c.title, c.price_diff, c.inventory from variation_choices c join product_variations v on v.id = c.variation_id where v.sku = 'DEMO-VARIATION-NAVY' order by c.position",
      );
      expect(choices).toEqual([
        { sku: "DEMO-VARIATION-NAVY-S", group_title: "サイズ", title: "S", price_diff: 0, inventory: 12 },
        { sku: "DEMO-VARIATION-NAVY-M", group_title: "サイズ", title: "M", price_diff: 0, inventory: 18 },
        { sku: "DEMO-VARIATION-NAVY-L", group_title: "サイズ", title: "L", price_diff: 220, inventory: 10 },
      ]);
      expect(await count(platform, "select count(*) as n from product_media where product_id = ? and variation_id is not null", parent.id)).toBe(3);
    });

    it("DEMO-OPTIONS with one list and one radio option, each with a paid choice", async ({ platform }) => {
      const parent = await product(platform, "DEMO-OPTIONS");
      expect(parent).toMatchObject({ type: "simple" });
      const options = await all<{ id: number; type: string; active: number }>(
        platform,
        "select * from product_options where product_id = ? order by position",
        parent.id,
      );
      expect(options.map((option) => option.type)).toEqual(["list", "radio"]);
      const choices = await all<{ option_id: number; title: string; fee: number }>(
        platform,
        "select c.option_id, c.title, c.fee from product_option_choices c join product_options o on o.id = c.option_id where o.product_id = ? order by o.position, c.position",
        parent.id,
      );
      expect(choices.map(({ title, fee }) => [title, fee])).toEqual([
        ["箱なし", 0],
        ["化粧箱", 330],
        ["桐箱", 770],
        ["なし", 0],
        ["有田焼の箸置きを付ける", 550],
      ]);
      for (const option of options) {
        expect(option.active).toBe(1);
        expect(choices.some((choice) => choice.option_id === option.id && choice.fee > 0)).toBe(true);
      }
    });

    it.for([
      ["DEMO-SUBSCRIBE", 0, [1400, 1350, 1300, 1250, 1200, 1150]],
      ["DEMO-SUBONLY", 1, [3000, 2900, 2800, 2700, 2600, 2500]],
    ] as const)("%s subscription tiers", async ([sku, subscribeOnly, tiers], { platform }) => {
      const parent = await product(platform, sku);
      expect(parent).toMatchObject({ subscribe: 1, subscribe_only: subscribeOnly, period: 1, tax_rate: 8 });
      const rows = await all<{ quantity: number; unit_price_excl_tax: number; variation_id: number | null }>(
        platform,
        "select quantity, unit_price_excl_tax, variation_id from subscription_prices where product_id = ? order by quantity",
        parent.id,
      );
      expect(rows.map((row) => row.quantity)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(rows.map((row) => row.unit_price_excl_tax)).toEqual(tiers);
      expect(rows.every((row) => row.variation_id === null)).toBe(true);
    });

    it("DEMO-MERCHANT", async ({ platform }) => {
      const row = await product(platform, "DEMO-MERCHANT");
      expect(row).toMatchObject({ shipping_from: "merchant", disable_wrapping: 1, status: "published" });
      expect(await one(platform, "select slug from merchants where id = ?", row.merchant_id)).toEqual({ slug: "arita-seika" });
    });

    it("DEMO-COLD, DEMO-COLDOPT, DEMO-DIGITAL, DEMO-FOOD", async ({ platform }) => {
      expect(await product(platform, "DEMO-COLD")).toMatchObject({ coldshipping: "required", tax_rate: 8 });
      expect(await product(platform, "DEMO-COLDOPT")).toMatchObject({ coldshipping: "optional", tax_rate: 8 });
      expect(await product(platform, "DEMO-DIGITAL")).toMatchObject({ is_digital: 1, tax_rate: 10, coldshipping: "none" });
      expect(await product(platform, "DEMO-FOOD")).toMatchObject({ tax_rate: 8, expiry: "製造日より180日", is_digital: 0 });
    });

    it("DEMO-PRIVATE is reachable only through its secret link", async ({ platform }) => {
      expect(DEMO_PRIVATE_SECRET).toMatch(/^[0-9a-f]{32}$/);
      expect(await product(platform, "DEMO-PRIVATE")).toMatchObject({ is_private: 1, secret: DEMO_PRIVATE_SECRET, status: "published" });
      expect(await count(platform, "select count(*) as n from products where is_private = 1")).toBe(1);
    });

    it("DEMO-ARCHIVED", async ({ platform }) => {
      expect(await product(platform, "DEMO-ARCHIVED")).toMatchObject({ status: "archived" });
      expect(await count(platform, "select count(*) as n from products where status != 'published'")).toBe(1);
    });

    it("DEMO-NOCOUPON takes no coupon at all; LIVING-IGUSA, on sale, is excluded from SPRING10", async ({ platform }) => {
      const exclusionsOf = (productId: unknown) =>
        all(platform, "select c.code from coupon_product_exclusions e join coupons c on c.id = e.coupon_id where e.product_id = ?", productId);
      // Excluding single coupons from a product that takes none would mean nothing (the editor refuses the pair).
      const noCoupon = await product(platform, "DEMO-NOCOUPON");
      expect(noCoupon).toMatchObject({ coupon_disabled: 1 });
      expect(await exclusionsOf(noCoupon.id)).toEqual([]);
      const onSale = await product(platform, "LIVING-IGUSA");
      expect(onSale).toMatchObject({ coupon_disabled: 0, regular_price: 12800, discount_price: 10800 });
      expect(await exclusionsOf(onSale.id)).toEqual([{ code: "SPRING10" }]);
    });
  });

  describe("coupons and promotions", () => {
    it("has the six fixture coupons", async ({ platform }) => {
      const coupons = await all<Row>(
        platform,
        `select code, type, value, free_shipping, alone, member_only, is_auto, products_default, min_amount, starts_at, expires_at
         from coupons where code in ('WELCOME500','SPRING10','FREESHIP','MEMBER1000','ALONE20','EXPIRED100') order by id`,
      );
      const flags = { free_shipping: 0, alone: 0, member_only: 0, is_auto: 0, products_default: 1, min_amount: 0 };
      const valid = { starts_at: NOW.getTime() - 30 * DAY_MS, expires_at: NOW.getTime() + 365 * DAY_MS };
      expect(coupons).toEqual([
        { code: "WELCOME500", type: "fix", value: 500, ...flags, ...valid },
        { code: "SPRING10", type: "rate", value: 10, ...flags, ...valid },
        { code: "FREESHIP", type: "fix", value: 0, ...flags, free_shipping: 1, ...valid },
        { code: "MEMBER1000", type: "fix", value: 1000, ...flags, member_only: 1, ...valid },
        { code: "ALONE20", type: "rate", value: 20, ...flags, alone: 1, ...valid },
        { code: "EXPIRED100", type: "fix", value: 100, ...flags, starts_at: NOW.getTime() - 120 * DAY_MS, expires_at: NOW.getTime() - 30 * DAY_MS },
      ]);
      const titles = await all<{ title: string; title_simple: string }>(platform, "select title, title_simple from coupons");
      for (const { title, title_simple } of titles) {
        expect(title).toMatch(/[ぁ-んァ-ヶ一-龠]/);
        expect(title_simple).not.toBe("");
      }
    });

    it("has a product-priced coupon, a tiered coupon and a product-limited automatic coupon", async ({ platform }) => {
      expect(
        await all(
          platform,
          "select p.sku, c.type, c.value from coupon_product_prices c join products p on p.id = c.product_id where c.coupon_id = (select id from coupons where code = 'TEAFAIR') order by p.id",
        ),
      ).toEqual([
        { sku: "DRINK-SENCHA", type: "rate", value: 15 },
        { sku: "DRINK-HOJICHA", type: "fix", value: 100 },
        { sku: "DRINK-MATCHA", type: "rate", value: 15 },
      ]);
      expect(
        await all(
          platform,
          "select min_amount, type, value from coupon_price_ranges where coupon_id = (select id from coupons where code = 'MATOMEGAI') order by min_amount",
        ),
      ).toEqual([
        { min_amount: 3000, type: "fix", value: 300 },
        { min_amount: 5000, type: "fix", value: 700 },
        { min_amount: 10000, type: "rate", value: 10 },
      ]);
      expect(await one(platform, "select is_auto, products_default from coupons where code = 'GIFTAUTO'")).toEqual({ is_auto: 1, products_default: 0 });
      expect(await count(platform, "select count(*) as n from coupons where is_auto = 1")).toBe(1);
    });

    it("runs the CAMPAIGN2026 campaign and a double-points promo around now", async ({ platform }) => {
      expect(await one(platform, "select code, title, type, value, min_amount, free_shipping, starts_at, ends_at from coupon_campaigns")).toEqual({
        code: "CAMPAIGN2026",
        title: "2026年 新春キャンペーン 300円OFF",
        type: "fix",
        value: 300,
        min_amount: 3000,
        free_shipping: 0,
        starts_at: NOW.getTime() - 7 * DAY_MS,
        ends_at: NOW.getTime() + 30 * DAY_MS,
      });
      expect(await one(platform, "select rate, min_amount, color, starts_at, ends_at from point_promos")).toEqual({
        rate: 2,
        min_amount: 5000,
        color: "#ee6d68",
        starts_at: NOW.getTime() - 7 * DAY_MS,
        ends_at: NOW.getTime() + 30 * DAY_MS,
      });
    });
  });

  describe("people", () => {
    const member = (platform: TestPlatform) => one<Row & { id: number; password_hash: string }>(platform, "select * from users where email = ?", MEMBER_EMAIL);

    it("has the member, three staff (one whose replies need approval), the owner, a second customer and two merchants' logins, all with the demo password", async ({
      platform,
    }) => {
      expect(await member(platform)).toMatchObject({
        role: "customer",
        lastname: "山田",
        firstname: "花子",
        lastname_jp: "ヤマダ",
        firstname_jp: "ハナコ",
        nickname: "はなこ",
        phone: "09012345678",
        points: 2400,
        newsletter: 1,
        one_click: 1,
      });
      expect(await one(platform, "select role, lastname, firstname from users where email = ?", STAFF_EMAIL)).toEqual({
        role: "staff",
        lastname: "佐藤",
        firstname: "健",
      });
      expect(await one(platform, "select role, lastname, firstname from users where email = ?", COLLEAGUE_EMAIL)).toEqual({
        role: "staff",
        lastname: "鈴木",
        firstname: "美咲",
      });
      expect(await one(platform, "select role, lastname, reply_needs_approval from users where email = ?", TRAINEE_EMAIL)).toEqual({
        role: "staff",
        lastname: "高橋",
        reply_needs_approval: 1,
      });
      expect(await one(platform, "select role, lastname, is_owner from users where email = ?", OWNER_EMAIL)).toEqual({
        role: "staff",
        lastname: "日向",
        is_owner: 1,
      });
      expect(await one(platform, "select count(*) as n from users where is_owner = 1")).toEqual({ n: 1 });
      expect(await one(platform, "select role from users where email = ?", OTHER_EMAIL)).toEqual({ role: "customer" });
      expect(await one(platform, "select role, merchant_id from users where email = ?", MERCHANT_EMAIL)).toEqual({
        role: "merchant",
        merchant_id: MERCHANT_ID,
      });
      expect(await one(platform, "select role, merchant_id from users where email = ?", OTHER_MERCHANT_EMAIL)).toEqual({
        role: "merchant",
        merchant_id: OTHER_MERCHANT_ID,
      });
      const hashes = await all<{ password_hash: string }>(platform, "select password_hash from users");
      expect(new Set(hashes.map((row) => row.password_hash)).size).toBe(8);
      expect(await verifyPassword(DEMO_PASSWORD, (await member(platform)).password_hash)).toBe(true);
    });

    it("keeps every user's points equal to their point ledger", async ({ platform }) => {
      const { id } = await member(platform);
      expect(await count(platform, "select sum(amount) as n from point_ledger where user_id = ?", id)).toBe(2400);
      expect(await count(platform, "select count(*) as n from point_ledger where user_id = ? and kind = 'used'", id)).toBe(1);
      expect(
        await all(platform, "select u.email from users u where u.points != (select coalesce(sum(amount), 0) from point_ledger l where l.user_id = u.id)"),
      ).toEqual([]);
      // The 2,400 are usable: every member order's points were granted when it was paid for, none is 付与予定.
      expect(
        await all(
          platform,
          "select number from orders where user_id is not null and points_earned > 0 and (points_granted_at is null or points_granted != (select sum(amount) from point_ledger l where l.order_id = orders.id and l.kind = 'earned'))",
        ),
      ).toEqual([]);
    });

    it("gives the member two addresses, one default", async ({ platform }) => {
      const { id } = await member(platform);
      expect(
        await all(platform, "select postal_code, prefecture, city, district, address1, is_default from addresses where user_id = ? order by id", id),
      ).toEqual([
        { postal_code: "1500002", prefecture: 13, city: "渋谷区", district: "渋谷", address1: "2-21-1", is_default: 1 },
        { postal_code: "5300001", prefecture: 27, city: "大阪市北区", district: "梅田", address1: "1-1-3", is_default: 0 },
      ]);
    });

    it("gives the member past orders with consistent totals, lines and shipments", async ({ platform }) => {
      const { id } = await member(platform);
      const orders = await all<Row & { id: number; number: string; total: number; subtotal: number }>(
        platform,
        "select * from orders where user_id = ? order by created_at",
        id,
      );
      expect(orders.map((order) => [order.number, order.status])).toEqual([
        ["20251101-0001", "completed"],
        ["20251201-0002", "completed"],
        ["20251226-0003", "completed"],
        ["20260108-0004", "shipped"],
      ]);
      expect(orders[1]).toMatchObject({
        subtotal: 8740,
        shipping_fee: 1650,
        extra_fee: 330,
        total: 10720,
        taxable_10: 7480,
        tax_10: 680,
        taxable_8: 3240,
        tax_8: 240,
      });
      for (const order of orders) {
        const lines = await all<{ unit_price: number; quantity: number; total: number; tax_rate: number }>(
          platform,
          "select unit_price, quantity, total, tax_rate from order_lines where order_id = ?",
          order.id,
        );
        const shipments = await all<{ shipping_fee: number }>(platform, "select shipping_fee from order_shipments where order_id = ?", order.id);
        for (const line of lines) expect(line.total).toBe(line.unit_price * line.quantity);
        expect(lines.reduce((sum, line) => sum + line.total, 0)).toBe(order.subtotal);
        expect(shipments.reduce((sum, shipment) => sum + shipment.shipping_fee, 0)).toBe(order.shipping_fee);
        const fees =
          Number(order.shipping_fee) + Number(order.coldshipping_fee) + Number(order.split_shipping_fee) + Number(order.extra_fee) + Number(order.wrapping_fee);
        expect(order.total).toBe(order.subtotal + fees - Number(order.discount_coupon) - Number(order.points_used));
        expect(Number(order.taxable_10) + Number(order.taxable_8)).toBe(order.total);
        expect(order.tax_10).toBe(Math.floor((Number(order.taxable_10) * 10) / 110));
        expect(order.tax_8).toBe(Math.floor((Number(order.taxable_8) * 8) / 108));
        expect(lines.filter((line) => line.tax_rate === 8).reduce((sum, line) => sum + line.total, 0)).toBe(order.taxable_8);
      }
      expect(
        await count(
          platform,
          "select count(distinct o.id) as n from orders o where user_id = ? and exists (select 1 from order_lines l where l.order_id = o.id and l.tax_rate = 8) and exists (select 1 from order_lines l where l.order_id = o.id and l.tax_rate = 10)",
          id,
        ),
      ).toBeGreaterThanOrEqual(1);
      expect(
        await all(platform, "select shipping_from, merchant_id is not null as has_merchant from order_shipments where order_id = ? order by id", orders[1]?.id),
      ).toEqual([
        { shipping_from: "warehouse", has_merchant: 0 },
        { shipping_from: "merchant", has_merchant: 1 },
      ]);
    });

    it("gives the member mails, some unread, and the other customer one", async ({ platform }) => {
      const { id } = await member(platform);
      expect(await count(platform, "select count(*) as n from notification_mails where user_id = ?", id)).toBeGreaterThanOrEqual(6);
      expect(await count(platform, "select count(*) as n from notification_mails where user_id = ? and readed is null", id)).toBe(3);
      expect(await count(platform, "select count(*) as n from notification_mails where user_id = (select id from users where email = ?)", OTHER_EMAIL)).toBe(1);
    });

    it("gives the member an open ticket whose latest staff reply is unread", async ({ platform }) => {
      const { id } = await member(platform);
      const ticket = await one<Row & { id: number }>(platform, "select * from tickets where user_id = ?", id);
      expect(ticket).toMatchObject({ status: "doing", confirmation: null, priority: "high", category: "過去の注文について", form_session: "1767000000000" });
      const staff = await one<{ id: number }>(platform, "select id from users where email = ?", STAFF_EMAIL);
      const messages = await all<{ fromadmin: number | null; read_at: number | null }>(
        platform,
        "select fromadmin, read_at from ticket_messages where ticket_id = ? order by date_created",
        ticket.id,
      );
      expect(messages.map((message) => message.fromadmin)).toEqual([null, staff.id, staff.id]);
      expect(messages.at(-1)?.read_at).toBeNull();
      expect(
        await count(platform, "select count(*) as n from ticket_messages where ticket_id = ? and fromadmin is not null and read_at is null", ticket.id),
      ).toBe(1);
    });

    it("gives the member favorites and an active subscription to DEMO-SUBSCRIBE", async ({ platform }) => {
      const { id } = await member(platform);
      expect(await count(platform, "select count(*) as n from favorites where user_id = ?", id)).toBe(4);
      expect(
        await one(
          platform,
          "select p.sku, s.quantity, s.period_months, s.amount, s.status, s.next_payment_date, s.next_shipping_date, s.cancel_date from subscriptions s join products p on p.id = s.product_id where s.user_id = ?",
          id,
        ),
      ).toEqual({
        sku: "DEMO-SUBSCRIBE",
        quantity: 2,
        period_months: 1,
        // Tier for 2: 1,350 yen + 8% tax rounded down = 1,458 yen each.
        amount: 2916,
        status: "active",
        next_payment_date: "2026-01-23",
        next_shipping_date: "2026-01-25",
        cancel_date: "2026-01-18",
      });
    });
  });

  it("inserts nothing and changes nothing when run again", async ({ platform, firstRun }) => {
    const before = await product(platform, "DEMO-PREORDER");
    const { inserted } = await seedDatabase(platform.db, { now: new Date(NOW.getTime() + 40 * DAY_MS) });
    expect(Object.keys(inserted)).toEqual(Object.keys(firstRun));
    expect(Object.values(inserted).every((n) => n === 0)).toBe(true);
    expect(await product(platform, "DEMO-PREORDER")).toEqual(before);
  });
});
