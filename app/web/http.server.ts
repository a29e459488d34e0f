/**
 * Small helpers the web layer answers with: unreadable bodies and expected failures as clear 4xx, PRG
 * redirects with notices, the page shell. Reading input with schemas is app/web/input.server.ts.
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { getOptionalUser, getSession } from "~/web/account/auth.server";
import { loginPath } from "~/core/member/member-actions";
import { RESULT_ANCHOR } from "~/core/site/result-anchor";
import { safeRedirectPath } from "~/core/site/safe-redirect";
import { loadShellState, type ShellState } from "~/services/site/shell.server";
import { badRequest, textResponse } from "~/web/site/text-responses.server";

// Route helpers find it here; it is defined in app/core because the product page and the cart use it in the browser.
export { loginPath };

export const MALFORMED_FORM_MESSAGE = "送信内容を読み取れませんでした。ページを再読み込みしてからもう一度お試しください。";

export { badRequest };

/**
 * An expected failure (a record that is not there or not the viewer's) as a thrown response, in the manner
 * of the Epic Stack's invariantResponse: unless `condition` holds, `message` is thrown as text with
 * `init.status` (400 unless told), and the root ErrorBoundary shows it inside the shop's layout.
 */
export function invariantResponse(condition: unknown, message: string, init: { status: 400 | 403 | 404 } = { status: 400 }): asserts condition {
  if (!condition) throw textResponse(init.status, message);
}

/** invariantResponse for the JSON endpoints: the thrown answer is `{ error: message }`. */
export function invariantJson(condition: unknown, message: string, init: { status: 400 | 403 | 404 | 409 } = { status: 400 }): asserts condition {
  if (!condition) throw jsonError(init.status, message);
}

/**
 * The request's form fields; a body that is not a form (JSON, garbage, wrong type) is a 400. A POST without
 * a body (`fetch(url, { method: "POST" })`, as the spec calls several endpoints) is a form without fields.
 */
export async function readFormData(request: Pick<Request, "formData" | "body">): Promise<FormData> {
  if (request.body == null) return new FormData();
  try {
    return await request.formData();
  } catch {
    throw badRequest(MALFORMED_FORM_MESSAGE);
  }
}

/**
 * The /api/* actions serve fetchers (JSON) and plain form posts made without JS (a page navigation,
 * which should land back on a page). Browsers mark navigations with Sec-Fetch-Mode: navigate.
 */
export function isNavigation(request: Request): boolean {
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode) return mode === "navigate";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

export function jsonError(status: 400 | 401 | 403 | 404 | 409 | 422, message: string): Response {
  return Response.json({ error: message }, { status });
}

export const LOGIN_REQUIRED_MESSAGE = "この操作にはログインが必要です。";

/**
 * readFormData for the JSON /api/* routes: a body that is not a form (JSON, garbage, wrong type) is a
 * 400 JSON error; a request without a body reads as a form without fields.
 */
export async function readApiFormData(request: Request): Promise<FormData> {
  if (request.body == null) return new FormData();
  try {
    return await request.formData();
  } catch {
    throw jsonError(400, MALFORMED_FORM_MESSAGE);
  }
}

export const METHOD_NOT_ALLOWED_MESSAGE = "このURLはこのリクエスト方法に対応していません。";

/** 405 for a resource route called with the wrong method (Remix itself answers a GET without loader with 400). */
export function methodNotAllowed(allow: "GET" | "POST" | "GET, POST"): Response {
  return Response.json({ error: METHOD_NOT_ALLOWED_MESSAGE }, { status: 405, headers: { Allow: allow } });
}

/**
 * Resource-route actions receive every non-GET method: a POST-only call refuses PUT, PATCH, DELETE …
 * `allow` names what the route answers (the listings that take GET or POST say both).
 */
export function requirePost(request: Request, allow: "POST" | "GET, POST" = "POST"): void {
  if (request.method !== "POST") throw methodNotAllowed(allow);
}

/**
 * The answer to a guest calling a members-only /api/* action: a plain form post (JS off) is sent to the
 * login page with the way back; a fetch gets 401 JSON.
 */
export function loginRequired(request: Request, returnTo: string): Response {
  if (isNavigation(request)) return redirect(loginPath(returnTo), 303);
  // The flag lets a page's script send the shopper to the login page instead of showing an error.
  return Response.json({ error: LOGIN_REQUIRED_MESSAGE, login_required: true }, { status: 401 });
}

/** A same-site path with one query parameter set, keeping the others and the fragment. */
export function withQueryParam(path: string, name: string, value: string): string {
  const url = new URL(path, "http://same-site.invalid");
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Who is asking, from the session: the viewer the product service prices for. */
export async function sessionViewer(
  request: Request,
  context: Pick<AppLoadContext, "sessionStorage" | "db">,
  now: Date = new Date(),
): Promise<{ userId?: number; cartId?: string; now: Date }> {
  const session = await getSession(request, context);
  return { userId: session.get("userId"), cartId: session.get("cartId"), now };
}

/**
 * A same-site path that opens at the element showing the outcome of a post (`#result` unless told, see
 * app/core/site/result-anchor.ts). A fragment the path already has (a form's redirectTo) is kept.
 */
export function atResult(path: string, anchor: string | null = RESULT_ANCHOR): string {
  return anchor == null || path.includes("#") ? path : `${path}#${anchor}`;
}

/**
 * Where a plain form post (PRG) sends the browser to show a notice: `path` with `notice=…` (its other query
 * parameters kept), opening at the notice.
 */
export function withNotice(path: string, notice: string): string {
  return atResult(withQueryParam(path, "notice", notice));
}

/** The 303 that ends a plain form post with a notice (see withNotice). */
export function redirectWithNotice(path: string, notice: string, init: { headers?: HeadersInit } = {}): Response {
  return redirect(withNotice(path, notice), { status: 303, headers: init.headers });
}

/**
 * The signed-in user behind a JSON /crm/api or /api call: a guest gets 401 JSON (a fetch) or the login
 * page (a plain form post without JS).
 */
export async function requireApiUser(request: Request, context: Pick<AppLoadContext, "sessionStorage" | "db">, returnTo = "/") {
  const user = await getOptionalUser(request, context);
  if (!user) throw loginRequired(request, returnTo);
  return user;
}

export const CROSS_SITE_GET_MESSAGE = "別のサイトからのリクエストのため、処理できませんでした。";

/**
 * A GET that changes something (the spec's ticket confirmation link) must come from this site. It passes
 * when the browser says so (Sec-Fetch-Site same-origin, or none: typed or bookmarked by the user) or when
 * it carries our own request header, which another site cannot send without a CORS preflight we never
 * allow. A link or image elsewhere (cross-site/same-site), and a request that says nothing about where it
 * came from (an old browser, a proxy that strips the header), without the header is refused. The no-JS
 * page answers with a POST form instead.
 */
export function requireSameSiteGet(request: Request, appHeader: { name: string; value: string }): void {
  const site = request.headers.get("Sec-Fetch-Site");
  const fromHere = site === "same-origin" || site === "none";
  if (!fromHere && request.headers.get(appHeader.name) !== appHeader.value) throw jsonError(403, CROSS_SITE_GET_MESSAGE);
}

/**
 * Where a listing's row-removal form (app/components/listing/Listing.tsx) goes back to: its `back` field
 * when that is a URL of the listing itself (the `remove` confirmation and any old notice dropped), else the
 * listing's first page; with `notice` added when given.
 */
export function listingReturnPath(back: string | null, path: string, notice?: string): string {
  let target = path;
  if (typeof back === "string" && (back === path || back.startsWith(`${path}?`)) && safeRedirectPath(back, "") === back) {
    const url = new URL(back, "http://same-site.invalid");
    url.searchParams.delete("remove");
    url.searchParams.delete("notice");
    target = `${url.pathname}${url.search}`;
  }
  return notice ? withNotice(target, notice) : target;
}

/**
 * The page header's state (signed-in member, cart and unread counts). A member's counts came with the
 * session check, in the same D1 round trip. After an action in this same request (a form posted without
 * JS that answers a page), they are read again, as the action may have changed them.
 */
export async function loadPageShell(request: Request, context: Pick<AppLoadContext, "sessionStorage" | "db">): Promise<ShellState> {
  const session = await getSession(request, context);
  const signedIn = await context.sessionStorage.signedIn(session);
  if (signedIn && request.method === "GET") return await signedIn.shell;
  return loadShellState(context.db, { userId: session.get("userId"), cartId: session.get("cartId") });
}
