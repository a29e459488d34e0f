import { describe, expect, it } from "vitest";
import { searchForms, TICKET_SEARCH_MAX_TERMS, ticketSearchTerms } from "~/core/tickets/ticket-search";

describe("ticket search terms", () => {
  it("look for a word in each width and kana script it may have been written in", () => {
    expect(searchForms("ＡＢＣ－１２")).toEqual(expect.arrayContaining(["abc-12", "ａｂｃ－１２", "ＡＢＣ－１２"]));
    expect(searchForms("ﾍﾝﾋﾟﾝ")).toEqual(expect.arrayContaining(["ヘンピン", "へんぴん", "ﾍﾝﾋﾟﾝ"]));
    expect(searchForms("返品")).toEqual(["返品"]);
  });

  it("match 3+ character words through trigrams, any form, quoted; leave shorter ones to instr", () => {
    const [long, short] = ticketSearchTerms("届かない　破損");
    expect(long!.match).toBe('"届かない" OR "届カナイ" OR "届ｶﾅｲ"');
    expect(short).toEqual({ forms: ["破損"], match: null });
    expect(ticketSearchTerms('a"b"c')[0]!.match).toContain('"a""b""c"');
    expect(ticketSearchTerms("  ")).toEqual([]);
    expect(ticketSearchTerms("一 二 三 四 五 六 七 一").length).toBe(TICKET_SEARCH_MAX_TERMS);
  });
});
