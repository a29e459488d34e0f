/**
 * First paint from the first round trip (issue 18): the site's own stylesheet — UnoCSS utilities and
 * base.css, imported by the root route, a few KB gzip — is inlined in every document instead of linked, so
 * the browser paints as soon as the head arrives rather than after one more request.
 *
 * The Worker entry (server.ts) takes root's stylesheets out of the build's route manifest once
 * (`detachSiteStylesheets`): every route lists them (they sit in the chunk all routes share), and without
 * them neither the server, nor the hydrating browser, nor a route discovered later renders a <link>. Each
 * document then inlines their text (`siteStylesheetText`), read once per isolate through the Workers
 * assets binding — the file names carry their content hash, so the text never changes under a running
 * version. Stylesheets of code loaded on demand (PhotoSwipe's) stay links: nothing above the fold needs them.
 */
import type { ServerBuild } from "@remix-run/cloudflare";

type AssetsManifest = ServerBuild["assets"];

const ROOT_ROUTE_ID = "root";

/** The build's manifest without root's stylesheets in any route, and those stylesheets' hrefs. */
export function detachSiteStylesheets(assets: AssetsManifest): { assets: AssetsManifest; hrefs: string[] } {
  const hrefs = assets.routes[ROOT_ROUTE_ID]?.css ?? [];
  const routes = Object.fromEntries(
    Object.entries(assets.routes).map(([id, route]) => [id, route.css ? { ...route, css: route.css.filter((href) => !hrefs.includes(href)) } : route]),
  );
  return { assets: { ...assets, routes }, hrefs };
}

/** Built stylesheet text by href, per isolate (a failed read is forgotten, so the next document tries again). */
const stylesheetTexts = new Map<string, Promise<string>>();

function readStylesheet(assets: Pick<Fetcher, "fetch">, requestUrl: string, href: string): Promise<string> {
  let text = stylesheetTexts.get(href);
  if (!text) {
    text = assets.fetch(new URL(href, requestUrl).toString()).then((response) => {
      if (!response.ok) throw new Error(`${href} answered ${response.status}`);
      return response.text();
    });
    text.catch(() => stylesheetTexts.delete(href));
    stylesheetTexts.set(href, text);
  }
  return text;
}

/**
 * The text to put in the document's <style> for the detached stylesheets. Should a file not be readable,
 * the style imports it instead: the page is still styled, one request later.
 */
export async function siteStylesheetText(hrefs: readonly string[], requestUrl: string, assets: Pick<Fetcher, "fetch">): Promise<string> {
  const texts = await Promise.all(
    hrefs.map((href) =>
      readStylesheet(assets, requestUrl, href).catch((error: unknown) => {
        console.error(`site stylesheet ${href} not inlined: ${String(error)}`);
        return `@import url(${JSON.stringify(href)});`;
      }),
    ),
  );
  return texts.join("\n");
}
