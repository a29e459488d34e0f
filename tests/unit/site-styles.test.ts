/**
 * The inlined site stylesheet (app/web/site/site-styles.server.ts): root's stylesheets leave every route of the
 * manifest the browser gets (documents and lazily discovered routes alike) without touching the build's
 * own; their text is read once per isolate; a file that cannot be read is imported instead, and read
 * again for the next document.
 */
import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { detachSiteStylesheets, siteStylesheetText } from "~/web/site/site-styles.server";

const route = (id: string, css?: string[]) => ({
  id,
  path: id,
  module: `/assets/${id}.js`,
  hasAction: false,
  hasLoader: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasErrorBoundary: false,
  css,
});

const ASSETS = {
  url: "/assets/manifest.js",
  version: "1",
  entry: { module: "/assets/entry.client.js", imports: [] },
  routes: {
    root: route("root", ["/assets/framework-1.css"]),
    "routes/_index": route("routes/_index", ["/assets/framework-1.css"]),
    "routes/own": route("routes/own", ["/assets/framework-1.css", "/assets/own-1.css"]),
    "routes/none": route("routes/none"),
  },
} as unknown as ServerBuild["assets"];

describe("detachSiteStylesheets", () => {
  it("takes root's stylesheets out of every route and keeps a route's own", () => {
    const { assets, hrefs } = detachSiteStylesheets(ASSETS);
    expect(hrefs).toEqual(["/assets/framework-1.css"]);
    expect(Object.fromEntries(Object.entries(assets.routes).map(([id, entry]) => [id, entry.css]))).toEqual({
      root: [],
      "routes/_index": [],
      "routes/own": ["/assets/own-1.css"],
      "routes/none": undefined,
    });
    expect(ASSETS.routes.root!.css).toEqual(["/assets/framework-1.css"]);
  });
});

describe("siteStylesheetText", () => {
  it("reads each file once, and imports one it cannot read until a later read succeeds", async () => {
    const reads: string[] = [];
    let failing = true;
    const assets = {
      fetch: async (input: RequestInfo | URL) => {
        const url = String(input);
        reads.push(url);
        if (url.endsWith("/b-1.css") && failing) return new Response("", { status: 500 });
        return new Response(url.endsWith("/a-1.css") ? ".a{color:red}" : ".b{color:blue}");
      },
    } as Pick<Fetcher, "fetch">;
    const hrefs = ["/assets/a-1.css", "/assets/b-1.css"];
    expect(await siteStylesheetText(hrefs, "http://shop.test/cart", assets)).toBe('.a{color:red}\n@import url("/assets/b-1.css");');
    failing = false;
    expect(await siteStylesheetText(hrefs, "http://shop.test/", assets)).toBe(".a{color:red}\n.b{color:blue}");
    expect(await siteStylesheetText(hrefs, "http://shop.test/", assets)).toBe(".a{color:red}\n.b{color:blue}");
    expect(reads).toEqual(["http://shop.test/assets/a-1.css", "http://shop.test/assets/b-1.css", "http://shop.test/assets/b-1.css"]);
  });
});
