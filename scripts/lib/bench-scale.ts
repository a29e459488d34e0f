/**
 * `npm run bench -- --scale`: the server time (median of SAMPLES), D1 round trips and rows read of the catalogue pages,
 * the order desk, the dashboard and the sales reports on the demo store, then on the same store grown by
 * SCALE_PRODUCT_COUNT products and SCALE_ORDER_COUNT orders, side by side with the growth ratio; the reports
 * (every breakdown of /crm/reports and a merchant's /merchant/sales, over 30 and 366 days) are checked against
 * their budget on the large store (docs/architecture.md) and the run exits non-zero when one is over. Runs
 * locally in minutes; CI does not run it.
 */
import { addDaysToDate, jstDate } from "../../app/core/dates";
import { SALES_BREAKDOWN_KEYS } from "../../app/core/reports/sales-report";
import { MERCHANT_EMAIL, STAFF_EMAIL } from "../../app/services/seed/people";
import { loadScaleCatalogue, SCALE_FIRST_SKU, SCALE_PRODUCT_COUNT } from "./bench-catalogue";
import { loginCookie, ORIGIN, RENDER_AFRESH, SAMPLES, serve, serverTime, STORE } from "./bench-http";
import { loadBenchOrders } from "./bench-orders";
import { stop, waitForClosed, waitForHttp } from "./run";

export const SCALE_ORDER_COUNT = 100_000;

const q = (text: string) => `/search?q=${encodeURIComponent(text)}`;
const suggest = (text: string) => `/api/search/suggest?q=${encodeURIComponent(text)}`;

/** Issue 37: each sales report ≤ 300 ms server time on the 100,000-order store. */
const REPORT_BUDGET_MS = 300;

/** A report's period of `days` Japanese days up to today, as its form sends it. */
function lastDays(days: number): string {
  const today = jstDate(new Date());
  return `from=${addDaysToDate(today, 1 - days)}&to=${today}`;
}

/** Every breakdown of the staff's sales report and the merchant's own sales page, over 30 days and over the longest period. */
const REPORT_PAGES = [30, 366].flatMap((days) => [
  ...SALES_BREAKDOWN_KEYS.map((by) => ({ name: `/crm/reports ${by}, ${days} days`, path: `/crm/reports?by=${by}&${lastDays(days)}`, as: "staff" as const })),
  { name: `/merchant/sales, ${days} days`, path: `/merchant/sales?${lastDays(days)}`, as: "merchant" as const },
]);

/**
 * Pages measured on both stores (pages count from 0 in the URL), requested signed in `as` staff or as the demo
 * merchant when they say so. `nextOf`: the page measured is where that page's 次へ link leads (keyset paging:
 * page 400 on the large store). `budgetMs`: the server time the page must stay within on the large store.
 */
const SCALE_PAGES: { name: string; path: string; as?: "staff" | "merchant"; followRedirect?: boolean; nextOf?: boolean; budgetMs?: number }[] = [
  { name: "home", path: "/" },
  { name: "category (kitchen)", path: "/category/kitchen" },
  { name: "category (kitchen) page 150", path: "/category/kitchen?page=149" },
  { name: "category (kitchen) page 400", path: "/category/kitchen?page=399" },
  { name: "category (kitchen) p400 via 次へ", path: "/category/kitchen?page=398", nextOf: true },
  { name: "search カタカナ「タオル」", path: q("タオル") },
  { name: "search ひらがな「たおる」", path: q("たおる") },
  { name: "search 漢字「北海道」", path: q("北海道") },
  { name: "search 漢字 2 characters「有田」", path: q("有田") },
  { name: "search 1 character「茶」", path: q("茶") },
  { name: "search 2 words「京都 抹茶」", path: q("京都 抹茶") },
  { name: "search long + 1-char word「フェイスタオル し」", path: q("フェイスタオル し") },
  { name: "search no hit「ぞうきんがけ」", path: q("ぞうきんがけ") },
  { name: "suggest カタカナ 2「タオ」", path: suggest("タオ") },
  { name: "suggest ひらがな「たおる」", path: suggest("たおる") },
  { name: "suggest 漢字「北海道」", path: suggest("北海道") },
  { name: "suggest 漢字「茶器」", path: suggest("茶器") },
  { name: "suggest typing「フェイスタオル し」", path: suggest("フェイスタオル し") },
  { name: "search filtered (食品, 1,000〜5,000円)", path: "/search?category=food&priceMin=1000&priceMax=5000" },
  { name: "search filtered page 150", path: "/search?category=food&priceMin=1000&priceMax=5000&page=149" },
  { name: "search filtered (食品, 〜8,000円)", path: "/search?category=food&priceMax=8000" },
  { name: "search filtered (食品, 〜8,000円) page 400", path: "/search?category=food&priceMax=8000&page=399" },
  { name: "search filtered p400 via 次へ", path: "/search?category=food&priceMax=8000&page=398", nextOf: true },
  { name: "search filtered, price ascending", path: "/search?category=food&priceMax=8000&sort=price_asc" },
  { name: "search filtered, price ascending p400", path: "/search?category=food&priceMax=8000&sort=price_asc&page=399" },
  { name: "search filtered, price asc p400 via 次へ", path: "/search?category=food&priceMax=8000&sort=price_asc&page=398", nextOf: true },
  { name: "search filtered, most reviewed", path: "/search?category=food&priceMax=8000&sort=reviews" },
  { name: "search all, page 1", path: "/search" },
  { name: "search all, page 400", path: "/search?page=399" },
  { name: "search all, p400 via 次へ", path: "/search?page=398", nextOf: true },
  { name: "product (DEMO-SIMPLE)", path: "/category/living/DEMO-SIMPLE" },
  { name: `product (${SCALE_FIRST_SKU})`, path: `/category/product/${SCALE_FIRST_SKU}`, followRedirect: true },
  { name: "/crm/orders page 1", path: "/crm/orders", as: "staff" },
  { name: "/crm/orders page 400", path: "/crm/orders?page=399", as: "staff" },
  { name: "/crm dashboard", path: "/crm", as: "staff" },
  ...REPORT_PAGES.map((page) => ({ ...page, budgetMs: REPORT_BUDGET_MS })),
];

type Figures = { status: number; median: number; d1: string };

/**
 * Where the page's 次へ link leads; on the demo store, which has no such page, the page after a demo
 * product (the same kind of seek, from a shallower start).
 */
async function nextLinkOf(path: string): Promise<string> {
  const html = await (await fetch(new URL(path, ORIGIN), { headers: RENDER_AFRESH })).text();
  const anchor = /<a [^>]*rel="next"[^>]*>/.exec(html)?.[0];
  const link = anchor && /href="([^"]+)"/.exec(anchor)?.[1];
  return link ? link.replaceAll("&amp;", "&") : `${path.replace(/page=\d+/, "page=1")}&after=DEMO-SIMPLE`;
}

async function measureAll(): Promise<Figures[]> {
  const signedIn = { staff: { Cookie: await loginCookie(STAFF_EMAIL) }, merchant: { Cookie: await loginCookie(MERCHANT_EMAIL) } };
  const figures: Figures[] = [];
  for (const page of SCALE_PAGES) {
    // A short product link answers with a redirect to the product's page; that page is what is measured.
    let path = page.followRedirect ? new URL((await fetch(new URL(page.path, ORIGIN))).url).pathname : page.path;
    if (page.nextOf) path = await nextLinkOf(path);
    // Any cookie the edge cache does not know as neutral makes it render afresh (BYPASS): the server's own time.
    figures.push(await serverTime(path, page.as ? signedIn[page.as] : RENDER_AFRESH));
  }
  return figures;
}

const cell = (figures: Figures) => `${figures.median.toFixed(1).padStart(7)} ms  ${figures.d1.padEnd(26)} [${figures.status}]`;

export async function benchScale(): Promise<void> {
  let server = serve("--fresh");
  try {
    await waitForHttp(`${ORIGIN}/`, 180_000);
    const demo = await measureAll();
    stop(server);
    await waitForClosed(`${ORIGIN}/`);
    const loadStarted = performance.now();
    await loadScaleCatalogue(STORE);
    await loadBenchOrders(STORE, SCALE_ORDER_COUNT);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    server = serve("--persist");
    await waitForHttp(`${ORIGIN}/`, 180_000);
    const scaled = await measureAll();
    const products = SCALE_PRODUCT_COUNT.toLocaleString("en");
    const orders = SCALE_ORDER_COUNT.toLocaleString("en");
    console.log(`\nScale bench: ${ORIGIN} (the deployed bundle on Miniflare, local D1), median of ${SAMPLES} requests one after another`);
    console.log(`Large store: demo + ${products} products + ${orders} orders (loaded in ${loadSeconds.toFixed(0)} s)\n`);
    console.log(`${"page".padEnd(40)} ${"demo (time, D1)".padEnd(46)} ${"large (time, D1)".padEnd(46)} growth  budget`);
    const over: string[] = [];
    SCALE_PAGES.forEach((page, index) => {
      const small = demo[index]!;
      const large = scaled[index]!;
      const growth = `×${small.status === large.status ? (large.median / small.median).toFixed(1) : "—"}`;
      const within = page.budgetMs == null || (large.status === 200 && large.median <= page.budgetMs);
      if (!within) over.push(`${page.name}: ${large.median.toFixed(0)} ms server time [${large.status}] (budget ${page.budgetMs} ms)`);
      const budget = page.budgetMs == null ? "" : `${within ? "within" : "OVER"} ${page.budgetMs} ms`;
      console.log(`${page.name.padEnd(40)} ${cell(small).padEnd(46)} ${cell(large).padEnd(46)} ${growth.padEnd(7)} ${budget}`);
    });
    console.log(over.length === 0 ? "\nBudgets: all within." : `\nBudgets exceeded (${over.length}):\n${over.map((line) => `  ${line}`).join("\n")}`);
    if (over.length > 0) process.exitCode = 1;
  } finally {
    stop(server);
  }
}
