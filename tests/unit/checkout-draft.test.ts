import { describe, expect, it } from "vitest";
import {
  CHECKOUT_DRAFT_MAX_LENGTH,
  CHECKOUT_KEEP_MS,
  checkoutDraftText,
  checkoutExitPath,
  draftWithChosenAddress,
  readCheckoutDraft,
} from "~/core/checkout/checkout-draft";

const now = new Date("2026-11-24T03:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);

describe("checkoutExitPath", () => {
  it("leads to the cart, and to the address book's pages with the way back to the checkout", () => {
    expect(checkoutExitPath("/cart")).toBe("/cart");
    expect(checkoutExitPath("/user/profile/addresses/new")).toBe("/user/profile/addresses/new?redirectTo=%2Fcheckout");
    expect(checkoutExitPath("/user/profile/addresses/12/edit")).toBe("/user/profile/addresses/12/edit?redirectTo=%2Fcheckout");
    expect(checkoutExitPath("/user/profile/addresses/3/delete")).toBe("/user/profile/addresses/3/delete?redirectTo=%2Fcheckout");
  });

  it("follows nothing else", () => {
    for (const value of [
      null,
      "",
      "https://evil.example/cart",
      "//evil.example",
      "/cart?x=1",
      "/cart/",
      "/user/profile/addresses",
      "/user/profile/addresses/0/edit",
      "/user/profile/addresses/1234567890/edit",
      "/user/profile/addresses/1/edit/../../x",
      "/user/profile/addresses/abc/delete",
      42,
    ]) {
      expect(checkoutExitPath(value)).toBeNull();
    }
  });
});

describe("checkout drafts", () => {
  const values = { email: "a@example.jp", shipping: { city: "千代田区" }, items: ["1", "2"] };

  it("read back what was kept for an hour, then nothing", () => {
    const text = checkoutDraftText(values, now)!;
    expect(readCheckoutDraft(text, now)).toEqual(values);
    expect(readCheckoutDraft(text, later(CHECKOUT_KEEP_MS - 1))).toEqual(values);
    expect(readCheckoutDraft(text, later(CHECKOUT_KEEP_MS))).toBeNull();
    // Saved "in the future" (a clock moved back): not trusted.
    expect(readCheckoutDraft(text, later(-1))).toBeNull();
  });

  it("keep nothing too large to be a form of the page", () => {
    expect(checkoutDraftText({ notice: "あ".repeat(CHECKOUT_DRAFT_MAX_LENGTH) }, now)).toBeNull();
  });

  it("read nothing from absent or damaged text", () => {
    for (const text of [
      null,
      undefined,
      "",
      "{",
      "[]",
      '{"savedAt":"x","values":{}}',
      `{"savedAt":${now.getTime()},"values":[]}`,
      `{"savedAt":${now.getTime()}}`,
    ]) {
      expect(readCheckoutDraft(text, now)).toBeNull();
    }
  });
});

describe("draftWithChosenAddress (an address page came back naming the address it saved)", () => {
  it("chooses that address, keeping everything else typed", () => {
    const typed = { addressId: "1", useNewAddress: "on", shipping: { city: "千代田区" }, code: "SPRING10" };
    expect(draftWithChosenAddress(typed, 7)).toEqual({ ...typed, addressId: "7" });
    expect(draftWithChosenAddress(null, 7)).toEqual({ addressId: "7" });
  });

  it("leaves the draft as it was when no address was named", () => {
    const typed = { addressId: "1" };
    expect(draftWithChosenAddress(typed, null)).toBe(typed);
    expect(draftWithChosenAddress(null, null)).toBeNull();
  });
});
