/**
 * Builds the nationwide postal-code prefix files the shop serves at /postal/{prefix}.json (and, cached
 * in KV, at /api/postal/{prefix}) from the npm package jquery-jpostal-ja (MIT; Japan Post's KEN_ALL and
 * JIGYOSYO data, one JSONP file per 3-digit prefix). Offline, a few seconds, idempotent:
 *   node --import tsx scripts/build-postal-data.ts [--force]
 *
 * Output: public/postal/{prefix}.json in YubinBango format, keyed by the full 7 digits:
 *   {"1000001":[13,"千代田区","千代田",""]}   [region number 1–47, locality, street, extended]
 * `extended` is the block/building part Japan Post gives for a business's own code ("３－２－５霞が関ビル…").
 * The package also has 3-digit fallback rows ("_100") and an info row: they are not postal codes and are
 * left out. A code listed for several towns keeps what the rows share (see mergePostalRows).
 *
 * public/postal/ is generated (gitignored). A stamp file records the package version and the format
 * version; when both match, the script does nothing, so `prebuild` and setup can call it every time.
 * Files are written to a temporary directory and swapped in, so a reader never sees half a dataset.
 */
import { createRequire } from "node:module";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PREFECTURES } from "../app/core/address/postal";
import { type PostalEntry } from "../app/core/address/postal-data";

/** Bump when the output format or the merge rules change, so existing files are rebuilt. */
const FORMAT_VERSION = 1;
const PACKAGE = "jquery-jpostal-ja";
const OUTPUT_DIR = path.resolve(import.meta.dirname, "../public/postal");
const STAMP_FILE = ".stamp.json";

/** One row of the package: [_code, prefecture, city, town, block, business name, and three kana readings]. */
type JpostalRow = [string, string, string, string, string, string, ...string[]];

const REGION_BY_NAME = new Map<string, number>(PREFECTURES.map((name, index) => [name, index + 1]));

/** The package's files are JSONP: `jQuery_jpostal_callback([...]);`. */
export function parseJpostalFile(text: string): JpostalRow[] {
  const start = text.indexOf("(");
  const end = text.lastIndexOf(")");
  if (start < 0 || end <= start) throw new Error("not a jpostal JSONP file");
  const rows: unknown = JSON.parse(text.slice(start + 1, end));
  if (!Array.isArray(rows)) throw new Error("jpostal file without a list of rows");
  return rows.filter((row): row is JpostalRow => Array.isArray(row) && row.length >= 6 && row.every((cell) => typeof cell === "string"));
}

/** The longest start all texts share (["土崎港相染町", "土崎港古川町"] → "土崎港"). */
export function commonPrefix(texts: string[]): string {
  if (texts.length === 0) return "";
  let prefix = texts[0] ?? "";
  for (const text of texts.slice(1)) {
    let length = 0;
    while (length < prefix.length && length < text.length && prefix[length] === text[length]) length += 1;
    prefix = prefix.slice(0, length);
  }
  return prefix;
}

/**
 * Rows of one 7-digit code → one entry. Most codes have one row. A code shared by several towns
 * (秋田市 土崎港相染町 / 土崎港古川町) or cities keeps only what all rows agree on (the common start), so the
 * form is never filled with a wrong town: the shopper completes the rest. Rows of another prefecture
 * than the first are ignored (none exist in the data; a guard, not a rule).
 */
export function mergePostalRows(rows: JpostalRow[]): PostalEntry | null {
  const first = rows[0];
  if (!first) return null;
  const region = REGION_BY_NAME.get(first[1]);
  if (region == null) return null;
  const same = rows.filter((row) => row[1] === first[1]);
  return [region, commonPrefix(same.map((row) => row[2])), commonPrefix(same.map((row) => row[3])), commonPrefix(same.map((row) => row[4]))];
}

/** All rows of one package file → the YubinBango map of that prefix (codes in ascending order). */
export function toPrefixData(rows: JpostalRow[]): Record<string, PostalEntry> {
  const byCode = new Map<string, JpostalRow[]>();
  for (const row of rows) {
    const code = row[0].slice(1);
    if (!/^\d{7}$/.test(code)) continue; // "_100" fallbacks and "_000info"
    const list = byCode.get(code);
    if (list) list.push(row);
    else byCode.set(code, [row]);
  }
  const data: Record<string, PostalEntry> = {};
  for (const code of [...byCode.keys()].sort()) {
    const entry = mergePostalRows(byCode.get(code) ?? []);
    if (entry) data[code] = entry;
  }
  return data;
}

interface Stamp {
  package: string;
  version: string;
  format: number;
}

function packageDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve(`${PACKAGE}/package.json`));
}

function readStamp(): Stamp | null {
  try {
    return JSON.parse(readFileSync(path.join(OUTPUT_DIR, STAMP_FILE), "utf8")) as Stamp;
  } catch {
    return null;
  }
}

export interface BuildResult {
  skipped: boolean;
  files: number;
  codes: number;
  bytes: number;
  ms: number;
}

export function buildPostalData({ force = false }: { force?: boolean } = {}): BuildResult {
  const started = Date.now();
  const dir = packageDir();
  const version = (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
  const wanted: Stamp = { package: PACKAGE, version, format: FORMAT_VERSION };
  const stamp = readStamp();
  if (!force && stamp && stamp.version === wanted.version && stamp.format === wanted.format) {
    return { skipped: true, files: 0, codes: 0, bytes: 0, ms: Date.now() - started };
  }

  const sourceDir = path.join(dir, "json");
  const temp = `${OUTPUT_DIR}.tmp-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  let files = 0;
  let codes = 0;
  let bytes = 0;
  for (const file of readdirSync(sourceDir).sort()) {
    const match = /^(\d{3})\.json$/.exec(file);
    if (!match) continue;
    const data = toPrefixData(parseJpostalFile(readFileSync(path.join(sourceDir, file), "utf8")));
    const count = Object.keys(data).length;
    if (count === 0) continue; // e.g. 000: no postal codes; the endpoint answers {} for it
    const text = JSON.stringify(data);
    writeFileSync(path.join(temp, `${match[1]}.json`), text);
    files += 1;
    codes += count;
    bytes += Buffer.byteLength(text);
  }
  if (codes < 100_000) throw new Error(`${PACKAGE} gave only ${codes} postal codes: the package looks incomplete`);
  writeFileSync(path.join(temp, STAMP_FILE), `${JSON.stringify(wanted)}\n`);

  // Swap the new directory in; the old one (if any) is removed afterwards. Two builds at once (setup and
  // a test run) may race here: whichever lands second finds a finished dataset and drops its own copy.
  const old = `${OUTPUT_DIR}.old-${process.pid}`;
  try {
    if (existsSync(OUTPUT_DIR)) renameSync(OUTPUT_DIR, old);
  } catch {
    // another build moved it first
  }
  try {
    renameSync(temp, OUTPUT_DIR);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    if (!postalDataExists()) throw error;
  }
  rmSync(old, { recursive: true, force: true });
  return { skipped: false, files, codes, bytes, ms: Date.now() - started };
}

/** True when public/postal/ holds a finished build (setup.ts builds it when missing). */
export function postalDataExists(): boolean {
  return existsSync(path.join(OUTPUT_DIR, STAMP_FILE));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = buildPostalData({ force: process.argv.includes("--force") });
  if (result.skipped) {
    console.log(`public/postal is up to date (${PACKAGE}).`);
  } else {
    const mb = (result.bytes / 1024 / 1024).toFixed(1);
    console.log(`Built public/postal: ${result.codes} postal codes in ${result.files} prefix files (${mb} MB) in ${result.ms} ms.`);
  }
}
