/**
 * `npm run bench`: builds, serves the app as deployed (the Worker bundle on Miniflare) on a fresh seeded store, and prints per shopper
 * page the document size (raw, gzip), the JavaScript fetched before the page is usable and with its islands
 * (in Chromium, scripts/lib/first-load-js.ts), CSS gzip, D1 round trips per request, where the page's key
 * content ends in the gzipped document, Lighthouse's mobile figures (median of 3; the e2e tests' Chromium:
 * CHROMIUM_PATH, /usr/bin/chromium or chromium on PATH) and 10 s of load with 10 connections. It ends with
 * the budgets of docs/architecture.md — first-load JS, LCP, TBT, every route's own scripts — and exits
 * non-zero when one is exceeded.
 * `npm run bench -- --scale`: server time of the catalogue pages and the order desk on the demo store and
 * on one grown to 100,000 products and 100,000 orders, side by side (scripts/lib/bench-scale.ts).
 * Every run starts with the throughput of a static asset, edge-cached pages and an uncached page
 * (scripts/lib/bench-throughput.ts); `npm run bench -- --throughput` prints only that.
 * `npm run bench -- --orders`: the checkout's write bench — steady guest orders, then a flash sale of 100 units
 * raced by 1,000 shoppers, checked by SQL on the store afterwards (scripts/lib/bench-checkout-writes.ts).
 * Worker CPU per request of the shopper pages, beside the Free plan's 10 ms, follows the throughput
 * (scripts/lib/bench-cpu.ts); `npm run bench -- --cpu` prints only that. D1 round trips per page, all and
 * sequential (budget: one), follow (scripts/lib/bench-round-trips.ts); `npm run bench -- --trips` prints only those.
 * `--no-build` serves the build already in build/ (after an `npm run build`).
 */
import { chromium, type Browser } from "@playwright/test";
import autocannon from "autocannon";
import { gzipSync } from "node:zlib";
import { STAFF_EMAIL } from "../app/services/seed/people";
import { BENCH_ORDER_COUNT, loadBenchOrders } from "./lib/bench-orders";
import { cartCookie, d1Usage, loginCookie, ORIGIN, SAMPLES, serve, SERVER_START_MS, serverTime, STORE } from "./lib/bench-http";
import { benchCpu } from "./lib/bench-cpu";
import { benchRoundTrips } from "./lib/bench-round-trips";
import { benchCheckoutWrites } from "./lib/bench-checkout-writes";
import { benchScale } from "./lib/bench-scale";
import { benchThroughput } from "./lib/bench-throughput";
import { lighthouseMedian, LIGHTHOUSE_RUNS } from "./lib/lighthouse";
import { findChromium } from "./lib/browser";
import { BACK_OFFICE_FIRST_LOAD_BUDGET, kilobytes as kb, measureFirstLoadJs, SHOPPER_FIRST_LOAD_BUDGET } from "./lib/first-load-js";
import { routeFirstLoads } from "./lib/route-first-load";
import { flagValue, run, stop, waitForClosed, waitForHttp } from "./lib/run";

const LOAD_SECONDS = Number(flagValue("seconds") ?? 10);
const CONNECTIONS = 10;
const FIRST_ROUND_TRIP_BYTES = 14 * 1024;
const DOCUMENT_BUDGET_BYTES = 30 * 1024;
const LCP_BUDGET_MS = 1500;
const TBT_BUDGET_MS = 150;

/** Every budget a run exceeded, printed at the end. */
const overBudget: string[] = [];

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
  { name: "order lookup", path: "/order-lookup", keyContentMarker: "<form" },
  // A signed-in member: the server-side session check rides in the header's D1 round trip.
  { name: "product (signed-in member)", path: "/category/living/DEMO-SIMPLE", keyContentMarker: 'data-bench="add-to-cart"', asMember: true },
  { name: "member: orders", path: "/user/orders", keyContentMarker: "<table", asMember: true },
  { name: "member: an order", path: "/user/orders/4", keyContentMarker: "<h1", asMember: true },
  { name: "member: profile", path: "/user/profile", keyContentMarker: "<form", asMember: true },
];

/** The staff order desk's pages, measured with BENCH_ORDER_COUNT orders in the store. */
const DESK_PAGES: { name: string; path: string }[] = [
  { name: "/crm/orders page 1", path: "/crm/orders" },
  { name: "/crm/orders page 301 (deep)", path: "/crm/orders?page=300" },
  { name: "/crm/orders 配達完了, page 1", path: "/crm/orders?status=completed" },
  { name: "/crm/orders 配達完了, page 100", path: "/crm/orders?status=completed&page=100" },
  { name: "/crm/orders e-mail search", path: "/crm/orders?q=bench17%40example.jp" },
  { name: "/crm dashboard", path: "/crm" },
];

const gzipSize = (text: string | Uint8Array) => gzipSync(text).length;

function stylesheetUrls(html: string): string[] {
  return [...new Set([...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((match) => match[1]!))];
}

/** The page's first-load JavaScript in Chromium, as the visitor (with their cookie) meets it. */
async function firstLoadJs(browser: Browser, path: string, cookie: string | null) {
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 390, height: 844 }, extraHTTPHeaders: cookie ? { Cookie: cookie } : {} });
  try {
    return await measureFirstLoadJs(await context.newPage(), path);
  } finally {
    await context.close();
  }
}

async function totalGzip(paths: string[]): Promise<number> {
  let total = 0;
  for (const path of paths) {
    const response = await fetch(new URL(path, ORIGIN));
    total += gzipSize(new Uint8Array(await response.arrayBuffer()));
  }
  return total;
}

async function measurePage(browser: Browser, page: (typeof PAGES)[number]) {
  const cookie = page.withCart ? await cartCookie() : page.asMember ? await loginCookie() : null;
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const response = await fetch(new URL(page.path, ORIGIN), { headers });
  const html = await response.text();
  const markerAt = page.keyContentMarker ? html.indexOf(page.keyContentMarker) : -1;
  const keyContentGzip = markerAt >= 0 ? gzipSize(html.slice(0, markerAt + 200)) : null;
  const audit = await lighthouseMedian(new URL(page.path, ORIGIN), headers);
  const load = await autocannon({ url: new URL(page.path, ORIGIN).toString(), connections: CONNECTIONS, duration: LOAD_SECONDS, headers });
  return {
    status: response.status,
    rawBytes: Buffer.byteLength(html),
    gzipBytes: gzipSize(html),
    js: await firstLoadJs(browser, page.path, cookie),
    cssGzip: await totalGzip(stylesheetUrls(html)),
    d1: d1Usage(response),
    keyContentGzip,
    audit,
    requestsPerSecond: load.requests.average,
    p50: load.latency.p50,
    p99: load.latency.p99,
    non2xx: load.non2xx,
  };
}

const BACK_OFFICE_ROUTE = /^routes\/(crm|merchant|dev)[._]/;

/** Every route's own scripts (build manifest): 90 KB for the shop's, 150 KB for the back office's. */
function printRouteFirstLoads() {
  const routes = routeFirstLoads();
  for (const [label, budget, ofKind] of [
    ["shop", SHOPPER_FIRST_LOAD_BUDGET, (id: string) => !BACK_OFFICE_ROUTE.test(id)],
    ["staff and merchant", BACK_OFFICE_FIRST_LOAD_BUDGET, (id: string) => BACK_OFFICE_ROUTE.test(id)],
  ] as const) {
    const ofThisKind = routes.filter((route) => ofKind(route.routeId));
    const over = ofThisKind.filter((route) => route.bytes > budget);
    console.log(`First-load JS of ${label} routes (build manifest, ${ofThisKind.length} routes): ${over.length} over ${kb(budget)}`);
    for (const route of over) console.log(`  ${kb(route.bytes).padStart(9)}  ${route.routeId}`);
    for (const route of over) overBudget.push(`${route.routeId}: ${kb(route.bytes)} of scripts (budget ${kb(budget)})`);
    const largest = ofThisKind.find((route) => route.bytes <= budget);
    console.log(`  largest within: ${largest ? `${largest.routeId} ${kb(largest.bytes)}` : "none"}\n`);
  }
}

/** Checks a page's figures against the shopper budgets (docs/architecture.md). */
function checkShopperBudgets(name: string, m: Awaited<ReturnType<typeof measurePage>>) {
  if (m.js.beforeUsable > SHOPPER_FIRST_LOAD_BUDGET)
    overBudget.push(`${name}: ${kb(m.js.beforeUsable)} of JS before usable (budget ${kb(SHOPPER_FIRST_LOAD_BUDGET)})`);
  if (!(m.audit.lcpMs <= LCP_BUDGET_MS)) overBudget.push(`${name}: LCP ${m.audit.lcp} (budget ${LCP_BUDGET_MS / 1000} s)`);
  if (!(m.audit.medianTbtMs <= TBT_BUDGET_MS)) overBudget.push(`${name}: TBT ${Math.round(m.audit.medianTbtMs)} ms (budget ${TBT_BUDGET_MS} ms)`);
  if (m.audit.accessibility < 100) overBudget.push(`${name}: accessibility ${m.audit.accessibility} (${m.audit.failing.join(", ")})`);
  if (m.gzipBytes > DOCUMENT_BUDGET_BYTES) overBudget.push(`${name}: document ${kb(m.gzipBytes)} gzip (budget ${kb(DOCUMENT_BUDGET_BYTES)})`);
}

const within = (ok: boolean) => (ok ? "within" : "OVER");

async function benchPages() {
  printRouteFirstLoads();
  let server = serve("--fresh");
  const browser = await chromium.launch({ executablePath: findChromium() ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    await waitForHttp(`${ORIGIN}/`, SERVER_START_MS);
    console.log(`\nBench: ${ORIGIN}, load ${LOAD_SECONDS} s × ${CONNECTIONS} connections (the deployed bundle on Miniflare, local D1)\n`);
    if (!process.argv.includes("--cpu") && !process.argv.includes("--trips")) await benchThroughput(LOAD_SECONDS);
    if (process.argv.includes("--throughput")) return;
    if (!process.argv.includes("--trips")) await benchCpu(server);
    if (process.argv.includes("--cpu")) return;
    overBudget.push(...(await benchRoundTrips()));
    if (process.argv.includes("--trips")) return printBudgets();
    for (const page of PAGES) {
      const m = await measurePage(browser, page);
      checkShopperBudgets(page.name, m);
      const keyContent =
        m.keyContentGzip == null
          ? "marker not found"
          : `${kb(m.keyContentGzip)} gzip (${m.keyContentGzip <= FIRST_ROUND_TRIP_BYTES ? "within" : "BEYOND"} the first 14 KB)`;
      console.log(`${page.name}  ${page.path}  [HTTP ${m.status}]`);
      console.log(`  document      ${kb(m.rawBytes)} raw, ${kb(m.gzipBytes)} gzip`);
      console.log(
        `  JS first load ${kb(m.js.beforeUsable)} gzip in ${m.js.beforeUsableFiles} files before usable (${within(m.js.beforeUsable <= SHOPPER_FIRST_LOAD_BUDGET)} ${kb(SHOPPER_FIRST_LOAD_BUDGET)});` +
          ` ${kb(m.js.withParts)} in ${m.js.withPartsFiles} files with its islands`,
      );
      console.log(`  CSS           ${kb(m.cssGzip)} gzip`);
      console.log(`  D1            ${m.d1} per request`);
      console.log(`  key content   ends at ${keyContent}`);
      const { audit } = m;
      console.log(
        `  lighthouse    median of ${LIGHTHOUSE_RUNS} (applied throttling): performance ${audit.performance}, accessibility ${audit.accessibility}` +
          ` (FCP ${audit.fcp}, LCP ${audit.lcp}, TBT ${audit.tbt}, CLS ${audit.cls})${audit.failing.length ? `; failing: ${audit.failing.join(", ")}` : ""}`,
      );
      console.log(
        `  budgets       LCP ${within(audit.lcpMs <= LCP_BUDGET_MS)} ${LCP_BUDGET_MS / 1000} s, median TBT ${Math.round(audit.medianTbtMs)} ms ${within(audit.medianTbtMs <= TBT_BUDGET_MS)} ${TBT_BUDGET_MS} ms`,
      );
      console.log(`  runs          ${audit.runs.join("; ")}`);
      console.log(`  simulated     ${audit.simulated} (Lighthouse's default model; printed, not a budget)`);
      console.log(`  LCP element   ${audit.lcpElement}`);
      console.log(`  LCP phases    ${audit.lcpPhases}`);
      console.log(`  load          ${m.requestsPerSecond.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx}\n`);
    }
    stop(server);
    await waitForClosed(`${ORIGIN}/`);
    await loadBenchOrders(STORE);
    server = serve("--persist");
    await waitForHttp(`${ORIGIN}/`, SERVER_START_MS);
    console.log(`Order desk with ${BENCH_ORDER_COUNT.toLocaleString("en")} more orders (staff, median of ${SAMPLES} requests)\n`);
    const staff = { Cookie: await loginCookie(STAFF_EMAIL) };
    for (const page of DESK_PAGES) {
      const m = await serverTime(page.path, staff);
      console.log(`  ${page.name.padEnd(34)} [HTTP ${m.status}]  ${m.median.toFixed(1)} ms, D1 ${m.d1}`);
    }
  } finally {
    await browser.close();
    stop(server);
  }
  printBudgets();
}

function printBudgets() {
  console.log(
    overBudget.length === 0 ? "\nBudgets: all within." : `\nBudgets exceeded (${overBudget.length}):\n${overBudget.map((line) => `  ${line}`).join("\n")}`,
  );
  if (overBudget.length > 0) process.exitCode = 1;
}

if (!process.argv.includes("--no-build")) await run("npm", ["run", "build"]);
await (process.argv.includes("--orders") ? benchCheckoutWrites() : process.argv.includes("--scale") ? benchScale() : benchPages());
