/** Calling the member area's loaders and actions directly, as the browser would (JS on or off). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { expect } from "vitest";
import type { TestPlatform } from "./platform";
import { apiRequest, contextFor, settle, type ApiRequestOptions, type DataResult } from "./requests";

export type Handler = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;

export interface Outcome {
  /** A Response returned or thrown (redirects, errors, JSON). */
  response?: Response;
  /** Plain data or single-fetch `data()` a loader/action returned. */
  value?: unknown;
  status: number;
}

/** Runs a handler and normalises what it returned or threw. Anything else thrown (a 500) fails the test. */
export async function run(
  platform: TestPlatform,
  handler: Handler,
  request: Request,
  params: Record<string, string> = {},
): Promise<Outcome> {
  const { returned, thrown } = await settle(async () => handler({ request, params, context: contextFor(platform) }));
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

/** The loader/action's data (from `data()`, a plain object or a JSON Response). */
export async function valueOf<T>(outcome: Outcome): Promise<T> {
  if (outcome.response) return (await outcome.response.json()) as T;
  return outcome.value as T;
}

export function location(outcome: Outcome): string | null {
  return outcome.response?.headers.get("Location") ?? null;
}

/** A GET of a page as a browser navigates to it. */
export function pageRequest(path: string, cookie?: string): Request {
  return apiRequest(path, { method: "GET", cookie, mode: "navigate" });
}

/** A POST as a plain form (JS off: "navigate") or a fetcher (JS on: "cors"). */
export function postRequest(path: string, fields: Record<string, string> | [string, string][], options: ApiRequestOptions = {}): Request {
  return apiRequest(path, { method: "POST", fields, mode: "cors", ...options });
}

export function expectRedirect(outcome: Outcome, status: number, to: string | RegExp) {
  expect(outcome.status).toBe(status);
  if (typeof to === "string") expect(location(outcome)).toBe(to);
  else expect(location(outcome)).toMatch(to);
}
