/**
 * The promotion forms' rules (app/core/promotions/promotion-forms.ts, app/core/promotions/coupon-form.ts), as the server and the
 * browser read a posted form: each field's Japanese message, the rows of a coupon, and the period's days.
 */
import { parseWithValibot } from "@conform-to/valibot";
import { describe, expect, it } from "vitest";
import { CouponFormSchema, couponFormValues, usageLimitWarning } from "~/core/promotions/coupon-form";
import { jstDayStart } from "~/core/dates";
import {
  CampaignFormSchema,
  discountValueIssue,
  isPromoLink,
  periodDays,
  periodInstants,
  PointPromoFormSchema,
  PROMOTION_PARSE,
  promotionState,
} from "~/core/promotions/promotion-forms";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const coupon = (fields: Record<string, string>) =>
  parseWithValibot(form({ code: "abc-1", title: "タイトル", titleSimple: "短い", type: "fix", value: "500", ...fields }), {
    schema: CouponFormSchema,
    ...PROMOTION_PARSE,
  });

const errorsOf = (submission: ReturnType<typeof coupon>) => (submission.status === "success" ? {} : (submission.reply().error ?? {}));

describe("discount values", () => {
  it("takes a rate of 1–100 and a fix value of at least 1 yen (0 only with free shipping)", () => {
    expect(discountValueIssue("rate", 1)).toBeNull();
    expect(discountValueIssue("rate", 100)).toBeNull();
    expect(discountValueIssue("rate", 0)).toBe("割引率は1〜100の整数で入力してください");
    expect(discountValueIssue("rate", 101)).toBe("割引率は1〜100の整数で入力してください");
    expect(discountValueIssue("fix", 1)).toBeNull();
    expect(discountValueIssue("fix", 0)).toBe("割引額は1円以上の整数で入力してください");
    expect(discountValueIssue("fix", 0, true)).toBeNull();
  });
});

describe("the coupon form", () => {
  it("reads a full coupon: code in capitals, full-width digits and commas, rows without the empty ones", () => {
    const submission = coupon({
      value: "１,０００",
      freeShipping: "on",
      memberOnly: "on",
      maxUses: "",
      maxUsesPerUser: "1",
      startsOn: "2026/4/1",
      endsOn: "2026-04-30",
      "prices[0].sku": "",
      "prices[0].type": "fix",
      "prices[1].sku": "DEMO-SIMPLE",
      "prices[1].type": "rate",
      "prices[1].value": "15",
      excludedSkus: "A-1\nB-2, A-1、C-3",
      "ranges[0].minAmount": "3000",
      "ranges[0].type": "fix",
      "ranges[0].value": "300",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      code: "ABC-1",
      value: 1000,
      freeShipping: true,
      memberOnly: true,
      alone: false,
      isAuto: false,
      productsDefault: false,
      maxUses: null,
      maxUsesPerUser: 1,
      startsOn: "2026-04-01",
      endsOn: "2026-04-30",
      prices: [{ sku: "DEMO-SIMPLE", type: "rate", value: 15, titleSimple: "", index: 1 }],
      excludedSkus: ["A-1", "B-2", "C-3"],
      ranges: [{ minAmount: 3000, type: "fix", value: 300 }],
    });
  });

  it("says what is wrong with each field and row at once", () => {
    const errors = errorsOf(
      coupon({
        code: "",
        titleSimple: "あ".repeat(31),
        type: "rate",
        value: "0",
        maxUses: "0",
        startsOn: "2026-02-30",
        "prices[0].sku": "A",
        "prices[0].type": "rate",
        "prices[0].value": "101",
        "prices[1].sku": "A",
        "prices[1].value": "5",
        "prices[2].value": "5",
        excludedSkus: "A",
        "ranges[0].minAmount": "0",
        "ranges[0].value": "5",
        "ranges[1].minAmount": "",
        "ranges[1].value": "",
      }),
    );
    expect(errors).toEqual({
      code: ["コードを入力してください"],
      titleSimple: ["短いタイトルは30文字以内で入力してください"],
      value: ["割引率は1〜100の整数で入力してください"],
      maxUses: ["利用上限は1以上の整数で入力してください（空欄は無制限）"],
      startsOn: ["日付は「2026-04-01」の形式で、実在する日付を入力してください"],
      "prices[0].sku": ["除外商品に入っているSKUには個別の割引を設定できません"],
      "prices[0].value": ["割引率は1〜100の整数で入力してください"],
      "prices[1].sku": ["同じSKUが2回入力されています"],
      "prices[2].sku": ["SKUを入力してください"],
      "ranges[0].minAmount": ["適用される金額（〜円以上）を1円以上で入力してください"],
    });
  });

  it("wants ranges in ascending order and a code of letters, digits, - and _", () => {
    expect(
      errorsOf(coupon({ code: "クーポン", "ranges[0].minAmount": "5000", "ranges[0].value": "1", "ranges[1].minAmount": "5000", "ranges[1].value": "2" })),
    ).toEqual({
      code: ["コードは半角英数字・ハイフン・アンダースコアで40文字以内で入力してください"],
      "ranges[1].minAmount": ["金額は上の行より大きい金額を、小さい順に入力してください"],
    });
  });

  it("shows a stored coupon's last day, and its copy without the code", () => {
    const stored = {
      code: "X",
      title: "t",
      titleSimple: "s",
      type: "fix" as const,
      value: 100,
      freeShipping: false,
      alone: false,
      memberOnly: false,
      isAuto: false,
      productsDefault: true,
      minAmount: 0,
      maxUses: null,
      maxUsesPerUser: 2,
      startsAt: jstDayStart("2026-04-01"),
      expiresAt: jstDayStart("2026-05-01"),
      prices: [],
      excludedSkus: ["A", "B"],
      ranges: [],
    };
    expect(couponFormValues(stored)).toMatchObject({
      code: "X",
      startsOn: "2026-04-01",
      endsOn: "2026-04-30",
      maxUses: "",
      maxUsesPerUser: "2",
      excludedSkus: "A\nB",
    });
    expect(couponFormValues(stored, { copy: true }).code).toBe("");
  });

  it("warns when the limit is reached by the uses", () => {
    expect(usageLimitWarning(null, 5)).toBeNull();
    expect(usageLimitWarning(6, 5)).toBeNull();
    expect(usageLimitWarning(5, 5)).toContain("これ以上使えません");
  });
});

describe("periods", () => {
  it("runs from 00:00 JST of the first day to the end of the last day", () => {
    expect(periodInstants({ startsOn: "2026-04-01", endsOn: "2026-04-30" })).toEqual({
      startsAt: new Date("2026-03-31T15:00:00Z"),
      endsAt: new Date("2026-04-30T15:00:00Z"),
    });
    expect(periodInstants({ startsOn: null, endsOn: null })).toEqual({ startsAt: null, endsAt: null });
  });

  it("keeps a stored end set to a time of day (今すぐ終了) while its day is not changed", () => {
    const endedAt = new Date("2026-04-10T06:04:00Z");
    const stored = { startsAt: jstDayStart("2026-04-01"), endsAt: endedAt };
    expect(periodDays(stored.startsAt, stored.endsAt)).toEqual({ startsOn: "2026-04-01", endsOn: "2026-04-10" });
    expect(periodInstants({ startsOn: "2026-04-01", endsOn: "2026-04-10" }, stored).endsAt).toEqual(endedAt);
    expect(periodInstants({ startsOn: "2026-04-01", endsOn: "2026-04-12" }, stored).endsAt).toEqual(new Date("2026-04-12T15:00:00Z"));
  });

  it("tells scheduled, running and ended apart as the cart does (end exclusive)", () => {
    const period = { startsAt: new Date("2026-04-01T00:00:00Z"), endsAt: new Date("2026-04-02T00:00:00Z") };
    expect(promotionState(period, new Date("2026-03-31T23:59:59Z"))).toBe("scheduled");
    expect(promotionState(period, new Date("2026-04-01T00:00:00Z"))).toBe("running");
    expect(promotionState(period, new Date("2026-04-02T00:00:00Z"))).toBe("ended");
  });
});

describe("campaign and point promo forms", () => {
  it("reads a campaign, zero only with free shipping", () => {
    const ok = parseWithValibot(form({ code: "natsu", title: "夏", type: "fix", value: "0", freeShipping: "on" }), {
      schema: CampaignFormSchema,
      ...PROMOTION_PARSE,
    });
    expect(ok.status === "success" && ok.value).toMatchObject({ code: "NATSU", value: 0, freeShipping: true, minAmount: 0, startsOn: null });
  });

  it("defaults the banner colour to #ee6d68 and takes only shop paths or https links", () => {
    const promo = parseWithValibot(form({ title: "2倍", rate: "2", color: "" }), { schema: PointPromoFormSchema, ...PROMOTION_PARSE });
    expect(promo.status === "success" && promo.value).toMatchObject({ color: "#ee6d68", link: "", rate: 2, minAmount: 0 });
    expect(isPromoLink("/category/food")).toBe(true);
    expect(isPromoLink("https://example.jp/campaign")).toBe(true);
    for (const link of ["javascript:alert(1)", "//evil.example", "http://example.jp", "data:text/html,x"]) expect(isPromoLink(link)).toBe(false);
  });
});
