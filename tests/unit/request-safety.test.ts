import { describe, expect, it } from "vitest";
import { CROSS_SITE_REFUSED_MESSAGE, finishResponse, refuseCrossSiteMutation, requestForRemix, STRICT_TRANSPORT_SECURITY } from "~/security.server";
import { emptyD1Usage } from "~/db/client.server";

const production = { APP_ENV: "production", SERVER_TIMING: "" };
const usage = { roundTrips: 2, sequentialTrips: 1, rowsRead: 130, rowsWritten: 14, unmeteredStatements: 1, writes: 3 };
const HOME = { url: "https://shop.example/" };

describe("headers on every response", () => {
  it("sends HSTS outside local runs only", () => {
    expect(finishResponse(new Response("ok"), production, usage, HOME).headers.get("Strict-Transport-Security")).toBe(STRICT_TRANSPORT_SECURITY);
    expect(finishResponse(new Response("ok"), { APP_ENV: "development", SERVER_TIMING: "" }, usage, HOME).headers.get("Strict-Transport-Security")).toBeNull();
    expect(finishResponse(new Response("ok"), { APP_ENV: "test", SERVER_TIMING: "" }, usage, HOME).headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("reports D1 round trips in Server-Timing only when the setting is on (the bench)", () => {
    expect(finishResponse(new Response("ok"), production, usage, HOME).headers.get("Server-Timing")).toBeNull();
    expect(finishResponse(new Response("ok"), { ...production, SERVER_TIMING: "on" }, usage, HOME).headers.get("Server-Timing")).toBe(
      'd1;desc="round trips";dur=2, d1-sequential;desc="sequential round trips";dur=1, d1-rows;desc="rows read";dur=130, d1-unmetered;desc="statements without meta";dur=1, ' +
        'd1-writes;desc="statements that write";dur=3, d1-rows-written;desc="rows written";dur=14',
    );
  });

  it("tells caches to keep no member, cart, checkout, staff, merchant or API answer (documents and .data), unless the route said otherwise", () => {
    const cacheControl = (path: string, response = new Response("ok")) =>
      finishResponse(response, production, usage, { url: `https://shop.example${path}` }).headers.get("Cache-Control");
    for (const path of [
      "/user",
      "/user.data",
      "/user/orders/3",
      "/cart",
      "/cart.data",
      "/checkout",
      "/checkout/thanks/1",
      "/order-lookup",
      "/password-reset",
      "/crm/tickets.data",
      "/merchant",
      "/api/shell",
    ]) {
      expect(cacheControl(path), path).toBe("private, no-store");
    }
    for (const path of ["/", "/_root.data", "/category/living", "/search", "/cartoon", "/users", "/guide"]) expect(cacheControl(path), path).toBeNull();
    const attachment = new Response("img", { headers: { "Cache-Control": "private, max-age=3600" } });
    expect(cacheControl("/api/media/abc", attachment)).toBe("private, max-age=3600");
  });

  it("keeps the status and the base headers", () => {
    const finished = finishResponse(new Response("gone", { status: 410 }), production, emptyD1Usage(), HOME);
    expect(finished.status).toBe(410);
    expect(finished.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(finished.headers.get("Content-Security-Policy")).toBe("frame-ancestors 'none'");
  });
});

describe("the Worker's origin guard", () => {
  const post = (headers: Record<string, string>) => new Request("https://shop.example/api/cart-add", { method: "POST", headers, body: "p=1" });

  it("refuses a POST carrying neither Origin nor Sec-Fetch-Site nor a Referer of ours, in Japanese", async () => {
    const refused = refuseCrossSiteMutation(post({}))!;
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe(CROSS_SITE_REFUSED_MESSAGE);
    expect(refuseCrossSiteMutation(post({ Referer: "https://evil.example/" }))?.status).toBe(403);
  });

  it("lets it through with a same-origin Referer, Origin or Sec-Fetch-Site", () => {
    expect(refuseCrossSiteMutation(post({ Referer: "https://shop.example/category/living/DEMO-SIMPLE" }))).toBeNull();
    expect(refuseCrossSiteMutation(post({ Origin: "https://shop.example" }))).toBeNull();
    expect(refuseCrossSiteMutation(post({ "Sec-Fetch-Site": "same-origin" }))).toBeNull();
  });
});

describe("the newsletter's one-click unsubscribe (RFC 8058)", () => {
  const oneClick = (path: string) =>
    new Request(`https://shop.example${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });

  it("lets the mail provider's POST to the signed link through without Origin or Referer; every other path stays guarded", () => {
    expect(refuseCrossSiteMutation(oneClick("/newsletter/unsubscribe?u=1&s=x"))).toBeNull();
    expect(refuseCrossSiteMutation(oneClick("/newsletter/unsubscribe/other"))?.status).toBe(403);
    expect(refuseCrossSiteMutation(oneClick("/user/profile?index"))?.status).toBe(403);
  });

  it("hands Remix the provider's one-click POST without its Origin (Remix's own same-host check would throw), every other request as it came", () => {
    const fromProvider = oneClick("/newsletter/unsubscribe?u=1&s=x");
    fromProvider.headers.set("Origin", "https://mail.provider.example");
    expect(requestForRemix(fromProvider).headers.get("Origin")).toBeNull();
    const page = new Request("https://shop.example/newsletter/unsubscribe?u=1&s=x", { headers: { Origin: "https://mail.provider.example" } });
    expect(requestForRemix(page)).toBe(page);
    const other = oneClick("/user/profile?index");
    other.headers.set("Origin", "https://shop.example");
    expect(requestForRemix(other)).toBe(other);
  });
});
