import { describe, expect, it } from "vitest";
import { isGiftLine, isGiftOrder, packingSlip, type SlipLineRow, type SlipParcelRow } from "~/core/orders/packing-slip";
import { merchantSenderGaps, parcelSender, senderFallbackNotice, splitBuilding, type MerchantSenderFacts } from "~/core/orders/parcel-sender";
import { DEFAULT_SHOP_SETTINGS, sellerFacts } from "~/core/settings/shop-settings";

const SELLER = sellerFacts(DEFAULT_SHOP_SETTINGS);

const MERCHANT: MerchantSenderFacts = {
  name: "十勝しあわせ牧場",
  legalName: "有限会社十勝しあわせ牧場",
  postalCode: "0800341",
  address: "北海道河東郡音更町字音更西2線15番地 牧場事務所",
  phone: "0155-62-9012",
};

function line(overrides: Partial<SlipLineRow> = {}): SlipLineRow {
  return {
    shipmentId: 1,
    sku: "FOOD-CHEESE",
    title: "チーズ",
    choiceLabel: "",
    optionsLabel: "",
    quantity: 2,
    unitPrice: 1200,
    total: 2400,
    wrapping: false,
    cancelled: false,
    ...overrides,
  };
}

function parcel(overrides: Partial<SlipParcelRow> = {}): SlipParcelRow {
  return {
    shipmentId: 1,
    status: "preparing",
    orderNumber: "20260501-0001",
    orderedAt: "2026-05-01T03:00:00.000Z",
    recipient: {
      lastname: "山田",
      firstname: "花子",
      postalCode: "1500041",
      prefecture: 13,
      city: "渋谷区",
      district: "神南",
      address1: "1-2-3",
      address2: "",
      phone: "0312345678",
    },
    ordererName: null,
    merchant: null,
    orderLines: [line()],
    ...overrides,
  };
}

describe("isGiftLine / isGiftOrder", () => {
  it("wrapping or a のし option with a choice is a gift; 「なし」「不要」 and other options are not", () => {
    expect(isGiftLine({ wrapping: true, optionsLabel: "" })).toBe(true);
    expect(isGiftLine({ wrapping: false, optionsLabel: "のし：御祝" })).toBe(true);
    expect(isGiftLine({ wrapping: false, optionsLabel: "名入れ：なし / 熨斗：内祝" })).toBe(true);
    expect(isGiftLine({ wrapping: false, optionsLabel: "のし：なし" })).toBe(false);
    expect(isGiftLine({ wrapping: false, optionsLabel: "のし：不要" })).toBe(false);
    expect(isGiftLine({ wrapping: false, optionsLabel: "名入れ：あり" })).toBe(false);
    expect(isGiftLine({ wrapping: false, optionsLabel: "" })).toBe(false);
  });

  it("a cancelled gift line no longer makes the order a gift", () => {
    expect(isGiftOrder([line(), line({ wrapping: true })])).toBe(true);
    expect(isGiftOrder([line(), line({ wrapping: true, cancelled: true })])).toBe(false);
  });
});

describe("parcelSender", () => {
  it("the shop for the warehouse's parcel, its address split at the building", () => {
    expect(parcelSender(null, SELLER)).toEqual({
      name: SELLER.shopName,
      shopName: null,
      postalCode: "150-0041",
      address: "東京都渋谷区神南0-0-0",
      building: "ひなたビル5階",
      phone: SELLER.phone,
      fallback: [],
    });
  });

  it("the merchant's legal name, address and phone for its parcel", () => {
    expect(parcelSender(MERCHANT, SELLER)).toEqual({
      name: "有限会社十勝しあわせ牧場",
      shopName: "十勝しあわせ牧場",
      postalCode: "080-0341",
      address: "北海道河東郡音更町字音更西2線15番地",
      building: "牧場事務所",
      phone: "0155-62-9012",
      fallback: [],
    });
  });

  it("the shop's address and phone, part by part, where the merchant has none; its shop name without a legal one", () => {
    const bare = { ...MERCHANT, legalName: " ", postalCode: "", phone: "" };
    expect(parcelSender(bare, SELLER)).toEqual({
      name: "十勝しあわせ牧場",
      shopName: null,
      postalCode: "150-0041",
      address: "東京都渋谷区神南0-0-0",
      building: "ひなたビル5階",
      phone: SELLER.phone,
      fallback: ["address", "phone"],
    });
    expect(parcelSender({ ...MERCHANT, phone: "" }, SELLER)).toMatchObject({ postalCode: "080-0341", phone: SELLER.phone, fallback: ["phone"] });
  });

  it("says what falls back, or nothing", () => {
    expect(merchantSenderGaps(MERCHANT)).toEqual([]);
    expect(senderFallbackNotice([])).toBeNull();
    expect(merchantSenderGaps({ postalCode: "0800341", address: "", phone: "1" })).toEqual(["address"]);
    expect(senderFallbackNotice(["address", "phone"])).toContain("郵便番号・所在地と電話番号が未登録のため");
  });

  it("splits an address at its first space (full-width too)", () => {
    expect(splitBuilding("東京都千代田区1-1\u3000丸ビル 3階")).toEqual({ address: "東京都千代田区1-1", building: "丸ビル 3階" });
    expect(splitBuilding("北海道音更町")).toEqual({ address: "北海道音更町", building: "" });
  });
});

describe("packingSlip", () => {
  it("the parcel's own lines, still ordered, with prices and their total", () => {
    const slip = packingSlip(
      parcel({
        orderLines: [
          line(),
          line({ sku: "GONE", cancelled: true }),
          line({ sku: "OTHER-PARCEL", shipmentId: 2 }),
          line({ sku: "MUG", choiceLabel: "白", optionsLabel: "名入れ：あり", quantity: 1, unitPrice: 500, total: 500 }),
        ],
      }),
      SELLER,
    )!;
    expect(slip.items.map((item) => [item.sku, item.variation, item.options, item.quantity, item.unitPrice, item.total])).toEqual([
      ["FOOD-CHEESE", "", "", 2, 1200, 2400],
      ["MUG", "白", "名入れ：あり", 1, 500, 500],
    ]);
    expect(slip.subtotal).toBe(2900);
    expect(slip.recipient).toEqual({ name: "山田 花子", postal: "〒150-0041", street: "東京都渋谷区神南 1-2-3", phone: "0312345678" });
    expect(slip.orderedOn).toBe("2026年5月1日");
  });

  it("no price at all on a gift order's slip, even when the gift is in another parcel", () => {
    const slip = packingSlip(parcel({ orderLines: [line(), line({ shipmentId: 2, wrapping: true })] }), SELLER)!;
    expect(slip.gift).toBe(true);
    expect(slip.subtotal).toBeNull();
    expect(slip.items.every((item) => item.unitPrice === null && item.total === null)).toBe(true);
  });

  it("the orderer only when it is not the recipient", () => {
    expect(packingSlip(parcel({ ordererName: "山田 花子" }), SELLER)!.orderer).toBeNull();
    expect(packingSlip(parcel({ ordererName: "山田\u3000花子" }), SELLER)!.orderer).toBeNull();
    expect(packingSlip(parcel({ ordererName: "佐藤 一郎" }), SELLER)!.orderer).toBe("佐藤 一郎");
  });

  it("no slip for a cancelled parcel, or one whose lines were all cancelled", () => {
    expect(packingSlip(parcel({ status: "cancelled" }), SELLER)).toBeNull();
    expect(packingSlip(parcel({ orderLines: [line({ cancelled: true })] }), SELLER)).toBeNull();
  });

  it("the merchant sends its parcel; the shop is who to ask", () => {
    const slip = packingSlip(parcel({ merchant: MERCHANT }), SELLER)!;
    expect(slip.sender.name).toBe("有限会社十勝しあわせ牧場");
    expect(slip.contact).toContain(SELLER.phone);
  });
});
