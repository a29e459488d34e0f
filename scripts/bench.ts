/**
 * `npm run bench`: builds, serves the app under `wrangler dev` on a fresh seeded store, and prints per page
 * the document size (raw, gzip), JS and CSS gzip on first load, D1 round trips per request, where the
 * page's key content ends in the gzipped document, and 10 s of load with 10 connections.
 * Figures only (budgets in ../shared/ARCHITECTURE.md); it fails nobody.
 */
import autocannon from "autocannon";
import { gzipSync } from "node:zlib";
import { flagValue, run, start, stop, waitForHttp } from "./lib/run";

const PORT = Number(flagValue("port") ?? 8799);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const LOAD_SECONDS = Number(flagValue("seconds") ?? 10);
const CONNECTIONS = 10;
const FIRST_ROUND_TRIP_BYTES = 14 * 1024;

/** Pages to measure, and the text that marks the end of what must arrive in the first round trip. */
const PAGES: { name: string; path: string; keyContentMarker?: string }[] = [
  { name: "home", path: "/", keyContentMarker: 'data-testid="product-list"' },
  { name: "product (DEMO-SIMPLE)", path: "/category/food/DEMO-SIMPLE", keyContentMarker: 'data-bench="add-to-cart"' },
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (text: string | Uint8Array) => gzipSync(text).length;

function assetUrls(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) js.add(match[1]!);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) js.add(match[1]!);
  for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) js.add(match[1]!);
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

function d1RoundTrips(response: Response): string {
  const timing = response.headers.get("Server-Timing") ?? "";
  return /d1;[^,]*dur=(\d+)/.exec(timing)?.[1] ?? "?";
}

async function measurePage(page: (typeof PAGES)[number]) {
  const response = await fetch(new URL(page.path, ORIGIN));
  const html = await response.text();
  const assets = assetUrls(html);
  const markerAt = page.keyContentMarker ? html.indexOf(page.keyContentMarker) : -1;
  const keyContentGzip = markerAt >= 0 ? gzipSize(html.slice(0, markerAt + 200)) : null;
  const load = await autocannon({ url: new URL(page.path, ORIGIN).toString(), connections: CONNECTIONS, duration: LOAD_SECONDS });
  return {
    status: response.status,
    rawBytes: Buffer.byteLength(html),
    gzipBytes: gzipSize(html),
    jsGzip: await totalGzip(assets.js),
    jsFiles: assets.js.length,
    cssGzip: await totalGzip(assets.css),
    d1: d1RoundTrips(response),
    keyContentGzip,
    requestsPerSecond: load.requests.average,
    p50: load.latency.p50,
    p99: load.latency.p99,
    non2xx: load.non2xx,
  };
}

await run("npm", ["run", "build"]);
const server = start("node", ["--import", "tsx", "scripts/serve-local.ts", "--port", String(PORT), "--fresh", ".wrangler/bench-state"], {
  quiet: true,
});
try {
  await waitForHttp(`${ORIGIN}/`, 180_000);
  console.log(`\nBench: ${ORIGIN}, load ${LOAD_SECONDS} s × ${CONNECTIONS} connections (wrangler dev, local D1)\n`);
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
    console.log(`  D1            ${m.d1} round trips per request`);
    console.log(`  key content   ends at ${keyContent}`);
    console.log(`  load          ${m.requestsPerSecond.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx}\n`);
  }
} finally {
  stop(server);
}
