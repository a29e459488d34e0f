/**
 * Reading a tracking-number file (issue 16 item 7): rows of (order number or shipment id, tracking number,
 * optional carrier) that mark many shipments shipped at once. Either our simple layout — with a header
 * row naming the columns, or three bare columns — or ヤマト B2クラウド's own export of printed slips, whose
 * お客様管理番号 is the shipment id our B2 file gave it and whose 伝票番号 is the tracking number. Each row
 * is read on its own: a broken row is reported, the others go on. Pure.
 */
import { CARRIERS, type Carrier } from "./carriers";
import { parseCsv } from "../csv";
import { ORDER_NUMBER_PATTERN } from "./order-lookup";

/**
 * At most this much per file. Every row is its own guarded change (two D1 round trips and a mail), and a
 * Worker's request may make only so many D1 calls: 200 rows stay well inside, and a day's parcels of
 * one warehouse or merchant fit; a larger file is split.
 */
export const TRACKING_IMPORT_LIMITS = { maxBytes: 512 * 1024, maxRows: 200 } as const;

export const TRACKING_IMPORT_MESSAGES = {
  noFile: "取り込むCSVファイルを選んでください。",
  tooLarge: `ファイルが大きすぎます（${TRACKING_IMPORT_LIMITS.maxBytes / 1024}KBまで）。ファイルを分けてから取り込んでください。`,
  tooManyRows: `一度に取り込めるのは${TRACKING_IMPORT_LIMITS.maxRows}行までです。ファイルを分けてから取り込んでください。`,
  empty: "ファイルに取り込む行がありません。",
  noColumns:
    "列を読み取れませんでした。1行目に「注文番号」または「配送ID」と「お問い合わせ番号」の見出しを付けるか、見出しなしで「注文番号または配送ID, お問い合わせ番号, 配送業者」の順に並べてください。",
  noReference: "注文番号または配送ID（お客様管理番号）がありません。",
  badReference: "注文番号または配送ID（お客様管理番号）の形式が正しくありません。",
  noTracking: "お問い合わせ番号（伝票番号）がありません。",
  unknownCarrier: "配送業者は「ヤマト運輸」「佐川急便」「日本郵便」のいずれかを書いてください。",
} as const;

export type ShipmentReference = { kind: "shipment"; id: number } | { kind: "order"; number: string };

export interface TrackingImportRow {
  /** The row's line in the file (the header is line 1 when there is one). */
  line: number;
  /** As written, for the report. */
  referenceText: string;
  reference: ShipmentReference | null;
  trackingNumber: string;
  /** ヤマト運輸 when the file names none. */
  carrier: Carrier;
  /** Why the row cannot be applied as written, or null. */
  problem: string | null;
}

export type TrackingFileRead = { ok: true; rows: TrackingImportRow[] } | { ok: false; error: string };

/** Header words for each column (compared without spaces, full-width folded, lower-cased). */
const HEADERS = {
  shipment: ["お客様管理番号", "配送id", "配送番号", "shipmentid", "shipment_id"],
  order: ["注文番号", "ご注文番号", "受注番号", "ordernumber", "order_number"],
  tracking: ["伝票番号", "お問い合わせ番号", "お問合せ番号", "問い合わせ番号", "問合せ番号", "追跡番号", "送り状番号", "trackingnumber", "tracking_number"],
  carrier: ["配送業者", "配送会社", "運送会社", "carrier"],
} as const;

type Column = keyof typeof HEADERS;

/** Names people and B2 write for each carrier. */
const CARRIER_NAMES: Record<Carrier, readonly string[]> = {
  yamato: ["ヤマト運輸", "ヤマト", "クロネコヤマト", "宅急便", "yamato"],
  sagawa: ["佐川急便", "佐川", "sagawa"],
  japanpost: ["日本郵便", "ゆうパック", "ゆうパケット", "郵便", "japanpost"],
};

function folded(text: string): string {
  return text.normalize("NFKC").replace(/\s/g, "").toLowerCase();
}

/** The carrier a cell names (any of CARRIER_NAMES or the key), null for an empty cell, "unknown" otherwise. */
export function carrierFromText(text: string): Carrier | null | "unknown" {
  const cell = folded(text);
  if (cell === "") return null;
  for (const [carrier, names] of Object.entries(CARRIER_NAMES) as [Carrier, readonly string[]][]) {
    if (names.some((name) => folded(name) === cell) || folded(CARRIERS[carrier].label) === cell) return carrier;
  }
  return "unknown";
}

/** A cell naming a shipment: its id ("10", "１０"), or null. */
function shipmentIdOf(text: string): number | null {
  const cell = folded(text);
  return /^\d{1,9}$/.test(cell) && Number(cell) > 0 ? Number(cell) : null;
}

/** What a bare first cell names: an order number (「20261124-482913」) or a shipment id. */
function referenceOf(text: string): ShipmentReference | null {
  const cell = folded(text).replace(/[ー－‐−]/g, "-");
  if (ORDER_NUMBER_PATTERN.test(cell)) return { kind: "order", number: cell };
  const id = shipmentIdOf(cell);
  return id == null ? null : { kind: "shipment", id };
}

/** The columns a header row names, or null when the first row is not a header. */
function headerColumns(record: readonly string[]): Partial<Record<Column, number>> | null {
  const columns: Partial<Record<Column, number>> = {};
  record.forEach((cell, index) => {
    const name = folded(cell);
    for (const column of Object.keys(HEADERS) as Column[]) {
      if (columns[column] === undefined && (HEADERS[column] as readonly string[]).map(folded).includes(name)) columns[column] = index;
    }
  });
  return columns.tracking !== undefined && (columns.shipment !== undefined || columns.order !== undefined) ? columns : null;
}

/** An order-number cell: the number, or null. */
function orderNumberOf(text: string): ShipmentReference | null {
  const reference = referenceOf(text);
  return reference?.kind === "order" ? reference : null;
}

/** What a header-mode row names: its shipment id when it has one, else its order number. */
function headerReference(shipmentText: string, orderText: string): { text: string; reference: ShipmentReference | null } {
  if (shipmentText) {
    const id = shipmentIdOf(shipmentText);
    return { text: shipmentText, reference: id == null ? null : { kind: "shipment", id } };
  }
  return { text: orderText, reference: orderText ? orderNumberOf(orderText) : null };
}

function rowOf(line: number, named: { text: string; reference: ShipmentReference | null }, trackingText: string, carrierText: string): TrackingImportRow {
  const carrier = carrierFromText(carrierText);
  const trackingNumber = trackingText.trim();
  const referenceText = named.text.trim();
  const problem = !referenceText
    ? TRACKING_IMPORT_MESSAGES.noReference
    : named.reference == null
      ? TRACKING_IMPORT_MESSAGES.badReference
      : !trackingNumber
        ? TRACKING_IMPORT_MESSAGES.noTracking
        : carrier === "unknown"
          ? TRACKING_IMPORT_MESSAGES.unknownCarrier
          : null;
  return { line, referenceText, reference: named.reference, trackingNumber, carrier: carrier === "unknown" || carrier == null ? "yamato" : carrier, problem };
}

/** The rows of a tracking file's text (decoded: app/core/text-encoding.ts), or why the file cannot be read. */
export function readTrackingCsv(text: string): TrackingFileRead {
  const records = parseCsv(text).filter((record) => record.some((cell) => cell.trim() !== ""));
  if (records.length === 0) return { ok: false, error: TRACKING_IMPORT_MESSAGES.empty };
  const columns = headerColumns(records[0]!);
  const body = columns ? records.slice(1) : records;
  if (body.length === 0) return { ok: false, error: TRACKING_IMPORT_MESSAGES.empty };
  if (body.length > TRACKING_IMPORT_LIMITS.maxRows) return { ok: false, error: TRACKING_IMPORT_MESSAGES.tooManyRows };
  const offset = columns ? 2 : 1;
  if (!columns) {
    // Without a header the first row must already be data: a header we do not know is not guessed at.
    if (referenceOf(records[0]![0] ?? "") == null) return { ok: false, error: TRACKING_IMPORT_MESSAGES.noColumns };
    return {
      ok: true,
      rows: body.map((record, index) => {
        const text = (record[0] ?? "").trim();
        return rowOf(index + offset, { text, reference: referenceOf(text) }, record[1] ?? "", record[2] ?? "");
      }),
    };
  }
  const cell = (record: readonly string[], column: Column) => {
    const index = columns[column];
    return index === undefined ? "" : (record[index] ?? "").trim();
  };
  return {
    ok: true,
    rows: body.map((record, index) =>
      rowOf(index + offset, headerReference(cell(record, "shipment"), cell(record, "order")), cell(record, "tracking"), cell(record, "carrier")),
    ),
  };
}
