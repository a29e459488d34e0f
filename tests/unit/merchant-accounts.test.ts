/**
 * The merchant form's schema (app/core/merchant/merchant-accounts.ts): what staff may type and what it is stored as,
 * the Japanese message of each mistake, the login form, and how a merchant's 特商法 details read on a
 * product page; a suspended merchant's item prices as unavailable and its cart row says why.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { lineUnavailableReason, UNAVAILABLE_LABELS } from "~/core/cart/cart";
import { MERCHANT_MESSAGES, MerchantLoginSchema, MerchantSchema } from "~/core/merchant/merchant-accounts";
import { merchantDisclosureRows, merchantShippingLine } from "~/core/merchant/merchant-disclosure";
import { purchasability } from "~/core/catalogue/pricing";

const VALID = {
  name: " 安曇野はちみつ工房 ",
  slug: "Azumino-Honey",
  contactName: "蜂谷 守",
  contactEmail: "Hachiya@Azumino.example.jp",
  contactPhone: "０２６３（８２）７８９０",
  legalName: "安曇野はちみつ工房（蜂谷 守）",
  representative: "蜂谷 守",
  postalCode: "〒３９９ー８２０５",
  address: "長野県安曇野市豊科高家678-9",
  phone: "0263-82-7890",
  email: "info@azumino.example.jp",
  shippingFee: "７７０円",
  freeShippingThreshold: "¥5,400",
  status: "active",
};

const errorsOf = (input: Record<string, unknown>) => {
  const result = v.safeParse(MerchantSchema, input);
  return result.success ? {} : v.flatten(result.issues).nested;
};

describe("MerchantSchema", () => {
  it("stores what staff type in one form: trimmed, lower-case slug and e-mails, digits of postal code and phones, yen as numbers", () => {
    expect(v.parse(MerchantSchema, VALID)).toEqual({
      name: "安曇野はちみつ工房",
      slug: "azumino-honey",
      description: "",
      contactName: "蜂谷 守",
      contactEmail: "hachiya@azumino.example.jp",
      contactPhone: "0263827890",
      legalName: "安曇野はちみつ工房（蜂谷 守）",
      representative: "蜂谷 守",
      postalCode: "3998205",
      address: "長野県安曇野市豊科高家678-9",
      phone: "0263827890",
      email: "info@azumino.example.jp",
      shippingFee: 770,
      freeShippingThreshold: 5400,
      status: "active",
    });
  });

  it("reads an empty free-shipping amount as never free, and 0 yen shipping as free shipping always", () => {
    expect(v.parse(MerchantSchema, { ...VALID, freeShippingThreshold: undefined, shippingFee: "0" })).toMatchObject({
      freeShippingThreshold: null,
      shippingFee: 0,
    });
  });

  it("answers each mistake with the field's Japanese message", () => {
    expect(
      errorsOf({
        ...VALID,
        name: "  ",
        slug: "-bad",
        postalCode: "123-456",
        phone: "12345",
        email: "info@",
        shippingFee: "-100",
        freeShippingThreshold: "0",
        status: "closed",
      }),
    ).toEqual({
      name: [MERCHANT_MESSAGES.name],
      slug: [MERCHANT_MESSAGES.slug],
      postalCode: [MERCHANT_MESSAGES.postalCode],
      phone: [MERCHANT_MESSAGES.phone],
      email: ["メールアドレスの形式が正しくありません"],
      shippingFee: [MERCHANT_MESSAGES.shippingFee],
      freeShippingThreshold: [MERCHANT_MESSAGES.freeShippingThreshold],
      status: [MERCHANT_MESSAGES.status],
    });
    expect(errorsOf({ status: "active" })).toMatchObject({
      legalName: [MERCHANT_MESSAGES.legalName],
      representative: [MERCHANT_MESSAGES.representative],
      postalCode: [MERCHANT_MESSAGES.postalCodeRequired],
      address: [MERCHANT_MESSAGES.address],
      phone: [MERCHANT_MESSAGES.phoneRequired],
      email: [MERCHANT_MESSAGES.email],
    });
    expect(errorsOf({ ...VALID, address: "あ".repeat(151) })).toEqual({ address: ["所在地は150文字以内で入力してください"] });
  });

  it("refuses a fee that is a typo and a slug with double or trailing hyphens", () => {
    expect(errorsOf({ ...VALID, shippingFee: "1000000" })).toEqual({ shippingFee: ["送料は100,000円以下で入力してください"] });
    for (const slug of ["a--b", "ab-", "a", "日本語"]) expect(errorsOf({ ...VALID, slug }), slug).toEqual({ slug: [MERCHANT_MESSAGES.slug] });
  });
});

describe("MerchantLoginSchema", () => {
  it("takes an e-mail and a name, each with its message", () => {
    expect(v.parse(MerchantLoginSchema, { email: " New@Example.JP ", lastname: "蜂谷", firstname: "花子" })).toEqual({
      email: "new@example.jp",
      lastname: "蜂谷",
      firstname: "花子",
    });
    const result = v.safeParse(MerchantLoginSchema, {});
    expect(result.success ? {} : v.flatten(result.issues).nested).toEqual({
      email: ["メールアドレスを入力してください"],
      lastname: ["姓を入力してください"],
      firstname: ["名を入力してください"],
    });
  });
});

describe("what shoppers read", () => {
  const merchant = {
    name: "安曇野はちみつ工房",
    legalName: "安曇野はちみつ工房（蜂谷 守）",
    representative: "蜂谷 守",
    postalCode: "3998205",
    address: "長野県安曇野市豊科高家678-9",
    phone: "0263827890",
    email: "",
  };

  it("names the merchant and its legal name on the shipping notice, and lists the filled 特商法 details", () => {
    expect(merchantShippingLine(merchant)).toBe("この商品は出店者の安曇野はちみつ工房（安曇野はちみつ工房（蜂谷 守））から直送します。");
    expect(merchantShippingLine({ name: "丸山製茶", legalName: "丸山製茶" })).toBe("この商品は出店者の丸山製茶から直送します。");
    expect(merchantDisclosureRows(merchant)).toEqual([
      { label: "事業者名", value: "安曇野はちみつ工房（蜂谷 守）" },
      { label: "代表者", value: "蜂谷 守" },
      { label: "所在地", value: "〒399-8205 長野県安曇野市豊科高家678-9" },
      { label: "電話番号", value: "0263827890" },
    ]);
  });

  it("prices a suspended merchant's item as unavailable, and its cart row says why", () => {
    const facts = {
      status: "published" as const,
      inventory: 10,
      inventoryPreorderMax: 0,
      preorderLimit: 0,
      disablePreorder: false,
      shippingDays: 1,
      requested: false,
    };
    expect(purchasability(facts)).toBe("in_stock");
    expect(purchasability({ ...facts, sellerSuspended: true })).toBe("unavailable");
    const line = { status: "published" as const, isPreorder: false, inventory: 10, inventoryPreorderMax: 0 };
    expect(lineUnavailableReason(line)).toBeNull();
    expect(lineUnavailableReason({ ...line, sellerSuspended: true })).toBe("seller_suspended");
    expect(UNAVAILABLE_LABELS.seller_suspended).toBe("購入できません（出店者の販売停止中）");
  });
});
