/**
 * Every route, through Remix's own request handler on a seeded local D1, opened with the cookie of a session
 * that has ended (decision 0069): a page's check rides in its batch, and whatever the page made of its refused
 * reads (Drizzle wraps a refused single statement into its own error) the entry's hooks answer the redirect
 * that puts the cookie right; a resource route checks first and answers as to a guest. None answers 500.
 */
import { describe, expect } from "vitest";
import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { handleDataRequest, handleError } from "~/entry.server";
import { MEMBER_ID, MERCHANT_USER_ID, OWNER_ID } from "~/services/seed/people";
import { productBySku } from "~/services/seed/catalogue";
import { action as logoutAction } from "~/routes/logout";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { remixHandlerFor, routeUrlPattern } from "../support/remix";
import { apiRequest, contextFor, memberCookie, sessionCookie } from "../support/requests";

const it = platformTest();

const modules: Record<string, unknown> = import.meta.glob("../../app/routes/*.{ts,tsx}", { eager: true });
/** Documents are not rendered here: the stub answers as the entry's handleRequest does before it renders. */
const { handle, manifest, routes } = remixHandlerFor(modules, {
  default: async (_request: Request, status: number, _headers: Headers, _remix: EntryContext, context: AppLoadContext) =>
    (await context.sessionStorage.endedSessionAnswer()) ?? new Response(null, { status }),
  handleDataRequest,
  handleError,
});

const PARAMS: Record<string, string> = {
  sku: "DEMO-SIMPLE",
  categorySlug: "living",
  productId: String(productBySku("DEMO-SIMPLE").id),
  module: "customers",
  code: "SPRING10",
  size: "m",
  answer: "resolved",
};

const isResource = (routeId: string) => {
  const module = routes[routeId]!.module;
  return module.default == null && module.ErrorBoundary == null;
};

const withLoaders = manifest.filter((route) => routes[route.id]!.module.loader != null);
const urlOf = (routeId: string) => routeUrlPattern(routeId).replace(/:(\w+)\??/g, (_, name: string) => PARAMS[name] ?? "1");

async function endedCookie(platform: TestPlatform, userId: number): Promise<string> {
  const cookie = await memberCookie(platform, userId);
  await logoutAction({ request: apiRequest("/logout", { fields: {}, cookie }), context: contextFor(platform), params: {} });
  return cookie;
}

function serve(platform: TestPlatform, path: string, cookie: string, mode: "navigate" | "cors") {
  const request = apiRequest(path, { method: "GET", cookie, mode });
  return handle(request, contextFor(platform, request, routes));
}

describe("a route opened with a session that has ended", () => {
  it("finds the pages and the resource routes", () => {
    expect(withLoaders.filter((route) => isResource(route.id)).length).toBeGreaterThan(40);
    expect(withLoaders.filter((route) => !isResource(route.id)).length).toBeGreaterThan(100);
  });

  it("never answers 500: not as a document, a page's data request or a fetch", { timeout: 300_000 }, async ({ platform }) => {
    // Each route opened by whom its guard lets read (staff /crm, a merchant /merchant, a member the rest): a
    // page opened by someone its guard refuses answers 403 before it reads anything.
    const cookies = {
      crm: await endedCookie(platform, OWNER_ID),
      merchant: await endedCookie(platform, MERCHANT_USER_ID),
      shop: await endedCookie(platform, MEMBER_ID),
    };
    const failures: string[] = [];
    for (const route of withLoaders) {
      const url = urlOf(route.id);
      const area = url.split("/")[1];
      const cookie = area === "crm" || area === "merchant" ? cookies[area] : cookies.shop;
      const asked: [string, "navigate" | "cors"][] = isResource(route.id)
        ? [
            [url, "navigate"],
            [url, "cors"],
          ]
        : [
            [url, "navigate"],
            [`${url === "/" ? "/_root" : url}.data`, "cors"],
          ];
      for (const [path, mode] of asked) {
        const response = await serve(platform, path, cookie, mode);
        if (response.status >= 500) failures.push(`${mode} ${path}: ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("sends a page's data request back to its page, the cookie put right, when the page's read was a single statement", async ({ platform }) => {
    const cookie = await endedCookie(platform, MEMBER_ID);
    const response = await serve(platform, "/user/profile/addresses.data", cookie, "cors");
    expect(response.status).toBe(202);
    expect(await response.text()).toContain("/user/profile/addresses");
    const cleared = sessionCookie(response);
    const again = await serve(platform, "/user/profile/addresses.data", cleared, "cors");
    expect(again.status).toBe(202);
    expect(await again.text()).toContain("/login?show=1");
  });

  it("checks a resource route's session first: the unread-message poll answers as to a guest, and its document sends it back with the cookie put right", async ({
    platform,
  }) => {
    const cookie = await endedCookie(platform, MEMBER_ID);
    const polled = await serve(platform, "/crm/api/customers/messages/load-new-messages", cookie, "cors");
    expect(polled.status).toBe(401);
    const download = await serve(platform, "/user/profile/addresses", cookie, "navigate");
    expect(download.status).toBe(302);
    expect(download.headers.get("Location")).toBe("/user/profile/addresses");
    expect(sessionCookie(download)).not.toBe(cookie);
  });
});
