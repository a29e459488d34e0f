/**
 * Comma-separated values as Japanese spreadsheets and carriers' label software read and write them
 * (RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled; CRLF between records).
 * A UTF-8 file for people gets a byte-order mark, without which Excel opens Japanese text as mojibake; the
 * byte encoding of the carriers' files (Shift_JIS) is app/core/text-encoding.ts. Every text field of every
 * file the shop writes — carriers' files too, which staff open in a spreadsheet before uploading — is
 * defused against formulas here, so what a shopper or merchant typed never runs in someone's spreadsheet. Pure.
 */
export const UTF8_BOM = "\uFEFF";

export type CsvValue = string | number | null | undefined;

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** What a spreadsheet starts a formula with (`=`, `+`, `-`, `@`; a tab or CR before one), OWASP's CSV-injection list. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A plain number (-5, +3, 1.5): a spreadsheet reads it as the number it is, never as a formula. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * Text a spreadsheet would run as a formula (`=HYPERLINK(…)`, `@SUM(1)`, `+cmd|' /C calc'!A0`) with an
 * apostrophe in front, so it shows as the text it is; anything else as it is. Every CSV the shop writes
 * passes each text field through here (csvField); defusing twice changes nothing more.
 */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** A cell read back as it was before defuseFormula: "'=1" → "=1"; any other cell as it is. */
export function undefusedFormula(cell: string): string {
  return cell.startsWith("'") && defuseFormula(cell.slice(1)) === cell ? cell.slice(1) : cell;
}

/** One field: empty for null, a number as it is, text defused against formulas, quoted when it must be. */
export function csvField(value: CsvValue): string {
  if (value == null) return "";
  return quoted(typeof value === "number" ? String(value) : defuseFormula(value));
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** Records as CSV text (each ended by CRLF, no BOM): a carrier's import file; encode it as the carrier wants. */
export function csvText(records: readonly (readonly CsvValue[])[]): string {
  return records.map(csvLine).join("");
}

/** A whole UTF-8 CSV document for people (with the BOM) of a header and rows. */
export function utf8Csv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return UTF8_BOM + csvText([header, ...rows]);
}

/**
 * The records of CSV text: quoted fields may hold commas, doubled quotes and line breaks; CRLF, LF and CR
 * all end a record; blank lines are skipped. A quote left open swallows the rest of the text as one field
 * (as spreadsheets read it) rather than failing.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let inQuotes = false;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    if (record.length > 1 || record[0] !== "") records.push(record);
    record = [];
    field = "";
  };
  while (i < text.length) {
    const char = text[i]!;
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') inQuotes = false;
      else field += char;
      i += 1;
      continue;
    }
    if (char === '"' && field === "") inQuotes = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" || char === "\n") {
      endRecord();
      if (char === "\r" && text[i + 1] === "\n") i += 1;
    } else field += char;
    i += 1;
  }
  if (field !== "" || record.length > 0) endRecord();
  return records;
}
