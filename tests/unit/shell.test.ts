import { describe, expect, it } from "vitest";
import { EMPTY_SHELL, recounted } from "~/core/shell";

describe("the header's cart count", () => {
  const shell = { ...EMPTY_SHELL, cartQuantity: 7 };

  it("is the one the cart page priced (rows cut to the stock left)", () => {
    expect(recounted(shell, { cartQuantity: 5 })).toEqual({ ...shell, cartQuantity: 5 });
  });

  it("is the header's own on any other page", () => {
    expect(recounted(shell, undefined)).toBe(shell);
  });
});
