/**
 * The catalogue CSV on real local D1/R2 (issue 17 item 4): who may use each route, the export (UTF-8 with
 * the BOM, formula cells defused, a merchant's own products only) that imports again unchanged, the dry run
 * and apply in UTF-8 with the BOM and in Shift_JIS, refused records, applying only the kept records, the
 * same file applied once when "apply" is pressed twice at once, and a merchant kept to its own products.
 */
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect } from "vitest";
import { CATALOGUE_CSV_COLUMNS, CATALOGUE_IMPORT_MESSAGES as M } from "~/core/catalogue/catalogue-csv";
import { CATALOGUE_IMPORT_LIMITS } from "~/core/catalogue/catalogue-csv-pages";
import { csvText, parseCsv, UTF8_BOM } from "~/core/csv";
import { encodeShiftJis } from "~/core/text-encoding";
import { catalogueImports, priceChanges, productCategories, products, productVariations, stockMovements } from "~/db/schema";
import { MERCHANT_ID, OTHER_MERCHANT_ID, STAFF_ID } from "~/services/seed/people";
import { loader as staffCsvLoader } from "~/routes/crm.products[.]csv";
import { action as staffApplyAction, loader as staffReportLoader } from "~/routes/crm.products_.import_.$token";
import { action as staffUploadAction, loader as staffUploadLoader } from "~/routes/crm.products_.import";
import { loader as merchantCsvLoader } from "~/routes/merchant.products[.]csv";
import { action as merchantApplyAction, loader as merchantReportLoader } from "~/routes/merchant.products_.import_.$token";
import { action as merchantUploadAction, loader as merchantUploadLoader } from "~/routes/merchant.products_.import";
import type { CatalogueImportPageData } from "~/web/types/catalogue-csv";
import { deliverImportQueue, recordImportQueue } from "../support/import-queue";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { expectRedirect, location, pageRequest, postRequest, run, TEST_ORIGIN, valueOf, type RouteHandler } from "../support/requests";

const it = platformTest();

const HEADERS = CATALOGUE_CSV_COLUMNS.map((column) => column.header);

/** A file upload as the import form posts it (multipart). */
function uploadRequest(path: string, file: Uint8Array<ArrayBuffer> | string, cookie?: string, name = "catalogue.csv"): Request {
  const form = new FormData();
  form.set("file", new File([file], name, { type: "text/csv" }));
  const headers: Record<string, string> = { Origin: TEST_ORIGIN, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin" };
  if (cookie) headers.Cookie = cookie;
  return new Request(`${TEST_ORIGIN}${path}`, { method: "POST", headers, body: form });
}

const utf8Bom = (text: string) => new TextEncoder().encode(UTF8_BOM + text);

interface Routes {
  base: string;
  csv: RouteHandler;
  upload: RouteHandler;
  report: RouteHandler;
  apply: RouteHandler;
}
const STAFF: Routes = { base: "/crm/products", csv: staffCsvLoader, upload: staffUploadAction, report: staffReportLoader, apply: staffApplyAction };
const MERCHANT: Routes = {
  base: "/merchant/products",
  csv: merchantCsvLoader,
  upload: merchantUploadAction,
  report: merchantReportLoader,
  apply: merchantApplyAction,
};

/** Uploads a file; answers the dry run's token (the upload redirects to its page). */
async function dryRun(platform: TestPlatform, routes: Routes, file: Uint8Array<ArrayBuffer> | string, cookie: string): Promise<string> {
  recordImportQueue(platform);
  const outcome = await run(platform, routes.upload, uploadRequest(`${routes.base}/import`, file, cookie));
  expectRedirect(outcome, 303, new RegExp(`^${routes.base}/import/[\\w-]+$`));
  return location(outcome)!.split("/").pop()!;
}

async function reportOf(platform: TestPlatform, routes: Routes, token: string, cookie: string) {
  const outcome = await run(platform, routes.report, pageRequest(`${routes.base}/import/${token}`, cookie), { token });
  expect(outcome.status).toBe(200);
  return valueOf<CatalogueImportPageData>(outcome);
}

function applyRequest(routes: Routes, token: string, lines: number[], cookie: string) {
  return postRequest(
    `${routes.base}/import/${token}`,
    lines.map((line) => ["line", String(line)] as [string, string]),
    { cookie, mode: "navigate" },
  );
}

async function exported(platform: TestPlatform, routes: Routes, cookie: string, search = "") {
  const outcome = await run(platform, routes.csv, pageRequest(`${routes.base}.csv${search}`, cookie));
  const response = outcome.response!;
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="products-\d{8}\.csv"$/);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return { bytes, text, records: parseCsv(text.replace(/^\uFEFF/, "")) };
}

const productBySku = async (platform: TestPlatform, sku: string) => platform.db.select().from(products).where(eq(products.sku, sku)).get();

describe("who may use the catalogue CSV", () => {
  it("staff's routes: anonymous → login; member and merchants → 403; nothing stored", async ({ platform, member, merchant, otherMerchant }) => {
    const cases: [RouteHandler, () => Request, Record<string, string>][] = [
      [staffCsvLoader, () => pageRequest("/crm/products.csv"), {}],
      [staffUploadLoader, () => pageRequest("/crm/products/import"), {}],
      [staffUploadAction, () => uploadRequest("/crm/products/import", "SKU\r\nX-1\r\n"), {}],
      [staffReportLoader, () => pageRequest("/crm/products/import/nope"), { token: "nope" }],
      [staffApplyAction, () => postRequest("/crm/products/import/nope", { line: "2" }, { mode: "navigate" }), { token: "nope" }],
    ];
    for (const [handler, request, params] of cases) {
      expectRedirect(await run(platform, handler, request(), params), 302, /^\/login\?/);
      for (const cookie of [member, merchant, otherMerchant]) {
        const withCookie = request();
        withCookie.headers.set("Cookie", cookie);
        expect((await run(platform, handler, withCookie, params)).status).toBe(403);
      }
    }
    expect(await platform.db.select().from(catalogueImports).all()).toEqual([]);
  });

  it("merchants' routes: anonymous → login; member and staff → 403", async ({ platform, member, staff }) => {
    const cases: [RouteHandler, () => Request, Record<string, string>][] = [
      [merchantCsvLoader, () => pageRequest("/merchant/products.csv"), {}],
      [merchantUploadLoader, () => pageRequest("/merchant/products/import"), {}],
      [merchantUploadAction, () => uploadRequest("/merchant/products/import", "SKU\r\nX-1\r\n"), {}],
      [merchantReportLoader, () => pageRequest("/merchant/products/import/nope"), { token: "nope" }],
      [merchantApplyAction, () => postRequest("/merchant/products/import/nope", { line: "2" }, { mode: "navigate" }), { token: "nope" }],
    ];
    for (const [handler, request, params] of cases) {
      expectRedirect(await run(platform, handler, request(), params), 302, /^\/login\?/);
      for (const cookie of [member, staff]) {
        const withCookie = request();
        withCookie.headers.set("Cookie", cookie);
        expect((await run(platform, handler, withCookie, params)).status).toBe(403);
      }
    }
  });

  it("a dry run is its uploader's: another merchant (or staff on the merchant's page) gets 404 and cannot apply it", async ({
    platform,
    merchant,
    otherMerchant,
    staff,
  }) => {
    const token = await dryRun(platform, MERCHANT, utf8Bom("SKU,商品名\r\nFOOD-CHEESE,十勝 チーズ\r\n"), merchant);
    expect((await run(platform, merchantReportLoader, pageRequest(`/merchant/products/import/${token}`, otherMerchant), { token })).status).toBe(404);
    expect((await run(platform, merchantApplyAction, applyRequest(MERCHANT, token, [2], otherMerchant), { token })).status).toBe(404);
    expect((await run(platform, staffReportLoader, pageRequest(`/crm/products/import/${token}`, staff), { token })).status).toBe(404);
    expect((await run(platform, staffApplyAction, applyRequest(STAFF, token, [2], staff), { token })).status).toBe(404);
    expect((await productBySku(platform, "FOOD-CHEESE"))!.title).not.toBe("十勝 チーズ");
  });
});

describe("the export", () => {
  it("staff get every product with its variations under it; a merchant only its own; formulas defused", async ({ platform, staff, merchant }) => {
    await platform.db.update(products).set({ catchcopy: '=HYPERLINK("http://evil")' }).where(eq(products.sku, "FOOD-CHEESE"));
    const all = await exported(platform, STAFF, staff);
    expect(all.text.startsWith(UTF8_BOM)).toBe(true);
    const [header, ...records] = all.records;
    expect(header).toEqual(HEADERS);
    const productCount = (await platform.db.select().from(products).all()).length;
    const variationSkus = (await platform.db.select({ sku: productVariations.sku }).from(productVariations).all()).map((row) => row.sku);
    expect(records.length).toBe(productCount + variationSkus.length);
    const skus = records.map((record) => record[0]);
    expect(skus.indexOf("DEMO-VARIATION-NAVY")).toBe(skus.indexOf("DEMO-VARIATION") + 1);
    expect(records.find((record) => record[0] === "DEMO-VARIATION-NAVY")![1]).toBe("DEMO-VARIATION");
    // A variation product's stock is on its variations' records; its own 在庫数 stays empty.
    const stock = (sku: string) => records.find((record) => record[0] === sku)![HEADERS.indexOf("在庫数")];
    expect(["DEMO-VARIATION", "DEMO-VARIATION-NAVY", "DEMO-VARIATION-NATURAL", "DEMO-VARIATION-BLACK"].map(stock)).toEqual(["", "40", "25", "0"]);
    expect(all.text).toContain("'=HYPERLINK");

    const own = await exported(platform, MERCHANT, merchant);
    const ownSkus = own.records.slice(1).map((record) => record[0]);
    const merchantSkus = (await platform.db.select({ sku: products.sku }).from(products).where(eq(products.merchantId, MERCHANT_ID)).all()).map(
      (row) => row.sku,
    );
    expect(ownSkus.sort()).toEqual(merchantSkus.sort());
    expect(ownSkus).toContain("FOOD-CHEESE");
  });

  it("with the list's filters, holds only the products the list shows", async ({ platform, staff, merchant }) => {
    const filtered = await exported(platform, STAFF, staff, "?q=DEMO-VARIATION");
    expect(filtered.records.slice(1).map((record) => record[0])).toEqual([
      "DEMO-VARIATION",
      "DEMO-VARIATION-NAVY",
      "DEMO-VARIATION-NATURAL",
      "DEMO-VARIATION-BLACK",
    ]);
    // A merchant's filter never reaches past its own products.
    expect((await exported(platform, MERCHANT, merchant, "?q=DEMO-VARIATION")).records.slice(1)).toEqual([]);
  });

  it("the exported file imports again without a single change", async ({ platform, staff }) => {
    const file = await exported(platform, STAFF, staff);
    const token = await dryRun(platform, STAFF, file.bytes as Uint8Array<ArrayBuffer>, staff);
    const page = await reportOf(platform, STAFF, token, staff);
    // Every demo product is saved through the editor's schema (app/services/seed/seed-products.server.ts), so none is refused.
    expect(page.reports.filter((report) => report.outcome !== "unchanged")).toEqual([]);
    expect(page.summary.unchanged).toBe(file.records.length - 1);
    expect(page.encodingLabel).toBe("UTF-8（BOM付き）");
  });
});

describe("the dry run and the apply", () => {
  const editFile = (price: number, stock: number, newSku: string) =>
    csvText([
      ["SKU", "親SKU", "商品名", "通常価格（税込）", "在庫数", "メインカテゴリ", "カテゴリ", "公開状態"],
      ["DEMO-SIMPLE", "", "泉州タオル フェイスタオル 2枚組（ホワイト）", String(price), String(stock), "living", "", "公開"],
      [newSku, "", "有機栽培 ほうじ茶 100g", "864", "40", "japanese-tea", "drink|gift", "公開"],
      ["DEMO-VARIATION-NATURAL", "DEMO-VARIATION", "生成り", "", "30", "", "", ""],
    ]);

  for (const [encoding, encode] of [
    ["UTF-8 with the BOM", utf8Bom],
    ["Shift_JIS", encodeShiftJis],
  ] as const) {
    it(`checks a ${encoding} file without changing anything, then applies it: prices, a new product, stock movements`, async ({ platform, staff }) => {
      const newSku = encoding === "Shift_JIS" ? "TEA-HOJI-SJ" : "TEA-HOJI-U8";
      const before = (await productBySku(platform, "DEMO-SIMPLE"))!;
      const token = await dryRun(platform, STAFF, encode(editFile(before.regularPrice + 100, before.inventory + 20, newSku)), staff);
      const page = await reportOf(platform, STAFF, token, staff);
      expect(page.encodingLabel).toBe(encoding === "Shift_JIS" ? "Shift_JIS" : "UTF-8（BOM付き）");
      expect(page.reports.map((report) => [report.line, report.outcome])).toEqual([
        [2, "update"],
        [3, "create"],
        [4, "update"],
      ]);
      expect(page.reports[0]!.changes).toEqual([
        { column: "通常価格（税込）", before: String(before.regularPrice), after: String(before.regularPrice + 100) },
        { column: "在庫数", before: String(before.inventory), after: String(before.inventory + 20) },
      ]);
      // Nothing changed yet.
      expect((await productBySku(platform, "DEMO-SIMPLE"))!.regularPrice).toBe(before.regularPrice);
      expect(await productBySku(platform, newSku)).toBeUndefined();

      const applied = await run(platform, staffApplyAction, applyRequest(STAFF, token, [2, 3, 4], staff), { token });
      expectRedirect(applied, 303, `/crm/products/import/${token}?notice=applied#result`);
      expect(await deliverImportQueue(platform)).toBe(1);
      const after = (await productBySku(platform, "DEMO-SIMPLE"))!;
      expect([after.regularPrice, after.inventory, after.revision]).toEqual([before.regularPrice + 100, before.inventory + 20, before.revision + 1]);
      // The price history, as the editor records it.
      const prices = await platform.db
        .select()
        .from(priceChanges)
        .where(and(eq(priceChanges.productId, before.id), eq(priceChanges.field, "regular_price")))
        .all();
      expect(prices.at(-1)).toMatchObject({ before: before.regularPrice, after: before.regularPrice + 100, actorUserId: STAFF_ID });
      const created = (await productBySku(platform, newSku))!;
      expect(created).toMatchObject({
        title: "有機栽培 ほうじ茶 100g",
        regularPrice: 864,
        inventory: 40,
        status: "published",
        isPrivate: false,
        merchantId: null,
      });
      const categories = await platform.db.select().from(productCategories).where(eq(productCategories.productId, created.id)).all();
      expect(categories.map((row) => row.categoryId).sort((a, b) => a - b)).toEqual([2, 8, 11]);
      const natural = (await platform.db.select().from(productVariations).where(eq(productVariations.sku, "DEMO-VARIATION-NATURAL")).get())!;
      expect(natural.inventory).toBe(30);
      const movements = await platform.db
        .select()
        .from(stockMovements)
        .where(and(inArray(stockMovements.productId, [before.id, natural.productId]), eq(stockMovements.kind, "import")))
        .all();
      expect(movements.map((row) => [row.productId, row.variationId, row.before, row.after])).toEqual(
        expect.arrayContaining([
          [before.id, null, before.inventory, before.inventory + 20],
          [natural.productId, natural.id, 25, 30],
        ]),
      );
      const page2 = await reportOf(platform, STAFF, token, staff);
      expect(page2.status).toBe("applied");
      expect(page2.applied!.map((row) => row.outcome)).toEqual(["applied", "applied", "applied"]);
      // Put DEMO-VARIATION-NATURAL back for the other encoding's run.
      await platform.db.update(productVariations).set({ inventory: 25 }).where(eq(productVariations.id, natural.id));
    });
  }

  it("lists every refused record with its reason and applies only the records kept", async ({ platform, staff }) => {
    const file = csvText([
      ["SKU", "商品名", "通常価格（税込）", "セール価格（税込）", "メインカテゴリ"],
      ["KEEP-1", "残す商品", "1000", "", "food"],
      ["LEAVE-1", "外す商品", "1000", "", "food"],
      ["BAD-1", "売価が高い", "1000", "1500", "food"],
      ["BAD-2", "", "abc", "", "nowhere"],
    ]);
    const token = await dryRun(platform, STAFF, utf8Bom(file), staff);
    const page = await reportOf(platform, STAFF, token, staff);
    expect(page.summary).toEqual({ create: 2, update: 0, unchanged: 0, refused: 2 });
    expect(page.reports[2]!.problems).toEqual([{ column: "セール価格（税込）", message: "セール価格は通常価格より安くしてください" }]);
    expect(page.reports[3]!.problems.map((problem) => problem.column)).toEqual(["メインカテゴリ", "商品名", "通常価格（税込）", "メインカテゴリ"]);
    // A refused record's line posted anyway is not applied.
    expectRedirect(await run(platform, staffApplyAction, applyRequest(STAFF, token, [2, 4], staff), { token }), 303, /notice=applied/);
    await deliverImportQueue(platform);
    expect(await productBySku(platform, "KEEP-1")).toBeDefined();
    expect(await productBySku(platform, "LEAVE-1")).toBeUndefined();
    expect(await productBySku(platform, "BAD-1")).toBeUndefined();
    expect((await reportOf(platform, STAFF, token, staff)).applied).toEqual([{ line: 2, sku: "KEEP-1", outcome: "applied", message: null }]);
  });

  it("applies a file once when apply is pressed twice at once", async ({ platform, staff }) => {
    const before = (await productBySku(platform, "DEMO-LOWSTOCK"))!;
    const token = await dryRun(
      platform,
      STAFF,
      utf8Bom(
        csvText([
          ["SKU", "在庫数"],
          ["DEMO-LOWSTOCK", String(before.inventory + 10)],
        ]),
      ),
      staff,
    );
    const outcomes = await Promise.all([1, 2].map(() => run(platform, staffApplyAction, applyRequest(STAFF, token, [2], staff), { token })));
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([303, 409]);
    const refused = outcomes.find((outcome) => outcome.status === 409)!;
    expect(await valueOf(refused)).toEqual({ ok: false, error: M.alreadyApplied });
    expect(await deliverImportQueue(platform)).toBe(1);
    const movements = await platform.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, before.id), eq(stockMovements.kind, "import")))
      .all();
    expect(movements.map((row) => [row.before, row.after])).toEqual([[before.inventory, before.inventory + 10]]);
    expect((await productBySku(platform, "DEMO-LOWSTOCK"))!.revision).toBe(before.revision + 1);
  });

  it("refuses a product changed since its dry run instead of overwriting it", async ({ platform, staff }) => {
    const token = await dryRun(
      platform,
      STAFF,
      utf8Bom(
        csvText([
          ["SKU", "商品名"],
          ["DEMO-FOOD", "CSVで変えた名前"],
        ]),
      ),
      staff,
    );
    await platform.db.update(products).set({ title: "画面で変えた名前", revision: 99 }).where(eq(products.sku, "DEMO-FOOD"));
    await run(platform, staffApplyAction, applyRequest(STAFF, token, [2], staff), { token });
    await deliverImportQueue(platform);
    expect((await productBySku(platform, "DEMO-FOOD"))!.title).toBe("画面で変えた名前");
    expect((await reportOf(platform, STAFF, token, staff)).applied).toEqual([{ line: 2, sku: "DEMO-FOOD", outcome: "refused", message: M.changedSince }]);
  });
});

describe("a merchant's import", () => {
  it("changes only the merchant's products: another's SKU is refused without saying whose, new products are its own", async ({ platform, merchant }) => {
    const [otherProduct] = await platform.db.select().from(products).where(eq(products.merchantId, OTHER_MERCHANT_ID)).limit(1).all();
    const file = csvText([
      ["SKU", "商品名", "通常価格（税込）", "メインカテゴリ", "公開状態"],
      [otherProduct!.sku, "乗っ取り", "1", "food", "公開"],
      ["DEMO-SIMPLE", "乗っ取り", "1", "food", "公開"],
      ["TOKACHI-NEW", "十勝 生クリーム", "980", "dairy", "公開"],
    ]);
    const token = await dryRun(platform, MERCHANT, encodeShiftJis(file), merchant);
    const page = await reportOf(platform, MERCHANT, token, merchant);
    // Another merchant's product and the shop's own (warehouse) one read alike: not the merchant's, nobody named.
    expect(page.reports.map((report) => [report.outcome, report.problems])).toEqual([
      ["refused", [{ column: "SKU", message: M.skuNotOwn }]],
      ["refused", [{ column: "SKU", message: M.skuNotOwn }]],
      ["create", []],
    ]);
    expect(M.skuNotOwn).toBe("このSKUは自店の商品ではありません（ほかの商品ですでに使われています）。自店の商品のSKUか、新しいSKUを書いてください。");
    expect(JSON.stringify(page)).not.toContain("有田");
    expect(JSON.stringify(page)).not.toContain("出品者の商品");
    await run(platform, merchantApplyAction, applyRequest(MERCHANT, token, [2, 3, 4], merchant), { token });
    await deliverImportQueue(platform);
    expect((await productBySku(platform, otherProduct!.sku))!.title).toBe(otherProduct!.title);
    expect((await productBySku(platform, "DEMO-SIMPLE"))!.title).not.toBe("乗っ取り");
    expect(await productBySku(platform, "TOKACHI-NEW")).toMatchObject({ merchantId: MERCHANT_ID, shippingFrom: "merchant" });
  });
});

describe("files that cannot be read", () => {
  it("answer a Japanese message, store nothing and change nothing", async ({ platform, staff }) => {
    const cases: [Uint8Array<ArrayBuffer> | string, number, string][] = [
      ["", 400, M.noFile],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]), 400, M.notText],
      ["商品名,価格\r\nタオル,100\r\n", 400, M.noHeader],
      ["SKU,商品名\r\n", 400, M.empty],
      [new Uint8Array(CATALOGUE_IMPORT_LIMITS.maxBytes + 1).fill(0x41), 413, M.tooLarge],
    ];
    const storedBefore = (await platform.db.select().from(catalogueImports).all()).length;
    for (const [file, status, error] of cases) {
      const outcome = await run(platform, staffUploadAction, uploadRequest("/crm/products/import", file, staff));
      expect([outcome.status, await valueOf(outcome)]).toEqual([status, { ok: false, error }]);
    }
    expect((await platform.db.select().from(catalogueImports).all()).length).toBe(storedBefore);
  });
});
