/**
 * `npm run bench -- --orders`: the checkout's write bench (issue 39 item 3), on the production build as
 * deployed (the Worker bundle on Miniflare, local D1) and a fresh seeded store. Not to be confused with
 * scripts/lib/bench-orders.ts, the order book the page bench READS on /crm/orders.
 *
 * 1. Steady orders: `--shoppers` guests at a time (default 8) each add one or two of the catalogue's simple
 *    products (stock raised by SQL so none runs out) to a new cart, open /checkout and place the order with
 *    the no-JS form's POST, until `--order-count` orders (default 200) were tried.
 * 2. Flash sale: `--flash-shoppers` guests (default 1,000) each put one unit of a product whose stock was set
 *    to `--flash-units` (default 100) by SQL in their cart and open /checkout (its loader data); then all post
 *    注文を確定する, `--flash-in-flight` (default 32) at a time.
 *
 * Printed: orders/s, the checkout POST's p50/p95/p99 latency, D1 round trips, statements that write and rows
 * written per order (Server-Timing), refusals by reason (the page's Japanese message), bytes stored per order
 * (SQLite's dbstat on the store, before and after) and what 10 GB holds. Then checked by SQL on the store, the
 * run exiting non-zero when one fails: exactly the flash units sold, no stock below zero, every order with its
 * lines and shipment and an untouched payment state, one order per success, every refused shopper told why.
 * Needs the sqlite3 command-line shell (dbstat; the server is stopped while it runs).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { CookieJar, ORIGIN, serve, SERVER_START_MS, STORE, timingFigure } from "./bench-http";
import { D1_MAX_DATABASE_BYTES, ordersThatFit, percentile, refusalReason, UNTOLD } from "./bench-write-figures";
import { flagValue, run, stop, waitForClosed, waitForHttp } from "./run";

const SHOPPERS = Number(flagValue("shoppers") ?? 8);
const ORDER_COUNT = Number(flagValue("order-count") ?? 200);
const FLASH_SHOPPERS = Number(flagValue("flash-shoppers") ?? 1000);
const FLASH_UNITS = Number(flagValue("flash-units") ?? 100);
/** Checkout posts of the flash sale in flight at once: with 100 the one local workerd reset a third of the connections. */
const FLASH_IN_FLIGHT = Number(flagValue("flash-in-flight") ?? 32);
/** Stock given to the steady phase's products, so none of them runs out. */
const AMPLE_STOCK = 1_000_000;
/** The flash sale's product. */
const FLASH_SKU = "DEMO-SIMPLE";
const BENCH_EMAIL_DOMAIN = "writebench.example.jp";

/** 〒100-0001 東京都千代田区千代田1-1 with the orderer as recipient, as the guest checkout form posts it. */
const GUEST_FORM = {
  payment: "bank_transfer",
  lastname: "佐藤",
  firstname: "一郎",
  lastnameJp: "サトウ",
  firstnameJp: "イチロウ",
  sameAsOrderer: "on",
  "shipping.postal_code": "1000001",
  "shipping.prefecture": "13",
  "shipping.city": "千代田区",
  "shipping.district": "千代田",
  "shipping.address1": "1-1",
  "shipping.address2": "",
  "shipping.phone": "0312345678",
};

// ---- the store, by SQL (the server stopped) ----

function storeFile(): string {
  const dir = path.join(STORE, "v3/d1/miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`No D1 database in ${dir}`);
  return path.join(dir, file);
}

function sql<Row = Record<string, number | string | null>>(query: string): Row[] {
  const out = execFileSync("sqlite3", ["-json", storeFile(), query], { encoding: "utf8" }).trim();
  return out ? (JSON.parse(out) as Row[]) : [];
}

/** Bytes each table holds with its indexes (dbstat: whole pages, as the database file grows by them). */
function bytesByTable(): Map<string, number> {
  const rows = sql<{ table: string; bytes: number }>(
    'select coalesce(s.tbl_name, d.name) as "table", sum(d.pgsize) as bytes from dbstat d left join sqlite_schema s on s.name = d.name group by 1',
  );
  return new Map(rows.map((row) => [row.table, row.bytes]));
}

// ---- shoppers over HTTP ----

async function addToCart(jar: CookieJar, productId: number): Promise<boolean> {
  const response = await fetch(new URL("/api/cart-add", ORIGIN), {
    method: "POST",
    headers: { Origin: ORIGIN, "Sec-Fetch-Mode": "cors", Cookie: jar.header() },
    body: new URLSearchParams({ p: String(productId), q: "1", intent: "add" }),
  });
  jar.keep(response);
  return ((await response.json()) as { ok: boolean }).ok;
}

const hiddenValue = (html: string, name: string) => {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
  return (/value="([^"]*)"/.exec(input)?.[1] ?? "").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
};

/** A string the checkout loader's data (Remix's turbo-stream) holds right after the key `name`. */
const dataValue = (stream: string, name: string) => new RegExp(`"${name}","([^"]*)"`).exec(stream)?.[1] ?? "";

/**
 * A guest with these products in a new cart, on the checkout page: the form's token and the order it shows.
 * `via: "data"` reads them from the page's loader data (/checkout.data, as the JS client's navigation does)
 * instead of the rendered page: the same loader without React's render, so 1,000 flash shoppers get ready sooner.
 */
async function readyShopper(productIds: number[], via: "page" | "data" = "page") {
  const jar = new CookieJar();
  for (const id of productIds) if (!(await addToCart(jar, id))) throw new Error(`Adding product ${id} to a cart was refused`);
  const page = await fetch(new URL(via === "page" ? "/checkout" : "/checkout.data", ORIGIN), { headers: { Cookie: jar.header(), Accept: "text/html" } });
  jar.keep(page);
  const text = await page.text();
  const read = via === "page" ? hiddenValue : dataValue;
  const shopper = { jar, token: read(text, "token"), shown: read(text, "shown") };
  if (!shopper.token || !shopper.shown) throw new Error(`/checkout (${via}) showed no token or order: HTTP ${page.status}`);
  return shopper;
}

interface Attempt {
  placed: boolean;
  /** The refusal's reason; null when placed. */
  reason: string | null;
  status: number;
  ms: number;
  trips: number;
  writes: number;
  rowsWritten: number;
}

/** 注文を確定する as the no-JS form posts it (a same-origin navigation). */
async function placeOrder(shopper: Awaited<ReturnType<typeof readyShopper>>, email: string): Promise<Attempt> {
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(new URL("/checkout", ORIGIN), {
      method: "POST",
      signal: AbortSignal.timeout(120_000),
      redirect: "manual",
      headers: { Origin: ORIGIN, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin", Accept: "text/html", Cookie: shopper.jar.header() },
      body: new URLSearchParams({ ...GUEST_FORM, token: shopper.token, shown: shopper.shown, email }),
    });
  } catch (error) {
    // No answer at all (the connection reset, or 2 minutes passed): the shopper was told nothing.
    const ms = performance.now() - started;
    return {
      placed: false,
      reason: `[no answer: ${String((error as Error).cause ?? error)}] ${UNTOLD}`,
      status: 0,
      ms,
      trips: NaN,
      writes: NaN,
      rowsWritten: NaN,
    };
  }
  const body = await response.text();
  const ms = performance.now() - started;
  const placed = response.status === 303 && (response.headers.get("Location") ?? "").startsWith("/checkout/thanks/");
  const figure = (name: string) => Number(timingFigure(response, name));
  return {
    placed,
    reason: placed ? null : `[${response.status}] ${refusalReason(body)}`,
    status: response.status,
    ms,
    trips: figure("d1"),
    writes: figure("d1-writes"),
    rowsWritten: figure("d1-rows-written"),
  };
}

/** Runs `task(0 … count-1)` with at most `concurrency` at a time. */
async function pool<T>(count: number, concurrency: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

// ---- printing ----

const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : Number.NaN);

function printAttempts(label: string, attempts: Attempt[], seconds: number) {
  const placed = attempts.filter((attempt) => attempt.placed);
  const times = placed.map((attempt) => attempt.ms);
  const allTimes = attempts.map((attempt) => attempt.ms);
  console.log(
    `${label}: ${placed.length} placed of ${attempts.length} in ${seconds.toFixed(1)} s → ${(placed.length / seconds).toFixed(1)} orders/s (${(attempts.length / seconds).toFixed(1)} checkout posts answered/s)`,
  );
  console.log(
    `  checkout POST latency, placed:  p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms`,
  );
  console.log(
    `  checkout POST latency, all:     p50 ${percentile(allTimes, 50).toFixed(0)} ms, p95 ${percentile(allTimes, 95).toFixed(0)} ms, p99 ${percentile(allTimes, 99).toFixed(0)} ms`,
  );
  console.log(
    `  per placed order (Server-Timing): ${mean(placed.map((a) => a.trips)).toFixed(1)} D1 round trips, ${mean(placed.map((a) => a.writes)).toFixed(1)} statements that write, ${mean(placed.map((a) => a.rowsWritten)).toFixed(1)} rows written (incl. index entries)`,
  );
  const reasons = new Map<string, number>();
  for (const attempt of attempts) if (attempt.reason) reasons.set(attempt.reason, (reasons.get(attempt.reason) ?? 0) + 1);
  console.log(`  refused: ${attempts.length - placed.length}${reasons.size ? "" : " (none)"}`);
  for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`    ${String(count).padStart(5)}  ${reason}`);
  console.log("");
}

// ---- the bench ----

/** Simple published products a guest can order as they are (no variation, preorder or subscription only), by id. */
function orderableProducts(): number[] {
  return sql<{ id: number }>(
    "select id from products where status = 'published' and type = 'simple' and inventory > 0 and disable_preorder = 0 and subscribe_only = 0 order by id",
  ).map((row) => row.id);
}

/** Keeps the products a new guest's cart takes (a trial add each: a product may need options or a member). */
async function cartableOf(ids: number[]): Promise<number[]> {
  const kept: number[] = [];
  for (const id of ids) if (await addToCart(new CookieJar(), id)) kept.push(id);
  return kept;
}

export async function benchCheckoutWrites(): Promise<void> {
  rmSync(STORE, { recursive: true, force: true });
  await run("node", ["--import", "tsx", "scripts/setup.ts", "--persist-to", STORE]);
  const candidates = orderableProducts();
  // The flash sale's product: the demo's plain towel, with its stock set by SQL; the others get ample stock.
  const flashProduct = sql<{ id: number }>(`select id from products where sku = '${FLASH_SKU}'`)[0]!.id;
  sql(`update products set inventory = ${AMPLE_STOCK} where id in (${candidates.join(",")})`);
  sql(`update products set inventory = ${FLASH_UNITS} where id = ${flashProduct}`);
  const stockBefore = new Map(sql<{ id: number; inventory: number }>("select id, inventory from products").map((row) => [row.id, row.inventory]));
  const bytesBefore = bytesByTable();
  const server = serve("--persist");
  const failures: string[] = [];
  let steady: Attempt[] = [];
  let flash: Attempt[] = [];
  try {
    await waitForHttp(`${ORIGIN}/`, SERVER_START_MS);
    const products = await cartableOf(candidates.filter((id) => id !== flashProduct));
    console.log(`\nWrite bench: ${ORIGIN} (the deployed bundle on Miniflare, local D1), ${products.length} products, flash sale on ${FLASH_SKU}\n`);

    let started = performance.now();
    steady = await pool(ORDER_COUNT, SHOPPERS, async (index) => {
      const lines = index % 3 === 0 ? [products[index % products.length]!, products[(index * 7 + 1) % products.length]!] : [products[index % products.length]!];
      const shopper = await readyShopper([...new Set(lines)]);
      return placeOrder(shopper, `steady${index}@${BENCH_EMAIL_DOMAIN}`);
    });
    const steadySeconds = (performance.now() - started) / 1000;
    printAttempts(`Steady orders (${SHOPPERS} shoppers at a time; each adds to a new cart, opens /checkout, places)`, steady, steadySeconds);

    const ready = await pool(FLASH_SHOPPERS, SHOPPERS, () => readyShopper([flashProduct], "data"));
    started = performance.now();
    flash = await pool(FLASH_SHOPPERS, FLASH_IN_FLIGHT, (index) => placeOrder(ready[index]!, `flash${index}@${BENCH_EMAIL_DOMAIN}`));
    const flashSeconds = (performance.now() - started) / 1000;
    printAttempts(
      `Flash sale (${FLASH_SHOPPERS} shoppers with carts post 注文を確定する, ${FLASH_IN_FLIGHT} in flight at a time, for ${FLASH_UNITS} units)`,
      flash,
      flashSeconds,
    );
  } finally {
    stop(server);
    await waitForClosed(`${ORIGIN}/`).catch(() => undefined);
  }

  // ---- checks on the store ----
  const count = (query: string) => Number(Object.values(sql(query)[0] ?? { n: 0 })[0]);
  const benchOrders = `(select id from orders where email like '%@${BENCH_EMAIL_DOMAIN}')`;
  const check = (ok: boolean, text: string) => {
    console.log(`  ${ok ? "ok  " : "FAIL"}  ${text}`);
    if (!ok) failures.push(text);
  };
  console.log("Checks on the store (SQL):");
  const flashSold = count(`select coalesce(sum(quantity), 0) from order_lines where product_id = ${flashProduct} and order_id in ${benchOrders}`);
  const flashPlaced = flash.filter((attempt) => attempt.placed).length;
  check(flashSold === FLASH_UNITS, `flash sale: ${flashSold} units sold of ${FLASH_UNITS} (${flashPlaced} shoppers told their order was placed)`);
  check(count(`select inventory from products where id = ${flashProduct}`) === 0, "flash product's stock is 0 after the sale");
  check(count("select count(*) from products where inventory < 0") === 0, "no product's stock below zero");
  const soldOutOfStock = sql<{ id: number; inventory: number }>("select id, inventory from products").filter(
    (row) =>
      row.inventory !==
      (stockBefore.get(row.id) ?? 0) - count(`select coalesce(sum(quantity), 0) from order_lines where product_id = ${row.id} and order_id in ${benchOrders}`),
  );
  check(soldOutOfStock.length === 0, `every product's stock fell by exactly the units ordered (${soldOutOfStock.length} differ)`);
  const orders = count(`select count(*) from orders where id in ${benchOrders}`);
  const successes = steady.filter((a) => a.placed).length + flashPlaced;
  check(orders === successes, `one order per shopper told "placed": ${orders} orders, ${successes} placed answers`);
  check(
    count(`select count(*) from orders o where o.id in ${benchOrders} and not exists (select 1 from order_lines l where l.order_id = o.id)`) === 0,
    "every order has its lines",
  );
  check(
    count(`select count(*) from orders o where o.id in ${benchOrders} and not exists (select 1 from order_shipments s where s.order_id = o.id)`) === 0,
    "every order has its shipment",
  );
  check(
    count(`select count(*) from orders o where o.id in ${benchOrders} and (o.status != 'pending_payment' or o.paid_at is not null or o.total <= 0)`) === 0,
    "every 銀行振込 order awaits its payment (pending_payment, not paid, a positive total): nobody charged without an order",
  );
  check(
    count(`select count(*) from orders o where o.id in ${benchOrders} and o.subtotal != (select sum(l.total) from order_lines l where l.order_id = o.id)`) ===
      0,
    "every order's subtotal is the sum of its lines",
  );
  const untold = [...steady, ...flash].filter((attempt) => attempt.reason?.endsWith(UNTOLD)).length;
  check(untold === 0, `every refused shopper was told why (${untold} answers without a checkout message)`);

  // ---- bytes per order ----
  const bytesAfter = bytesByTable();
  const grown = [...bytesAfter]
    .map(([table, bytes]) => ({ table, bytes: bytes - (bytesBefore.get(table) ?? 0) }))
    .filter((row) => row.bytes !== 0)
    .sort((a, b) => b.bytes - a.bytes);
  const isOrdersOwn = (table: string) => /^(order|notification_mails|mail_outbox|outbox)/.test(table);
  const ownBytes = grown.filter((row) => isOrdersOwn(row.table)).reduce((sum, row) => sum + row.bytes, 0);
  const allBytes = grown.reduce((sum, row) => sum + row.bytes, 0);
  console.log(`\nBytes stored (dbstat, rows + indexes, whole pages) for ${orders} orders and ${steady.length + flash.length} carts:`);
  for (const row of grown)
    console.log(`  ${row.table.padEnd(28)} ${String(row.bytes).padStart(10)} bytes  ${(row.bytes / orders).toFixed(0).padStart(6)} per order`);
  const perOrder = ownBytes / orders;
  console.log(
    `  the order's own tables (order*, mails): ${perOrder.toFixed(0)} bytes per order; everything, carts included: ${(allBytes / orders).toFixed(0)} bytes per order`,
  );
  const catalogueBytes = [...bytesBefore.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(
    `  ${D1_MAX_DATABASE_BYTES / 1e9} GB of D1 (documented limit) holds ${ordersThatFit(perOrder, D1_MAX_DATABASE_BYTES, catalogueBytes).toLocaleString("en")} such orders beside the demo store's ${(catalogueBytes / 1e6).toFixed(1)} MB (local figure)`,
  );
  console.log(failures.length === 0 ? "\nChecks: all hold." : `\nChecks failed (${failures.length}):\n${failures.map((line) => `  ${line}`).join("\n")}`);
  if (failures.length > 0) process.exitCode = 1;
}
