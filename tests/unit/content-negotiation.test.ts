import { describe, expect, it } from "vitest";
import { jsonAlternatePath, negotiateJsonRequest, prefersJson } from "~/core/site/content-negotiation";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

describe("prefersJson", () => {
  it("answers JSON to scripts that ask for it", () => {
    expect(prefersJson("application/json")).toBe(true);
    expect(prefersJson("application/json, text/plain, */*")).toBe(true); // axios
    expect(prefersJson("application/vnd.api+json")).toBe(true);
    expect(prefersJson("text/html;q=0.5, application/json")).toBe(true);
    expect(prefersJson(null, "XMLHttpRequest")).toBe(true);
  });

  it("answers the page to browsers and to clients that accept anything", () => {
    expect(prefersJson(BROWSER)).toBe(false);
    expect(prefersJson("*/*")).toBe(false);
    expect(prefersJson(null)).toBe(false);
    expect(prefersJson("text/html, application/json")).toBe(false);
    expect(prefersJson("application/json;q=0")).toBe(false);
  });
});

describe("jsonAlternatePath", () => {
  const request = (pathname: string, accept: string, method = "GET") => ({ method, pathname, accept, requestedWith: null });

  it("sends a JSON GET of the address page to its JSON route", () => {
    expect(jsonAlternatePath(request("/user/profile/addresses", "application/json"))).toBe("/api/user/addresses");
    expect(jsonAlternatePath(request("/user/profile/addresses/", "application/json"))).toBe("/api/user/addresses");
    expect(jsonAlternatePath(request("/user/profile/addresses", "application/json", "HEAD"))).toBe("/api/user/addresses");
  });

  it("leaves pages, posts and other paths alone", () => {
    expect(jsonAlternatePath(request("/user/profile/addresses", BROWSER))).toBeNull();
    expect(jsonAlternatePath(request("/user/profile/addresses", "application/json", "POST"))).toBeNull();
    expect(jsonAlternatePath(request("/user/profile/addresses/new", "application/json"))).toBeNull();
    expect(jsonAlternatePath(request("/cart", "application/json"))).toBeNull();
  });

  it("rewrites the request keeping its query, headers and cookies", () => {
    const original = new Request("http://shop.test/user/profile/addresses?x=1", { headers: { Accept: "application/json", Cookie: "s=1" } });
    const rewritten = negotiateJsonRequest(original);
    expect(rewritten.url).toBe("http://shop.test/api/user/addresses?x=1");
    expect(rewritten.headers.get("Cookie")).toBe("s=1");
    const page = new Request("http://shop.test/user/profile/addresses", { headers: { Accept: BROWSER } });
    expect(negotiateJsonRequest(page)).toBe(page);
  });
});
