import { describe, expect, it } from "vitest";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { fillTemplate, TEMPLATE_TEXT, templateProblem, templateValues, unknownVariables } from "~/core/tickets/reply-templates";

const customer = { lastname: "山田", firstname: "花子" };

describe("unknownVariables and templateProblem", () => {
  it("names each unknown {{variable}} once, spaces inside the braces ignored", () => {
    expect(unknownVariables("{{お客様名}} {{ 注文番号 }} {{クーポン}} {{クーポン}} {{}}")).toEqual(["クーポン", ""]);
    expect(unknownVariables("波かっこ { だけ } は本文")).toEqual([]);
  });

  it("refuses an empty title or body, and a body with an unknown variable", () => {
    expect(templateProblem("", "本文")).toEqual({ field: "title", error: TEMPLATE_TEXT.titleRequired });
    expect(templateProblem("件名", "")).toEqual({ field: "body", error: TEMPLATE_TEXT.bodyRequired });
    expect(templateProblem("件名", "{{宛名}}様")).toEqual({ field: "body", error: "使えない差し込み項目があります：{{宛名}}" });
    expect(templateProblem("件名", "{{お客様名}}")).toBeNull();
  });
});

describe("templateValues and fillTemplate", () => {
  it("fills the customer with 様, the order, each tracked parcel and its expected days", () => {
    const values = templateValues(
      {
        customer,
        order: {
          number: "20261120-0004",
          parcels: [
            {
              carrierLabel: "ヤマト運輸",
              trackingNumber: "491234567834",
              trackingUrl: "https://example.jp/track?n=1",
              expectedDelivery: { earliest: "2026-11-22", latest: "2026-11-23" },
            },
            { carrierLabel: null, trackingNumber: null, trackingUrl: null, expectedDelivery: null },
          ],
        },
      },
      DEFAULT_SHOP_SETTINGS,
    );
    const text = fillTemplate("{{お客様名}}\n注文：{{注文番号}}\n{{追跡番号}}\n{{ お届け予定日 }}", values);
    expect(text).toBe("山田 花子様\n注文：20261120-0004\nヤマト運輸 491234567834 https://example.jp/track?n=1\n2026年11月22日〜2026年11月23日");
  });

  it("says what a ticket without an order or a parcel lacks instead of leaving it blank", () => {
    const values = templateValues({ customer, order: null }, DEFAULT_SHOP_SETTINGS);
    expect(fillTemplate("{{注文番号}}／{{追跡番号}}／{{お届け予定日}}", values)).toBe(
      "（ご注文の指定なし）／（まだ発送しておりません）／（発送後にお知らせいたします）",
    );
    expect(fillTemplate("{{電話番号}} {{営業時間}}", values)).toMatch(/^0120-123-456 平日 10:00〜17:00（/);
  });

  it("fills the shop's name, phone and hours from the settings given", () => {
    const shop = { ...DEFAULT_SHOP_SETTINGS, shopName: "新しい店", phone: "03-1111-2222", supportHours: "毎日 9:00〜18:00", closedDays: "年末年始" };
    expect(fillTemplate("{{ショップ名}} {{電話番号}} {{営業時間}}", templateValues({ customer, order: null }, shop))).toBe(
      "新しい店 03-1111-2222 毎日 9:00〜18:00（年末年始を除く）",
    );
  });
});
