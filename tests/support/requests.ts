/** Builds requests and load contexts for calling route loaders/actions directly on a test platform. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { expect } from "vitest";
import { createUserSession } from "~/web/auth.server";
import { getLoadContext } from "~/load-context";
import type { TestPlatform } from "./platform";

export const TEST_ORIGIN = "http://shop.test";

export function contextFor(platform: TestPlatform): AppLoadContext {
  return getLoadContext({
    request: new Request(TEST_ORIGIN),
    context: { cloudflare: { env: platform.env, ctx: platform.ctx } },
  });
}

export function getRequest(path: string, cookie?: string): Request {
  return new Request(`${TEST_ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

export function formRequest(path: string, fields: Record<string, string>, options: { cookie?: string; ip?: string } = {}): Request {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Origin: TEST_ORIGIN };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.ip) headers["CF-Connecting-IP"] = options.ip;
  return new Request(`${TEST_ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

/** Runs a loader/action and returns what it returned or threw, so tests can assert on either. */
export async function settle<T>(run: () => Promise<T>): Promise<{ returned?: T; thrown?: unknown }> {
  try {
    return { returned: await run() };
  } catch (thrown) {
    return { thrown };
  }
}

/** A route module's loader or action, as the tests call it. */
export type RouteHandler = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;

/** Runs a route handler and answers its Response, whether returned or thrown; anything else fails the test. */
export async function responseOf(
  platform: TestPlatform,
  handler: RouteHandler,
  request: Request,
  params: Record<string, string> = {},
  context: AppLoadContext = contextFor(platform),
): Promise<Response> {
  const { returned, thrown } = await settle(async () => handler({ request, params, context }));
  const response = returned ?? thrown;
  if (!(response instanceof Response)) throw thrown ?? new Error(`Not a Response: ${JSON.stringify(returned)}`);
  return response;
}

/** A JSON answer's body, after checking that it is JSON. */
export async function jsonBody<T = Record<string, unknown>>(response: Response): Promise<T> {
  expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
  return (await response.json()) as T;
}

/** The cookie pair ("name=value") from a response's Set-Cookie, to send on the next request. */
export function sessionCookie(response: Response): string {
  const header = response.headers.get("Set-Cookie") ?? "";
  return header.split(";")[0] ?? "";
}

/** The shape single-fetch `data(value, init)` returns. */
export interface DataResult<T> {
  data: T;
  init: { status?: number } | null;
}

/** The session cookie of a signed-in member (as after login). */
export async function memberCookie(platform: TestPlatform, userId: number): Promise<string> {
  const response = await createUserSession(getRequest("/"), contextFor(platform), userId, "/");
  return sessionCookie(response);
}

/** The session cookie of a guest whose cart has this id. */
export async function guestCartCookie(platform: TestPlatform, cartId: string): Promise<string> {
  const { sessionStorage } = contextFor(platform);
  const session = await sessionStorage.getSession();
  session.set("cartId", cartId);
  return (await sessionStorage.commitSession(session)).split(";")[0] ?? "";
}

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

/** A request to an /api/* route as a browser would send it (same origin). */
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
