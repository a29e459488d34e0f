/**
 * A large catalogue CSV (issue 17 item 4) on real local D1/R2, through the path the Worker takes: the dry
 * run in the upload request; "apply" only starts the import and queues it; the queue consumer applies one
 * chunk per invocation and queues the next until done. The upload, the apply and every consumer invocation
 * each stay inside a Worker's limits — fewer D1 calls than the 1,000 a Workers Paid invocation may make (the
 * reads and writes go in batches, each IN list under 100 bound parameters) — and every product arrives. The
 * times are printed (the note reports them), not asserted. 300 records by default (CI time: two
 * chunks): local D1 (miniflare) spends about 12 ms on each statement of a batch; run 10,000 records with
 * CATALOGUE_BULK_ROWS=10000.
 */
import { count, eq } from "drizzle-orm";
import { PRODUCTS_PER_CHUNK } from "~/core/catalogue/catalogue-import-progress";
import { countD1RoundTrips, createDatabase, emptyD1Usage } from "~/db/client.server";
import { expect } from "vitest";
import { UTF8_BOM, csvText } from "~/core/csv";
import { catalogueImports, products, stockMovements } from "~/db/schema";
import { action as applyAction, loader as reportLoader } from "~/routes/crm.products_.import_.$token";
import { action as uploadAction } from "~/routes/crm.products_.import";
import type { CatalogueImportPageData } from "~/web/types/catalogue-csv";
import { consumeCatalogueImportQueue } from "~/web/catalogue/catalogue-import-queue.server";
import { importBatch, recordImportQueue } from "../support/import-queue";
import { platformTest } from "../support/platform-test";
import { contextFor, location, pageRequest, postRequest, run, TEST_ORIGIN, valueOf } from "../support/requests";

const it = platformTest();

/** A Workers Paid invocation may make 1,000 D1 calls (a batch is one). */
const D1_CALLS_PER_INVOCATION = 1000;
const ROWS = Number(process.env.CATALOGUE_BULK_ROWS ?? 300);

it(`imports ${ROWS.toLocaleString("en")} new products within a Worker's D1 call limit`, { timeout: ROWS * 1000 }, async ({ platform, staff }) => {
  const records = [["SKU", "商品名", "通常価格（税込）", "在庫数", "メインカテゴリ", "カテゴリ", "特徴", "公開状態"]];
  for (let index = 1; index <= ROWS; index++) {
    records.push([
      `BULK-${String(index).padStart(5, "0")}`,
      `まとめて登録する商品 ${index}`,
      String(500 + (index % 50) * 10),
      String(index % 30),
      "seasoning",
      "food|gift",
      "made-in-japan",
      "公開",
    ]);
  }
  const form = new FormData();
  form.set("file", new File([UTF8_BOM + csvText(records)], "bulk.csv", { type: "text/csv" }));
  const upload = new Request(`${TEST_ORIGIN}/crm/products/import`, {
    method: "POST",
    headers: { Origin: TEST_ORIGIN, Cookie: staff, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin" },
    body: form,
  });

  const queue = recordImportQueue(platform);
  const checkContext = contextFor(platform);
  let started = performance.now();
  const checked = await run(platform, uploadAction, upload, {}, checkContext);
  const checkMs = performance.now() - started;
  expect(checked.status).toBe(303);
  const token = location(checked)!.split("/").pop()!;
  const page = await valueOf<CatalogueImportPageData>(await run(platform, reportLoader, pageRequest(`/crm/products/import/${token}`, staff), { token }));
  expect(page.summary).toEqual({ create: ROWS, update: 0, unchanged: 0, refused: 0 });

  const applyContext = contextFor(platform);
  const lines = page.reports.map((report) => ["line", String(report.line)] as [string, string]);
  started = performance.now();
  const applied = await run(
    platform,
    applyAction,
    postRequest(`/crm/products/import/${token}`, lines, { cookie: staff, mode: "navigate" }),
    { token },
    applyContext,
  );
  const applyMs = performance.now() - started;
  expect(applied.status).toBe(303);

  // The consumer, one message (one chunk) per invocation, each with its own D1 call count; none is retried.
  const chunks: { ms: number; calls: number }[] = [];
  started = performance.now();
  while (queue.length > 0) {
    const usage = emptyD1Usage();
    const body = queue.shift()!;
    const { batch, delivered } = importBatch([body]);
    const chunkStarted = performance.now();
    await consumeCatalogueImportQueue(batch, platform.env, createDatabase(countD1RoundTrips(platform.env.DB, usage)));
    expect(usage.roundTrips).toBeLessThan(D1_CALLS_PER_INVOCATION);
    expect(delivered[0]!.retried).toBe(false);
    chunks.push({ ms: performance.now() - chunkStarted, calls: usage.roundTrips });
  }
  const consumeMs = performance.now() - started;
  expect(chunks).toHaveLength(Math.ceil(ROWS / PRODUCTS_PER_CHUNK));

  const [created] = await platform.db.select({ n: count() }).from(products).where(eq(products.title, "まとめて登録する商品 1"));
  expect(created!.n).toBe(1);
  const [bulk] = await platform.db.select({ n: count() }).from(products).where(eq(products.status, "published"));
  expect(bulk!.n).toBeGreaterThanOrEqual(ROWS);
  const [receipts] = await platform.db.select({ n: count() }).from(stockMovements);
  expect(receipts!.n).toBe(records.slice(1).filter((record) => record[3] !== "0").length);
  expect((await platform.db.select().from(catalogueImports).where(eq(catalogueImports.token, token)).get())!.status).toBe("applied");
  expect(checkContext.d1Usage.roundTrips).toBeLessThan(D1_CALLS_PER_INVOCATION);
  expect(applyContext.d1Usage.roundTrips).toBeLessThan(D1_CALLS_PER_INVOCATION);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    [
      `catalogue CSV, ${ROWS} new products: dry run ${seconds(checkMs)} (${checkContext.d1Usage.roundTrips} D1 calls),`,
      `apply request ${seconds(applyMs)} (${applyContext.d1Usage.roundTrips} D1 calls),`,
      `queue ${seconds(consumeMs)} in ${chunks.length} chunks of up to ${PRODUCTS_PER_CHUNK} products`,
      `(per chunk ${seconds(Math.min(...chunks.map((chunk) => chunk.ms)))}–${seconds(Math.max(...chunks.map((chunk) => chunk.ms)))},`,
      `at most ${Math.max(...chunks.map((chunk) => chunk.calls))} D1 calls)`,
    ].join(" "),
  );
});
