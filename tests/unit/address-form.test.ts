import { describe, expect, it } from "vitest";
import { ADDRESS_FORM_MESSAGES, isPhoneNumber, normalizePhone, validateAddress } from "~/core/address/address-form";
import { describeAddress, withOneDefault } from "~/core/address/address-book";

/** A complete address as a form posts it (strings). */
const FORM: Record<string, string> = {
  title: "自宅",
  lastname: "山田",
  firstname: "花子",
  lastname_jp: "ヤマダ",
  firstname_jp: "ハナコ",
  postal_code: "100-0001",
  prefecture: "13",
  city: "千代田区",
  district: "千代田",
  address1: "1-1",
  address2: "",
  phone: "090-1234-5678",
};

const errorsOf = (fields: Record<string, string | undefined>) => {
  const result = validateAddress(fields);
  return result.valide ? {} : result.errors;
};

describe("AddressSchema", () => {
  it("accepts a complete address and normalises postal code and phone", () => {
    const result = validateAddress(FORM);
    expect(result.valide).toBe(true);
    expect(result.address).toEqual({
      ...FORM,
      postal_code: "1000001",
      prefecture: 13,
      phone: "09012345678",
      default: false,
    });
  });

  it("requires name, reading, postal code, prefecture, city, street number and phone (※必須), not title, district or building", () => {
    const errors = errorsOf({});
    expect(Object.keys(errors).sort()).toEqual(
      ["address1", "city", "firstname", "firstname_jp", "lastname", "lastname_jp", "phone", "postal_code", "prefecture"].sort(),
    );
    expect(errors.postal_code).toEqual([ADDRESS_FORM_MESSAGES.postalCodeRequired]);
    expect(errors.prefecture).toEqual([ADDRESS_FORM_MESSAGES.prefecture]);
    expect(errors.phone).toEqual([ADDRESS_FORM_MESSAGES.phoneRequired]);
    expect(errors.lastname_jp).toEqual(["セイ（カタカナ）を入力してください"]);
  });

  it("treats blank text as missing", () => {
    expect(errorsOf({ ...FORM, lastname: "   ", city: "　" })).toEqual({ lastname: ["姓を入力してください"], city: [ADDRESS_FORM_MESSAGES.city] });
  });

  it("checks the readings are katakana, converting hiragana and half-width kana", () => {
    expect(validateAddress({ ...FORM, lastname_jp: "やまだ", firstname_jp: "ﾊﾅｺ" }).address).toMatchObject({ lastname_jp: "ヤマダ", firstname_jp: "ハナコ" });
    expect(errorsOf({ ...FORM, lastname_jp: "山田" }).lastname_jp).toEqual(["全角カタカナで入力してください"]);
    expect(errorsOf({ ...FORM, firstname_jp: "Hanako" }).firstname_jp).toEqual(["全角カタカナで入力してください"]);
  });

  it("takes the postal code as 7 digits after normalisation", () => {
    expect(validateAddress({ ...FORM, postal_code: "１００ー０００１" }).address?.postal_code).toBe("1000001");
    expect(errorsOf({ ...FORM, postal_code: "100-000" }).postal_code).toEqual([ADDRESS_FORM_MESSAGES.postalCode]);
    expect(errorsOf({ ...FORM, postal_code: "10000011" }).postal_code).toEqual([ADDRESS_FORM_MESSAGES.postalCode]);
  });

  it("takes the prefecture as a number 1–47", () => {
    expect(validateAddress({ ...FORM, prefecture: "1" }).address?.prefecture).toBe(1);
    expect(validateAddress({ ...FORM, prefecture: "47" }).address?.prefecture).toBe(47);
    for (const bad of ["0", "48", "東京都", "1.5", ""]) expect(errorsOf({ ...FORM, prefecture: bad }).prefecture).toEqual([ADDRESS_FORM_MESSAGES.prefecture]);
  });

  it("takes the phone as 10 or 11 half-width digits starting with 0, accepting full-width digits and dashes", () => {
    expect(validateAddress({ ...FORM, phone: "０３ー１２３４ー５６７８" }).address?.phone).toBe("0312345678");
    expect(validateAddress({ ...FORM, phone: "(03) 1234 5678" }).address?.phone).toBe("0312345678");
    expect(validateAddress({ ...FORM, phone: "09012345678" }).address?.phone).toBe("09012345678");
    for (const bad of ["031234567", "090123456789", "9012345678", "03-1234-567a", "+81312345678"]) {
      expect(errorsOf({ ...FORM, phone: bad }).phone).toEqual([ADDRESS_FORM_MESSAGES.phone]);
    }
    expect(normalizePhone("０９０－１２３４－５６７８")).toBe("09012345678");
    expect([isPhoneNumber("0312345678"), isPhoneNumber("09012345678"), isPhoneNumber("031234567")]).toEqual([true, true, false]);
  });

  it("limits lengths with Japanese messages", () => {
    expect(errorsOf({ ...FORM, title: "あ".repeat(21) }).title).toEqual(["お届け先の名称は20文字以内で入力してください"]);
    expect(errorsOf({ ...FORM, address2: "a".repeat(101) }).address2).toEqual(["建物名・部屋番号は100文字以内で入力してください"]);
  });

  it("reads the default checkbox from Conform, plain forms and JSON", () => {
    for (const on of ["on", "1", "true"]) expect(validateAddress({ ...FORM, default: on }).address?.default).toBe(true);
    for (const off of ["0", "false", "", undefined]) expect(validateAddress({ ...FORM, default: off }).address?.default).toBe(false);
  });
});

describe("one default address", () => {
  const a = (id: number, isDefault = false) => ({ id, default: isDefault });

  it("keeps the first marked default and unmarks the others", () => {
    expect(withOneDefault([a(1), a(2, true), a(3, true)]).map((entry) => entry.default)).toEqual([false, true, false]);
  });

  it("makes the first the default when none is marked", () => {
    expect(withOneDefault([a(1), a(2)]).map((entry) => entry.default)).toEqual([true, false]);
    expect(withOneDefault([])).toEqual([]);
  });
});

describe("describeAddress", () => {
  it("shows the postal code with its dash and the address with the prefecture name", () => {
    expect(describeAddress({ postal_code: "1000001", prefecture: 13, city: "千代田区", district: "千代田", address1: "1-1", address2: "皇居ビル" })).toEqual({
      postal: "〒100-0001",
      street: "東京都千代田区千代田 1-1 皇居ビル",
    });
  });
});
