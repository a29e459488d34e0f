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

/** The encodings an uploaded Japanese text file comes in, as the shop names them to people. */
export type JapaneseTextEncoding = "utf-8-bom" | "utf-8" | "shift_jis";

export const JAPANESE_TEXT_ENCODING_LABELS: Record<JapaneseTextEncoding, string> = {
  "utf-8-bom": "UTF-8（BOM付き）",
  "utf-8": "UTF-8",
  shift_jis: "Shift_JIS",
};

/**
 * The text of an uploaded file and the encoding it was read in: UTF-8 when it starts with the BOM or is
 * valid UTF-8 throughout (plain ASCII included), otherwise Shift_JIS when the bytes are valid Shift_JIS —
 * what a spreadsheet saved as 「CSV（コンマ区切り）」 in Japan writes. Null for anything else (UTF-16, a
 * picture, a spreadsheet's own .xlsx): no text encoding a Japanese spreadsheet user produces.
 */
export function readJapaneseText(bytes: Uint8Array): { text: string; encoding: JapaneseTextEncoding } | null {
  // NUL never occurs in either encoding's text: UTF-16 and binary files have it.
  if (bytes.includes(0)) return null;
  if (UTF8_BOM.every((byte, index) => bytes[index] === byte)) {
    try {
      return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(3)), encoding: "utf-8-bom" };
    } catch {
      return null;
    }
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    if (Encoding.detect(bytes, "SJIS") !== "SJIS") return null;
    return { text: Encoding.codeToString(Encoding.convert(bytes, { to: "UNICODE", from: "SJIS" })), encoding: "shift_jis" };
  }
}

/**
 * The text of an uploaded file: UTF-8 when it starts with the BOM or is valid UTF-8 throughout (plain
 * ASCII included), otherwise Shift_JIS — read leniently, for files whose rows are checked one by one.
 */
export function decodeJapaneseText(bytes: Uint8Array): string {
  if (UTF8_BOM.every((byte, index) => bytes[index] === byte)) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return Encoding.codeToString(Encoding.convert(bytes, { to: "UNICODE", from: "SJIS" }));
  }
}
