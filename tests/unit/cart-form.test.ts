import { describe, expect, it } from "vitest";
import { asRecordPost, recordFieldName, typedQuantities } from "~/core/cart/cart-form";

/** The cart page's one form without JS, as the browser sends it when row 3's 更新 is pressed. */
function oneFormPost(pressed: [string, string]): FormData {
  const form = new FormData();
  form.append("q[line:3]", "5");
  form.append("w[line:3]", "1");
  form.append("q[line:4]", "2");
  form.append("code", "SPRING10");
  form.append("warehouse_notice", "のし：御祝");
  form.append("vendor_notice[12]", "割れ物注意");
  form.append(...pressed);
  return form;
}

describe("the cart's one form (no JS)", () => {
  it("names a record's controls for it", () => {
    expect(recordFieldName("q", { field: "line", id: 3 })).toBe("q[line:3]");
    expect(recordFieldName("intent", { field: "item", id: 7 })).toBe("intent[item:7]");
  });

  it("reads a row's button as the row's own form, keeping the notes and leaving other rows out", () => {
    const post = asRecordPost(oneFormPost(["intent[line:3]", "quantity"]));
    expect(Object.fromEntries(post.entries())).toEqual({
      intent: "quantity",
      line: "3",
      q: "5",
      w: "1",
      code: "SPRING10",
      warehouse_notice: "のし：御祝",
      "vendor_notice[12]": "割れ物注意",
    });
  });

  it("reads a saved item's button with its item id", () => {
    const form = new FormData();
    form.append("item[item:7]", "7");
    form.append("intent[item:7]", "move_back");
    expect(Object.fromEntries(asRecordPost(form).entries())).toEqual({ intent: "move_back", item: "7" });
  });

  it("leaves a post without a record's button as it is", () => {
    const form = oneFormPost(["intent", "coupon"]);
    expect(asRecordPost(form)).toBe(form);
  });

  it("does not take names that only look like a record's (ids from 1, known records)", () => {
    const form = new FormData();
    form.append("intent[line:0]", "remove");
    form.append("intent[order:3]", "remove");
    expect(asRecordPost(form)).toBe(form);
  });

  it("lists every row's typed quantity for Enter", () => {
    expect(typedQuantities(oneFormPost(["intent", "enter"]))).toEqual([
      { line: 3, typed: "5" },
      { line: 4, typed: "2" },
    ]);
  });
});
