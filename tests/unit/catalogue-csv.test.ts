/**
 * The catalogue CSV (issue 17 item 4), pure: the layout and its header, reading UTF-8 (with and without the
 * BOM) and Shift_JIS, refusing what is not a CSV, the cells of a product both ways (an export imports
 * unchanged), and the dry run's per-record report (新規 / 変更 before → after / 変更なし / refused).
 */
import { describe, expect, it } from "vitest";
import { CATALOGUE_CSV_COLUMNS, CATALOGUE_IMPORT_MESSAGES as M, readCatalogueCsv, type CatalogueCsvRow } from "~/core/catalogue/catalogue-csv";
import { CATALOGUE_IMPORT_LIMITS } from "~/core/catalogue/catalogue-csv-pages";
import { catalogueRecords, productCells, type CatalogueLookups, type CatalogueProduct } from "~/core/catalogue/catalogue-csv-cells";
import { keptRows, planCatalogueImport, summaryOf, type ShopSide, type SkuOwner } from "~/core/catalogue/catalogue-import";
import { csvText, utf8Csv } from "~/core/csv";
import { parseProductForm } from "~/core/catalogue/product-form";
import { encodeShiftJis } from "~/core/text-encoding";

const HEADERS = CATALOGUE_CSV_COLUMNS.map((column) => column.header);
const utf8 = (text: string) => new TextEncoder().encode(text);

const lookups: CatalogueLookups = {
  categories: [
    { id: 1, slug: "food" },
    { id: 9, slug: "seasoning" },
    { id: 8, slug: "gift" },
  ],
  features: [{ id: 2, slug: "made-in-japan" }],
  troubles: [{ id: 1, slug: "dry-skin" }],
  situations: [{ id: 7, slug: "gift" }],
  merchants: [
    { id: 2, slug: "arita-seika" },
    { id: 3, slug: "tokachi-farm" },
  ],
  coupons: ["SPRING10"],
};

function form(overrides: Record<string, unknown> = {}) {
  const parsed = parseProductForm({
    sku: "SOY-1",
    title: "丸大豆醤油",
    regularPrice: 980,
    primaryCategoryId: 9,
    categoryIds: [1],
    taxRate: 8,
    inventory: 20,
    ...overrides,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
}

const soy: CatalogueProduct = { id: 50, revision: 3, state: "published", form: form() };
const towel: CatalogueProduct = {
  id: 60,
  revision: 1,
  state: "published",
  form: form({
    sku: "TOWEL",
    title: "タオル",
    type: "variation",
    regularPrice: 1980,
    taxRate: 10,
    // A variation product's stock is its variations'.
    inventory: 0,
    primaryCategoryId: 8,
    categoryIds: [],
    variations: [
      { sku: "TOWEL-WHITE", title: "白", inventory: 5 },
      { sku: "TOWEL-NAVY", title: "紺", inventory: 0 },
    ],
  }),
};
towel.form.variations.forEach((variation, index) => (variation.id = 100 + index));

function shopWith(existing: CatalogueProduct[], others: Record<string, SkuOwner> = {}, merchantId: number | null = null): ShopSide {
  const owners = new Map<string, SkuOwner>(Object.entries(others));
  for (const product of existing) {
    owners.set(product.form.sku, { kind: "product", productSku: product.form.sku, inScope: true });
    for (const variation of product.form.variations) owners.set(variation.sku, { kind: "variation", productSku: product.form.sku, inScope: true });
  }
  return { owners, existing: new Map(existing.map((product) => [product.form.sku, product])), lookups, merchantId, now: new Date("2026-11-24T12:00:00Z") };
}

function rowsOf(bytes: Uint8Array): CatalogueCsvRow[] {
  const read = readCatalogueCsv(bytes);
  if (!read.ok) throw new Error(read.error);
  return read.rows;
}

describe("reading a catalogue file", () => {
  const text = 'SKU,親SKU,商品名,通常価格（税込）\r\nSOY-1,,丸大豆醤油,"1,080"\r\nTOWEL-NAVY,TOWEL,紺,\r\n';

  it("reads UTF-8 with and without the BOM and Shift_JIS alike, and says which", () => {
    for (const [bytes, encoding] of [
      [utf8(`\uFEFF${text}`), "utf-8-bom"],
      [utf8(text), "utf-8"],
      [encodeShiftJis(text), "shift_jis"],
    ] as const) {
      const read = readCatalogueCsv(bytes);
      expect(read).toMatchObject({ ok: true, encoding, columns: ["sku", "parent_sku", "title", "regular_price"] });
      if (!read.ok) continue;
      expect(read.rows).toEqual([
        { line: 2, kind: "product", sku: "SOY-1", parentSku: null, cells: { title: "丸大豆醤油", regular_price: "1,080" } },
        { line: 3, kind: "variation", sku: "TOWEL-NAVY", parentSku: "TOWEL", cells: { title: "紺", regular_price: "" } },
      ]);
    }
  });

  it("takes the machine keys as headers too, and ignores columns it does not know", () => {
    const read = readCatalogueCsv(utf8("sku,メモ,title\r\nA-1,社内用,名前\r\n"));
    expect(read).toMatchObject({ ok: true, columns: ["sku", "title"], rows: [{ sku: "A-1", cells: { title: "名前" } }] });
  });

  it("refuses a file that is not text, has no header, repeats a column, is empty or too long", () => {
    expect(readCatalogueCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toEqual({ ok: false, error: M.notText });
    expect(readCatalogueCsv(new Uint8Array([0xff, 0xfe, 0x53, 0x00, 0x4b, 0x00]))).toEqual({ ok: false, error: M.notText });
    expect(readCatalogueCsv(new Uint8Array([0x82, 0xa0, 0xff, 0xfd, 0x81]))).toEqual({ ok: false, error: M.notText });
    expect(readCatalogueCsv(utf8("商品名,価格\r\nタオル,100\r\n"))).toEqual({ ok: false, error: M.noHeader });
    expect(readCatalogueCsv(utf8("SKU,商品名,title\r\nA,B,C\r\n"))).toEqual({ ok: false, error: M.duplicateColumn("title") });
    expect(readCatalogueCsv(utf8("SKU,商品名\r\n"))).toEqual({ ok: false, error: M.empty });
    expect(readCatalogueCsv(utf8(""))).toEqual({ ok: false, error: M.empty });
    const many = `SKU\r\n${Array.from({ length: CATALOGUE_IMPORT_LIMITS.maxRows + 1 }, (_, index) => `S-${index}`).join("\r\n")}`;
    expect(readCatalogueCsv(utf8(many))).toEqual({ ok: false, error: M.tooManyRows });
    expect(readCatalogueCsv(new Uint8Array(CATALOGUE_IMPORT_LIMITS.maxBytes + 1).fill(0x41))).toEqual({ ok: false, error: M.tooLarge });
  });

  it("takes back a cell the export defused against formulas", () => {
    const read = readCatalogueCsv(utf8(utf8Csv(["SKU", "キャッチコピー"], [["A-1", "=SUM(1)"]])));
    expect(read).toMatchObject({ ok: true, rows: [{ cells: { catchcopy: "=SUM(1)" } }] });
  });
});

describe("a product's cells", () => {
  it("write what the shop holds in the shop's words", () => {
    const cells = productCells({ ...soy, form: form({ subscribe: true, subscriptionPrices: [{ quantity: 1, unitPriceExclTax: 900 }] }) }, lookups);
    expect(cells).toMatchObject({
      sku: "SOY-1",
      status: "公開",
      tax_rate: "8%",
      regular_price: "980",
      discount_price: "",
      primary_category: "seasoning",
      categories: "food",
      subscribe: "1",
      subscription_price_1: "900",
      subscription_price_2: "",
    });
  });

  it("write the low-stock threshold on the product's record, empty for the shop's default, and read it back", () => {
    const own = { ...soy, form: form({ lowStockThreshold: 12 }) };
    expect(productCells(own, lookups).low_stock_threshold).toBe("12");
    expect(productCells(soy, lookups).low_stock_threshold).toBe("");
    const plan = planCatalogueImport(
      rowsOf(
        utf8(
          csvText([
            ["SKU", "在庫わずかの目安"],
            ["SOY-1", "３"],
          ]),
        ),
      ),
      shopWith([own]),
    );
    expect(plan.reports[0]!.changes).toEqual([{ column: "在庫わずかの目安", before: "12", after: "3" }]);
    expect(plan.products[0]!.form.lowStockThreshold).toBe(3);
  });

  it("an exported file read back changes nothing", () => {
    const file = utf8Csv(HEADERS, catalogueRecords([soy, towel], lookups));
    const plan = planCatalogueImport(rowsOf(utf8(file)), shopWith([soy, towel]));
    expect(plan.reports.map((report) => [report.sku, report.outcome, report.problems])).toEqual([
      ["SOY-1", "unchanged", []],
      ["TOWEL", "unchanged", []],
      ["TOWEL-WHITE", "unchanged", []],
      ["TOWEL-NAVY", "unchanged", []],
    ]);
    expect(plan.products).toEqual([]);
  });
});

describe("the dry run", () => {
  const file = (records: string[][]) => utf8(csvText(records));

  it("reports 新規, 変更 with each field before → after, and 変更なし", () => {
    const plan = planCatalogueImport(
      rowsOf(
        file([
          ["SKU", "親SKU", "商品名", "通常価格（税込）", "在庫数", "メインカテゴリ", "公開状態"],
          ["SOY-1", "", "丸大豆醤油", "1080", "25", "seasoning", "公開"],
          ["TOWEL-NAVY", "TOWEL", "紺", "", "0", "", ""],
          ["MISO-1", "", "米みそ", "1200", "10", "seasoning", "公開"],
        ]),
      ),
      shopWith([soy, towel]),
    );
    expect(plan.reports.map((report) => [report.sku, report.outcome, report.changes])).toEqual([
      [
        "SOY-1",
        "update",
        [
          { column: "通常価格（税込）", before: "980", after: "1080" },
          { column: "在庫数", before: "20", after: "25" },
        ],
      ],
      ["TOWEL-NAVY", "unchanged", []],
      ["MISO-1", "create", []],
    ]);
    expect(
      plan.products.map((product) => [product.productSku, product.existing && { id: product.existing.id, revision: product.existing.revision }, product.stock]),
    ).toEqual([
      ["SOY-1", { id: 50, revision: 3 }, [{ variationSku: null, pool: "stock", after: 25 }]],
      ["MISO-1", null, []],
    ]);
    // The product's form as the shop holds it travels with the plan: a merchant's change waiting for approval keeps it as `before`.
    expect(plan.products[0]!.existing?.form).toMatchObject({ sku: "SOY-1", regularPrice: 980 });
    expect(plan.products[1]!.form).toMatchObject({ sku: "MISO-1", regularPrice: 1200, primaryCategoryId: 9, inventory: 10 });
    expect(plan.products[1]!.status).toMatchObject({
      state: "published",
      status: "published",
      isPrivate: false,
      publishedAt: new Date("2026-11-24T12:00:00Z"),
    });
  });

  it("refuses each broken record with its column and the editor's message, and the other records of its product", () => {
    const plan = planCatalogueImport(
      rowsOf(
        file([
          ["SKU", "親SKU", "商品名", "通常価格（税込）", "セール価格（税込）", "カテゴリ", "公開状態"],
          ["NEW-1", "", "新商品", "0", "", "nowhere", "公開"],
          ["TOWEL", "", "タオル", "1980", "2500", "", ""],
          ["TOWEL-RED", "TOWEL", "赤", "", "", "", "売り切れ"],
          ["bad sku!", "", "x", "100", "", "", ""],
          ["SOY-1", "", "丸大豆醤油", "980", "", "food", ""],
          ["SOY-1", "", "醤油", "980", "", "", ""],
          ["ORPHAN-1", "NOPE", "孤児", "", "", "", ""],
        ]),
      ),
      shopWith([soy, towel]),
    );
    const refused = Object.fromEntries(plan.reports.map((report) => [report.line, report.problems]));
    expect(refused[2]).toEqual([
      { column: "カテゴリ", message: "「nowhere」というカテゴリはありません。" },
      { column: "通常価格（税込）", message: "通常価格を1〜9,999,999円の半角数字で入力してください" },
      { column: "メインカテゴリ", message: "メインカテゴリを選んでください" },
    ]);
    expect(refused[3]).toEqual([{ column: "セール価格（税込）", message: "セール価格は通常価格より安くしてください" }]);
    expect(refused[4]![0]).toMatchObject({ column: "公開状態" });
    expect(refused[5]).toEqual([{ column: "SKU", message: M.skuFormat }]);
    expect(plan.reports[4]).toMatchObject({ sku: "SOY-1", outcome: "unchanged" });
    expect(refused[7]).toEqual([{ column: "SKU", message: M.duplicateSku(6) }]);
    expect(refused[8]).toEqual([{ column: "親SKU", message: M.parentMissing }]);
    expect(summaryOf(plan.reports)).toEqual({ create: 0, update: 0, unchanged: 1, refused: 6 });
    expect(plan.products).toEqual([]);
  });

  it("refuses an excluded coupon the shop does not have in the dry run (the apply's database would refuse it)", () => {
    const plan = planCatalogueImport(
      rowsOf(
        file([
          ["SKU", "使えないクーポンコード"],
          ["SOY-1", "SPRING10|NOSUCH1|NOSUCH2"],
          ["TOWEL", "SPRING10"],
        ]),
      ),
      shopWith([soy, towel]),
    );
    expect(plan.reports[0]).toMatchObject({
      outcome: "refused",
      problems: [{ column: "使えないクーポンコード", message: "クーポンコード NOSUCH1、NOSUCH2 が見つかりません" }],
    });
    expect(plan.reports[1]).toMatchObject({ sku: "TOWEL", outcome: "update" });
    expect(plan.products.map((product) => product.productSku)).toEqual(["TOWEL"]);
  });

  it("keeps a merchant to its own products: another's SKU is refused without naming whose, new ones are its own", () => {
    const shop = shopWith(
      [],
      {
        "TEA-1": { kind: "product", productSku: "TEA-1", inScope: false },
        "CUP-1": { kind: "product", productSku: "CUP-1", inScope: false },
      },
      3,
    );
    const plan = planCatalogueImport(
      rowsOf(
        file([
          ["SKU", "親SKU", "商品名", "通常価格（税込）", "メインカテゴリ", "出品者"],
          ["TEA-1", "", "煎茶", "1000", "food", ""],
          ["BUTTER-9", "", "発酵バター", "1500", "food", ""],
          ["CHEESE-9", "", "チーズ", "1500", "food", "arita-seika"],
          ["CUP-1-RED", "CUP-1", "赤", "", "", ""],
        ]),
      ),
      shop,
    );
    expect(plan.reports.map((report) => [report.sku, report.outcome, report.problems])).toEqual([
      [
        "TEA-1",
        "refused",
        [{ column: "SKU", message: "このSKUは自店の商品ではありません（ほかの商品ですでに使われています）。自店の商品のSKUか、新しいSKUを書いてください。" }],
      ],
      ["BUTTER-9", "create", []],
      ["CHEESE-9", "refused", [{ column: "出品者", message: "出品者は自店のまま変えられません。" }]],
      ["CUP-1-RED", "refused", [{ column: "親SKU", message: "親SKUは自店の商品ではありません。自店の「バリエーション」タイプの商品のSKUを書いてください。" }]],
    ]);
    expect(JSON.stringify(plan.reports)).not.toContain("出品者の商品");
    expect(plan.products[0]!.form).toMatchObject({ merchantId: 3, shippingFrom: "merchant" });
  });

  it("refuses a variation product's own stock at its cell; the stock goes on its variations' records", () => {
    const plan = planCatalogueImport(
      rowsOf(
        file([
          ["SKU", "親SKU", "商品名", "通常価格（税込）", "メインカテゴリ", "在庫数"],
          ["CUP", "", "湯のみ", "2200", "gift", "30"],
          ["CUP-BLUE", "CUP", "藍", "", "", "4"],
        ]),
      ),
      shopWith([]),
    );
    expect(plan.reports.map((report) => [report.outcome, report.problems])).toEqual([
      ["refused", [{ column: "在庫数", message: "バリエーション商品の在庫は、バリエーションごとに入力してください（商品の在庫はその合計になります）" }]],
      ["refused", [{ column: null, message: "同じ商品の行に取り込めない行があります。（2行目）" }]],
    ]);
  });

  it("reads the variation heading from the product's record only: one heading for every variation", () => {
    const rows = (heading: [string, string]) =>
      rowsOf(
        file([
          ["SKU", "親SKU", "商品名", "通常価格（税込）", "メインカテゴリ", "バリエーションの見出し"],
          ["CUP", "", "湯のみ", "2200", "gift", heading[0]],
          ["CUP-BLUE", "CUP", "藍", "", "", heading[1]],
        ]),
      );
    const plan = planCatalogueImport(rows(["色", ""]), shopWith([]));
    expect(plan.reports.map((report) => report.outcome)).toEqual(["create", "create"]);
    expect(plan.products[0]!.form.variationHeading).toBe("色");
    const refused = planCatalogueImport(rows(["", "色"]), shopWith([]));
    expect(refused.reports[1]!.problems).toEqual([{ column: "バリエーションの見出し", message: M.variationCell }]);
  });

  it("creates a variation product from its record and its variations' records", () => {
    const plan = planCatalogueImport(
      rowsOf(
        file([
          ["SKU", "親SKU", "商品名", "通常価格（税込）", "メインカテゴリ", "在庫数"],
          ["CUP", "", "湯のみ", "2200", "gift", ""],
          ["CUP-BLUE", "CUP", "藍", "", "", "4"],
          ["CUP-RED", "CUP", "朱", "2400", "", "2"],
        ]),
      ),
      shopWith([]),
    );
    expect(plan.reports.map((report) => report.outcome)).toEqual(["create", "create", "create"]);
    expect(plan.products[0]!.form).toMatchObject({
      type: "variation",
      variations: [
        { sku: "CUP-BLUE", inventory: 4, regularPrice: null },
        { sku: "CUP-RED", regularPrice: 2400 },
      ],
    });
    // No 公開状態 column: a new product stays a draft, as the editor creates it.
    expect(plan.products[0]!.status).toBeNull();
    // Only ticked records that would change are kept.
    expect(
      keptRows(
        rowsOf(
          file([
            ["SKU", "親SKU", "商品名"],
            ["CUP", "", "湯のみ"],
            ["CUP-BLUE", "CUP", "藍"],
            ["CUP-RED", "CUP", "朱"],
          ]),
        ),
        plan.reports,
        new Set([2, 4]),
      ).map((row) => row.sku),
    ).toEqual(["CUP", "CUP-RED"]);
  });
});
