/**
 * Calling route loaders and actions directly on a test platform, as a browser would (JS on or off): the
 * requests, the load context and sessions, and one runner (`run`) that normalises what a handler returned
 * or threw. Serving by URL through Remix's own request handler is tests/support/remix.ts.
 */
import type { AppLoadContext, ServerBuild } from "@remix-run/cloudflare";
import { expect } from "vitest";
import { createUserSession } from "~/web/account/auth.server";
import { getLoadContext } from "~/load-context";
import type { TestPlatform } from "./platform";

export const TEST_ORIGIN = "http://shop.test";

// --- Requests ---

export interface ApiRequestOptions {
  method?: string;
  /** Form fields, sent url-encoded; pairs allow repeated names. */
  fields?: Record<string, string> | [string, string][];
  /** A raw body instead of fields (e.g. JSON), with its content type. */
  body?: string;
  contentType?: string;
  cookie?: string;
  /** CF-Connecting-IP. */
  ip?: string;
  /** Sec-Fetch-Mode: "navigate" for a plain form post (JS off), "cors" for fetch() (JS on). */
  mode?: "navigate" | "cors";
}

/** A request as a browser on the shop sends it (same origin; a POST unless `method` says otherwise). */
export function apiRequest(path: string, options: ApiRequestOptions = {}): Request {
  const method = options.method ?? "POST";
  const headers: Record<string, string> = { Origin: TEST_ORIGIN };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.ip) headers["CF-Connecting-IP"] = options.ip;
  if (options.mode) {
    headers["Sec-Fetch-Mode"] = options.mode;
    headers["Sec-Fetch-Site"] = "same-origin";
  }
  let body: string | undefined;
  if (options.body !== undefined) {
    body = options.body;
    if (options.contentType) headers["Content-Type"] = options.contentType;
  } else if (options.fields) {
    body = new URLSearchParams(options.fields).toString();
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  return new Request(`${TEST_ORIGIN}${path}`, { method, headers, body });
}

/** A GET of a page as a browser navigates to it. */
export function pageRequest(path: string, cookie?: string): Request {
  return apiRequest(path, { method: "GET", cookie, mode: "navigate" });
}

/** A POST as a fetcher (JS on: "cors", the default) or a plain form (JS off: `mode: "navigate"`). */
export function postRequest(path: string, fields: Record<string, string> | [string, string][], options: ApiRequestOptions = {}): Request {
  return apiRequest(path, { method: "POST", fields, mode: "cors", ...options });
}

/** A multipart form post (files included), as a fetcher (JS on: "cors", the default) or a plain form (JS off: "navigate"). */
export function multipartRequest(path: string, fields: [string, string | File][], options: { cookie?: string; mode?: "navigate" | "cors" } = {}): Request {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const headers: Record<string, string> = { Origin: TEST_ORIGIN, "Sec-Fetch-Mode": options.mode ?? "cors", "Sec-Fetch-Site": "same-origin" };
  if (options.cookie) headers.Cookie = options.cookie;
  return new Request(`${TEST_ORIGIN}${path}`, { method: "POST", headers, body: form });
}

// --- Load context and sessions ---

/** The load context of `request` (its D1 session starts where that request's would: decision 0067); by default a GET of the shop. */
export function contextFor(platform: TestPlatform, request: Request = new Request(TEST_ORIGIN), serverRoutes?: ServerBuild["routes"]): AppLoadContext {
  return getLoadContext({
    request,
    context: { cloudflare: { env: platform.env, ctx: platform.ctx } },
    serverRoutes,
  });
}

/** The cookie pair ("name=value") from a response's Set-Cookie, to send on the next request. */
export function sessionCookie(response: Response): string {
  const header = response.headers.get("Set-Cookie") ?? "";
  return header.split(";")[0] ?? "";
}

/** The session cookie of a signed-in member (as after login). */
export async function memberCookie(platform: TestPlatform, userId: number): Promise<string> {
  const response = await createUserSession(pageRequest("/"), contextFor(platform), userId, "/");
  return sessionCookie(response);
}

/** The session cookie of a guest whose cart has this id. */
export async function guestCartCookie(platform: TestPlatform, cartId: string): Promise<string> {
  const { sessionStorage } = contextFor(platform);
  const session = await sessionStorage.getSession();
  session.set("cartId", cartId);
  return (await sessionStorage.commitSession(session)).split(";")[0] ?? "";
}

// --- Running handlers ---

/** A route module's loader or action, as the tests call it. */
export type RouteHandler = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;

/** The shape single-fetch `data(value, init)` returns. */
export interface DataResult<T> {
  data: T;
  init: { status?: number } | null;
}

/** What a handler answered, returned or thrown alike. */
export interface Outcome {
  /** A Response returned or thrown (redirects, errors, JSON). */
  response?: Response;
  /** Plain data or single-fetch `data()` a loader/action returned. */
  value?: unknown;
  status: number;
}

/** Runs any call and answers what it returned or threw, so a test can assert on either. */
export async function settle<T>(call: () => Promise<T>): Promise<{ returned?: T; thrown?: unknown }> {
  try {
    return { returned: await call() };
  } catch (thrown) {
    return { thrown };
  }
}

/**
 * Calls a loader/action and answers what it returned or threw, as it was (`T` is what the test expects it to
 * return), for tests that tell a thrown answer from a returned one.
 */
export function callHandler<T = unknown>(
  platform: TestPlatform,
  handler: RouteHandler,
  request: Request,
  params: Record<string, string> = {},
  context: AppLoadContext = contextFor(platform, request),
): Promise<{ returned?: T; thrown?: unknown }> {
  return settle(async () => (await handler({ request, params, context })) as T);
}

/** Runs a loader/action and normalises what it returned or threw. Anything else thrown (a 500) fails the test. */
export async function run(
  platform: TestPlatform,
  handler: RouteHandler,
  request: Request,
  params: Record<string, string> = {},
  context: AppLoadContext = contextFor(platform, request),
): Promise<Outcome> {
  const { returned, thrown } = await callHandler(platform, handler, request, params, context);
  if (thrown !== undefined) {
    if (thrown instanceof Response) return { response: thrown, status: thrown.status };
    throw thrown;
  }
  if (returned instanceof Response) return { response: returned, status: returned.status };
  const result = returned as DataResult<unknown> | undefined;
  if (result && typeof result === "object" && "data" in result && "init" in result) {
    return { value: result.data, status: result.init?.status ?? 200 };
  }
  return { value: returned, status: 200 };
}

/** Runs a loader/action that answers with a Response (returned or thrown); anything else fails the test. */
export async function responseOf(
  platform: TestPlatform,
  handler: RouteHandler,
  request: Request,
  params: Record<string, string> = {},
  context: AppLoadContext = contextFor(platform, request),
): Promise<Response> {
  const outcome = await run(platform, handler, request, params, context);
  if (!outcome.response) throw new Error(`Not a Response: ${JSON.stringify(outcome.value)}`);
  return outcome.response;
}

/** The loader/action's data (from `data()`, a plain object or a JSON Response). */
export async function valueOf<T>(outcome: Outcome): Promise<T> {
  if (outcome.response) return (await outcome.response.json()) as T;
  return outcome.value as T;
}

export function location(outcome: Outcome): string | null {
  return outcome.response?.headers.get("Location") ?? null;
}

export function expectRedirect(outcome: Outcome, status: number, to: string | RegExp) {
  expect(outcome.status).toBe(status);
  if (typeof to === "string") expect(location(outcome)).toBe(to);
  else expect(location(outcome)).toMatch(to);
}

/**
 * Runs a page's loader as the browser meets it: when the session check in the page's batch fails, the answer
 * sends the browser back to the same page with its cookie put right (decision 0069), and the browser asks
 * again with that cookie.
 */
export async function runPage(
  platform: TestPlatform,
  handler: RouteHandler,
  path: string,
  cookie: string,
  params: Record<string, string> = {},
): Promise<Outcome> {
  const first = await run(platform, handler, pageRequest(path, cookie), params);
  if (first.status !== 302 || location(first) !== path || !first.response?.headers.get("Set-Cookie")) return first;
  return run(platform, handler, pageRequest(path, sessionCookie(first.response)), params);
}

/** A JSON answer's body, after checking that it is JSON. */
export async function jsonBody<T = Record<string, unknown>>(response: Response): Promise<T> {
  expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
  return (await response.json()) as T;
}
