import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "~/services/html.server";

describe("sanitizeRichText", () => {
  it("keeps simple formatting", () => {
    expect(sanitizeRichText("<p>とても<strong>おいしい</strong>です</p><ul><li>a</li></ul>")).toBe(
      "<p>とても<strong>おいしい</strong>です</p><ul><li>a</li></ul>",
    );
  });
  it("removes scripts, event handlers and styles", () => {
    const out = sanitizeRichText('<p onclick="alert(1)" style="color:red">x</p><script>alert(1)</script><img src=x onerror=alert(1)>');
    expect(out).toBe("<p>x</p>");
  });
  it("drops javascript: links and makes others safe", () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).not.toContain("javascript");
    expect(sanitizeRichText('<a href="https://example.jp/">x</a>')).toBe(
      '<a rel="nofollow noopener noreferrer" target="_blank" href="https://example.jp/">x</a>',
    );
  });
  it("drops links to another site written as a path: //host, /\\host, with entities or a tab", () => {
    for (const href of ["//evil.example/", "/\\evil.example/", "/&#92;evil.example/", "&#47;&#47;evil.example", "/\t/evil.example", " //evil.example"]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`), href).toBe("<a>x</a>");
    }
    expect(sanitizeRichText('<a href="/category/living/DEMO-SIMPLE">x</a>')).toBe(
      '<a rel="nofollow noopener noreferrer" target="_blank" href="/category/living/DEMO-SIMPLE">x</a>',
    );
  });
  it("keeps escaped characters escaped", () => {
    expect(sanitizeRichText("<p>1 &lt; 2 &amp; 3 &gt; 2</p>")).toBe("<p>1 &lt; 2 &amp; 3 &gt; 2</p>");
  });
});
