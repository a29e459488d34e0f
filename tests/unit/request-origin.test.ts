import { describe, expect, it } from "vitest";
import { isCrossSiteMutation } from "~/core/request-origin";

const url = "https://shop.example/login";

describe("isCrossSiteMutation", () => {
  it("never blocks reads", () => {
    expect(isCrossSiteMutation({ method: "GET", url, origin: "https://evil.example", secFetchSite: "cross-site" })).toBe(false);
    expect(isCrossSiteMutation({ method: "HEAD", url, origin: null, secFetchSite: null })).toBe(false);
  });

  it("allows a POST from our own origin", () => {
    expect(isCrossSiteMutation({ method: "POST", url, origin: "https://shop.example", secFetchSite: "same-origin" })).toBe(false);
  });

  it("refuses a POST from another origin, an opaque origin, or another site", () => {
    expect(isCrossSiteMutation({ method: "POST", url, origin: "https://evil.example", secFetchSite: null })).toBe(true);
    expect(isCrossSiteMutation({ method: "POST", url, origin: "null", secFetchSite: null })).toBe(true);
    expect(isCrossSiteMutation({ method: "DELETE", url, origin: null, secFetchSite: "cross-site" })).toBe(true);
    expect(isCrossSiteMutation({ method: "POST", url, origin: null, secFetchSite: "same-site" })).toBe(true);
    expect(isCrossSiteMutation({ method: "POST", url, origin: "http://shop.example", secFetchSite: null })).toBe(true);
  });

  it("lets non-browser clients without Origin through", () => {
    expect(isCrossSiteMutation({ method: "POST", url, origin: null, secFetchSite: null })).toBe(false);
  });
});
