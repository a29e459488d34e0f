/**
 * Where a form post made without JS lands (PRG): the 303 names the element that shows the outcome as the
 * URL's #fragment, so the browser opens the page there rather than at its top (app/core/site/result-anchor.ts).
 * On a real, migrated and seeded local D1; the route actions and loaders are called directly.
 */
import { describe, expect } from "vitest";
import { productBySku } from "~/services/seed/catalogue";
import { atResult, withNotice } from "~/web/http.server";
import * as cartAdd from "~/routes/api.cart-add";
import * as cartPage from "~/routes/cart";
import type { CartActionData } from "~/web/types/cart";
import { platformTest, type TestPlatform } from "../support/platform-test";
import {
  apiRequest,
  contextFor,
  responseOf,
  sessionCookie,
  TEST_ORIGIN,
  type ApiRequestOptions,
  type DataResult,
  type RouteHandler,
} from "../support/requests";

const it = platformTest();

const SIMPLE = productBySku("DEMO-SIMPLE").id;

const post = (platform: TestPlatform, handler: RouteHandler, path: string, options: ApiRequestOptions) =>
  responseOf(platform, handler, apiRequest(path, options));

/** The Location of a 303, as the browser would follow it. */
function followed(response: Response): URL {
  expect(response.status).toBe(303);
  return new URL(response.headers.get("Location") ?? "", TEST_ORIGIN);
}

/** What a page's loader answers for this URL and session. */
async function loaderData<T>(platform: TestPlatform, loader: unknown, path: string, cookie: string): Promise<T> {
  const request = new Request(`${TEST_ORIGIN}${path}`, { headers: { Cookie: cookie } });
  return (await (loader as RouteHandler)({ request, params: {}, context: contextFor(platform) })) as T;
}

type CartPageData = Awaited<ReturnType<typeof cartPage.loader>>;

/** A new guest with DEMO-SIMPLE in the cart (added with JS); answers the session cookie and the row id. */
async function guestWithSimple(platform: TestPlatform): Promise<{ cookie: string; line: number }> {
  const added = await post(platform, cartAdd.action as RouteHandler, "/api/cart-add", { mode: "cors", fields: { p: String(SIMPLE), q: "1" } });
  const cookie = sessionCookie(added);
  const page = await loaderData<CartPageData>(platform, cartPage.loader, "/cart", cookie);
  return { cookie, line: page.view.cart.list[0]!.id };
}

describe("the shared notice helpers", () => {
  it("open the page at the notice, keeping the query and a fragment the path already names", () => {
    expect(withNotice("/category/living/DEMO-SIMPLE?v=3", "added")).toBe("/category/living/DEMO-SIMPLE?v=3&notice=added#result");
    expect(withNotice("/user/mails?notice=old", "removed")).toBe("/user/mails?notice=removed#result");
    expect(atResult("/user/support/1?notice=sent", "latest")).toBe("/user/support/1?notice=sent#latest");
    expect(atResult("/cart#line-4")).toBe("/cart#line-4");
  });
});

describe("add to cart without JS", () => {
  it("comes back to the product page at its notice", async ({ platform }) => {
    const back = followed(
      await post(platform, cartAdd.action as RouteHandler, "/api/cart-add", {
        mode: "navigate",
        fields: { p: String(SIMPLE), q: "1", redirectTo: "/category/living/DEMO-SIMPLE" },
      }),
    );
    expect(`${back.pathname}${back.search}${back.hash}`).toBe("/category/living/DEMO-SIMPLE?notice=added#result");
  });

  it("sends a refused add back to the product page with the variation, choice, options and quantity still picked", async ({ platform }) => {
    const page = "/category/fashion/DEMO-VARIATION";
    const back = followed(
      await post(platform, cartAdd.action as RouteHandler, "/api/cart-add", {
        mode: "navigate",
        // A variation without its choice (its size): refused as choose_choice.
        fields: [
          ["p", String(productBySku("DEMO-VARIATION").id)],
          ["v", "1"],
          ["o[7]", "21"],
          ["q", "2"],
          ["redirectTo", page],
        ],
      }),
    );
    expect(back.pathname).toBe(page);
    expect(back.searchParams.get("notice")).toBe("choose_choice");
    expect([back.searchParams.get("v"), back.searchParams.getAll("o"), back.searchParams.get("q")]).toEqual(["1", ["21"], "2"]);
  });
});

describe("the cart's controls without JS (the /cart action)", () => {
  it("answers a refused coupon with a 303 to the coupon section carrying the message", async ({ platform }) => {
    const { cookie } = await guestWithSimple(platform);
    const back = followed(
      await post(platform, cartPage.action as RouteHandler, "/cart", { mode: "navigate", cookie, fields: { intent: "coupon", code: "EXPIRED100" } }),
    );
    expect(back.pathname).toBe("/cart");
    expect(back.hash).toBe("#coupon-entry");
    expect(back.searchParams.get("cart_error")).toBe("coupon");
    expect(back.searchParams.get("message")).toBe("このクーポンは有効期限が切れています。");
  });

  it("answers a quantity forced into range at its row, and the page shows the notice on that row only", async ({ platform }) => {
    const { cookie, line } = await guestWithSimple(platform);
    const back = followed(
      await post(platform, cartPage.action as RouteHandler, "/cart", { mode: "navigate", cookie, fields: { intent: "quantity", line: String(line), q: "51" } }),
    );
    expect(back.hash).toBe(`#line-${line}`);
    expect(back.searchParams.get("cart_notice")).toBe("quantity");
    expect(back.searchParams.get("cart_line")).toBe(String(line));
    const page = await loaderData<CartPageData>(platform, cartPage.loader, `${back.pathname}${back.search}`, cookie);
    expect(page.redirectedNotice).toEqual({ kind: "quantity", line, message: back.searchParams.get("message") });
  });

  it("comes back to the row after a change, without an old message", async ({ platform }) => {
    const { cookie, line } = await guestWithSimple(platform);
    const back = followed(
      await post(platform, cartPage.action as RouteHandler, "/cart", {
        mode: "navigate",
        cookie,
        fields: { intent: "quantity", line: String(line), q: "2", redirectTo: "/cart?cart_error=coupon&message=old" },
      }),
    );
    expect(`${back.pathname}${back.search}${back.hash}`).toBe(`/cart#line-${line}`);
  });

  it("still answers a fetcher (JS) in place, without a redirect", async ({ platform }) => {
    const { cookie } = await guestWithSimple(platform);
    const request = apiRequest("/cart", { mode: "cors", cookie, fields: { intent: "coupon", code: "EXPIRED100" } });
    const answer = (await (cartPage.action as RouteHandler)({ request, params: {}, context: contextFor(platform) })) as DataResult<CartActionData>;
    expect(answer.data).toMatchObject({ ok: false, intent: "coupon", field: "coupon", error: "このクーポンは有効期限が切れています。" });
    expect(answer.init?.status).toBeGreaterThanOrEqual(400);
  });
});

describe("the cart's one form without JS: every press carries the 備考 typed", () => {
  it("saves them with a row's button, then does what the button asked", async ({ platform }) => {
    const { cookie, line } = await guestWithSimple(platform);
    const back = followed(
      await post(platform, cartPage.action as RouteHandler, "/cart", {
        mode: "navigate",
        cookie,
        fields: { warehouse_notice: "のし：御祝", [`q[line:${line}]`]: "3", [`intent[line:${line}]`]: "quantity" },
      }),
    );
    expect(back.hash).toBe(`#line-${line}`);
    const page = await loaderData<CartPageData>(platform, cartPage.loader, "/cart", cookie);
    expect(page.view.warehouseNotice).toBe("のし：御祝");
    expect(page.view.cart.list[0]!.quantity).toBe(3);
  });

  it("asks to confirm a removal on the way, keeping them", async ({ platform }) => {
    const { cookie, line } = await guestWithSimple(platform);
    const back = followed(
      await post(platform, cartPage.action as RouteHandler, "/cart", {
        mode: "navigate",
        cookie,
        fields: { warehouse_notice: "置き配希望", [`intent[line:${line}]`]: "ask_remove" },
      }),
    );
    expect(`${back.pathname}${back.search}${back.hash}`).toBe(`/cart?remove=${line}#line-${line}`);
    const page = await loaderData<CartPageData>(platform, cartPage.loader, `${back.pathname}${back.search}`, cookie);
    expect(page.confirmRemove).toBe(line);
    expect(page.view.warehouseNotice).toBe("置き配希望");
    expect(page.view.cart.list).toHaveLength(1);
  });

  it("refuses a note too long as a whole: nothing written, the row unchanged", async ({ platform }) => {
    const { cookie, line } = await guestWithSimple(platform);
    const back = followed(
      await post(platform, cartPage.action as RouteHandler, "/cart", {
        mode: "navigate",
        cookie,
        fields: { warehouse_notice: "長".repeat(501), [`q[line:${line}]`]: "4", [`intent[line:${line}]`]: "quantity" },
      }),
    );
    expect(back.searchParams.get("cart_error")).toBe("notice");
    const page = await loaderData<CartPageData>(platform, cartPage.loader, "/cart", cookie);
    expect(page.view.warehouseNotice).toBe("");
    expect(page.view.cart.list[0]!.quantity).toBe(1);
  });

  it("applies what was typed on Enter: a row's new quantity and the coupon code", async ({ platform }) => {
    const { cookie, line } = await guestWithSimple(platform);
    followed(
      await post(platform, cartPage.action as RouteHandler, "/cart", {
        mode: "navigate",
        cookie,
        fields: { intent: "enter", warehouse_notice: "", [`q[line:${line}]`]: "2", code: "SPRING10" },
      }),
    );
    const page = await loaderData<CartPageData>(platform, cartPage.loader, "/cart", cookie);
    expect(page.view.cart.list[0]!.quantity).toBe(2);
    expect(page.view.cart.coupons.map((coupon) => coupon.code)).toEqual(["SPRING10"]);
  });
});
