/**
 * Reads through D1 sessions (decision 0067) on real local D1. Local D1 is one copy: every session reads the
 * same database, so a stale read cannot happen by itself here. These tests give the shop a replica that never
 * catches up — a second store seeded as the primary was, which the writes never reach — and route sessions
 * as D1 does: one that may start anywhere reads the replica; one at the primary, or at a bookmark the replica
 * has not reached, reads the primary. What the rule must do then shows: an action's guard reads the
 * primary's stock, and a visitor's next read after a write sees it only through the bookmark cookie.
 */
import { rm } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { describe, expect, inject } from "vitest";
import { D1_BOOKMARK_MAX_AGE_SECONDS, LOCAL_D1_BOOKMARK_COOKIE_NAME } from "~/core/site/d1-sessions";
import { RecentPages } from "~/core/site/recent-pages";
import { cartLines, products } from "~/db/schema";
import * as home from "~/routes/_index";
import * as cartAdd from "~/routes/api.cart-add";
import * as cartPage from "~/routes/cart";
import * as productPage from "~/routes/category.$categorySlug.$sku";
import { productBySku } from "~/services/seed/catalogue";
import type { CartLoaderData } from "~/web/types/cart";
import { loadPageShell } from "~/web/http.server";
import { withD1Bookmark } from "~/web/site/d1-sessions.server";
import { answerWithEdgeCache, type RecentPage } from "~/web/site/edge-cache.server";
import { createTestPlatform, type TestPlatform } from "../support/platform";
import { seededStoreCopy } from "../support/platform-template";
import { platformTest, seedClock } from "../support/platform-test";
import { apiRequest, contextFor, pageRequest, run, TEST_ORIGIN, valueOf, type RouteHandler } from "../support/requests";

const SIMPLE = productBySku("DEMO-SIMPLE").id;
const LOWSTOCK = productBySku("DEMO-LOWSTOCK").id;

interface Replicated {
  /** The file's platform, its D1 answering sessions as described above. */
  shop: TestPlatform;
  /** Where each session of the shop's requests started ("first-primary", "first-unconstrained" or a bookmark). */
  starts: string[];
  /** The replica's own store (what a lagging replica still says). */
  replica: TestPlatform;
}

const it = platformTest().extend<{ replicated: Replicated }>({
  replicated: [
    async ({ platform }, provide) => {
      const store = await seededStoreCopy(inject("storeDirectory"), { now: seedClock(), reviewPhotos: false });
      const replica = await createTestPlatform({ migrated: false, persistTo: store });
      const starts: string[] = [];
      const primaryDb = platform.env.DB;
      const DB = {
        ...primaryDb,
        withSession(start = "first-unconstrained") {
          starts.push(start);
          return (start === "first-unconstrained" ? replica.env.DB : primaryDb).withSession(start);
        },
      } as D1Database;
      try {
        await provide({ shop: { ...platform, env: { ...platform.env, DB } }, starts, replica });
      } finally {
        await replica.dispose();
        await rm(store, { recursive: true, force: true });
      }
    },
    { scope: "file" },
  ],
});

/** The cookie pairs ("name=value") of an answer's Set-Cookie headers, by name. */
function setCookies(response: Response): Map<string, string> {
  return new Map(response.headers.getSetCookie().map((header) => [header.split("=")[0]!, header]));
}

const pair = (header: string | undefined) => header?.split(";")[0] ?? "";

/** A guest adds `quantity` of a product as a fetch would (JS on): the answer as the Worker sends it (bookmark included). */
async function addToCart(shop: TestPlatform, productId: number, cookie?: string) {
  const request = apiRequest("/api/cart-add", { mode: "cors", fields: { p: String(productId), q: "1" }, cookie });
  const context = contextFor(shop, request);
  const outcome = await run(shop, cartAdd.action as RouteHandler, request, {}, context);
  return withD1Bookmark(outcome.response!, request, context);
}

async function cartOf(shop: TestPlatform, cookie: string) {
  const view = await valueOf<CartLoaderData>(await run(shop, cartPage.loader as RouteHandler, pageRequest("/cart", cookie)));
  return view.view.cart.list.map((line) => [line.productId, line.quantity]);
}

describe("an action reads and writes at the primary", () => {
  it("starts a POST's session first-primary, so its stock guard sees the primary's stock, not a replica's", async ({ replicated }) => {
    const { shop, starts, replica } = replicated;
    // Sold out meanwhile at the primary; the replica still says 3 in stock.
    await shop.db.update(products).set({ inventory: 0 }).where(eq(products.id, LOWSTOCK));
    expect((await replica.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, LOWSTOCK)).get())?.inventory).toBe(3);
    starts.length = 0;
    const answer = await addToCart(shop, LOWSTOCK);
    expect(answer.status).toBe(409);
    expect(starts).toEqual(["first-primary"]);
    await shop.db.update(products).set({ inventory: 3 }).where(eq(products.id, LOWSTOCK));
  });

  it("starts every method but GET and HEAD at the primary, whatever bookmark the visitor carries", async ({ replicated, platform }) => {
    const { shop, starts } = replicated;
    const bookmark = `${LOCAL_D1_BOOKMARK_COOKIE_NAME}=00000000-00000001-00000000-00000000000000000000000000000000`;
    starts.length = 0;
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) contextFor(shop, apiRequest("/cart", { method, cookie: bookmark }));
    for (const method of ["GET", "HEAD"]) contextFor(shop, apiRequest("/", { method }));
    expect(starts).toEqual(["first-primary", "first-primary", "first-primary", "first-primary", "first-unconstrained", "first-unconstrained"]);
    // The file's own platform, untouched by the replica, reads through a session too.
    expect(contextFor(platform).d1Session.start).toBe("first-unconstrained");
  });
});

describe("a visitor who wrote reads their own write", () => {
  it("hands the write's bookmark back in a short-lived cookie, and the next read starts there and sees the write", async ({ replicated }) => {
    const { shop, starts } = replicated;
    const added = await addToCart(shop, SIMPLE);
    expect(added.status).toBe(200);
    const cookies = setCookies(added);
    const session = pair(cookies.get("__session"));
    const bookmarkCookie = cookies.get(LOCAL_D1_BOOKMARK_COOKIE_NAME)!;
    expect(bookmarkCookie).toMatch(
      new RegExp(`^${LOCAL_D1_BOOKMARK_COOKIE_NAME}=[0-9a-f-]{59}; Path=/; Max-Age=${D1_BOOKMARK_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax$`),
    );
    expect(added.headers.get("Cache-Control")).toMatch(/private|no-store/);

    // Without the bookmark the next read may come from a replica that has not caught up: the cart looks empty.
    expect(await cartOf(shop, session)).toEqual([]);
    // With it, the read starts at the write's bookmark (which the replica has not reached) and shows the line.
    starts.length = 0;
    expect(await cartOf(shop, `${session}; ${pair(bookmarkCookie)}`)).toEqual([[SIMPLE, 1]]);
    expect(starts).toEqual([pair(bookmarkCookie).split("=")[1]]);
  });

  it("ignores a bookmark cookie that is not a bookmark", async ({ replicated }) => {
    const { shop } = replicated;
    expect(contextFor(shop, pageRequest("/cart", `${LOCAL_D1_BOOKMARK_COOKIE_NAME}=first-primary`)).d1Session.start).toBe("first-unconstrained");
    expect(contextFor(shop, pageRequest("/cart", `${LOCAL_D1_BOOKMARK_COOKIE_NAME}=x; other=1`)).d1Session.start).toBe("first-unconstrained");
  });

  it("hands a bookmark on after a read that wrote, and none after a read that did not", async ({ platform }) => {
    const request = pageRequest("/");
    const reading = contextFor(platform, request);
    await reading.db.select().from(products).limit(1);
    expect(withD1Bookmark(new Response("page"), request, reading).headers.has("Set-Cookie")).toBe(false);
    const writing = contextFor(platform, request);
    await writing.db.update(products).set({ inventory: 3 }).where(eq(products.id, LOWSTOCK));
    expect(pair(withD1Bookmark(new Response("page"), request, writing).headers.get("Set-Cookie") ?? undefined)).toMatch(/^d1-bookmark=/);
  });

  it("marks the cookie Secure (and __Host-) over https", async ({ platform }) => {
    const request = new Request("https://shop.example/cart", { method: "POST", headers: { Origin: "https://shop.example" } });
    const context = contextFor(platform, request);
    await context.db.select().from(cartLines).limit(1);
    expect(withD1Bookmark(new Response(null, { status: 303 }), request, context).headers.get("Set-Cookie")).toMatch(
      /^__Host-d1-bookmark=[0-9a-f-]{59}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/,
    );
  });
});

describe("anonymous catalogue pages", () => {
  it("read first-unconstrained, write nothing and set no cookie", async ({ replicated }) => {
    const { shop, starts } = replicated;
    starts.length = 0;
    const sku = productBySku("DEMO-SIMPLE");
    for (const [handler, path, params] of [
      // The root loader's header (the shell) and the home, product pages' own loaders.
      [({ request, context }: Parameters<RouteHandler>[0]) => loadPageShell(request, context), "/", {}],
      [home.loader, "/", {}],
      [productPage.loader, `/category/living/${sku.sku}`, { categorySlug: "living", sku: sku.sku }],
    ] as const) {
      const request = pageRequest(path);
      const context = contextFor(shop, request);
      expect((await run(shop, handler as RouteHandler, request, params, context)).status).toBe(200);
      expect(context.d1Usage.writes).toBe(0);
      const answer = withD1Bookmark(new Response("page"), request, context);
      expect(answer.headers.has("Set-Cookie")).toBe(false);
      expect(answer.headers.has("Cache-Control")).toBe(false);
    }
    expect(new Set(starts)).toEqual(new Set(["first-unconstrained"]));
  });
});

/** The Cache API as the edge cache uses it, in memory, with what was stored. */
function memoryCache() {
  const stored = new Map<string, Response>();
  const cache = {
    match: async (key: string) => stored.get(key)?.clone(),
    put: async (key: string, response: Response) => void stored.set(key, response),
    delete: async (key: string) => stored.delete(key),
  } as unknown as Cache;
  return { cache, stored };
}

describe("the edge cache and the bookmark", () => {
  it("stores an anonymous page, never one that hands out a bookmark, and renders (BYPASS) for a visitor carrying one", async ({ platform }) => {
    const { cache, stored } = memoryCache();
    const edge = { cache, keyOrigin: TEST_ORIGIN, recentPages: new RecentPages<RecentPage>() };
    const waits: Promise<unknown>[] = [];
    const ctx = { waitUntil: (promise: Promise<unknown>) => void waits.push(promise) };
    const env = { PUBLIC_SUBSCRIPTION: "true", SUBSCRIPTION_ALLOWED_IPS: "" };
    const answer = (request: Request, write: boolean) =>
      answerWithEdgeCache(request, env, ctx, edge, async (rendered) => {
        const context = contextFor(platform, rendered);
        await (write ? context.db.update(products).set({ inventory: 3 }).where(eq(products.id, LOWSTOCK)) : context.db.select().from(products).limit(1));
        const page = new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } });
        return { response: withD1Bookmark(page, rendered, context), d1Usage: context.d1Usage };
      });

    // A page whose render wrote hands out the bookmark: served, never stored.
    const wrote = await answer(pageRequest("/search"), true);
    await Promise.all(waits);
    expect(wrote.response.headers.get("X-Cache")).toBe("MISS");
    expect(wrote.response.headers.getSetCookie().some((header) => header.startsWith("d1-bookmark="))).toBe(true);
    expect(stored.size).toBe(0);

    // A plain anonymous page is stored as before.
    const plain = await answer(pageRequest("/"), false);
    await Promise.all(waits);
    expect(plain.response.headers.get("X-Cache")).toBe("MISS");
    expect(plain.response.headers.has("Set-Cookie")).toBe(false);
    expect([...stored.keys()]).toEqual([`${TEST_ORIGIN}/`]);

    // A visitor carrying a bookmark (and nothing else) gets the page rendered for them, not the stored one.
    const carrying = await answer(pageRequest("/", `${pair(wrote.response.headers.get("Set-Cookie") ?? undefined)}`), false);
    expect(carrying.response.headers.get("X-Cache")).toBe("BYPASS");
    expect([...stored.keys()]).toEqual([`${TEST_ORIGIN}/`]);
  });
});
