/**
 * The catalogue CSV (issue 17 item 4): the file staff and merchants export, edit in a spreadsheet and import
 * again to create or update products and variations in bulk. One record per product, and one per variation
 * right after its product, keyed by SKU: a variation's record names its product in 親SKU. The header row
 * carries Japanese names people read; each column also has a stable machine key (accepted in the header
 * too), so a file keeps working when a label is reworded. Lists (categories, features, tags) are slugs
 * separated by "|". A column left out of the file leaves that field as it is; an empty cell in a column
 * that is there clears the field (or is refused where the field is required). Pure.
 */
import { CATALOGUE_IMPORT_LIMITS, LIST_SEPARATOR } from "./catalogue-csv-pages";
import { parseCsv, undefusedFormula } from "../csv";
import { JAPANESE_TEXT_ENCODING_LABELS, readJapaneseText, type JapaneseTextEncoding } from "../text-encoding";
import { SKU_PATTERN } from "./sku";

/** Which records a column is read from: the product's, the variation's, or both. */
export type ColumnApplies = "product" | "variation" | "both";

export interface CatalogueColumn {
  key: string;
  header: string;
  applies: ColumnApplies;
}

/** The columns in the order the export writes them. */
export const CATALOGUE_CSV_COLUMNS = [
  { key: "sku", header: "SKU", applies: "both" },
  { key: "parent_sku", header: "親SKU", applies: "variation" },
  { key: "title", header: "商品名", applies: "both" },
  { key: "type", header: "商品タイプ", applies: "product" },
  { key: "status", header: "公開状態", applies: "both" },
  { key: "merchant", header: "出品者", applies: "product" },
  { key: "tax_rate", header: "税率", applies: "product" },
  { key: "regular_price", header: "通常価格（税込）", applies: "both" },
  { key: "discount_price", header: "セール価格（税込）", applies: "both" },
  { key: "original_price", header: "参考価格（税込）", applies: "product" },
  { key: "inventory", header: "在庫数", applies: "both" },
  { key: "inventory_preorder_max", header: "予約在庫数", applies: "both" },
  { key: "low_stock_threshold", header: "在庫わずかの目安", applies: "product" },
  { key: "preorder_limit", header: "予約の上限（1注文）", applies: "product" },
  { key: "preorder_ship_date", header: "予約品の発送予定日", applies: "product" },
  { key: "disable_preorder", header: "予約受付しない", applies: "product" },
  { key: "disable_request", header: "再入荷リクエストを受けない", applies: "product" },
  { key: "primary_category", header: "メインカテゴリ", applies: "product" },
  { key: "categories", header: "カテゴリ", applies: "product" },
  { key: "features", header: "特徴", applies: "product" },
  { key: "troubles", header: "お悩みタグ", applies: "product" },
  { key: "situations", header: "シーンタグ", applies: "product" },
  { key: "catchcopy", header: "キャッチコピー", applies: "product" },
  { key: "description", header: "商品説明（HTML）", applies: "product" },
  { key: "shipping_from", header: "発送元", applies: "product" },
  { key: "shipping_days", header: "発送までの日数", applies: "product" },
  { key: "coldshipping", header: "クール便", applies: "product" },
  { key: "hide_shipping_info", header: "配送情報を表示しない", applies: "product" },
  { key: "is_digital", header: "ダウンロード商品", applies: "product" },
  { key: "expiry", header: "賞味期限", applies: "both" },
  { key: "subscribe", header: "定期便", applies: "product" },
  { key: "subscribe_only", header: "定期便のみ", applies: "product" },
  { key: "period", header: "定期便の間隔（か月）", applies: "product" },
  { key: "subscription_price_1", header: "定期便単価1個（税抜）", applies: "product" },
  { key: "subscription_price_2", header: "定期便単価2個（税抜）", applies: "product" },
  { key: "subscription_price_3", header: "定期便単価3個（税抜）", applies: "product" },
  { key: "subscription_price_4", header: "定期便単価4個（税抜）", applies: "product" },
  { key: "subscription_price_5", header: "定期便単価5個（税抜）", applies: "product" },
  { key: "subscription_price_6", header: "定期便単価6個（税抜）", applies: "product" },
  { key: "max_subscription", header: "定期便の上限数", applies: "variation" },
  { key: "coupon_disabled", header: "クーポン利用不可", applies: "product" },
  { key: "disable_wrapping", header: "ラッピング不可", applies: "product" },
  { key: "excluded_coupons", header: "使えないクーポンコード", applies: "product" },
  { key: "delivery_icon", header: "配送アイコン", applies: "both" },
  { key: "delivery_icon_type", header: "配送アイコンの種類", applies: "product" },
  { key: "delivery_icon_text", header: "配送アイコンの文言", applies: "product" },
  { key: "v_title", header: "バリエーションの見出し", applies: "product" },
] as const satisfies readonly CatalogueColumn[];

export type CatalogueColumnKey = (typeof CATALOGUE_CSV_COLUMNS)[number]["key"];

export const CATALOGUE_COLUMN_KEYS: readonly CatalogueColumnKey[] = CATALOGUE_CSV_COLUMNS.map((column) => column.key);

export function columnHeader(key: CatalogueColumnKey): string {
  return CATALOGUE_CSV_COLUMNS.find((column) => column.key === key)!.header;
}

export const CATALOGUE_IMPORT_MESSAGES = {
  noFile: "取り込むCSVファイルを選んでください。",
  tooLarge: `ファイルが大きすぎます（${CATALOGUE_IMPORT_LIMITS.maxBytes / 1024 / 1024}MBまで）。ファイルを分けてから取り込んでください。`,
  tooManyRows: `一度に取り込めるのは${CATALOGUE_IMPORT_LIMITS.maxRows.toLocaleString("ja-JP")}行までです。ファイルを分けてから取り込んでください。`,
  notText:
    "CSVファイルとして読み取れませんでした。表計算ソフトで「CSV UTF-8（コンマ区切り）」または「CSV（コンマ区切り）」（Shift_JIS）を選んで保存したファイルを選んでください。",
  empty: "ファイルに取り込む行がありません。",
  noHeader: "1行目に見出し（「SKU」「商品名」など、書き出したCSVと同じ列名）がありません。書き出したCSVの1行目をそのまま残してください。",
  duplicateColumn: (header: string) => `見出し「${header}」が2回あります。どちらか1列にしてください。`,
  skuMissing: "SKUがありません。",
  skuFormat: "SKUは半角の英数字と「-」「_」で、64文字までにしてください。",
  duplicateSku: (line: number) => `同じSKUが${line}行目にもあります。1つのSKUは1行にしてください。`,
  variationCell: "バリエーションの行には書けない列です。商品の行に書いてください。",
  productCell: "商品の行には書けない列です（バリエーションの行にだけ書けます）。",
  parentMissing: "親SKUの商品がこのファイルにもショップにもありません。",
  parentNotVariation: "親SKUの商品は「バリエーション」タイプではありません。",
  parentIsVariation: "親SKUにはバリエーションではなく商品のSKUを書いてください。",
  // A merchant's file naming a SKU the shop holds outside its scope: not theirs, without saying whose (another
  // merchant's or the shop's own warehouse product).
  skuNotOwn: "このSKUは自店の商品ではありません（ほかの商品ですでに使われています）。自店の商品のSKUか、新しいSKUを書いてください。",
  parentNotOwn: "親SKUは自店の商品ではありません。自店の「バリエーション」タイプの商品のSKUを書いてください。",
  kindChanged: "このSKUはショップでは別の種類（商品とバリエーション）として登録されています。",
  unchangedParent: "バリエーションの親商品は変えられません。",
  changedSince: "確認の後にこの商品が変更されました。もう一度CSVを取り込んで確認してください。",
  productRefused: "同じ商品の行に取り込めない行があります。",
  alreadyApplied: "この取り込みはすでに反映しました（同じファイルは一度だけ反映されます）。",
  nothingChosen: "反映する行が選ばれていません。",
  notFound: "取り込みが見つかりません。もう一度CSVを選んで取り込んでください。",
  saveFailed: "保存できませんでした。内容を確かめてからもう一度取り込んでください。",
  interrupted: "反映が中断されたため、この行は反映されていません。",
} as const;

/** A record of the file: a product's or a variation's, with the cells of the columns the file has. */
export interface CatalogueCsvRow {
  /** The record's line in the file (the header is line 1). */
  line: number;
  kind: "product" | "variation";
  sku: string;
  /** The product a variation belongs to; null for a product's record. */
  parentSku: string | null;
  /** The cells of the columns the file has (trimmed), except sku and parent_sku. */
  cells: Partial<Record<CatalogueColumnKey, string>>;
}

/** Why a record (or one of its cells) cannot be taken, in the report's words. */
export interface RowProblem {
  /** The column's Japanese header, or null for the record as a whole. */
  column: string | null;
  message: string;
}

export type CatalogueFileRead =
  { ok: true; encoding: JapaneseTextEncoding; columns: CatalogueColumnKey[]; rows: CatalogueCsvRow[] } | { ok: false; error: string };

export function encodingLabel(encoding: string): string {
  return encoding in JAPANESE_TEXT_ENCODING_LABELS ? JAPANESE_TEXT_ENCODING_LABELS[encoding as JapaneseTextEncoding] : encoding;
}

/** Header cells compared without spaces or brackets, full-width folded, lower-cased. */
function folded(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\s()（）]/g, "")
    .toLowerCase();
}

const HEADER_LOOKUP = new Map<string, CatalogueColumnKey>(
  CATALOGUE_CSV_COLUMNS.flatMap((column) => [
    [folded(column.header), column.key],
    [folded(column.key), column.key],
  ]),
);

/** The column each header cell names (null for a column the shop does not know, which is ignored). */
function headerKeys(record: readonly string[]): { keys: (CatalogueColumnKey | null)[] } | { error: string } {
  const keys = record.map((cell) => HEADER_LOOKUP.get(folded(cell)) ?? null);
  const seen = new Set<CatalogueColumnKey>();
  for (const [index, key] of keys.entries()) {
    if (key == null) continue;
    if (seen.has(key)) return { error: CATALOGUE_IMPORT_MESSAGES.duplicateColumn(record[index]!.trim()) };
    seen.add(key);
  }
  return seen.has("sku") ? { keys } : { error: CATALOGUE_IMPORT_MESSAGES.noHeader };
}

/** The file's records (its bytes: UTF-8 with or without the BOM, or Shift_JIS), or why it cannot be read at all. */
export function readCatalogueCsv(bytes: Uint8Array): CatalogueFileRead {
  if (bytes.byteLength > CATALOGUE_IMPORT_LIMITS.maxBytes) return { ok: false, error: CATALOGUE_IMPORT_MESSAGES.tooLarge };
  const decoded = readJapaneseText(bytes);
  if (!decoded) return { ok: false, error: CATALOGUE_IMPORT_MESSAGES.notText };
  const records = parseCsv(decoded.text).filter((record) => record.some((cell) => cell.trim() !== ""));
  if (records.length === 0) return { ok: false, error: CATALOGUE_IMPORT_MESSAGES.empty };
  const header = headerKeys(records[0]!);
  if ("error" in header) return { ok: false, error: header.error };
  const body = records.slice(1);
  if (body.length === 0) return { ok: false, error: CATALOGUE_IMPORT_MESSAGES.empty };
  if (body.length > CATALOGUE_IMPORT_LIMITS.maxRows) return { ok: false, error: CATALOGUE_IMPORT_MESSAGES.tooManyRows };
  const columns = header.keys.filter((key): key is CatalogueColumnKey => key != null);
  const rows = body.map((record, index): CatalogueCsvRow => {
    const cells: Partial<Record<CatalogueColumnKey, string>> = {};
    header.keys.forEach((key, column) => {
      if (key != null) cells[key] = undefusedFormula((record[column] ?? "").trim());
    });
    const { sku = "", parent_sku: parentSku = "", ...rest } = cells;
    return { line: index + 2, kind: parentSku ? "variation" : "product", sku, parentSku: parentSku || null, cells: rest };
  });
  return { ok: true, encoding: decoded.encoding, columns, rows };
}

/**
 * What is wrong with a record on its own (before the shop's data is looked at): its SKU, a SKU written
 * twice in the file, cells a record of its kind cannot have.
 */
export function rowShapeProblems(row: CatalogueCsvRow, firstLineOfSku: number): RowProblem[] {
  const problems: RowProblem[] = [];
  const sku = columnHeader("sku");
  if (!row.sku) problems.push({ column: sku, message: CATALOGUE_IMPORT_MESSAGES.skuMissing });
  else if (!SKU_PATTERN.test(row.sku)) problems.push({ column: sku, message: CATALOGUE_IMPORT_MESSAGES.skuFormat });
  else if (firstLineOfSku !== row.line) problems.push({ column: sku, message: CATALOGUE_IMPORT_MESSAGES.duplicateSku(firstLineOfSku) });
  if (row.parentSku != null && !SKU_PATTERN.test(row.parentSku))
    problems.push({ column: columnHeader("parent_sku"), message: CATALOGUE_IMPORT_MESSAGES.skuFormat });
  for (const column of CATALOGUE_CSV_COLUMNS) {
    const cell = row.cells[column.key as Exclude<CatalogueColumnKey, "sku" | "parent_sku">];
    if (!cell || column.applies === "both") continue;
    if (column.applies !== row.kind) {
      problems.push({
        column: column.header,
        message: row.kind === "variation" ? CATALOGUE_IMPORT_MESSAGES.variationCell : CATALOGUE_IMPORT_MESSAGES.productCell,
      });
    }
  }
  return problems;
}

/** The first line each SKU (product or variation) is written on. */
export function firstLinesOfSkus(rows: readonly CatalogueCsvRow[]): Map<string, number> {
  const first = new Map<string, number>();
  for (const row of rows) if (row.sku && !first.has(row.sku)) first.set(row.sku, row.line);
  return first;
}

// ─── Cell vocabulary ────────────────────────────────────────────────────────────────────────

const YES = ["1", "はい", "yes", "true", "on", "○", "〇", "有", "あり"];
const NO = ["", "0", "いいえ", "no", "false", "off", "×", "無", "なし"];

/** A yes/no cell: true, false, or null when it is neither. The export writes 1 and 0. */
export function flagCell(cell: string): boolean | null {
  const text = folded(cell);
  if (YES.map(folded).includes(text)) return true;
  if (NO.map(folded).includes(text)) return false;
  return null;
}

/** A list cell's slugs ("a|b", spaces and empty items ignored, full-width bars too). */
export function listCell(cell: string): string[] {
  return cell
    .normalize("NFKC")
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter(Boolean);
}

export function listCellOf(values: readonly string[]): string {
  return values.join(LIST_SEPARATOR);
}

/** A choice cell: the value whose label (in any of the label sets) or key it names, null when it names none. */
export function choiceCell<V extends string>(cell: string, ...labelSets: Record<V, string>[]): V | null {
  const text = folded(cell);
  for (const labels of labelSets) {
    for (const [value, label] of Object.entries(labels) as [V, string][]) {
      if (folded(label) === text || folded(value) === text) return value;
    }
  }
  return null;
}

/** A number cell as people type it (full-width digits, thousands separators, a ¥ or 円). */
export function numberCellText(cell: string): string {
  return cell
    .normalize("NFKC")
    .replace(/[,\s¥円]/g, "")
    .trim();
}
