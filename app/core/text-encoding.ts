/**
 * Japanese text files in and out: Shift_JIS (Windows-31J / CP932, as ヤマト B2クラウド and Excel in Japan
 * read and write CSV) and UTF-8 with or without a BOM. Pure: bytes in, text out, and back.
 */
import Encoding from "encoding-japanese";

/** The text as Shift_JIS bytes; a character Shift_JIS lacks (an emoji, ¥ …) becomes "?". */
export function encodeShiftJis(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Encoding.convert(Encoding.stringToCode(text), { to: "SJIS", from: "UNICODE" }));
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The text of an uploaded file: UTF-8 when it starts with the BOM or is valid UTF-8 throughout (plain
 * ASCII included), otherwise Shift_JIS — what a spreadsheet saved as 「CSV（コンマ区切り）」 in Japan writes.
 */
export function decodeJapaneseText(bytes: Uint8Array): string {
  if (UTF8_BOM.every((byte, index) => bytes[index] === byte)) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return Encoding.codeToString(Encoding.convert(bytes, { to: "UNICODE", from: "SJIS" }));
  }
}
