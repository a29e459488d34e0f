/**
 * Staff's customer records (app/core/customers, decision 0056): how one search text is read key by key
 * (kana folded, phone digits, order numbers, e-mail parts), the account's status, the points rules (the
 * staff limit and its boundary, the owner without one, never below zero), the forms' messages and the
 * audit log's wording.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { PointAdjustmentSchema, signedAdjustment, SuspensionSchema, GuestQuerySchema, POINT_ADJUSTMENT_MAX } from "~/core/customers/customer-forms";
import { customerPath, guestCustomerPath } from "~/core/customers/customer-paths";
import {
  addressLabel,
  addressText,
  CUSTOMER_MESSAGES,
  customerStatus,
  pointAdjustmentRefusal,
  pointsChangeSummary,
  pointsText,
} from "~/core/customers/customer-records";
import { customerSearchTerms, PHONE_SEARCH_MIN_DIGITS } from "~/core/customers/customer-search";
import { normaliseSearchText } from "~/core/search/search-text";

/** A search as staff type it, read as the listing reads it first. */
const terms = (typed: string) => customerSearchTerms(normaliseSearchText(typed));

describe("one search text, every key", () => {
  it("reads nothing from an empty search", () => {
    expect(terms("")).toBeNull();
    expect(terms("　 ")).toBeNull();
  });

  it("joins a name typed with a space, as names are stored (姓名)", () => {
    expect(terms("山田　花子")?.name).toBe("山田花子");
  });

  it("folds a reading typed in hiragana, half-width or full-width katakana to katakana", () => {
    expect(terms("やまだ はなこ")?.kana).toBe("ヤマダハナコ");
    expect(terms("ﾔﾏﾀﾞ")?.kana).toBe("ヤマダ");
    expect(terms("ヤマダ")?.kana).toBe("ヤマダ");
  });

  it("reads a phone number's digits however it is written, from four digits on", () => {
    expect(terms("090-1234-5678")?.phoneDigits).toBe("09012345678");
    expect(terms("０９０（１２３４）５６７８")?.phoneDigits).toBe("09012345678");
    expect(terms("090 1234")?.phoneDigits).toBe("0901234");
    expect(terms("1".repeat(PHONE_SEARCH_MIN_DIGITS))?.phoneDigits).toBe("1".repeat(PHONE_SEARCH_MIN_DIGITS));
    expect(terms("1".repeat(PHONE_SEARCH_MIN_DIGITS - 1))?.phoneDigits).toBeNull();
    // Letters beside digits are no phone number (an e-mail, a name).
    expect(terms("hanako0901@example.jp")?.phoneDigits).toBeNull();
    expect(terms("山田")?.phoneDigits).toBeNull();
  });

  it("reads an order number with or without its hyphen", () => {
    expect(terms("20261119-482913")?.orderNumber).toBe("20261119-482913");
    expect(terms("20261119482913")?.orderNumber).toBe("20261119-482913");
    expect(terms("２０２６１１１９－０００８")?.orderNumber).toBe("20261119-0008");
    expect(terms("2026111")?.orderNumber).toBeNull();
    expect(terms("20261119-12")?.orderNumber).toBeNull();
  });

  it("looks for guests by e-mail only with text that could be part of one", () => {
    expect(terms("Guest-Buyer@Example.jp")).toMatchObject({ email: "guest-buyer@example.jp", emailLike: true });
    expect(terms("gue")?.emailLike).toBe(true);
    expect(terms("gu")?.emailLike).toBe(false);
    expect(terms("山田")?.emailLike).toBe(false);
    expect(terms("guest buyer")?.emailLike).toBe(false);
  });
});

describe("the account's status", () => {
  const at = new Date("2026-11-01T00:00:00Z");
  it("is 有効 / 停止中 / 退会済み, a member who left being 退会済み whatever else is set", () => {
    expect(customerStatus({ suspendedAt: null, withdrawnAt: null })).toBe("active");
    expect(customerStatus({ suspendedAt: at, withdrawnAt: null })).toBe("suspended");
    expect(customerStatus({ suspendedAt: at, withdrawnAt: at })).toBe("withdrawn");
    expect(customerStatus({ suspendedAt: null, withdrawnAt: at.toISOString() })).toBe("withdrawn");
  });
});

describe("a points adjustment", () => {
  const facts = { balance: 2400, limit: 5000, isOwner: false };

  it("lets staff move up to the limit at once, either way, and not one point more", () => {
    expect(pointAdjustmentRefusal({ ...facts, balance: 10_000, amount: 5000 })).toBeNull();
    expect(pointAdjustmentRefusal({ ...facts, balance: 10_000, amount: -5000 })).toBeNull();
    expect(pointAdjustmentRefusal({ ...facts, amount: 5001 })).toEqual({ kind: "over_limit", message: CUSTOMER_MESSAGES.overLimit(5000) });
    expect(pointAdjustmentRefusal({ ...facts, balance: 10_000, amount: -5001 })?.kind).toBe("over_limit");
    expect(CUSTOMER_MESSAGES.overLimit(5000)).toBe("スタッフが1回に調整できるのは5,000ポイントまでです。それを超える調整はオーナーにご依頼ください。");
  });

  it("has no limit for the owner", () => {
    expect(pointAdjustmentRefusal({ ...facts, isOwner: true, amount: 50_000 })).toBeNull();
  });

  it("never takes the balance below zero, for anyone (taking all of it is fine)", () => {
    expect(pointAdjustmentRefusal({ ...facts, amount: -2400 })).toBeNull();
    expect(pointAdjustmentRefusal({ ...facts, amount: -2401 })).toEqual({ kind: "below_zero", message: CUSTOMER_MESSAGES.belowZero(2400) });
    expect(pointAdjustmentRefusal({ ...facts, isOwner: true, amount: -2401 })?.kind).toBe("below_zero");
    expect(CUSTOMER_MESSAGES.belowZero(2400)).toBe("保有ポイント（2,400pt）を超えて差し引くことはできません。");
  });

  it("reads its form: a direction, 1 to the maximum points (full-width digits too), a reason on one line", () => {
    const read = v.parse(PointAdjustmentSchema, { direction: "take", points: "１２０", reason: " お詫び\nのポイント " });
    expect(read).toEqual({ direction: "take", points: 120, reason: "お詫び のポイント" });
    expect(signedAdjustment(read)).toBe(-120);
    expect(signedAdjustment({ direction: "add", points: 120 })).toBe(120);
    const messages = (input: Record<string, string>) => {
      const result = v.safeParse(PointAdjustmentSchema, input);
      return result.success ? {} : v.flatten<typeof PointAdjustmentSchema>(result.issues).nested;
    };
    expect(messages({ direction: "add", points: "0", reason: "x" })?.points).toEqual(["ポイントは1〜1,000,000の半角数字で入力してください"]);
    expect(messages({ direction: "add", points: String(POINT_ADJUSTMENT_MAX + 1), reason: "x" })?.points).toHaveLength(1);
    expect(messages({ direction: "add", points: "-5", reason: "x" })?.points).toHaveLength(1);
    expect(messages({ direction: "both", points: "5", reason: "x" })?.direction).toEqual(["付与するか差し引くかを選んでください"]);
    expect(messages({ direction: "add", points: "5", reason: "  " })?.reason).toEqual(["理由を入力してください（お客様のポイント履歴に表示されます）"]);
    expect(messages({ direction: "add", points: "5", reason: "あ".repeat(101) })?.reason).toEqual(["理由は100文字以内で入力してください"]);
  });

  it("is logged as the member's balance before and after", () => {
    expect(pointsText(2400)).toBe("2,400pt");
    expect(pointsChangeSummary(500)).toBe("500ptを付与");
    expect(pointsChangeSummary(-1200)).toBe("1,200ptを差し引き");
  });
});

describe("the other forms", () => {
  it("requires a suspension's reason", () => {
    expect(v.safeParse(SuspensionSchema, { reason: "" }).issues?.[0]?.message).toBe("理由を入力してください");
    expect(v.parse(SuspensionSchema, { reason: " 未払いが続いているため " })).toEqual({ reason: "未払いが続いているため" });
    expect(v.safeParse(SuspensionSchema, { reason: "あ".repeat(201) }).success).toBe(false);
  });

  it("reads the guest page's address lower-cased, and refuses what is not one", () => {
    expect(v.parse(GuestQuerySchema, { email: "Guest-Buyer@Example.JP" })).toEqual({ email: "guest-buyer@example.jp" });
    expect(v.safeParse(GuestQuerySchema, { email: "not an address" }).issues?.[0]?.message).toBe("メールアドレスの形式が正しくありません");
  });

  it("links the pages", () => {
    expect(customerPath(12)).toBe("/crm/customers/12");
    expect(guestCustomerPath("a+b@example.jp")).toBe("/crm/customers/guest?email=a%2Bb%40example.jp");
  });
});

describe("an address in the audit log", () => {
  const address = {
    title: "自宅",
    lastname: "山田",
    firstname: "花子",
    lastnameJp: "ヤマダ",
    firstnameJp: "ハナコ",
    postalCode: "1000001",
    prefecture: 13,
    city: "千代田区",
    district: "千代田",
    address1: "1-1",
    address2: "",
    phone: "09012345678",
  };
  it("reads as one line: title, name and reading, postal code and street, phone", () => {
    expect(addressText(address)).toBe("【自宅】山田 花子（ヤマダ ハナコ） 〒100-0001 東京都千代田区千代田 1-1 電話 09012345678");
    expect(addressText({ ...address, title: "" }).startsWith("山田 花子")).toBe(true);
    expect(addressLabel(address)).toBe("自宅");
    expect(addressLabel({ ...address, title: "" })).toBe("山田 花子");
  });
});
