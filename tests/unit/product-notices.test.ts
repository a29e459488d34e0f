import { describe, expect, it } from "vitest";
import { chooseText, pickerLabel, shownNotice } from "~/core/catalogue/product-notices";

describe("product notices", () => {
  it("ask for a missing pick in the picker's own words", () => {
    expect(pickerLabel("カラー")).toBe("カラーを選択");
    expect(chooseText("カラー")).toBe("カラーを選択してください。");
    expect(shownNotice("choose_variation", { variation: "カラー" })).toEqual({ key: "choose_variation", tone: "error", text: "カラーを選択してください。" });
    expect(shownNotice("choose_choice", { variation: "カラー", choice: "サイズ" }).text).toBe("サイズを選択してください。");
  });

  it("fall back to the generic wording without a picker name", () => {
    expect(pickerLabel(null)).toBe("タイプを選択");
    expect(shownNotice("choose_variation").text).toBe("タイプを選択してください。");
    expect(shownNotice("added", { variation: "カラー" })).toEqual({ key: "added", tone: "success", text: "カートに追加しました。" });
  });

  it("promise restock news the way the shop sends it (お知らせ), never by e-mail", () => {
    expect(shownNotice("restock_requested").text).toContain("「お知らせ」");
    expect(shownNotice("restock_requested").text).not.toContain("メール");
  });
});
