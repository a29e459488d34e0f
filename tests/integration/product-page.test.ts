/**
 * The product page's loader (/category/{slug}/{sku}) on a real, migrated and seeded local D1 and R2: the
 * shipping promise follows the purchase state, the price counts what the cart holds, one restock message,
 * review bylines and photos, and whether the member keeps the product in "buy later".
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { buyLater, cartLines, carts, stockRequests } from "~/db/schema";
import { addMonthsToDate, jstDate } from "~/core/dates";
import { productBySku } from "~/services/seed/catalogue";
import { MEMBER_ID } from "~/services/seed/people";
import * as productRoute from "~/routes/category.$categorySlug.$sku";
import type { ProductView } from "~/web/types/product";
import { platformTest, type TestPlatform, seedClock } from "../support/platform-test";
import { contextFor, guestCartCookie, pageRequest } from "../support/requests";

const NOW = seedClock();
const it = platformTest({ reviewPhotos: true });

async function pageOf(platform: TestPlatform, path: string, cookie?: string): Promise<ProductView> {
  const [, , slug = "", sku = ""] = new URL(path, "http://shop.test").pathname.split("/");
  return (await productRoute.loader({ request: pageRequest(path, cookie), params: { categorySlug: slug, sku }, context: contextFor(platform) })) as ProductView;
}

describe("the shipping promise", () => {
  it("gives a pre-order its ship date, never 翌日発送 or 1日以内", async ({ platform }) => {
    const view = await pageOf(platform, "/category/living/DEMO-PREORDER");
    const [year, month, day] = addMonthsToDate(jstDate(NOW), 2).split("-").map(Number);
    expect(view.price.state).toBe("preorder");
    expect(view.delivery.icon).toEqual({ icon: "calendar", icon_type: "other", show_text: `${year}年${month}月${day}日頃発送予定` });
    expect(view.delivery.text).toBe(`${year}年${month}月${day}日頃より順次発送予定です。`);
    expect(JSON.stringify(view.delivery)).not.toMatch(/翌日|1日以内/);
  });

  it("promises nothing for sold-out and archived items", async ({ platform }) => {
    for (const sku of ["DEMO-SOLDOUT", "DEMO-ARCHIVED"]) {
      const view = await pageOf(platform, `/category/${productBySku(sku).category}/${sku}`);
      expect(view.delivery, sku).toEqual({ icon: null, text: null });
    }
  });

  it("promises next-day shipping for what is in stock", async ({ platform }) => {
    expect((await pageOf(platform, "/category/living/DEMO-SIMPLE")).delivery).toEqual({
      icon: { icon: "express", icon_type: "other", show_text: "翌日発送" },
      text: "ご注文の翌日に発送します。",
    });
  });
});

describe("what the cart already holds", () => {
  it("leaves nothing to add when the cart holds all 3 of DEMO-LOWSTOCK: no 最大1点, no 残り3点", async ({ platform }) => {
    await platform.db.insert(carts).values({ id: "page-lowstock" });
    await platform.db.insert(cartLines).values({ cartId: "page-lowstock", productId: productBySku("DEMO-LOWSTOCK").id, quantity: 3, lineKey: "all-three" });
    const cookie = await guestCartCookie(platform, "page-lowstock");
    const view = await pageOf(platform, "/category/kitchen/DEMO-LOWSTOCK", cookie);
    expect(view.price).toMatchObject({ state: "in_stock", in_cart: 3, cart_holds_all: true, max_quantity: 0, low_stock: false });
    expect(view.price.restock_message).toBe("在庫の3点はすべてカートに入っています。");

    await platform.db.update(cartLines).set({ quantity: 2 }).where(eq(cartLines.cartId, "page-lowstock"));
    const partly = await pageOf(platform, "/category/kitchen/DEMO-LOWSTOCK", cookie);
    expect(partly.price).toMatchObject({ in_cart: 2, cart_holds_all: false, max_quantity: 1, low_stock: true });
    expect(partly.price.restock_message).toBe("残り3点 ご注文はお早めに（うち2点はカートに入っています）");
  });
});

describe("a requested restock", () => {
  it("says so once: the redirect's notice is dropped when the page itself says 再入荷リクエスト済み", async ({ platform, member }) => {
    const soldOut = productBySku("DEMO-SOLDOUT");
    await platform.db.insert(stockRequests).values({ userId: MEMBER_ID, productId: soldOut.id });
    const view = await pageOf(platform, `/category/tableware/DEMO-SOLDOUT?notice=restock_requested`, member);
    expect(view.price.state).toBe("requested");
    expect(view.notice).toBeNull();
    expect(view.price.restock_message).toBe("再入荷リクエスト済みです。入荷しましたら、マイページの「お知らせ」でご連絡します。");
    // Other notices still show.
    expect((await pageOf(platform, `/category/tableware/DEMO-SOLDOUT?notice=restock_disabled`, member)).notice).toEqual({
      key: "restock_disabled",
      tone: "error",
      text: "この商品は再入荷リクエストを受け付けておりません。",
    });
  });
});

describe("reviews", () => {
  it("write さん only after a nickname without an honorific", async ({ platform }) => {
    const { reviewsHtml } = await pageOf(platform, "/category/living/DEMO-SIMPLE");
    expect(reviewsHtml).toMatch(/くまさん・\d{4}年/);
    expect(reviewsHtml).toMatch(/ぽんたさん・\d{4}年/);
    expect(reviewsHtml).not.toContain("くまさんさん");
  });

  it("show their photos, linked to the full image for the previewer", async ({ platform }) => {
    const { reviewsHtml } = await pageOf(platform, "/category/living/DEMO-SIMPLE");
    const links = [...reviewsHtml.matchAll(/<a href="(\/media\/reviews\/\d+\/xl)"[^>]*data-review-photo=""[^>]*aria-label="([^"]+)"/g)];
    expect(links.map((match) => match[2])).toEqual(["くまさんの写真 1を拡大表示", "ゆずママさんの写真 1を拡大表示"]);
    expect(reviewsHtml).toMatch(/<img src="\/media\/reviews\/\d+\/m"/);
    expect(reviewsHtml).toContain('data-width="480" data-height="360"');
  });
});

describe("buy later", () => {
  it("tells the page whether the member keeps the product for later", async ({ platform, member }) => {
    const simple = productBySku("DEMO-SIMPLE").id;
    expect((await pageOf(platform, "/category/living/DEMO-SIMPLE", member)).inBuyLater).toBe(false);
    await platform.db.insert(buyLater).values({ userId: MEMBER_ID, productId: simple });
    expect((await pageOf(platform, "/category/living/DEMO-SIMPLE", member)).inBuyLater).toBe(true);
    expect((await pageOf(platform, "/category/living/DEMO-SIMPLE")).inBuyLater).toBe(false);
  });
});

describe("notices after a redirect (JS off)", () => {
  it("ask for a missing variation in the picker's words, and say a buy-later save", async ({ platform }) => {
    expect((await pageOf(platform, "/category/living/DEMO-VARIATION?notice=choose_variation")).notice).toEqual({
      key: "choose_variation",
      tone: "error",
      text: "カラーを選択してください。",
    });
    expect((await pageOf(platform, "/category/living/DEMO-VARIATION?v=1&notice=choose_choice")).notice?.text).toBe("サイズを選択してください。");
    expect((await pageOf(platform, "/category/living/DEMO-SIMPLE?notice=buy_later")).notice).toEqual({
      key: "buy_later",
      tone: "success",
      text: "「あとで買う」に入れました。",
    });
    expect((await pageOf(platform, "/category/living/DEMO-SIMPLE?notice=nonsense")).notice).toBeNull();
  });
});

describe("related products", () => {
  it("are rendered as markup with plain links to their pages", async ({ platform }) => {
    const { relatedHtml } = await pageOf(platform, "/category/living/DEMO-SIMPLE");
    expect([...relatedHtml.matchAll(/<a href="(\/category\/[^"]+)"/g)].map((match) => match[1])).toEqual([
      "/category/living/LIVING-BATHTOWEL",
      "/category/gift/GIFT-TOWEL-BOX",
      "/category/living/LIVING-CLOTH",
      "/category/living/LIVING-GAUZE",
    ]);
  });
});

describe("variation pictures", () => {
  it("are marked with their variation, so choosing 生成り can show its own picture", async ({ platform }) => {
    const view = await pageOf(platform, "/category/living/DEMO-VARIATION?v=2");
    expect(view.selection.variationId).toBe(2);
    expect(view.media.find((item) => item.variationId === 2)?.url).toBe("/images/products/demo-variation-natural.svg");
    expect(view.media[0]?.variationId).toBeNull();
  });
});
