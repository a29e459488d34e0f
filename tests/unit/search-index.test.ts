import { describe, expect, it } from "vitest";
import { foldSearchText, inTitle, keywordMatch, plainTextOfHtml, searchDocument, searchGrams } from "~/core/search/search-index";

// The grams token of one character: its code point in 4 base-36 digits.
const token = (char: string) => (char.codePointAt(0) ?? 0).toString(36).padStart(4, "0");

describe("foldSearchText (the one folding rule of the index and the query)", () => {
  it("writes katakana as hiragana, whatever the width", () => {
    expect(foldSearchText("センチャ")).toBe("せんちゃ");
    expect(foldSearchText("ほうじチャ")).toBe("ほうじちゃ");
    expect(foldSearchText("コーヒー")).toBe("こーひー");
    expect(foldSearchText("ﾀｵﾙ ﾀﾞｲﾔ")).toBe("たおる だいや");
  });
  it("makes letters and digits half-width lower case and leaves kanji alone", () => {
    expect(foldSearchText("ＩＨ対応 ＬＥＤ １００％")).toBe("ih対応 led 100%");
    expect(foldSearchText("煎茶")).toBe("煎茶");
  });
});

describe("searchDocument", () => {
  it("indexes the description as the text a reader sees", () => {
    expect(plainTextOfHtml('<p>綿&amp;麻</p><ul><li><a href="https://x.jp/?a=1&amp;b=2">詳しく</a></li></ul>&#x3042;&#12354;&nbsp;')).toBe(
      " 綿&麻   詳しく  ああ ",
    );
    const document = searchDocument({ title: "泉州タオル", catchcopy: "ふんわり", description: "<p>綿<strong>100</strong>%</p>" });
    expect(document.title).toBe("泉州たおる");
    expect(document.body).toBe("ふんわり\n 綿100% ");
    expect(document.body).not.toContain("strong");
  });
  it("writes every character as the pair it starts, or alone at the end of a run", () => {
    expect(searchGrams("お茶 ab")).toBe(`${token("お")}${token("茶")} ${token("茶")} ${token("a")}${token("b")} ${token("b")}`);
  });
});

describe("keywordMatch", () => {
  it("sends words of 3+ characters to the trigram index, and every word to the grams index when one is shorter", () => {
    expect(keywordMatch(["煎茶です", "ﾀｵﾙ"])).toEqual({ trigram: '"煎茶です" AND "たおる"', grams: null });
    // A longer word among short ones is the phrase of its character pairs: the same substring, in one lookup.
    expect(keywordMatch(["ホウジ", "茶", "ＩＨ"])).toEqual({
      trigram: null,
      grams: `"${token("ほ")}${token("う")} ${token("う")}${token("じ")}" AND "${token("茶")}" * AND "${token("i")}${token("h")}"`,
    });
    expect(keywordMatch([])).toEqual({ trigram: null, grams: null });
  });
  it("quotes every word, so no character is query syntax", () => {
    expect(keywordMatch(['a"b OR c*']).trigram).toBe('"a""b or c*"');
  });
  it("limits a match to the title for ranking", () => {
    expect(inTitle(keywordMatch(["たお", "茶"]))).toEqual({ trigram: null, grams: `title : ("${token("た")}${token("お")}" AND "${token("茶")}" *)` });
    expect(inTitle(keywordMatch(["たおる"]))).toEqual({ trigram: 'title : ("たおる")', grams: null });
  });
});
