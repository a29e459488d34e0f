import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { loadIslands } from "~/components/island";
import { NonceProvider } from "~/components/nonce";
import { SiteStylesProvider } from "~/components/site-styles";
import { documentContentSecurityPolicy } from "~/security.server";
import { refusalAsData } from "~/web/site/data-request-status.server";
import { siteStylesheetText } from "~/web/site/site-styles.server";

export const streamTimeout = 5_000;

/**
 * A read refused because the page's session ended (decision 0069), wrapped by Drizzle into its own error:
 * the page is answered by the check's redirect, so nothing failed.
 */
function isRefusedRead(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.cause instanceof Response) return true;
  }
  return false;
}

/**
 * An error a loader or action did not expect (D1 unreachable, a bug) — not a 4xx answer it throws on
 * purpose — is logged with the request it failed, so the log tells which page or post broke. A request the
 * visitor abandoned is no error.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted || isRefusedRead(error)) return;
  console.error(`${request.method} ${new URL(request.url).pathname} failed:`, error);
}

/**
 * Remix's data requests (`*.data`, JS on): an expected 4xx answers 200, its status in a header (see
 * refusalAsData). A page read for a session that has ended answers the redirect that puts the cookie right,
 * whatever its routes made of the refused reads (decision 0069).
 */
export async function handleDataRequest(response: Response, { context }: LoaderFunctionArgs): Promise<Response> {
  return (await context.sessionStorage.endedSessionAnswer()) ?? refusalAsData(response);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // As for a data request: a page whose session ended is sent back to itself, never rendered from refused reads.
  const ended = await loadContext.sessionStorage.endedSessionAnswer();
  if (ended) return ended;
  const nonce = loadContext.cspNonce;
  // The Vite dev server serves styles itself (Remix's critical CSS, then Vite's style modules with HMR).
  const stylesheets = loadContext.siteStylesheets ?? [];
  const css = stylesheets.length > 0 ? await siteStylesheetText(stylesheets, request.url, loadContext.cloudflare.env.ASSETS) : "";
  // Parts whose code the browser loads after the first load are rendered in place (components/island).
  await loadIslands();
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), streamTimeout + 1_000);
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <SiteStylesProvider value={css}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </SiteStylesProvider>
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        status = 500;
      },
    },
  );
  // allReady rejects when the render is aborted (the timeout above); either way the timer is done.
  const stopTimer = () => clearTimeout(timeout);
  body.allReady.then(stopTimer, stopTimer);
  // Crawlers get the whole document at once; people get it streamed.
  if (isbot(request.headers.get("user-agent") ?? "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Vite's dev client injects inline scripts without our nonce, so the strict policy is for builds only.
  if (!import.meta.env.DEV) responseHeaders.set("Content-Security-Policy", documentContentSecurityPolicy({ nonce }));
  return new Response(body, { headers: responseHeaders, status });
}
