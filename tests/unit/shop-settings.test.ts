import { describe, expect, it } from "vitest";
import { ShopSettingsCache } from "~/core/settings/settings-cache";
import { DEFAULT_SHOP_SETTINGS, readShopSettings, type ShopSettings } from "~/core/settings/shop-settings";
import { settingChanges } from "~/core/settings/shop-settings-history";

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

describe("ShopSettingsCache", () => {
  const later = (settings: ShopSettings, shopName: string) => ({ ...settings, shopName });

  it("reads once per lifetime, shares one read, and reads again after it", async () => {
    const cache = new ShopSettingsCache(1000);
    let reads = 0;
    const load = async () => later(DEFAULT_SHOP_SETTINGS, `read ${++reads}`);
    const [first, second] = await Promise.all([cache.read(0, load), cache.read(10, load)]);
    expect([first.shopName, second.shopName, reads]).toEqual(["read 1", "read 1", 1]);
    expect((await cache.read(999, load)).shopName).toBe("read 1");
    expect((await cache.read(1000, load)).shopName).toBe("read 2");
  });

  it("is in force at once after a save in the isolate, and forgets a failed read", async () => {
    const cache = new ShopSettingsCache(1000);
    await cache.read(0, async () => DEFAULT_SHOP_SETTINGS);
    cache.remember(later(DEFAULT_SHOP_SETTINGS, "saved"), 5);
    expect((await cache.read(6, async () => DEFAULT_SHOP_SETTINGS)).shopName).toBe("saved");
    const failing = new ShopSettingsCache(1000);
    await expect(failing.read(0, () => Promise.reject(new Error("D1 down")))).rejects.toThrow("D1 down");
    expect((await failing.read(1, async () => later(DEFAULT_SHOP_SETTINGS, "after"))).shopName).toBe("after");
  });
});

describe("settingChanges", () => {
  it("names each changed setting as the form does, before → after, and nothing unchanged", () => {
    const after: ShopSettings = {
      ...DEFAULT_SHOP_SETTINGS,
      phone: "03-1111-2222",
      bank: { ...DEFAULT_SHOP_SETTINGS.bank, accountNumber: "7654321" },
      alerts: { ...DEFAULT_SHOP_SETTINGS.alerts, lowStock: ["a@example.jp", "b@example.jp"] },
    };
    expect(settingChanges(DEFAULT_SHOP_SETTINGS, after)).toEqual([
      { label: "電話番号", before: DEFAULT_SHOP_SETTINGS.phone, after: "03-1111-2222" },
      { label: "口座番号", before: DEFAULT_SHOP_SETTINGS.bank.accountNumber, after: "7654321" },
      { label: "通知先：在庫わずか・在庫切れ", before: "（なし）", after: "a@example.jp、b@example.jp" },
    ]);
    expect(settingChanges(after, after)).toEqual([]);
  });
});
