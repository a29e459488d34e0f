import { describe, expect, it } from "vitest";
import { refusalAsData, SHOP_STATUS_HEADER } from "~/web/site/data-request-status.server";

describe("a data request's expected refusal answers 200 (issue 34 item 24)", () => {
  it("answers a 4xx with 200, the same body and headers, and the status it stands for", async () => {
    const refused = new Response("refused", { status: 400, headers: { "Content-Type": "text/x-script", "Set-Cookie": "a=1" } });
    const answered = refusalAsData(refused);
    expect(answered.status).toBe(200);
    expect(answered.headers.get(SHOP_STATUS_HEADER)).toBe("400");
    expect(answered.headers.get("Content-Type")).toBe("text/x-script");
    expect(answered.headers.get("Set-Cookie")).toBe("a=1");
    expect(await answered.text()).toBe("refused");
    expect(refusalAsData(new Response(null, { status: 404 })).status).toBe(200);
    expect(refusalAsData(new Response(null, { status: 429 })).headers.get(SHOP_STATUS_HEADER)).toBe("429");
  });

  it("leaves successes, redirects and failures as they are", () => {
    for (const status of [200, 202, 204, 302, 500, 503]) {
      const response = new Response(null, { status });
      expect(refusalAsData(response)).toBe(response);
    }
  });
});
