import { describe, expect, it } from "vitest";
import { addressVersion, describeShipTo } from "~/core/address/address-book";
import type { AddressInput } from "~/core/address/address-form";
import { addressColumns, addressJson, shipColumns } from "~/core/address/address-records";

const typed: AddressInput = {
  title: "自宅",
  lastname: "山田",
  firstname: "花子",
  lastname_jp: "ヤマダ",
  firstname_jp: "ハナコ",
  postal_code: "1000001",
  prefecture: 13,
  city: "千代田区",
  district: "千代田",
  address1: "1-1",
  address2: "皇居ビル 3階",
  phone: "0312345678",
  default: true,
};

describe("address spellings: form fields, columns, an order's copy", () => {
  it("turns form fields into columns, leaving the title and default flag to the address book", () => {
    expect(addressColumns(typed)).toEqual({
      lastname: "山田",
      firstname: "花子",
      lastnameJp: "ヤマダ",
      firstnameJp: "ハナコ",
      postalCode: "1000001",
      prefecture: 13,
      city: "千代田区",
      district: "千代田",
      address1: "1-1",
      address2: "皇居ビル 3階",
      phone: "0312345678",
    });
  });

  it("turns a saved row back into the same form fields (a round trip changes nothing)", () => {
    const row = { id: 7, title: "自宅", isDefault: true, ...addressColumns(typed) };
    // With the version a change of it names (core/address/address-book).
    expect(addressJson(row)).toEqual({ id: 7, ...typed, version: addressVersion(typed) });
  });

  it("writes an order's copy that reads back as the same address", () => {
    const copy = shipColumns(addressColumns(typed));
    expect(copy).toMatchObject({
      shipLastnameJp: "ヤマダ",
      shipPostalCode: "1000001",
      shipPrefecture: 13,
      shipAddress2: "皇居ビル 3階",
      shipPhone: "0312345678",
    });
    expect(describeShipTo(copy)).toEqual({ name: "山田 花子", postal: "〒100-0001", street: "東京都千代田区千代田 1-1 皇居ビル 3階" });
  });
});
