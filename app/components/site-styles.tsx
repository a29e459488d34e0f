import { createContext, useContext } from "react";

/** The id of the document's inline site stylesheet, which the browser entry reads back before hydrating. */
export const SITE_STYLES_ID = "site-css";

/**
 * The site's own stylesheet (UnoCSS utilities + base.css) travels inside the document head in the
 * production build, so no stylesheet request blocks the first paint (entry.server.tsx reads the built file
 * once per isolate). The server provides its text; the browser entry provides the text already in the
 * document, so hydration renders the same element and the CSS never ships in a JS bundle. Empty under the
 * Vite dev server, whose own critical CSS and style modules do the job.
 */
const SiteStylesContext = createContext("");
export const SiteStylesProvider = SiteStylesContext.Provider;

/** The inline site stylesheet read back from a rendered document ("" when it carries none). */
export function siteStylesIn(document: Document): string {
  return document.getElementById(SITE_STYLES_ID)?.textContent ?? "";
}

export function SiteStyles() {
  const css = useContext(SiteStylesContext);
  return css ? <style id={SITE_STYLES_ID} dangerouslySetInnerHTML={{ __html: css }} /> : null;
}
