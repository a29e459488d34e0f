/**
 * `npm run bench`: builds, serves the app under `wrangler dev` on a fresh seeded store, and prints per page
 * the document size (raw, gzip), JS and CSS gzip on first load, D1 round trips per request, where the
 * page's key content ends in the gzipped document, Lighthouse's mobile performance and accessibility
 * scores (the e2e tests' Chromium: CHROMIUM_PATH, /usr/bin/chromium or chromium on PATH) and 10 s of load
 * with 10 connections. Figures only (budgets in docs/architecture.md); it fails nobody.
 * `npm run bench -- --scale`: server time of the catalogue pages and the order desk on the demo store and
 * on one grown to 100,000 products and 100,000 orders, side by side (scripts/lib/bench-scale.ts).
 * Every run starts with the throughput of a static asset, edge-cached pages and an uncached page
 * (scripts/lib/bench-throughput.ts); `npm run bench -- --throughput` prints only that.
 */
import autocannon from "autocannon";
import { gzipSync } from "node:zlib";
import { STAFF_EMAIL } from "../app/services/seed/people";
import { BENCH_ORDER_COUNT, loadBenchOrders } from "./lib/bench-orders";
import { d1Usage, loginCookie, ORIGIN, SAMPLES, serve, serverTime, STORE } from "./lib/bench-http";
import { benchScale } from "./lib/bench-scale";
import { benchThroughput } from "./lib/bench-throughput";
import { lighthouseMedian, LIGHTHOUSE_RUNS } from "./lib/lighthouse";
import { scriptsNamedIn } from "./lib/page-scripts";
import { routeFirstLoads } from "./lib/route-first-load";
import { flagValue, run, stop, waitForClosed, waitForHttp } from "./lib/run";

const LOAD_SECONDS = Number(flagValue("seconds") ?? 10);
const CONNECTIONS = 10;
const FIRST_ROUND_TRIP_BYTES = 14 * 1024;
const FIRST_LOAD_BUDGET_BYTES = 90 * 1024;

/**
 * Pages to measure, the text that marks the end of what must arrive in the first round trip, and
 * whether the page needs a shopper with a filled cart (a session cookie made before measuring).
 */
const PAGES: { name: string; path: string; keyContentMarker?: string; withCart?: boolean; asMember?: boolean }[] = [
  { name: "home", path: "/", keyContentMarker: 'data-testid="product-list"' },
  { name: "product (DEMO-SIMPLE)", path: "/category/living/DEMO-SIMPLE", keyContentMarker: 'data-bench="add-to-cart"' },
  { name: "search (食品, 1,000〜5,000円)", path: "/search?category=food&priceMin=1000&priceMax=5000", keyContentMarker: 'data-testid="product-list"' },
  { name: "category (kitchen)", path: "/category/kitchen", keyContentMarker: 'data-testid="product-list"' },
  { name: "cart (3 rows)", path: "/cart", keyContentMarker: 'data-testid="checkout-button"', withCart: true },
  { name: "checkout (guest, 3 rows)", path: "/checkout", keyContentMarker: 'data-testid="place-order"', withCart: true },
  // A signed-in member: the server-side session check rides in the header's D1 round trip.
  { name: "product (signed-in member)", path: "/category/living/DEMO-SIMPLE", keyContentMarker: 'data-bench="add-to-cart"', asMember: true },
];

/** The staff order desk's pages, measured with BENCH_ORDER_COUNT orders in the store. */
const DESK_PAGES: { name: string; path: string }[] = [
  { name: "/crm/orders page 1", path: "/crm/orders" },
  { name: "/crm/orders page 301 (deep)", path: "/crm/orders?page=300" },
  { name: "/crm/orders 配達完了, page 1", path: "/crm/orders?status=completed" },
  { name: "/crm/orders 配達完了, page 100", path: "/crm/orders?status=completed&page=100" },
  { name: "/crm/orders e-mail search", path: "/crm/orders?q=bench17%40example.jp" },
];

/** A guest session with DEMO-SIMPLE ×2, DEMO-OPTIONS and DEMO-MERCHANT in the cart. */
async function cartCookie(): Promise<string> {
  let cookie = "";
  for (const form of [
    { p: "1", q: "2" },
    { p: "7", q: "1" },
    { p: "10", q: "1" },
  ]) {
    const response = await fetch(new URL("/api/cart-add", ORIGIN), {
      method: "POST",
      headers: { Origin: ORIGIN, "Sec-Fetch-Mode": "cors", Cookie: cookie },
      body: new URLSearchParams({ ...form, intent: "add" }),
    });
    cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? cookie;
  }
  return cookie;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (text: string | Uint8Array) => gzipSync(text).length;

function assetUrls(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const script of scriptsNamedIn(html)) js.add(script);
  for (const match of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) css.add(match[1]!);
  return { js: [...js], css: [...css] };
}

async function totalGzip(paths: string[]): Promise<number> {
  let total = 0;
  for (const path of paths) {
    const response = await fetch(new URL(path, ORIGIN));
    total += gzipSize(new Uint8Array(await response.arrayBuffer()));
  }
  return total;
}

async function measurePage(page: (typeof PAGES)[number]) {
  const cookie = page.withCart ? await cartCookie() : page.asMember ? await loginCookie() : null;
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const response = await fetch(new URL(page.path, ORIGIN), { headers });
  const html = await response.text();
  const assets = assetUrls(html);
  const markerAt = page.keyContentMarker ? html.indexOf(page.keyContentMarker) : -1;
  const keyContentGzip = markerAt >= 0 ? gzipSize(html.slice(0, markerAt + 200)) : null;
  const audit = await lighthouseMedian(new URL(page.path, ORIGIN), headers);
  const load = await autocannon({ url: new URL(page.path, ORIGIN).toString(), connections: CONNECTIONS, duration: LOAD_SECONDS, headers });
  return {
    status: response.status,
    rawBytes: Buffer.byteLength(html),
    gzipBytes: gzipSize(html),
    jsGzip: await totalGzip(assets.js),
    jsFiles: assets.js.length,
    cssGzip: await totalGzip(assets.css),
    d1: d1Usage(response),
    keyContentGzip,
    audit,
    requestsPerSecond: load.requests.average,
    p50: load.latency.p50,
    p99: load.latency.p99,
    non2xx: load.non2xx,
  };
}

/** The first-load JS budget over every route of the build (issue 18: ≤ 90 KB gzip on every route). */
function printRouteFirstLoads(budgetBytes: number) {
  const routes = routeFirstLoads();
  const over = routes.filter((route) => route.bytes > budgetBytes);
  console.log(`First-load JS by route (build manifest, ${routes.length} routes): ${over.length} over ${kb(budgetBytes)}`);
  for (const route of over) console.log(`  ${kb(route.bytes).padStart(9)}  ${route.routeId}`);
  console.log(`  largest within: ${routes.find((route) => route.bytes <= budgetBytes)?.routeId ?? "none"}\n`);
}

async function benchPages() {
  printRouteFirstLoads(FIRST_LOAD_BUDGET_BYTES);
  let server = serve("--fresh");
  try {
    await waitForHttp(`${ORIGIN}/`, 180_000);
    console.log(`\nBench: ${ORIGIN}, load ${LOAD_SECONDS} s × ${CONNECTIONS} connections (wrangler dev, local D1)\n`);
    await benchThroughput(LOAD_SECONDS);
    if (process.argv.includes("--throughput")) return;
    for (const page of PAGES) {
      const m = await measurePage(page);
      const keyContent =
        m.keyContentGzip == null
          ? "marker not found"
          : `${kb(m.keyContentGzip)} gzip (${m.keyContentGzip <= FIRST_ROUND_TRIP_BYTES ? "within" : "BEYOND"} the first 14 KB)`;
      console.log(`${page.name}  ${page.path}  [HTTP ${m.status}]`);
      console.log(`  document      ${kb(m.rawBytes)} raw, ${kb(m.gzipBytes)} gzip`);
      console.log(`  JS first load ${kb(m.jsGzip)} gzip in ${m.jsFiles} files`);
      console.log(`  CSS           ${kb(m.cssGzip)} gzip`);
      console.log(`  D1            ${m.d1} per request`);
      console.log(`  key content   ends at ${keyContent}`);
      const { audit } = m;
      console.log(
        `  lighthouse    median of ${LIGHTHOUSE_RUNS}: performance ${audit.performance}, accessibility ${audit.accessibility}` +
          ` (FCP ${audit.fcp}, LCP ${audit.lcp}, TBT ${audit.tbt}, CLS ${audit.cls})${audit.failing.length ? `; failing: ${audit.failing.join(", ")}` : ""}`,
      );
      console.log(`  LCP runs      ${audit.runs.join(", ")}`);
      console.log(`  LCP element   ${audit.lcpElement}`);
      console.log(`  LCP phases    ${audit.lcpPhases}`);
      console.log(`  load          ${m.requestsPerSecond.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx}\n`);
    }
    stop(server);
    await waitForClosed(`${ORIGIN}/`);
    await loadBenchOrders(STORE);
    server = serve("--persist");
    await waitForHttp(`${ORIGIN}/`, 180_000);
    console.log(`Order desk with ${BENCH_ORDER_COUNT.toLocaleString("en")} more orders (staff, median of ${SAMPLES} requests)\n`);
    const staff = { Cookie: await loginCookie(STAFF_EMAIL) };
    for (const page of DESK_PAGES) {
      const m = await serverTime(page.path, staff);
      console.log(`  ${page.name.padEnd(34)} [HTTP ${m.status}]  ${m.median.toFixed(1)} ms, D1 ${m.d1}`);
    }
  } finally {
    stop(server);
  }
}

await run("npm", ["run", "build"]);
await (process.argv.includes("--scale") ? benchScale() : benchPages());
