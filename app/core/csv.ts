/**
 * CSV as Japanese spreadsheets read it (RFC 4180): fields quoted when they hold a comma, quote or line
 * break, lines ended by CRLF, and — for a UTF-8 file — a byte-order mark, without which Excel opens
 * Japanese text as mojibake. Pure.
 */
export const UTF8_BOM = "\uFEFF";

export type CsvValue = string | number | null | undefined;

/** One field: empty for null, quoted (quotes doubled) when it must be. A leading =, +, - or @ is defused so a spreadsheet never runs it as a formula. */
export function csvField(value: CsvValue): string {
  if (value == null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** A whole UTF-8 CSV document (with the BOM) of a header and rows. */
export function utf8Csv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return UTF8_BOM + csvLine(header) + rows.map(csvLine).join("");
}
