/**
 * Comma-separated values as Japanese spreadsheets and carriers' label software read and write them
 * (RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled; CRLF between records).
 * A UTF-8 file for people gets a byte-order mark, without which Excel opens Japanese text as mojibake; the
 * byte encoding of the carriers' files (Shift_JIS) is app/core/text-encoding.ts. Pure.
 */
export const UTF8_BOM = "\uFEFF";

export type CsvValue = string | number | null | undefined;

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One field of a file people open in a spreadsheet: empty for null, quoted when it must be, and a leading
 * =, +, - or @ defused so a spreadsheet never runs it as a formula.
 */
export function csvField(value: CsvValue): string {
  if (value == null) return "";
  const text = String(value);
  return quoted(typeof value === "string" && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** A whole UTF-8 CSV document (with the BOM) of a header and rows. */
export function utf8Csv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return UTF8_BOM + csvLine(header) + rows.map(csvLine).join("");
}

/** Records for a machine (a carrier's import) as CSV text: values kept exactly as they are, each record ended by CRLF. */
export function formatCsv(records: readonly (readonly string[])[]): string {
  return records.map((record) => `${record.map(quoted).join(",")}\r\n`).join("");
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
