/** Builds requests and load contexts for calling route loaders/actions directly on a test platform. */
import type { AppLoadContext } from "@remix-run/cloudflare";
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
