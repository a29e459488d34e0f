import { describe, expect, it } from "vitest";
import { isCrossSiteMutation, type RequestOriginFacts } from "~/core/site/request-origin";

const url = "https://shop.example/login";
const facts = (rest: Omit<RequestOriginFacts, "url" | "referer"> & { referer?: string | null }): RequestOriginFacts => ({ url, referer: null, ...rest });

describe("isCrossSiteMutation", () => {
  it("never blocks reads", () => {
    expect(isCrossSiteMutation(facts({ method: "GET", origin: "https://evil.example", secFetchSite: "cross-site" }))).toBe(false);
    expect(isCrossSiteMutation(facts({ method: "HEAD", origin: null, secFetchSite: null }))).toBe(false);
  });

  it("allows a POST from our own origin", () => {
    expect(isCrossSiteMutation(facts({ method: "POST", origin: "https://shop.example", secFetchSite: "same-origin" }))).toBe(false);
  });

  it("refuses a POST from another origin, an opaque origin, or another site", () => {
    expect(isCrossSiteMutation(facts({ method: "POST", origin: "https://evil.example", secFetchSite: null }))).toBe(true);
    expect(isCrossSiteMutation(facts({ method: "POST", origin: "null", secFetchSite: null }))).toBe(true);
    expect(isCrossSiteMutation(facts({ method: "DELETE", origin: null, secFetchSite: "cross-site" }))).toBe(true);
    expect(isCrossSiteMutation(facts({ method: "POST", origin: null, secFetchSite: "same-site" }))).toBe(true);
    expect(isCrossSiteMutation(facts({ method: "POST", origin: "http://shop.example", secFetchSite: null }))).toBe(true);
  });

  it("refuses a POST with neither Origin nor Sec-Fetch-Site unless its Referer is our own origin", () => {
    expect(isCrossSiteMutation(facts({ method: "POST", origin: null, secFetchSite: null }))).toBe(true);
    expect(isCrossSiteMutation(facts({ method: "POST", origin: null, secFetchSite: null, referer: "https://shop.example/cart?x=1" }))).toBe(false);
    expect(isCrossSiteMutation(facts({ method: "POST", origin: null, secFetchSite: null, referer: "https://evil.example/shop.example" }))).toBe(true);
    expect(isCrossSiteMutation(facts({ method: "POST", origin: null, secFetchSite: null, referer: "https://shop.example.evil.example/" }))).toBe(true);
    expect(isCrossSiteMutation(facts({ method: "PUT", origin: null, secFetchSite: null, referer: "not a url" }))).toBe(true);
  });

  it("allows a same-origin browser request that sends Sec-Fetch-Site but no Origin", () => {
    expect(isCrossSiteMutation(facts({ method: "POST", origin: null, secFetchSite: "same-origin" }))).toBe(false);
  });
});
