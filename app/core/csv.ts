/**
 * Comma-separated values as Japanese spreadsheets and carriers' label software read and write them
 * (RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled; CRLF between records).
 * Pure text in and out; the byte encoding (Shift_JIS, UTF-8) is app/core/text-encoding.ts.
 */

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The records as CSV text, each ended by CRLF (as Excel and ヤマト B2クラウド expect). */
export function formatCsv(records: readonly (readonly string[])[]): string {
  return records.map((record) => `${record.map(csvField).join(",")}\r\n`).join("");
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
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    if (record.length > 1 || record[0] !== "") records.push(record);
    record = [];
    field = "";
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      i += 1;
      continue;
    }
    if (char === '"' && field === "") quoted = true;
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
