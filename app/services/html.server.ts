/**
 * Rich text from merchants and members (product descriptions, reviews, staff replies, mails) is
 * sanitised on the server with js-xss before it reaches a page: a short allow-list, safe links only.
 */
import xss from "xss";
import type * as XssModule from "xss";
import { isSameSitePath } from "~/core/site/safe-redirect";

// js-xss is CommonJS: take its members from the default export so Vite's SSR loader finds them.
const { FilterXSS, escapeAttrValue, friendlyAttrValue } = xss as unknown as typeof XssModule;

/** Links may go to http(s) sites or to a path of this shop; "//host" and "/\\host" are other sites. */
function safeHref(raw: string): string | null {
  // Browsers drop tabs and newlines inside a URL ("/\t/host" is "//host"): such a link is refused.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  if (/[\u0000-\u001f]/.test(raw.trim())) return null;
  // As the browser will read it: entities decoded.
  const href = friendlyAttrValue(raw).trim();
  return /^https?:\/\//i.test(href) || isSameSitePath(href) ? href : null;
}

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
      const href = safeHref(value);
      return href ? `href="${escapeAttrValue(href)}"` : "";
    }
    return undefined;
  },
});

/** After filtering, links open safely: no opener access, no endorsement. */
export function sanitizeRichText(html: string): string {
  return richText.process(html).replace(/<a\s/gi, '<a rel="nofollow noopener noreferrer" target="_blank" ');
}
