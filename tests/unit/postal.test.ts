import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ADDRESS_MESSAGES, isPostalCode, isPrefectureId, normalizePostalCode, PREFECTURES, ShippingAddressSchema } from "~/core/postal";

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
