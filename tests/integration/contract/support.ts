/**
 * Shared pieces of the spec §7 contract tests: the app's routes served on the file's seeded local platform
 * by Remix's own request handler at the spec's URLs, and checks on the answers' field names —
 * the spec's names present, and no camelCase name anywhere (the JSON API speaks snake_case, as the spec).
 */
import { expect } from "vitest";
import { negotiateJsonRequest } from "~/core/site/content-negotiation";
import { platformTest } from "../../support/platform-test";
import { apiRequest, contextFor, sessionCookie, type ApiRequestOptions } from "../../support/requests";
import { remixHandlerFor } from "../../support/remix";

export type Serve = (path: string, options?: ApiRequestOptions & { headers?: Record<string, string> }) => Promise<Response>;

/**
 * The test API of a contract file: the file's seeded platform and demo cookies (tests/support/platform-test.ts)
 * and `serve`, which serves the given route modules (an `import.meta.glob` of app/routes from
 * tests/integration/contract/) on that platform through Remix's request handler, as the Worker does (JSON
 * callers of a page negotiated to its JSON route): a request names a URL and a method, never a module.
 * Requests are fetches (JS on) unless `mode` says otherwise.
 */
export function contractTest(modules: Record<string, unknown>) {
  const byAppPath = Object.fromEntries(Object.entries(modules).map(([key, module]) => [key.replace(/^(\.\.\/)+app\//, "../../app/"), module]));
  const { handle } = remixHandlerFor(byAppPath);
  return platformTest().extend<{ serve: Serve }>({
    serve: [
      async ({ platform }, provide) =>
        provide((path, options = {}) => {
          const request = apiRequest(path, { mode: "cors", ...options });
          for (const [name, value] of Object.entries(options.headers ?? {})) request.headers.set(name, value);
          return handle(negotiateJsonRequest(request), contextFor(platform));
        }),
      { scope: "file" },
    ],
  });
}

/** A JSON answer with the expected status. */
export async function json<T = Record<string, unknown>>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
  return JSON.parse(text) as T;
}

/** The session cookie a response sets, or the one sent before when it sets none. */
export function nextCookie(response: Response, previous: string): string {
  return sessionCookie(response) || previous;
}

/** `value` has every one of the spec's field `names` (values may be null). */
export function expectFields(value: unknown, names: readonly string[], where = "answer"): void {
  expect(value, where).toBeTypeOf("object");
  expect(value, where).not.toBeNull();
  const missing = names.filter((name) => !Object.hasOwn(value as object, name));
  expect(missing, `${where} lacks spec fields`).toEqual([]);
}

const CAMEL_CASE = /^[a-z]+[A-Z]/;

/** No key anywhere in `value` is camelCase (record keys that are ids or codes are fine). */
export function expectNoCamelCase(value: unknown, path = "answer"): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => expectNoCamelCase(item, `${path}[${index}]`));
    return;
  }
  if (value == null || typeof value !== "object") return;
  for (const [key, child] of Object.entries(value)) {
    expect(CAMEL_CASE.test(key), `${path}.${key} is camelCase`).toBe(false);
    expectNoCamelCase(child, `${path}.${key}`);
  }
}
