/**
 * The catalogue import's apply on the queue (docs/decisions/0019-catalogue-import-queue.md), on real local
 * D1/R2: "apply" only starts it and queues a message; the consumer applies the chunk it claims; two
 * consumers at once (or a redelivered message) apply each record once; a stalled chunk is picked up by the
 * sweep and goes on where it stopped; a stock brought back above zero mails the members waiting, as a stock
 * adjustment does; an unknown excluded coupon is refused in the dry run; the progress page's owners; and,
 * where nothing consumes the queue (the Vite dev server), the page applies the next chunk itself.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect } from "vitest";
import { CATALOGUE_IMPORT_MESSAGES as M } from "~/core/catalogue/catalogue-csv";
import { IMPORT_STALL_MS } from "~/core/catalogue/catalogue-import-progress";
import { csvText, UTF8_BOM } from "~/core/csv";
import { PRODUCT_EDITOR_TEXT } from "~/core/catalogue/product-editor";
import { catalogueImports, categories, notificationMails, products, stockMovements, stockRequests } from "~/db/schema";
import { productBySku } from "~/services/seed/catalogue";
import { MEMBER_ID, OTHER_ID } from "~/services/seed/people";
import { action as staffApplyAction, loader as staffReportLoader } from "~/routes/crm.products_.import_.$token";
import { action as staffUploadAction } from "~/routes/crm.products_.import";
import { action as merchantApplyAction, loader as merchantReportLoader } from "~/routes/merchant.products_.import_.$token";
import { action as merchantUploadAction } from "~/routes/merchant.products_.import";
import { consumeCatalogueImportQueue, sweepCatalogueImports } from "~/web/catalogue/catalogue-import-queue.server";
import type { CatalogueImportPageData } from "~/web/types/catalogue-csv";
import { deliverImportQueue, importBatch, recordImportQueue } from "../support/import-queue";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { contextFor, expectRedirect, location, pageRequest, postRequest, run, TEST_ORIGIN, valueOf, type RouteHandler } from "../support/requests";

const it = platformTest();

const STAFF_ROUTES = { base: "/crm/products", upload: staffUploadAction, report: staffReportLoader, apply: staffApplyAction };
const MERCHANT_ROUTES = { base: "/merchant/products", upload: merchantUploadAction, report: merchantReportLoader, apply: merchantApplyAction };
type Routes = typeof STAFF_ROUTES;

function uploadRequest(path: string, text: string, cookie: string): Request {
  const form = new FormData();
  form.set("file", new File([UTF8_BOM + text], "catalogue.csv", { type: "text/csv" }));
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: TEST_ORIGIN, Cookie: cookie, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin" },
    body: form,
  });
}

async function dryRun(platform: TestPlatform, routes: Routes, records: string[][], cookie: string): Promise<string> {
  // Each test starts with an empty queue (the platform, and so the queue, is the file's).
  recordImportQueue(platform).splice(0);
  const outcome = await run(platform, routes.upload, uploadRequest(`${routes.base}/import`, csvText(records), cookie));
  expect(outcome.status).toBe(303);
  return location(outcome)!.split("/").pop()!;
}

/** The import's page as the Worker answers it (the queue has a consumer there: the page only shows). */
async function pageOf(platform: TestPlatform, routes: Routes, token: string, cookie: string) {
  const context = contextFor(platform);
  context.cloudflare.queueConsumer = true;
  const outcome = await run(platform, routes.report, pageRequest(`${routes.base}/import/${token}`, cookie), { token }, context);
  expect(outcome.status).toBe(200);
  return valueOf<CatalogueImportPageData>(outcome);
}

async function apply(platform: TestPlatform, routes: Routes, token: string, lines: number[], cookie: string) {
  return run(
    platform,
    routes.apply,
    postRequest(
      `${routes.base}/import/${token}`,
      lines.map((line) => ["line", String(line)] as [string, string]),
      { cookie, mode: "navigate" },
    ),
    { token },
  );
}

const importOf = async (platform: TestPlatform, token: string) =>
  (await platform.db.select().from(catalogueImports).where(eq(catalogueImports.token, token)).get())!;
const importMovements = (platform: TestPlatform, productId: number) =>
  platform.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.productId, productId), eq(stockMovements.kind, "import")))
    .all();

describe("the apply on the queue", () => {
  it("apply only starts it: nothing changes until the consumer applies the chunk; the page shows 適用待ち then 完了", async ({ platform, staff }) => {
    const before = (await platform.db.select().from(products).where(eq(products.sku, "DEMO-LOWSTOCK")).get())!;
    const token = await dryRun(
      platform,
      STAFF_ROUTES,
      [
        ["SKU", "在庫数"],
        ["DEMO-LOWSTOCK", String(before.inventory + 7)],
      ],
      staff,
    );
    const messages = recordImportQueue(platform);
    expectRedirect(await apply(platform, STAFF_ROUTES, token, [2], staff), 303, /notice=applied/);
    expect(messages).toEqual([{ importId: (await importOf(platform, token)).id }]);
    expect((await platform.db.select().from(products).where(eq(products.id, before.id)).get())!.inventory).toBe(before.inventory);
    const waiting = await pageOf(platform, STAFF_ROUTES, token, staff);
    expect(waiting.progress).toMatchObject({ state: "waiting", label: "適用待ち", done: 0, total: 1, running: true });
    expect(waiting.applied).toBeNull();

    expect(await deliverImportQueue(platform)).toBe(1);
    expect((await platform.db.select().from(products).where(eq(products.id, before.id)).get())!.inventory).toBe(before.inventory + 7);
    const done = await pageOf(platform, STAFF_ROUTES, token, staff);
    expect(done.progress).toMatchObject({ state: "done", label: "完了", done: 1, total: 1, percent: 100, running: false });
    expect(done.applied).toEqual([{ line: 2, sku: "DEMO-LOWSTOCK", outcome: "applied", message: null }]);
  });

  it("two consumers with the same message at once, and the message redelivered later, apply each record once", async ({ platform, staff }) => {
    const lowstock = productBySku("DEMO-LOWSTOCK");
    const honey = (await platform.db.select().from(products).where(eq(products.sku, "FOOD-HONEY")).get())!;
    const current = (await platform.db.select().from(products).where(eq(products.id, lowstock.id)).get())!;
    const earlier = (await importMovements(platform, lowstock.id)).length;
    const token = await dryRun(
      platform,
      STAFF_ROUTES,
      [
        ["SKU", "商品名", "通常価格（税込）", "在庫数", "メインカテゴリ"],
        ["DEMO-LOWSTOCK", current.title, String(current.regularPrice), String(current.inventory + 3), await categorySlug(platform, current.primaryCategoryId)],
        ["FOOD-HONEY", honey.title, String(honey.regularPrice), String(honey.inventory + 4), await categorySlug(platform, honey.primaryCategoryId)],
        ["RACE-NEW-1", "同時に届いた新商品", "1200", "9", "food"],
      ],
      staff,
    );
    await apply(platform, STAFF_ROUTES, token, [2, 3, 4], staff);
    const [message] = recordImportQueue(platform).splice(0);
    const first = importBatch([message!]);
    const second = importBatch([message!]);
    await Promise.all([
      consumeCatalogueImportQueue(first.batch, platform.env, platform.db),
      consumeCatalogueImportQueue(second.batch, platform.env, platform.db),
    ]);
    expect([...first.delivered, ...second.delivered].every((entry) => entry.acked && !entry.retried)).toBe(true);
    const redelivered = importBatch([message!]);
    await consumeCatalogueImportQueue(redelivered.batch, platform.env, platform.db);
    expect(redelivered.delivered[0]).toMatchObject({ acked: true, retried: false });

    expect((await importMovements(platform, lowstock.id)).slice(earlier).map((row) => [row.before, row.after])).toEqual([
      [current.inventory, current.inventory + 3],
    ]);
    expect((await importMovements(platform, honey.id)).map((row) => [row.before, row.after])).toEqual([[honey.inventory, honey.inventory + 4]]);
    expect((await platform.db.select().from(products).where(eq(products.id, honey.id)).get())!.revision).toBe(honey.revision + 1);
    expect(await platform.db.select().from(products).where(eq(products.sku, "RACE-NEW-1")).all()).toHaveLength(1);
    expect(await importOf(platform, token)).toMatchObject({ status: "applied", doneRows: 3, refusedRows: 0, claimId: null });
  });

  it("a chunk whose consumer died is taken over by the sweep once stalled, and goes on from the records it had saved", async ({ platform, staff }) => {
    const token = await dryRun(
      platform,
      STAFF_ROUTES,
      [
        ["SKU", "商品名", "通常価格（税込）", "メインカテゴリ"],
        ["STALL-1", "止まった取り込み 1", "1000", "food"],
        ["STALL-2", "止まった取り込み 2", "1000", "food"],
      ],
      staff,
    );
    await apply(platform, STAFF_ROUTES, token, [2, 3], staff);
    recordImportQueue(platform).splice(0);
    // A consumer claimed the chunk, saved STALL-1 (recorded in the same batch) and died.
    await platform.db.insert(products).values({ ...(await templateProduct(platform)), sku: "STALL-1", title: "止まった取り込み 1" });
    const startedAt = Date.now();
    await platform.db
      .update(catalogueImports)
      .set({ claimId: "dead-consumer", claimedAt: new Date(startedAt), savedLines: "[2]", doneRows: 1 })
      .where(eq(catalogueImports.token, token));
    const running = await pageOf(platform, STAFF_ROUTES, token, staff);
    expect(running.progress).toMatchObject({ state: "running", label: "適用中", done: 1, total: 2, percent: 50 });

    // A message redelivered meanwhile finds the chunk claimed (not stalled) and leaves it to its consumer.
    const { batch, delivered } = importBatch([{ importId: (await importOf(platform, token)).id }]);
    await consumeCatalogueImportQueue(batch, platform.env, platform.db);
    expect(delivered[0]).toMatchObject({ acked: true, retried: false });
    expect(await platform.db.select().from(products).where(eq(products.sku, "STALL-2")).all()).toHaveLength(0);
    // Not yet stalled: the sweep leaves it to its consumer.
    await sweepCatalogueImports(platform.env, platform.db, new Date(startedAt + IMPORT_STALL_MS - 1000));
    expect(await platform.db.select().from(products).where(eq(products.sku, "STALL-2")).all()).toHaveLength(0);
    // Stalled: the sweep claims it and applies what is left — STALL-2 only.
    await sweepCatalogueImports(platform.env, platform.db, new Date(startedAt + IMPORT_STALL_MS + 1000));
    expect(await platform.db.select().from(products).where(eq(products.sku, "STALL-2")).all()).toHaveLength(1);
    expect(await platform.db.select().from(products).where(eq(products.sku, "STALL-1")).all()).toHaveLength(1);
    const done = await pageOf(platform, STAFF_ROUTES, token, staff);
    expect(done.progress).toMatchObject({ state: "done", done: 2, total: 2 });
    expect(done.applied!.map((row) => row.outcome)).toEqual(["applied", "applied"]);
  });

  it("a product changed since its dry run is refused and the import ends 一部失敗 with the reason per row", async ({ platform, staff }) => {
    const token = await dryRun(
      platform,
      STAFF_ROUTES,
      [
        ["SKU", "商品名"],
        ["DEMO-FOOD", "CSVで変えた名前"],
        ["DEMO-SIMPLE", "CSVで変えたタオル"],
      ],
      staff,
    );
    await platform.db.update(products).set({ title: "画面で変えた名前", revision: 99 }).where(eq(products.sku, "DEMO-FOOD"));
    await apply(platform, STAFF_ROUTES, token, [2, 3], staff);
    await deliverImportQueue(platform);
    const page = await pageOf(platform, STAFF_ROUTES, token, staff);
    expect(page.progress).toMatchObject({ state: "partial", label: "一部失敗", done: 2, refused: 1 });
    expect(page.applied).toEqual([
      { line: 2, sku: "DEMO-FOOD", outcome: "refused", message: M.changedSince },
      { line: 3, sku: "DEMO-SIMPLE", outcome: "applied", message: null },
    ]);
  });
});

const categorySlug = async (platform: TestPlatform, id: number) => (await platform.db.select().from(categories).where(eq(categories.id, id)).get())!.slug;

/** A product row's columns as the seed wrote DEMO-SIMPLE's, to stand for one a dead consumer saved. */
async function templateProduct(platform: TestPlatform) {
  const { id: _id, sku: _sku, ...row } = (await platform.db.select().from(products).where(eq(products.sku, "DEMO-SIMPLE")).get())!;
  return row;
}

describe("restock mails from an import", () => {
  it("a stock brought back above zero by the file mails the members waiting, once, with the movement 'import'", async ({ platform, staff }) => {
    const soldout = productBySku("DEMO-SOLDOUT");
    await platform.db.insert(stockRequests).values([
      { userId: MEMBER_ID, productId: soldout.id, variationId: null },
      { userId: OTHER_ID, productId: soldout.id, variationId: null },
    ]);
    const token = await dryRun(
      platform,
      STAFF_ROUTES,
      [
        ["SKU", "在庫数"],
        ["DEMO-SOLDOUT", "6"],
      ],
      staff,
    );
    await apply(platform, STAFF_ROUTES, token, [2], staff);
    await deliverImportQueue(platform);
    expect((await importMovements(platform, soldout.id)).map((row) => [row.pool, row.before, row.after, row.reason])).toEqual([["stock", 0, 6, "CSV取り込み"]]);
    for (const userId of [MEMBER_ID, OTHER_ID]) {
      const mails = (await platform.db.select().from(notificationMails).where(eq(notificationMails.userId, userId)).all()).filter((mail) =>
        mail.title.startsWith(`【再入荷のお知らせ】「${soldout.title}」`),
      );
      expect(mails).toHaveLength(1);
    }
    expect(
      await platform.db
        .select()
        .from(stockRequests)
        .where(and(eq(stockRequests.productId, soldout.id), isNull(stockRequests.notifiedAt))),
    ).toHaveLength(0);
  });
});

describe("the dry run catches what the apply would refuse", () => {
  it("an excluded coupon the shop does not have: refused with its column and reason, nothing to apply", async ({ platform, staff }) => {
    const token = await dryRun(
      platform,
      STAFF_ROUTES,
      [
        ["SKU", "使えないクーポンコード"],
        ["DEMO-FOOD", "NOSUCHCOUPON"],
      ],
      staff,
    );
    const page = await pageOf(platform, STAFF_ROUTES, token, staff);
    expect(page.reports).toEqual([
      expect.objectContaining({
        line: 2,
        outcome: "refused",
        problems: [{ column: "使えないクーポンコード", message: PRODUCT_EDITOR_TEXT.couponUnknown(["NOSUCHCOUPON"]) }],
      }),
    ]);
    expect((await apply(platform, STAFF_ROUTES, token, [2], staff)).status).toBe(400);
  });
});

describe("the progress page", () => {
  it("is its uploader's: merchant sees it; other merchant 404; staff, member 403; anonymous → login", async ({
    platform,
    merchant,
    otherMerchant,
    staff,
    member,
  }) => {
    const token = await dryRun(
      platform,
      MERCHANT_ROUTES,
      [
        ["SKU", "商品名"],
        ["FOOD-CHEESE", "十勝 チーズ（CSV）"],
      ],
      merchant,
    );
    await apply(platform, MERCHANT_ROUTES, token, [2], merchant);
    const open = (cookie?: string) => {
      const context = contextFor(platform);
      context.cloudflare.queueConsumer = true;
      return run(platform, merchantReportLoader as RouteHandler, pageRequest(`/merchant/products/import/${token}`, cookie), { token }, context);
    };
    expect((await valueOf<CatalogueImportPageData>(await open(merchant))).progress.state).toBe("waiting");
    expect((await open(otherMerchant)).status).toBe(404);
    expect((await open(staff)).status).toBe(403);
    expect((await open(member)).status).toBe(403);
    expectRedirect(await open(), 302, /^\/login\?/);
    expect((await run(platform, staffReportLoader, pageRequest(`/crm/products/import/${token}`, staff), { token })).status).toBe(404);
    expect((await productBySkuNow(platform, "FOOD-CHEESE")).title).not.toBe("十勝 チーズ（CSV）");
  });

  it("where nothing consumes the queue (the Vite dev server), opening the page applies the next chunk through the same claim", async ({ platform, staff }) => {
    const token = await dryRun(
      platform,
      STAFF_ROUTES,
      [
        ["SKU", "商品名", "通常価格（税込）", "メインカテゴリ"],
        ["DEV-PAGE-1", "開発サーバーの取り込み", "1500", "food"],
      ],
      staff,
    );
    await apply(platform, STAFF_ROUTES, token, [2], staff);
    // The Worker's page only shows…
    expect((await pageOf(platform, STAFF_ROUTES, token, staff)).progress.state).toBe("waiting");
    // …a page without a queue consumer applies.
    const outcome = await run(platform, staffReportLoader, pageRequest(`/crm/products/import/${token}`, staff), { token });
    expect((await valueOf<CatalogueImportPageData>(outcome)).progress).toMatchObject({ state: "done", done: 1 });
    expect(await platform.db.select().from(products).where(eq(products.sku, "DEV-PAGE-1")).all()).toHaveLength(1);
    // The queued message, delivered afterwards, finds nothing left to do.
    expect(await deliverImportQueue(platform)).toBe(1);
    expect(await platform.db.select().from(products).where(eq(products.sku, "DEV-PAGE-1")).all()).toHaveLength(1);
  });
});

const productBySkuNow = async (platform: TestPlatform, sku: string) => (await platform.db.select().from(products).where(eq(products.sku, sku)).get())!;
