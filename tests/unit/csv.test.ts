/**
 * The one CSV writer of the shop (app/core/csv.ts): every text field of every file the shop writes is
 * defused against spreadsheet formulas, numbers stay numbers, and a defused cell reads back as typed.
 */
import { describe, expect, it } from "vitest";
import { csvField, csvLine, csvText, defuseFormula, parseCsv, undefusedFormula, utf8Csv, UTF8_BOM } from "~/core/csv";

describe("defusing formula cells", () => {
  it("puts an apostrophe before text a spreadsheet would run: =, +, -, @, a tab or CR first", () => {
    expect(defuseFormula('=HYPERLINK("http://evil","x")')).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(defuseFormula("@SUM(1)")).toBe("'@SUM(1)");
    expect(defuseFormula("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(defuseFormula("-2+3")).toBe("'-2+3");
    expect(defuseFormula("\t=1")).toBe("'\t=1");
    expect(defuseFormula("\r=1")).toBe("'\r=1");
  });

  it("leaves other text and plain numbers written as text alone, and defusing twice changes nothing more", () => {
    for (const text of ["佐藤 一郎", "a=b", "", "'quoted", "-5", "+3", "1.5", "-0.25", "０１２"]) expect(defuseFormula(text)).toBe(text);
    expect(defuseFormula(defuseFormula("=1"))).toBe("'=1");
  });

  it("reads a defused cell back as it was typed, and nothing else", () => {
    for (const text of ["=1", "@SUM(1)", "+cmd|' /C calc'!A0", "-2+3", "\t=1", "佐藤", "'quoted", "-5"])
      expect(undefusedFormula(defuseFormula(text))).toBe(text);
    expect(undefusedFormula("'-5")).toBe("'-5");
  });

  it("writes numbers as numbers, text defused and quoted where it must be", () => {
    expect(csvField(-5)).toBe("-5");
    expect(csvField(0)).toBe("0");
    expect(csvField("-5")).toBe("-5");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvField("=1,2")).toBe(`"'=1,2"`);
    expect(csvLine(["@SUM(1)", -5, "-5", "田中"])).toBe("'@SUM(1),-5,-5,田中\r\n");
  });

  it("defuses the carriers' files (no BOM) and people's files (with the BOM) alike", () => {
    expect(
      csvText([
        ["名前", "数"],
        ["=1+1", 2],
      ]),
    ).toBe("名前,数\r\n'=1+1,2\r\n");
    expect(utf8Csv(["名前"], [["+cmd|' /C calc'!A0"]])).toBe(`${UTF8_BOM}名前\r\n'+cmd|' /C calc'!A0\r\n`);
    expect(parseCsv(csvText([["-1-1", "x"]]))).toEqual([["'-1-1", "x"]]);
  });
});
