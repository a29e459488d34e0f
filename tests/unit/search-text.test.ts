import { describe, expect, it } from "vitest";
import { collapseSpaces, normaliseSearchText, SEARCH_TEXT_MAX_LENGTH } from "~/core/search/search-text";

describe("normaliseSearchText: a keyword or listing filter text as typed", () => {
  it("cuts text at 100 characters (limit, limit+1)", () => {
    expect(SEARCH_TEXT_MAX_LENGTH).toBe(100);
    expect(normaliseSearchText("あ".repeat(100))).toHaveLength(100);
    expect(normaliseSearchText("あ".repeat(101))).toHaveLength(100);
  });

  it("never splits a character outside the BMP", () => {
    expect(Array.from(normaliseSearchText("𠮷".repeat(101)))).toHaveLength(100);
  });

  it("makes full-width ASCII half-width and half-width kana full-width", () => {
    expect(normaliseSearchText("ＣＡＭＰＡＩＧＮ　２０２６")).toBe("CAMPAIGN 2026");
    expect(normaliseSearchText("  ﾀｵﾙ　　１００ｇ \t ")).toBe("タオル 100g");
  });

  it("turns control and zero-width characters into spaces, then collapses them", () => {
    expect(normaliseSearchText("お\u0000茶\u200b")).toBe("お 茶");
    expect(normaliseSearchText("\u200b\n")).toBe("");
  });

  it("trims what the cut leaves at the end", () => {
    expect(normaliseSearchText(`${"あ".repeat(99)} い`)).toBe("あ".repeat(99));
  });
});

describe("collapseSpaces", () => {
  it("keeps width as typed while collapsing spaces and line breaks", () => {
    expect(collapseSpaces(" 株式会社\r\n ひなた\u2028商店 ")).toBe("株式会社 ひなた 商店");
    expect(collapseSpaces("ＡＢＣ")).toBe("ＡＢＣ");
  });
});
