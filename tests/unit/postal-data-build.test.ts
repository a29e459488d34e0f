/** The conversion of jquery-jpostal-ja rows into YubinBango prefix data (scripts/build-postal-data.ts). */
import { describe, expect, it } from "vitest";
import { commonPrefix, mergePostalRows, parseJpostalFile, toPrefixData } from "../../scripts/build-postal-data";

type Row = [string, string, string, string, string, string];
const row = (code: string, prefecture: string, city: string, town: string, block = "", name = ""): Row => [`_${code}`, prefecture, city, town, block, name];

describe("parseJpostalFile", () => {
  it("reads the package's JSONP files", () => {
    const text = 'jQuery_jpostal_callback(\n[["_1000001","東京都","千代田区","千代田","","","ﾄｳｷｮｳﾄ","ﾁﾖﾀﾞｸ","ﾁﾖﾀﾞ"]]\n);\n';
    expect(parseJpostalFile(text)).toHaveLength(1);
    expect(() => parseJpostalFile("garbage")).toThrow();
  });
});

describe("toPrefixData", () => {
  it("keys entries by the 7 digits as [region number, locality, street, extended]", () => {
    expect(
      toPrefixData([
        row("100", "東京都", "千代田区", ""), // a 3-digit fallback row, not a postal code
        row("1000001", "東京都", "千代田区", "千代田"),
        row("1006051", "東京都", "千代田区", "霞が関", "３－２－５霞が関ビル２３階", "株式会社"),
      ]),
    ).toEqual({
      "1000001": [13, "千代田区", "千代田", ""],
      "1006051": [13, "千代田区", "霞が関", "３－２－５霞が関ビル２３階"],
    });
  });

  it("maps prefecture names to 1–47", () => {
    expect(toPrefixData([row("0600001", "北海道", "札幌市中央区", "北一条西")])["0600001"]?.[0]).toBe(1);
    expect(toPrefixData([row("9000001", "沖縄県", "那覇市", "港町")])["9000001"]?.[0]).toBe(47);
  });
});

describe("a code listed for several towns", () => {
  it("keeps only what the rows share, never a wrong town", () => {
    expect(mergePostalRows([row("0110951", "秋田県", "秋田市", "土崎港相染町"), row("0110951", "秋田県", "秋田市", "土崎港古川町")])).toEqual([
      5,
      "秋田市",
      "土崎港",
      "",
    ]);
    expect(mergePostalRows([row("0040000", "北海道", "札幌市厚別区", ""), row("0040000", "北海道", "札幌市清田区", "")])).toEqual([1, "札幌市", "", ""]);
  });

  it("drops rows of an unknown prefecture", () => {
    expect(mergePostalRows([row("0000000", "", "", "")])).toBeNull();
    expect(commonPrefix([])).toBe("");
  });
});
