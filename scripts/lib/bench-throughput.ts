/**
 * Requests per second of one server in one run (issue 18 item 3): a static asset, catalogue pages served
 * anonymous from the edge cache (docs/decisions/0023-edge-cache.md) and a page rendered for a signed-in
 * member (never cached), with each page's rate over the static asset's. Reference rows show what any
 * uncached answer costs this server before its own work: the Worker answering JSON without D1 and with one
 * D1 round trip (the same route, so the difference is the round trip), a document with one small query, and
 * the member's product page rendered for a guest (its own batch without the session's round trip).
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { EDGE_CACHE_HEADER } from "../../app/core/site/edge-cache";
import { loginCookie, ORIGIN, RENDER_AFRESH } from "./bench-http";

const CONNECTIONS = 10;

const STATIC_ASSET = "/favicon.svg";
/** A cached page's document is 50–65 KB raw (no Accept-Encoding here): a static file of that size beside the tiny icon. */
const PAGE_SIZED_BYTES = 60_000;
const CACHED_PAGES = [
  { name: "home", path: "/" },
  { name: "product (DEMO-SIMPLE)", path: "/category/living/DEMO-SIMPLE" },
  { name: "category (kitchen)", path: "/category/kitchen" },
];
const UNCACHED_PAGE = { name: "product, signed-in member", path: "/category/living/DEMO-SIMPLE" };
/** The suggestions route answers a blank query without D1 and a word with one D1 round trip. */
const JSON_WITHOUT_D1 = { name: "JSON, no D1", path: "/api/search/suggest?q=" };
const JSON_ONE_TRIP = { name: "JSON, 1 D1 round trip", path: `/api/search/suggest?q=${encodeURIComponent("タオル")}` };
const SMALL_DOCUMENT = { name: "document, 1 small D1 round trip", path: "/guide" };
/** The member's product page without the member: its page batch alone, the session's round trip left out. */
const ANONYMOUS_AFRESH = { name: "same product, guest, 1 round trip", path: UNCACHED_PAGE.path };

/** Seconds of the same load run first and not counted: each path starts warm (JIT, caches, connections). */
const WARM_UP_SECONDS = 2;

async function requestsPerSecond(path: string, seconds: number, headers: Record<string, string> = {}) {
  const url = new URL(path, ORIGIN).toString();
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return { rate: result.requests.average, p50: result.latency.p50, non2xx: result.non2xx };
}

/** How the server answered one request for `path` (HIT, MISS, BYPASS …), after warming the cache. */
async function cacheStatus(path: string, headers: Record<string, string> = {}): Promise<string> {
  for (let attempt = 0; attempt < 2; attempt++) await (await fetch(new URL(path, ORIGIN), { headers })).arrayBuffer();
  const response = await fetch(new URL(path, ORIGIN), { headers });
  await response.arrayBuffer();
  return response.headers.get(EDGE_CACHE_HEADER) ?? "none";
}

/** One row of the table: how the server answers `path` (after warming), then its requests per second. */
async function measuredRow(name: string, path: string, seconds: number, headers: Record<string, string> = {}) {
  const cache = await cacheStatus(path, headers);
  return { name, path, cache, figures: await requestsPerSecond(path, seconds, headers) };
}

/** The built asset whose size is nearest a page's document (the build's file names change with its content). */
function pageSizedAsset(): string {
  const dir = "build/client/assets";
  const [nearest] = readdirSync(dir)
    .map((name) => ({ name, bytes: statSync(join(dir, name)).size }))
    .sort((a, b) => Math.abs(a.bytes - PAGE_SIZED_BYTES) - Math.abs(b.bytes - PAGE_SIZED_BYTES));
  return `/assets/${nearest!.name}`;
}

export async function benchThroughput(seconds: number): Promise<void> {
  console.log(`Throughput in one run (${seconds} s × ${CONNECTIONS} connections each)\n`);
  const member = { Cookie: await loginCookie() };
  const rows: { name: string; path: string; cache: string; figures: Awaited<ReturnType<typeof requestsPerSecond>> }[] = [];
  rows.push({ name: "static asset", path: STATIC_ASSET, cache: "-", figures: await requestsPerSecond(STATIC_ASSET, seconds) });
  const sized = pageSizedAsset();
  const sizedFigures = await requestsPerSecond(sized, seconds);
  for (const page of CACHED_PAGES) rows.push(await measuredRow(`cached ${page.name}`, page.path, seconds));
  rows.push(await measuredRow(`uncached ${UNCACHED_PAGE.name}`, UNCACHED_PAGE.path, seconds, member));
  const references = [];
  for (const [reference, headers] of [
    [JSON_WITHOUT_D1, {}],
    [JSON_ONE_TRIP, {}],
    [SMALL_DOCUMENT, RENDER_AFRESH],
    [ANONYMOUS_AFRESH, RENDER_AFRESH],
  ] as const) {
    references.push(await measuredRow(`reference: ${reference.name}`, reference.path, seconds, headers));
  }
  rows.push(...references);
  const staticRate = rows[0]!.figures.rate;
  for (const { name, path, cache, figures } of rows) {
    const ratio =
      name === "static asset" ? "" : `  ÷ static ${(figures.rate / staticRate).toFixed(2)}  ÷ page-sized ${(figures.rate / sizedFigures.rate).toFixed(2)}`;
    console.log(
      `  ${name.padEnd(45)} ${decodeURIComponent(path).padEnd(30)} X-Cache ${cache.padEnd(6)} ${figures.rate.toFixed(0).padStart(5)} req/s, p50 ${figures.p50} ms, non-2xx ${figures.non2xx}${ratio}`,
    );
  }
  console.log(`  page-sized static asset ${sized}: ${sizedFigures.rate.toFixed(0)} req/s, p50 ${sizedFigures.p50} ms`);
  const [withoutD1, oneTrip] = references;
  const tripMs = 1000 / oneTrip!.figures.rate - 1000 / withoutD1!.figures.rate;
  console.log(`  one D1 round trip costs this server ${tripMs.toFixed(2)} ms per request (the member's page makes 2)`);
  console.log("  targets: cached ÷ static ≥ 0.8, uncached ÷ static ≥ 0.2 (against the icon; ÷ page-sized shows what the cache costs beyond the bytes)\n");
}
