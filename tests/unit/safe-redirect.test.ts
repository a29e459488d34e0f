import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/core/site/safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/cart", "/cart"],
    ["/category/food/DEMO-SIMPLE?x=1#y", "/category/food/DEMO-SIMPLE?x=1#y"],
  ])("keeps same-site path %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each(["//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)", "cart", "", "/\tevil", "/a\\b"])("refuses %s", (input) => {
    expect(safeRedirectPath(input, "/home")).toBe("/home");
  });

  it("falls back for missing values and files", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(new File([], "x"))).toBe("/");
  });
});
