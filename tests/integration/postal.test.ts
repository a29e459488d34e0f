/**
 * The postal-code data path on a real local KV (miniflare): the service (KV first, origin on a miss,
 * KV written with its TTL), GET /api/postal/{prefix} with POSTAL_ORIGIN pointing at a local HTTP server
 * that serves the real nationwide files (public/postal, built here when missing) and counts requests,
 * and the no-JS 住所を検索 of the address page.
 */
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterAll, beforeAll, beforeEach, describe, expect } from "vitest";
import { POSTAL_PREFIX_MESSAGE } from "~/core/address/postal";
import type { PostalPrefixData } from "~/core/address/postal-data";
import { getLoadContext } from "~/load-context";
import * as postalRoute from "~/routes/api.postal.$prefix";
import * as newAddress from "~/routes/user.profile.addresses_.new";
import {
  loadPostalPrefix,
  lookUpAddress,
  POSTAL_CACHE_CONTROL,
  POSTAL_KV_EMPTY_TTL_SECONDS,
  POSTAL_KV_TTL_SECONDS,
  POSTAL_UNAVAILABLE_MESSAGE,
  PostalOriginError,
  postalOriginFor,
  type PostalDeps,
} from "~/services/address/postal.server";
import type { AddressFormActionData } from "~/web/types/addresses";
import { buildPostalData } from "../../scripts/build-postal-data";
import { platformTest, type PlatformFixtures } from "../support/platform-test";
import type { TestPlatform } from "../support/platform";
import { apiRequest, callHandler, memberCookie, pageRequest, responseOf, TEST_ORIGIN, type DataResult } from "../support/requests";

const it = platformTest();

const POSTAL_DIR = path.resolve(import.meta.dirname, "../../public/postal");

let origin: Server;
let originUrl: string;
let originCalls: string[] = [];
let originBroken = false;

/** The real prefix file from public/postal, as a static origin would serve it; 404 when absent. */
async function servePrefix(prefix: string): Promise<Response> {
  try {
    return new Response(await readFile(path.join(POSTAL_DIR, `${prefix}.json`), "utf8"), { headers: { "Content-Type": "application/json" } });
  } catch {
    return new Response("not found", { status: 404 });
  }
}

// The counting origin (no platform involved), started once for the file.
beforeAll(async () => {
  buildPostalData(); // a no-op when public/postal is up to date
  origin = createServer((request, response) => {
    originCalls.push(request.url ?? "");
    if (originBroken) {
      response.writeHead(500).end("upstream error");
      return;
    }
    const match = /^\/data\/(\d{3})\.json$/.exec(request.url ?? "");
    const answer = match ? servePrefix(match[1] ?? "") : Promise.resolve(new Response("not found", { status: 404 }));
    void answer.then(async (file) => response.writeHead(file.status, { "Content-Type": "application/json" }).end(await file.text()));
  });
  await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", resolve));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/data/`;
});

afterAll(async () => {
  await new Promise((resolve) => origin.close(resolve));
});

async function clearPostalKv(platform: TestPlatform) {
  const { keys } = await platform.env.POSTAL_CACHE.list({ prefix: "postal:" });
  await Promise.all(keys.map((key) => platform.env.POSTAL_CACHE.delete(key.name)));
}

beforeEach<PlatformFixtures>(async ({ platform }) => {
  originCalls = [];
  originBroken = false;
  await clearPostalKv(platform);
});

/** Deps with an origin that reads the real files and counts its calls. */
function countingDeps(platform: TestPlatform): { deps: PostalDeps; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    deps: {
      kv: platform.env.POSTAL_CACHE,
      origin: async (prefix) => {
        calls.push(prefix);
        return servePrefix(prefix);
      },
    },
  };
}

/** A load context whose POSTAL_ORIGIN is the local counting server. */
function contextWithOrigin(platform: TestPlatform, postalOrigin = originUrl): AppLoadContext {
  return getLoadContext({
    request: new Request(TEST_ORIGIN),
    context: { cloudflare: { env: { ...platform.env, POSTAL_ORIGIN: postalOrigin }, ctx: platform.ctx } },
  });
}

function getPostal(platform: TestPlatform, prefix: string, context = contextWithOrigin(platform)): Promise<Response> {
  return responseOf(platform, postalRoute.loader, pageRequest(`/api/postal/${prefix}`), { prefix }, context);
}

describe("loadPostalPrefix (KV first, then the origin)", () => {
  it("loads a miss from the origin, writes KV with the TTL, and serves the next call from KV", async ({ platform }) => {
    const { deps, calls } = countingDeps(platform);
    const first = await loadPostalPrefix(deps, "100");
    expect(first.source).toBe("origin");
    expect(first.data["1000001"]).toEqual([13, "千代田区", "千代田", ""]);
    expect(calls).toEqual(["100"]);

    const { keys } = await platform.env.POSTAL_CACHE.list({ prefix: "postal:" });
    expect(keys.map((key) => key.name)).toEqual(["postal:100"]);
    const expiresIn = (keys[0]?.expiration ?? 0) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(POSTAL_KV_TTL_SECONDS - 120);
    expect(expiresIn).toBeLessThanOrEqual(POSTAL_KV_TTL_SECONDS + 1);

    const second = await loadPostalPrefix(deps, "100");
    expect(second.source).toBe("kv");
    expect(second.text).toBe(first.text);
    expect(calls).toEqual(["100"]);
  });

  it("answers {} for a prefix the origin does not have, cached for a shorter time", async ({ platform }) => {
    const { deps, calls } = countingDeps(platform);
    expect(await loadPostalPrefix(deps, "000")).toMatchObject({ data: {}, text: "{}", known: false, source: "origin" });
    expect(await loadPostalPrefix(deps, "000")).toMatchObject({ data: {}, known: false, source: "kv" });
    expect(calls).toEqual(["000"]);
    const { keys } = await platform.env.POSTAL_CACHE.list({ prefix: "postal:" });
    expect((keys[0]?.expiration ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(POSTAL_KV_EMPTY_TTL_SECONDS + 1);
  });

  it("neither caches nor uses a failing or garbled origin", async ({ platform }) => {
    const failing: PostalDeps = { kv: platform.env.POSTAL_CACHE, origin: async () => new Response("oops", { status: 502 }) };
    await expect(loadPostalPrefix(failing, "100")).rejects.toBeInstanceOf(PostalOriginError);
    const garbled: PostalDeps = { kv: platform.env.POSTAL_CACHE, origin: async () => new Response("<html>maintenance</html>") };
    await expect(loadPostalPrefix(garbled, "100")).rejects.toBeInstanceOf(PostalOriginError);
    const down: PostalDeps = { kv: platform.env.POSTAL_CACHE, origin: () => Promise.reject(new TypeError("fetch failed")) };
    await expect(loadPostalPrefix(down, "100")).rejects.toBeInstanceOf(PostalOriginError);
    expect((await platform.env.POSTAL_CACHE.list({ prefix: "postal:" })).keys).toEqual([]);
  });

  it("still answers from the origin when KV fails", async ({ platform }) => {
    const { deps, calls } = countingDeps(platform);
    const broken: PostalDeps = {
      ...deps,
      kv: { get: () => Promise.reject(new Error("KV down")), put: () => Promise.reject(new Error("KV down")) } as unknown as PostalDeps["kv"],
    };
    expect((await loadPostalPrefix(broken, "100")).data["1000001"]).toEqual([13, "千代田区", "千代田", ""]);
    expect(calls).toEqual(["100"]);
  });

  it("replaces a damaged KV entry from the origin", async ({ platform }) => {
    await platform.env.POSTAL_CACHE.put("postal:100", "not json");
    const { deps, calls } = countingDeps(platform);
    expect((await loadPostalPrefix(deps, "100")).source).toBe("origin");
    expect(calls).toEqual(["100"]);
    expect(await platform.env.POSTAL_CACHE.get("postal:100")).toMatch(/^\{"1000000"/);
  });

  it("looks a code up as typed (server-side 住所を検索)", async ({ platform }) => {
    const { deps } = countingDeps(platform);
    expect(await lookUpAddress(deps, "１００ー０００１")).toEqual({ region_id: 13, region: "東京都", locality: "千代田区", street: "千代田", extended: "" });
    expect(await lookUpAddress(deps, "0600001")).toMatchObject({ region_id: 1, region: "北海道", locality: "札幌市中央区", street: "北一条西" });
    expect(await lookUpAddress(deps, "9000001")).toMatchObject({ region_id: 47, region: "沖縄県" });
    expect((await lookUpAddress(deps, "1009999")).region_id).toBeNull(); // unknown code in a known prefix
    expect((await lookUpAddress(deps, "100000")).region_id).toBeNull(); // 6 digits: no lookup
  });
});

describe("postalOriginFor", () => {
  const URL_100 = "http://shop.test/api/postal/100";
  function recorders() {
    const fetched: string[] = [];
    const fromAssets: string[] = [];
    const fetcher = (async (url: string) => (fetched.push(String(url)), new Response("{}"))) as unknown as typeof fetch;
    const assets = { fetch: async (url: RequestInfo | URL) => (fromAssets.push(String(url)), new Response("{}")) };
    return { fetched, fromAssets, fetcher, assets };
  }

  it("uses POSTAL_ORIGIN as a base URL when set", async () => {
    const { fetched, fromAssets, fetcher, assets } = recorders();
    await postalOriginFor({ POSTAL_ORIGIN: "https://cdn.example/postal/", ASSETS: assets }, URL_100, fetcher, false)("100");
    expect(fetched).toEqual(["https://cdn.example/postal/100.json"]);
    expect(fromAssets).toEqual([]);
  });

  it("reads the bundled files through the assets binding in a Worker", async () => {
    const { fetched, fromAssets, fetcher, assets } = recorders();
    await postalOriginFor({ POSTAL_ORIGIN: "", ASSETS: assets }, URL_100, fetcher, false)("100");
    expect(fromAssets).toEqual(["http://shop.test/postal/100.json"]);
    expect(fetched).toEqual([]);
  });

  it("fetches the request's own origin under Vite dev or without the binding", async () => {
    const dev = recorders();
    await postalOriginFor({ POSTAL_ORIGIN: "", ASSETS: dev.assets }, URL_100, dev.fetcher, true)("100");
    expect(dev.fetched).toEqual(["http://shop.test/postal/100.json"]);
    expect(dev.fromAssets).toEqual([]);
    const bare = recorders();
    await postalOriginFor({ POSTAL_ORIGIN: "" }, URL_100, bare.fetcher, false)("100");
    expect(bare.fetched).toEqual(["http://shop.test/postal/100.json"]);
  });
});

describe("GET /api/postal/{prefix}", () => {
  it("serves the real nationwide data: 100-0001 is 東京都 千代田区 千代田, KV on the second call", async ({ platform }) => {
    const first = await getPostal(platform, "100");
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(first.headers.get("Cache-Control")).toBe(POSTAL_CACHE_CONTROL);
    expect(first.headers.get("X-Postal-Source")).toBe("origin");
    const data = (await first.json()) as PostalPrefixData;
    expect(data["1000001"]).toEqual([13, "千代田区", "千代田", ""]);
    expect(Object.keys(data).length).toBeGreaterThan(500);
    expect(originCalls).toEqual(["/data/100.json"]);

    const second = await getPostal(platform, "100");
    expect(second.headers.get("X-Postal-Source")).toBe("kv");
    expect(((await second.json()) as PostalPrefixData)["1000001"]).toEqual([13, "千代田区", "千代田", ""]);
    expect(originCalls).toEqual(["/data/100.json"]);
  });

  it("answers 400 in Japanese for a prefix that is not 3 digits", async ({ platform }) => {
    for (const prefix of ["10", "1000", "abc", "１００", "10a", ""]) {
      const response = await getPostal(platform, prefix);
      expect(response.status, prefix).toBe(400);
      expect(await response.json()).toEqual({ error: POSTAL_PREFIX_MESSAGE });
    }
    expect(originCalls).toEqual([]);
  });

  it("answers {} (200) for an unknown prefix", async ({ platform }) => {
    const response = await getPostal(platform, "000");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  });

  it("answers 503 in Japanese when the origin fails, and caches nothing", async ({ platform }) => {
    originBroken = true;
    const response = await getPostal(platform, "101");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: POSTAL_UNAVAILABLE_MESSAGE });
    expect((await platform.env.POSTAL_CACHE.list({ prefix: "postal:" })).keys).toEqual([]);
  });

  it("refuses POST", async () => {
    const response = postalRoute.action();
    expect(response.status).toBe(405);
  });
});

describe("住所を検索 without JS (intent=postal_lookup on /user/profile/addresses/new)", () => {
  async function lookup(platform: TestPlatform, fields: Record<string, string>) {
    const cookie = await memberCookie(platform, 1);
    const { returned } = await callHandler(
      platform,
      newAddress.action,
      apiRequest("/user/profile/addresses/new", { fields: { intent: "postal_lookup", lastname: "山田", ...fields }, cookie }),
      {},
      contextWithOrigin(platform),
    );
    return returned as unknown as DataResult<AddressFormActionData>;
  }

  it("re-renders the form with 東京都 千代田区 千代田 for 100-0001, keeping what was typed", async ({ platform }) => {
    const result = await lookup(platform, { postal_code: "１００－０００１", city: "old", address1: "1-1" });
    expect(result.init?.status ?? 200).toBe(200);
    expect(result.data.lastResult.initialValue).toMatchObject({
      postal_code: "1000001", // full-width digits half-width, the dash removed (spec §5)
      prefecture: "13",
      city: "千代田区",
      district: "千代田",
      address1: "1-1",
      lastname: "山田",
    });
    expect(result.data.lastResult.error).toBeUndefined(); // no field messages for an unsent form
    expect(result.data.lookup).toEqual({ tone: "info", text: "「東京都千代田区千代田」を入力しました。番地以降を入力してください。" });
  });

  it("leaves the filled fields empty for an unknown code and says so", async ({ platform }) => {
    const result = await lookup(platform, { postal_code: "1009999", prefecture: "13", city: "千代田区" });
    expect(result.data.lastResult.initialValue).toMatchObject({ postal_code: "1009999" });
    expect(result.data.lastResult.initialValue?.prefecture).toBeUndefined();
    expect(result.data.lastResult.initialValue?.city).toBeUndefined();
    expect(result.data.lookup?.tone).toBe("error");
  });

  it("asks for 7 digits when the code is incomplete", async ({ platform }) => {
    const result = await lookup(platform, { postal_code: "100" });
    expect(result.data.lookup).toEqual({ tone: "error", text: "郵便番号は半角数字7桁で入力してください。" });
  });
});
