import { describe, expect, it } from "vitest";
import { pickerLabel, productNoticeText } from "~/core/product-notices";

describe("product notices", () => {
  it("ask for a missing pick in the picker's own words", () => {
    expect(pickerLabel("カラー")).toBe("カラーを選択");
    expect(productNoticeText("choose_variation", { variation: "カラー" })).toBe("カラーを選択してください。");
    expect(productNoticeText("choose_choice", { variation: "カラー", choice: "サイズ" })).toBe("サイズを選択してください。");
  });

  it("fall back to the generic wording without a picker name", () => {
    expect(pickerLabel(null)).toBe("タイプを選択");
    expect(productNoticeText("choose_variation")).toBe("タイプを選択してください。");
    expect(productNoticeText("added", { variation: "カラー" })).toBe("カートに追加しました。");
  });

  it("promise restock news the way the shop sends it (お知らせ), never by e-mail", () => {
    expect(productNoticeText("restock_requested")).toContain("「お知らせ」");
    expect(productNoticeText("restock_requested")).not.toContain("メール");
  });
});
