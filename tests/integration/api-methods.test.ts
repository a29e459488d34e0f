/**
 * Every JSON endpoint (/api/*, /crm/api/*, the media routes and the member-area helpers the spec calls),
 * through Remix's own request handler on a seeded local D1: each answers one method, and every other one
 * with 405 and an Allow header; a POST without a body (`fetch(url, { method: "POST" })`, as the spec calls
 * several endpoints) is answered as the same POST with an empty form, never with a 400 or a 500.
 */
import { describe, expect } from "vitest";
import { productBySku } from "~/services/seed/catalogue";
import { MEMBER_ID } from "~/services/seed/people";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { remixHandlerFor, routeUrlPattern } from "../support/remix";
import { action as loginAction } from "~/routes/login";
import { action as cartAction } from "~/routes/cart";
import { apiRequest, callHandler, contextFor, TEST_ORIGIN, type DataResult } from "../support/requests";

const it = platformTest();

const modules: Record<string, unknown> = import.meta.glob(
  [
    "../../app/routes/api.*.ts",
    "../../app/routes/crm.api.*.ts",
    "../../app/routes/crm.customer.media.*.ts",
    "../../app/routes/user.mails.read.*.ts",
    "../../app/routes/user.profile.checkout.editAddress.ts",
    "../../app/routes/user.profile.validationAddress.ts",
  ],
  { eager: true },
);
const { handle, manifest } = remixHandlerFor(modules);

const PARAMS: Record<string, string> = {
  productId: String(productBySku("DEMO-SIMPLE").id),
  id: String(productBySku("DEMO-SIMPLE").id),
  module: "customers",
  ticketId: "1",
  answer: "resolved",
  couponId: "1",
  prefix: "100",
  customerId: String(MEMBER_ID),
  mediaId: "1",
  size: "m",
};

const urls = manifest.map((route) => routeUrlPattern(route.id).replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? "1")).sort();

/** Serves `url` to the signed-in member (`cookie`) on `platform`. */
const serve = ({ platform, member }: { platform: TestPlatform; member: string }, url: string, method: string, init: { emptyForm?: boolean } = {}) =>
  handle(
    apiRequest(url, { method, cookie: member, mode: "cors", ...(init.emptyForm ? { body: "", contentType: "application/x-www-form-urlencoded" } : {}) }),
    contextFor(platform),
  );

describe("methods of the JSON endpoints", () => {
  it("finds them all", () => {
    expect(urls).toContain("/api/cart-add");
    expect(urls).toContain("/crm/customer/media/upload");
    expect(urls.length).toBeGreaterThan(40);
  });

  it("answers every method but one with 405 and Allow, /api/cart-add included", { timeout: 120_000 }, async ({ platform, member }) => {
    const wrong: string[] = [];
    for (const url of urls) {
      const allowedMethods: string[] = [];
      for (const method of ["GET", "POST"]) if ((await serve({ platform, member }, url, method)).status !== 405) allowedMethods.push(method);
      const allowed = allowedMethods.join(", ");
      // Only the spec's listings (GET or POST /api/user/mails …) take both.
      if (allowedMethods.length !== 1 && !url.startsWith("/api/user/")) wrong.push(`${url} answers ${allowed || "nothing"}`);
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((candidate) => !allowedMethods.includes(candidate))) {
        const response = await serve({ platform, member }, url, method);
        if (response.status !== 405 || response.headers.get("Allow") !== allowed)
          wrong.push(`${method} ${url} → ${response.status} Allow=${response.headers.get("Allow")}`);
        else expect(await response.json()).toEqual({ error: "このURLはこのリクエスト方法に対応していません。" });
      }
    }
    expect(wrong).toEqual([]);
  });

  it(
    "answers a POST without a body as the POST of an empty form, never 400 or 500 for the missing body",
    { timeout: 120_000 },
    async ({ platform, member }) => {
      const differing: string[] = [];
      for (const url of urls) {
        if ((await serve({ platform, member }, url, "POST")).status === 405) continue;
        const bodyless = await serve({ platform, member }, url, "POST");
        const emptyForm = await serve({ platform, member }, url, "POST", { emptyForm: true });
        const text = await bodyless.text();
        if (bodyless.status >= 500 || text.includes("送信内容を読み取れませんでした") || bodyless.status !== emptyForm.status) {
          differing.push(`${url}: no body → ${bodyless.status} ${text.slice(0, 80)}, empty form → ${emptyForm.status}`);
        }
      }
      expect(differing).toEqual([]);
    },
  );
});

describe("pages' forms posted without a body", () => {
  const bodyless = (path: string, cookie = "") =>
    new Request(`${TEST_ORIGIN}${path}`, { method: "POST", headers: { Origin: TEST_ORIGIN, Cookie: cookie, "Sec-Fetch-Mode": "cors" } });

  it("/login answers with the empty form's field messages", async ({ platform }) => {
    const { returned, thrown } = await callHandler(platform, loginAction, bodyless("/login"));
    expect(thrown).toBeUndefined();
    const result = returned as unknown as DataResult<{ error: Record<string, string[]> }>;
    expect(result.init?.status).toBe(400);
    expect(Object.keys(result.data.error)).toEqual(expect.arrayContaining(["email", "password"]));
  });

  it("/cart answers as for an unknown operation, not as an unreadable body", async ({ platform, member }) => {
    const { returned, thrown } = await callHandler(platform, cartAction, bodyless("/cart", member));
    expect(thrown).toBeUndefined();
    expect((returned as unknown as DataResult<{ error: string }>).data.error).toBe("操作が正しくありません。");
  });
});
