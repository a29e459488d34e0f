import { describe, expect, it } from "vitest";
import { EMPTY_SHELL, recountedShell, type ShellHandle } from "~/core/shell";

describe("the header's cart count", () => {
  const shell = { ...EMPTY_SHELL, cartQuantity: 7 };
  const cartPage: ShellHandle = { cartQuantity: (data) => (data as { quantity: number }).quantity };

  it("is the one a page that priced the cart recounted (rows cut to the stock left)", () => {
    expect(
      recountedShell(shell, [
        { handle: undefined, data: {} },
        { handle: cartPage, data: { quantity: 5 } },
      ]),
    ).toEqual({ ...shell, cartQuantity: 5 });
  });

  it("is the header's own on any other page, or when the page has no data", () => {
    expect(recountedShell(shell, [{ handle: { other: true }, data: {} }])).toBe(shell);
    expect(recountedShell(shell, [{ handle: { cartQuantity: () => undefined }, data: undefined }])).toBe(shell);
  });
});
