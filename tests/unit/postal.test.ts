import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  ADDRESS_MESSAGES,
  EMPTY_POSTAL_RESULT,
  formatPostalCode,
  isPostalCode,
  isPostalPrefix,
  isPrefectureId,
  normalizePostalCode,
  normalizePostalInput,
  POSTAL_INPUT_MAX_LENGTH,
  POSTAL_LOOKUP_MIN_LENGTH,
  POSTAL_PREFIX_LENGTH,
  postalCodeToLookUp,
  postalPrefix,
  PREFECTURES,
  prefectureName,
  SHIPPING_RECHECK_DELAY_MS,
} from "~/core/address/postal";
import { lookUpPostalCode, parsePostalPrefixData } from "~/core/address/postal-data";
import { ShippingAddressSchema } from "~/core/address/postal-schema";

describe("postal codes (spec §5)", () => {
  it("turns full-width digits half-width and drops dashes, spaces and other characters", () => {
    expect(normalizePostalCode("１５０－０００２")).toBe("1500002");
    expect(normalizePostalCode("150ー0002")).toBe("1500002");
    expect(normalizePostalCode(" 〒150-0002 ")).toBe("1500002");
  });

  it("accepts exactly 7 digits", () => {
    expect(isPostalCode("1500002")).toBe(true);
    expect(isPostalCode("150000")).toBe(false);
    expect(isPostalCode("15000021")).toBe(false);
    expect(isPostalCode("")).toBe(false);
  });
});

describe("prefectures (spec §9)", () => {
  it("indexes the 47 prefectures 1 (北海道) to 47 (沖縄県)", () => {
    expect(PREFECTURES).toHaveLength(47);
    expect(PREFECTURES[0]).toBe("北海道");
    expect(PREFECTURES[12]).toBe("東京都");
    expect(PREFECTURES[46]).toBe("沖縄県");
    expect([0, 1, 47, 48, 1.5].map(isPrefectureId)).toEqual([false, true, true, false, false]);
  });
});

describe("ShippingAddressSchema", () => {
  it("reads a postal code and a prefecture number", () => {
    expect(v.parse(ShippingAddressSchema, { postal_code: "９００-０００１", prefecture: " 47 " })).toEqual({ postal_code: "9000001", prefecture: 47 });
  });

  it("answers the Japanese messages for bad input", () => {
    const result = v.safeParse(ShippingAddressSchema, { postal_code: "123", prefecture: "48" });
    expect(result.success).toBe(false);
    expect(v.flatten<typeof ShippingAddressSchema>(result.issues!).nested).toEqual({
      postal_code: [ADDRESS_MESSAGES.postalCode],
      prefecture: [ADDRESS_MESSAGES.prefecture],
    });
  });
});

describe("the postal-code input (spec §5: normalise, max length 8)", () => {
  it("turns full-width digits half-width and removes every dash, space and other character (issue 34 item 26)", () => {
    expect(normalizePostalInput("１５０ー０００２")).toBe("1500002");
    expect(normalizePostalInput("１００－０００１")).toBe("1000001");
    expect(normalizePostalInput("100‐0001")).toBe("1000001");
    expect(normalizePostalInput("100−0001")).toBe("1000001");
    expect(normalizePostalInput("100-0001")).toBe("1000001");
    expect(normalizePostalInput(" 100 0001　")).toBe("1000001");
    expect(normalizePostalInput("〒100-0001")).toBe("1000001");
    expect(normalizePostalInput("abc")).toBe("");
  });

  it("keeps at most 8 characters", () => {
    expect(POSTAL_INPUT_MAX_LENGTH).toBe(8);
    expect(normalizePostalInput("100-00012")).toBe("10000012");
    expect(normalizePostalInput("123456789")).toBe("12345678");
  });
});

describe("when a lookup fires (spec §5: at ≥ 7 characters, only with exactly 7 digits)", () => {
  it("does not look up below 7 characters", () => {
    expect(postalCodeToLookUp("100000")).toBeNull(); // 6 digits
    expect(postalCodeToLookUp("100-000")).toBeNull(); // 7 characters, 6 digits
    expect(postalCodeToLookUp("")).toBeNull();
  });

  it("looks up 7 digits, with or without a dash, half- or full-width", () => {
    expect(postalCodeToLookUp("1000001")).toBe("1000001"); // 7 characters
    expect(postalCodeToLookUp("100-0001")).toBe("1000001"); // 8 characters
    expect(postalCodeToLookUp("１００ー０００１")).toBe("1000001");
    expect(postalCodeToLookUp("１０００００１")).toBe("1000001");
  });

  it("answers nothing for 8 digits", () => {
    expect(postalCodeToLookUp("10000011")).toBeNull();
  });

  it("extracts the 3-digit prefix of the data file", () => {
    expect(POSTAL_PREFIX_LENGTH).toBe(3);
    expect(postalPrefix("1000001")).toBe("100");
    expect(postalPrefix("0600001")).toBe("060");
    expect(["100", "060", "10", "1000", "1a0", "１００", ""].map(isPostalPrefix)).toEqual([true, true, false, false, false, false, false]);
  });

  it("rechecks the shipping fee 500 ms after a change", () => {
    expect(SHIPPING_RECHECK_DELAY_MS).toBe(500);
    expect(POSTAL_LOOKUP_MIN_LENGTH).toBe(7);
  });
});

describe("reading a YubinBango prefix file", () => {
  const FILE = '{"1000001":[13,"千代田区","千代田",""],"1006051":[13,"千代田区","霞が関","３－２－５霞が関ビル２３階"]}';

  it("answers the lookup result of spec §3 for a known code", () => {
    const data = parsePostalPrefixData(FILE, "100");
    expect(lookUpPostalCode(data, "1000001")).toEqual({ region_id: 13, region: "東京都", locality: "千代田区", street: "千代田", extended: "" });
    expect(lookUpPostalCode(data, "1006051").extended).toBe("３－２－５霞が関ビル２３階");
  });

  it("answers the empty address for an unknown code, a bad code or no data", () => {
    const data = parsePostalPrefixData(FILE, "100");
    expect(lookUpPostalCode(data, "1009999")).toEqual(EMPTY_POSTAL_RESULT);
    expect(lookUpPostalCode(data, "100001")).toEqual(EMPTY_POSTAL_RESULT);
    expect(lookUpPostalCode({}, "1000001")).toEqual(EMPTY_POSTAL_RESULT);
    expect(lookUpPostalCode(null, "1000001")).toEqual(EMPTY_POSTAL_RESULT);
    expect(EMPTY_POSTAL_RESULT.region_id).toBeNull();
  });

  it("does not take inherited keys for codes", () => {
    expect(lookUpPostalCode({}, "constructor")).toEqual(EMPTY_POSTAL_RESULT);
  });

  it("refuses anything that is not prefix data of that prefix", () => {
    expect(parsePostalPrefixData("{}", "999")).toEqual({});
    expect(parsePostalPrefixData(FILE, "101")).toBeNull(); // codes of another prefix
    expect(parsePostalPrefixData("<html>502</html>", "100")).toBeNull();
    expect(parsePostalPrefixData("[]", "100")).toBeNull();
    expect(parsePostalPrefixData('{"1000001":[48,"x","y",""]}', "100")).toBeNull(); // region 48
    expect(parsePostalPrefixData('{"1000001":[13,"千代田区","千代田"]}', "100")).toBeNull();
    expect(parsePostalPrefixData('{"100001":[13,"千代田区","千代田",""]}', "100")).toBeNull();
  });

  it("names prefectures and formats codes for display", () => {
    expect(prefectureName(13)).toBe("東京都");
    expect(prefectureName(0)).toBe("");
    expect(prefectureName(null)).toBe("");
    expect(formatPostalCode("1000001")).toBe("100-0001");
    expect(formatPostalCode("123")).toBe("123");
  });
});
