/**
 * The spec's contract for the product calls (spec §7 "Product"), on a real migrated and seeded local D1/R2,
 * through Remix's own request handler at the spec's URLs: each call is posted with the fields §7 names,
 * and its answer must carry the field names §7 and §3 write (snake_case, as existing shoppers' apps and
 * scripts read them). Values are checked elsewhere (api-product, product-page, review-photos tests); this
 * file keeps the names from drifting.
 */
import { describe, expect } from "vitest";
import { productBySku } from "~/services/seed/catalogue";
import { platformTest, type TestPlatform } from "../../support/platform-test";
import { apiRequest, contextFor, type ApiRequestOptions } from "../../support/requests";
import { remixHandlerFor } from "../../support/remix";

const it = platformTest({ reviewPhotos: true });

const modules = import.meta.glob("../../../app/routes/api.product.*.ts", { eager: true });
// remixHandlerFor keys modules as "../../app/routes/…" (a file in tests/integration); this file is one folder deeper.
const { handle } = remixHandlerFor(Object.fromEntries(Object.entries(modules).map(([key, module]) => [key.replace("../../../", "../../"), module])));

const id = (sku: string) => String(productBySku(sku).id);

async function call(platform: TestPlatform, path: string, options: ApiRequestOptions = {}): Promise<unknown> {
  const response = await handle(apiRequest(path, { mode: "cors", ...options }), contextFor(platform));
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
  return response.json();
}

/** Every name in `names` is a key of `value` (an object). */
function expectFields(value: unknown, names: readonly string[], where: string) {
  expect(value, where).toBeTypeOf("object");
  expect(value, where).not.toBeNull();
  const missing = names.filter((name) => !Object.hasOwn(value as object, name));
  expect(missing, `${where} lacks`).toEqual([]);
}

// spec §3 "Price calculation result".
const PRICE_FIELDS = [
  "inventory",
  "inventory_max",
  "inventory_preorder_max",
  "preorder_limit",
  "discount",
  "selling_price",
  "regular_price",
  "original_price",
  "regular_tax",
  "subtotal",
  "total",
  "set",
  "diff_price",
  "save_cash",
  "save_percent",
  "restock_message",
  "max_discount",
] as const;

// spec §3 "Product".
const PRODUCT_FIELDS = [
  "id",
  "sku",
  "title",
  "type",
  "tax",
  "regular_price",
  "subscription_prices",
  "status",
  "preorder_limit",
  "inventory",
  "inventory_preorder_max",
  "disable_preorder",
  "disable_request",
  "subscribe",
  "subscribe_only",
  "shipping_from",
  "shipping_days",
  "hide_shipping_info",
  "coldshipping",
  "is_digital",
  "expiry",
  "period",
  "variations",
] as const;
const VARIATION_FIELDS = [
  "id",
  "title",
  "sku",
  "status",
  "type",
  "inventory",
  "inventory_preorder_max",
  "requested",
  "expiry",
  "v_title",
  "have_discount",
  "media",
  "delivery_icon",
  "max_subscription",
  "variables",
] as const;
const DELIVERY_ICON_FIELDS = ["icon", "icon_type", "show_text"] as const;
// spec §3 "Review", and the gallery's media items (§3 "Ticket message" gallery).
const REVIEW_FIELDS = ["id", "nickname", "date_created", "title", "rate", "review", "gallery", "comment", "comment_user"] as const;
const MEDIA_FIELDS = ["id", "ext", "folder", "filename", "thumbnail_m", "thumbnail_xl"] as const;
// spec §3 "Related product".
const RELATED_FIELDS = ["category", "product", "image", "title", "review_avg", "inventory", "product_price"] as const;

describe("spec §7 Product calls answer in the spec's field names", () => {
  it("POST /api/product/calculate: p, v, q, o, c, subscribe → the price fields, or 0", async ({ platform }) => {
    const variation = productBySku("DEMO-VARIATION");
    const navy = await call(platform, "/api/product/calculate", {
      fields: { p: String(variation.id), v: "1", c: "DEMO-VARIATION-NAVY-M", q: "2", subscribe: "0" },
    });
    expectFields(navy, PRICE_FIELDS, "calculate (variation)");
    expectFields(
      await call(platform, "/api/product/calculate", {
        fields: [
          ["p", id("DEMO-OPTIONS")],
          ["o", "3"],
          ["q", "1"],
        ],
      }),
      PRICE_FIELDS,
      "calculate (options)",
    );
    expectFields(
      await call(platform, "/api/product/calculate", { fields: { p: id("DEMO-SUBSCRIBE"), q: "3", subscribe: "1" } }),
      PRICE_FIELDS,
      "calculate (subscribe)",
    );
    expect(await call(platform, "/api/product/calculate", { fields: { p: "999999" } })).toBe(0);
  });

  it("POST /api/product/delivery-icon/{id} and /small/{productId} → icon_info (icon, icon_type, show_text) and buylater", async ({ platform, member }) => {
    for (const path of [`/api/product/delivery-icon/${id("DEMO-SIMPLE")}`, `/api/product/delivery-icon/small/${id("DEMO-PREORDER")}`]) {
      const body = await call(platform, path, { cookie: member });
      expectFields(body, ["icon_info", "buylater"], path);
      expectFields((body as { icon_info: unknown }).icon_info, DELIVERY_ICON_FIELDS, `${path} icon_info`);
      expect((body as { buylater: unknown }).buylater).toBeTypeOf("boolean");
    }
  });

  it("POST /api/product/favorite/toggle/{id} → the new state", async ({ platform, member }) => {
    const body = await call(platform, `/api/product/favorite/toggle/${id("DEMO-SIMPLE")}`, { cookie: member });
    expectFields(body, ["is_favorite"], "favorite toggle");
    expect((body as { is_favorite: unknown }).is_favorite).toBeTypeOf("boolean");
  });

  it("POST /api/product/check/coupon-discount/{id} → discount", async ({ platform }) => {
    const body = await call(platform, `/api/product/check/coupon-discount/${id("DEMO-SIMPLE")}`, { fields: { q: "1" } });
    expectFields(body, ["discount"], "coupon discount");
    expect((body as { discount: unknown }).discount).toBeTypeOf("number");
  });

  it("POST /api/product/get/{id} → the product with the §3 Product fields", async ({ platform }) => {
    const body = (await call(platform, `/api/product/get/${id("DEMO-VARIATION")}`)) as { product: Record<string, unknown> };
    expectFields(body.product, PRODUCT_FIELDS, "get product");
    expectFields(body.product.tax, ["rate"], "get product tax");
    const variations = body.product.variations as Record<string, unknown>[];
    expect(variations.length).toBeGreaterThan(0);
    for (const variation of variations) expectFields(variation, VARIATION_FIELDS, `variation ${String(variation.sku)}`);
    expectFields(variations[0]?.delivery_icon, DELIVERY_ICON_FIELDS, "variation delivery_icon");
    const subscribed = (await call(platform, `/api/product/get/${id("DEMO-SUBSCRIBE")}`)) as { product: { subscription_prices: unknown[] } };
    expect(subscribed.product.subscription_prices.length).toBeGreaterThan(0);
    for (const tier of subscribed.product.subscription_prices) expectFields(tier, ["quantity", "price"], "subscription_prices");
  });

  it("POST /api/product/related/load/{id} → related (§3 Related product) and related_title", async ({ platform }) => {
    const body = (await call(platform, `/api/product/related/load/${id("DEMO-SIMPLE")}`)) as { related: unknown[] };
    expectFields(body, ["related", "related_title"], "related");
    expect(body.related.length).toBeGreaterThan(0);
    for (const item of body.related) expectFields(item, RELATED_FIELDS, "related item");
  });

  it("POST /api/product/reviews/count/{id} → avg, counter", async ({ platform }) => {
    expectFields(await call(platform, `/api/product/reviews/count/${id("DEMO-SIMPLE")}`), ["avg", "counter"], "reviews count");
  });

  it("POST /api/product/reviews/load/{id} → reviews with the §3 Review fields, photos as gallery media items", async ({ platform }) => {
    const body = (await call(platform, `/api/product/reviews/load/${id("DEMO-SIMPLE")}`, { fields: { page: "0" } })) as {
      reviews: { nickname: string; gallery: unknown[] }[];
    };
    expect(body.reviews.length).toBeGreaterThan(0);
    for (const review of body.reviews) expectFields(review, REVIEW_FIELDS, `review by ${review.nickname}`);
    const photos = body.reviews.flatMap((review) => review.gallery);
    expect(photos.length).toBeGreaterThan(0);
    for (const photo of photos) expectFields(photo, MEDIA_FIELDS, "review gallery item");
  });

  it("GET /api/product/form/data/{id} → allowed_ip, public_subscription, product (§3 Product), is_favorite, logged", async ({ platform, member }) => {
    const body = (await call(platform, `/api/product/form/data/${id("DEMO-SUBSCRIBE")}`, { method: "GET", cookie: member })) as { product: unknown };
    expectFields(body, ["allowed_ip", "public_subscription", "product", "is_favorite", "logged"], "form data");
    expectFields(body.product, PRODUCT_FIELDS, "form data product");
  });

  it("POST /api/product/inventory-request/{id}: sku, title → recorded", async ({ platform, member }) => {
    const body = await call(platform, `/api/product/inventory-request/${id("DEMO-VARIATION")}`, {
      cookie: member,
      fields: { sku: "DEMO-VARIATION-BLACK", title: "綿麻 ワークエプロン（墨黒）" },
    });
    expect(body).toEqual({ requested: true });
  });
});
