import { parseWithValibot } from "@conform-to/valibot";
import { describe, expect, it } from "vitest";
import { fieldName, parseProductForm, PRODUCT_FORM_MESSAGES as M, ProductFormSchema, type ProductFormInput } from "~/core/catalogue/product-form";

/** A valid simple product as a script or the CSV import passes it. */
const SIMPLE: ProductFormInput = { sku: "TEST-1", title: "テスト商品", regularPrice: 1200, primaryCategoryId: 1 };

/** A valid variation product with a variable variation. */
const VARIATION: ProductFormInput = {
  ...SIMPLE,
  type: "variation",
  variations: [
    { sku: "TEST-1-RED", title: "赤" },
    { sku: "TEST-1-BLUE", title: "青", type: "variable", choices: [{ sku: "TEST-1-BLUE-S", groupTitle: "サイズ", title: "S" }] },
  ],
};

function errorsOf(input: ProductFormInput): Record<string, string[]> {
  const result = parseProductForm(input);
  return result.ok ? {} : result.errors;
}

function expectOk(input: ProductFormInput) {
  const result = parseProductForm(input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

describe("product form: fields", () => {
  it("reads a minimal simple product with every default", () => {
    const product = expectOk(SIMPLE);
    expect(product).toMatchObject({
      sku: "TEST-1",
      type: "simple",
      taxRate: 10,
      discountPrice: null,
      shippingFrom: "warehouse",
      merchantId: null,
      shippingDays: 1,
      coldshipping: "none",
      period: 1,
      inventory: 0,
      variations: [],
      options: [],
      subscriptionPrices: [],
      deliveryIconType: null,
    });
  });

  it("reads the editor's form the way Conform posts it, full-width digits and commas included", () => {
    const form = new FormData();
    const fields: Record<string, string> = {
      sku: "ＴＥＳＴ－２",
      title: " 湯のみ ",
      type: "variation",
      taxRate: "8",
      regularPrice: "１，２００",
      discountPrice: "",
      primaryCategoryId: "1",
      "variations[0].sku": "TEST-2-A",
      "variations[0].title": "A",
      "variations[0].regularPrice": "",
      subscribe: "on",
      "subscriptionPrices[0].quantity": "1",
      "subscriptionPrices[0].unitPriceExclTax": "1000",
      "options[0].title": "のし",
      "options[0].active": "on",
      "options[0].choices[0].title": "なし",
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("categoryIds", "2");
    form.append("categoryIds", "3");
    const submission = parseWithValibot(form, { schema: ProductFormSchema, disableAutoCoercion: true });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      sku: "TEST-2",
      title: "湯のみ",
      taxRate: 8,
      regularPrice: 1200,
      discountPrice: null,
      categoryIds: [2, 3],
      subscribe: true,
      variationHeading: "タイプ",
      variations: [{ sku: "TEST-2-A", regularPrice: null, type: "normal", status: "published" }],
      options: [{ title: "のし", active: true, required: false, type: "list", choices: [{ title: "なし", fee: 0 }] }],
    });
  });

  it("reads the variation heading once for the product, not per variation", () => {
    expect(expectOk({ ...VARIATION, variationHeading: " カラー " }).variationHeading).toBe("カラー");
    expect(expectOk(VARIATION).variationHeading).toBe("タイプ");
    const perVariation = expectOk({ ...VARIATION, variations: [{ sku: "TEST-1-RED", title: "赤", vTitle: "サイズ" } as never] });
    expect(perVariation.variations[0]).not.toHaveProperty("vTitle");
    expect(errorsOf({ ...VARIATION, variationHeading: "あ".repeat(101) })).toEqual({ variationHeading: [M.variationHeading] });
  });

  it("reads the low-stock threshold: empty is the shop's default (null), else a whole number 0–9999, full-width too", () => {
    expect(expectOk(SIMPLE).lowStockThreshold).toBeNull();
    expect(expectOk({ ...SIMPLE, lowStockThreshold: "" }).lowStockThreshold).toBeNull();
    expect(expectOk({ ...SIMPLE, lowStockThreshold: "０" }).lowStockThreshold).toBe(0);
    expect(expectOk({ ...SIMPLE, lowStockThreshold: "１２" }).lowStockThreshold).toBe(12);
    expect(expectOk({ ...SIMPLE, lowStockThreshold: "9,999" }).lowStockThreshold).toBe(9999);
    for (const wrong of ["10000", "-1", "2.5", "すこし"])
      expect(errorsOf({ ...SIMPLE, lowStockThreshold: wrong })).toEqual({ lowStockThreshold: [M.lowStockThreshold] });
    expect(M.lowStockThreshold).toBe("在庫わずかの目安は0〜9,999の数字で入力してください（ショップの標準にする場合は空欄）");
  });

  it("answers each wrong field with its own Japanese message at its name", () => {
    const errors = errorsOf({
      sku: "",
      title: "x".repeat(201),
      type: "bundle",
      taxRate: 5,
      regularPrice: 0,
      discountPrice: "abc",
      primaryCategoryId: "",
      shippingDays: 0,
      coldshipping: "frozen",
      period: 13,
      inventory: -1,
      preorderLimit: 51,
      preorderShipDate: "2026-02-30",
      excludedCouponCodes: "OK1, ダメ",
      subscribe: "maybe",
    });
    expect(errors).toEqual({
      sku: [M.skuRequired],
      title: [M.title],
      type: [M.type],
      taxRate: [M.taxRate],
      regularPrice: [M.regularPrice],
      discountPrice: [M.discountPrice],
      primaryCategoryId: [M.primaryCategory],
      shippingDays: [M.shippingDays],
      coldshipping: [M.coldshipping],
      period: [M.period],
      inventory: [M.inventory],
      preorderLimit: [M.preorderLimit],
      preorderShipDate: [M.preorderShipDate],
      excludedCouponCodes: [M.excludedCoupons],
      subscribe: [M.flag],
    });
  });

  it("takes prices as positive whole yen only", () => {
    for (const price of [1.5, -100, "1e3", "12.0", 10_000_000])
      expect(errorsOf({ ...SIMPLE, regularPrice: price })).toEqual({ regularPrice: [M.regularPrice] });
    expect(expectOk({ ...SIMPLE, regularPrice: "9999999" }).regularPrice).toBe(9_999_999);
  });

  it("refuses an SKU with spaces or Japanese text", () => {
    expect(errorsOf({ ...SIMPLE, sku: "ABC 1" })).toEqual({ sku: [M.sku] });
    expect(errorsOf({ ...SIMPLE, sku: "商品1" })).toEqual({ sku: [M.sku] });
    expect(errorsOf({ ...SIMPLE, sku: "-ABC" })).toEqual({ sku: [M.sku] });
  });

  it("names nested fields the way Conform does", () => {
    expect(fieldName(["variations", 0, "choices", 1, "sku"])).toBe("variations[0].choices[1].sku");
    const errors = errorsOf({ ...VARIATION, variations: [{ sku: "", title: "" }] });
    expect(errors).toEqual({ "variations[0].sku": [M.skuRequired], "variations[0].title": [M.variationTitleRequired] });
  });

  it("keeps each id once and never lists the primary category among the others", () => {
    const product = expectOk({ ...SIMPLE, categoryIds: ["1", "2", "2", "3"], featureIds: [4, 4] });
    expect(product.categoryIds).toEqual([2, 3]);
    expect(product.featureIds).toEqual([4]);
    expect(errorsOf({ ...SIMPLE, categoryIds: ["x"] })).toEqual({ categoryIds: [M.categories] });
  });

  it("reads excluded coupon codes typed one per line or with commas", () => {
    expect(expectOk({ ...SIMPLE, excludedCouponCodes: "SUMMER10\nWELCOME、SUMMER10" }).excludedCouponCodes).toEqual(["SUMMER10", "WELCOME"]);
  });

  it("limits the rows of each repeated group", () => {
    const tiers = Array.from({ length: 7 }, (_, index) => ({ quantity: Math.min(index + 1, 6), unitPriceExclTax: 100 }));
    expect(errorsOf({ ...SIMPLE, subscribe: true, subscriptionPrices: tiers })).toEqual({ subscriptionPrices: [M.tiersMax] });
  });

  it("refuses a row id that is not a record id, and rows that are not rows", () => {
    expect(errorsOf({ ...VARIATION, variations: [{ id: "abc", sku: "V-1", title: "赤" }] })["variations[0].id"]).toBeDefined();
    expect(errorsOf({ ...SIMPLE, variations: "text" as never }).variations).toBeDefined();
  });
});

describe("product form: rules across fields", () => {
  it("keeps the sale price below the regular price", () => {
    expect(errorsOf({ ...SIMPLE, discountPrice: 1200 })).toEqual({ discountPrice: [M.discountNotBelowRegular] });
    expect(errorsOf({ ...SIMPLE, discountPrice: 1300 })).toEqual({ discountPrice: [M.discountNotBelowRegular] });
    expect(expectOk({ ...SIMPLE, discountPrice: 1199 }).discountPrice).toBe(1199);
  });

  it("keeps the reference price at or above the regular price", () => {
    expect(errorsOf({ ...SIMPLE, originalPrice: 1000 })).toEqual({ originalPrice: [M.originalBelowRegular] });
    expect(expectOk({ ...SIMPLE, originalPrice: 1200 }).originalPrice).toBe(1200);
  });

  it("gives a variation product at least one variation, and only a variation product any", () => {
    expect(errorsOf({ ...SIMPLE, type: "variation" })).toEqual({ variations: [M.variationsRequired] });
    expect(errorsOf({ ...VARIATION, type: "set" })).toEqual({ variations: [M.variationsNotAllowed] });
    expect(expectOk(VARIATION).variations).toHaveLength(2);
  });

  it("gives a variation product no stock of its own: its stock is typed per variation", () => {
    expect(errorsOf({ ...VARIATION, inventory: 30 })).toEqual({ inventory: [M.variationProductStock] });
    expect(errorsOf({ ...VARIATION, inventoryPreorderMax: "1" })).toEqual({ inventoryPreorderMax: [M.variationProductStock] });
    expect(M.variationProductStock).toBe("バリエーション商品の在庫は、バリエーションごとに入力してください（商品の在庫はその合計になります）");
    expect(expectOk({ ...VARIATION, inventory: "" }).inventory).toBe(0);
    expect(expectOk({ ...SIMPLE, inventory: 30 }).inventory).toBe(30);
  });

  it("keeps every SKU of the form unique: product, variations and choices", () => {
    const errors = errorsOf({
      ...VARIATION,
      variations: [
        { sku: "TEST-1", title: "赤" },
        { sku: "TEST-1-X", title: "青", type: "variable", choices: [{ sku: "TEST-1-X", groupTitle: "サイズ", title: "S" }] },
        {
          sku: "TEST-1-Y",
          title: "緑",
          type: "variable",
          choices: [
            { sku: "TEST-1-Y-S", groupTitle: "サイズ", title: "S" },
            { sku: "TEST-1-Y-S", groupTitle: "サイズ", title: "M" },
          ],
        },
      ],
    });
    expect(errors).toEqual({
      "variations[0].sku": [M.skuDuplicate],
      "variations[1].choices[0].sku": [M.skuDuplicate],
      "variations[2].choices[1].sku": [M.skuDuplicate],
    });
  });

  it("gives a variable variation choices and a normal one none", () => {
    expect(errorsOf({ ...VARIATION, variations: [{ sku: "V-1", title: "赤", type: "variable" }] })).toEqual({ "variations[0].choices": [M.choicesRequired] });
    expect(errorsOf({ ...VARIATION, variations: [{ sku: "V-1", title: "赤", choices: [{ sku: "V-1-S", groupTitle: "サイズ", title: "S" }] }] })).toEqual({
      "variations[0].choices": [M.choicesNotAllowed],
    });
  });

  it("keeps a variation's sale price below its own regular price, or the product's", () => {
    expect(errorsOf({ ...VARIATION, variations: [{ sku: "V-1", title: "赤", discountPrice: 1200 }] })).toEqual({
      "variations[0].discountPrice": [M.variationDiscountNotBelowRegular],
    });
    expect(errorsOf({ ...VARIATION, variations: [{ sku: "V-1", title: "赤", regularPrice: 800, discountPrice: 900 }] })).toEqual({
      "variations[0].discountPrice": [M.variationDiscountNotBelowRegular],
    });
    expect(expectOk({ ...VARIATION, variations: [{ sku: "V-1", title: "赤", regularPrice: 2000, discountPrice: 1500 }] }).variations[0]?.discountPrice).toBe(
      1500,
    );
  });

  it("never lets a choice's price difference take the price to 0 yen or below", () => {
    const variation = (priceDiff: number) => ({
      sku: "V-1",
      title: "赤",
      type: "variable",
      discountPrice: 1000,
      choices: [{ sku: "V-1-S", groupTitle: "サイズ", title: "S", priceDiff }],
    });
    expect(errorsOf({ ...VARIATION, variations: [variation(-1000)] })).toEqual({ "variations[0].choices[0].priceDiff": [M.choicePriceNotPositive] });
    expect(expectOk({ ...VARIATION, variations: [variation(-999)] }).variations[0]?.choices[0]?.priceDiff).toBe(-999);
    expect(
      expectOk({ ...VARIATION, variations: [{ ...variation(0), choices: [{ sku: "V-1-M", groupTitle: "サイズ", title: "M", priceDiff: "－２００" }] }] })
        .variations[0]?.choices[0]?.priceDiff,
    ).toBe(-200);
  });

  it("needs the subscription on for 定期便のみ", () => {
    expect(errorsOf({ ...SIMPLE, subscribeOnly: true })).toEqual({ subscribeOnly: [M.subscribeOnlyWithoutSubscribe] });
    expect(expectOk({ ...SIMPLE, subscribe: true, subscribeOnly: true }).subscribeOnly).toBe(true);
  });

  it("never lets a larger subscription quantity cost more per item, and takes each quantity once", () => {
    const tiers = (...prices: [number, number][]) => prices.map(([quantity, unitPriceExclTax]) => ({ quantity, unitPriceExclTax }));
    expect(expectOk({ ...SIMPLE, subscribe: true, subscriptionPrices: tiers([3, 900], [1, 1000], [2, 1000]) }).subscriptionPrices).toEqual(
      tiers([1, 1000], [2, 1000], [3, 900]),
    );
    expect(errorsOf({ ...SIMPLE, subscribe: true, subscriptionPrices: tiers([1, 1000], [2, 1100]) })).toEqual({
      "subscriptionPrices[1].unitPriceExclTax": [M.tierIncreasing],
    });
    expect(errorsOf({ ...SIMPLE, subscribe: true, subscriptionPrices: tiers([6, 1100], [1, 1000]) })).toEqual({
      "subscriptionPrices[0].unitPriceExclTax": [M.tierIncreasing],
    });
    expect(errorsOf({ ...SIMPLE, subscribe: true, subscriptionPrices: tiers([1, 1000], [1, 900]) })).toEqual({
      "subscriptionPrices[1].quantity": [M.tierDuplicate],
    });
    expect(errorsOf({ ...SIMPLE, subscribe: true, subscriptionPrices: tiers([7, 1000]) })).toEqual({ "subscriptionPrices[0].quantity": [M.tierQuantity] });
  });

  it("needs the merchant of a product the merchant ships", () => {
    expect(errorsOf({ ...SIMPLE, shippingFrom: "merchant" })).toEqual({ merchantId: [M.merchantRequired] });
    expect(expectOk({ ...SIMPLE, shippingFrom: "merchant", merchantId: "3" }).merchantId).toBe(3);
  });

  it("refuses cold shipping for a download", () => {
    expect(errorsOf({ ...SIMPLE, isDigital: "on", coldshipping: "required" })).toEqual({ coldshipping: [M.digitalCold] });
    expect(expectOk({ ...SIMPLE, isDigital: "on" }).isDigital).toBe(true);
  });

  it("refuses excluded coupons on a product that takes no coupon at all", () => {
    expect(errorsOf({ ...SIMPLE, couponDisabled: true, excludedCouponCodes: ["SUMMER10"] })).toEqual({ excludedCouponCodes: [M.excludedWhileDisabled] });
  });

  it("needs the text of a delivery icon, and forgets the icon's type and text without an icon", () => {
    expect(errorsOf({ ...SIMPLE, deliveryIcon: "truck" })).toEqual({ deliveryIconText: [M.deliveryIconTextRequired] });
    expect(errorsOf({ ...SIMPLE, deliveryIcon: "rocket" })).toEqual({ deliveryIcon: [M.deliveryIcon] });
    expect(expectOk({ ...SIMPLE, deliveryIcon: "truck", deliveryIconType: "new", deliveryIconText: "新入荷" })).toMatchObject({
      deliveryIconType: "new",
      deliveryIconText: "新入荷",
    });
    expect(expectOk({ ...SIMPLE, deliveryIconType: "new", deliveryIconText: "新入荷" })).toMatchObject({
      deliveryIcon: null,
      deliveryIconType: null,
      deliveryIconText: null,
    });
  });

  it("needs at least one choice in each option", () => {
    expect(errorsOf({ ...SIMPLE, options: [{ title: "のし" }] })).toEqual({ "options[0].choices": [M.optionChoicesRequired] });
    expect(errorsOf({ ...SIMPLE, options: [{ title: "のし", choices: [{ title: "あり", fee: -1 }] }] })).toEqual({
      "options[0].choices[0].fee": [M.optionFee],
    });
  });
});
