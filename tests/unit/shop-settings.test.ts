import { describe, expect, it } from "vitest";
import { DEFAULT_SHOP_SETTINGS, readShopSettings } from "~/core/settings/shop-settings";

describe("readShopSettings", () => {
  it("gives the defaults when nothing was saved or the row is not JSON", () => {
    expect(readShopSettings(null)).toEqual(DEFAULT_SHOP_SETTINGS);
    expect(readShopSettings("{not json")).toEqual(DEFAULT_SHOP_SETTINGS);
  });

  it("keeps what a version holds and fills what an older version lacks from the defaults", () => {
    const read = readShopSettings(JSON.stringify({ shopName: "新しい店", bankTransferDays: 5, alerts: { newTicket: ["a@example.jp"] } }));
    expect(read.shopName).toBe("新しい店");
    expect(read.bankTransferDays).toBe(5);
    expect(read.alerts.newTicket).toEqual(["a@example.jp"]);
    expect(read.alerts.digestHour).toBe(DEFAULT_SHOP_SETTINGS.alerts.digestHour);
    expect(read.bank).toEqual(DEFAULT_SHOP_SETTINGS.bank);
  });

  it("takes the default for a malformed field instead of failing", () => {
    const read = readShopSettings(JSON.stringify({ bankTransferDays: -3, lowStockDefault: "x", alerts: { digestHour: 30 } }));
    expect(read.bankTransferDays).toBe(DEFAULT_SHOP_SETTINGS.bankTransferDays);
    expect(read.lowStockDefault).toBe(DEFAULT_SHOP_SETTINGS.lowStockDefault);
    expect(read.alerts.digestHour).toBe(DEFAULT_SHOP_SETTINGS.alerts.digestHour);
  });
});
