/**
 * Rich text from merchants and members (product descriptions, reviews, staff replies, mails) is
 * sanitised on the server with js-xss before it reaches a page: a short allow-list, safe links only.
 */
import xss from "xss";
import type * as XssModule from "xss";

// js-xss is CommonJS: take its members from the default export so Vite's SSR loader finds them.
const { FilterXSS, escapeAttrValue } = xss as unknown as typeof XssModule;

const richText = new FilterXSS({
  whiteList: {
    p: [],
    br: [],
    strong: [],
    b: [],
    em: [],
    i: [],
    u: [],
    ul: [],
    ol: [],
    li: [],
    h3: [],
    h4: [],
    blockquote: [],
    a: ["href"],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style", "iframe", "object", "template"],
  onTagAttr(tag, name, value) {
    if (tag === "a" && name === "href") {
      return /^(https?:\/\/|\/(?!\/))/i.test(value.trim()) ? `href="${escapeAttrValue(value.trim())}"` : "";
    }
    return undefined;
  },
});

/** After filtering, links open safely: no opener access, no endorsement. */
export function sanitizeRichText(html: string): string {
  return richText.process(html).replace(/<a\s/gi, '<a rel="nofollow noopener noreferrer" target="_blank" ');
}
