/**
 * Guessing under concurrency (issue 13 item 1), on a real local D1: a burst of wrong passwords or coupon
 * codes sent at once gets no more checks than the limit, the right secret inside the burst is refused, and
 * a stranger guessing from one network does not lock the customer out elsewhere.
 */
import { describe, expect } from "vitest";
import { hashPassword } from "~/auth/password.server";
import { COUPON_THROTTLE, LOGIN_THROTTLE } from "~/core/site/throttle";
import { users } from "~/db/schema";
import { productBySku } from "~/services/seed/catalogue";
import * as cartAdd from "~/routes/api.cart-add";
import * as cartCoupon from "~/routes/api.cart-coupon";
import { action as loginAction } from "~/routes/login";
import { LOGIN_FAILED_MESSAGE } from "~/services/account/accounts.server";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { apiRequest, callHandler, responseOf, sessionCookie, type DataResult, type RouteHandler } from "../support/requests";

const EMAIL = "burst@example.jp";
const PASSWORD = "correct-horse-1";

// The account the burst guesses at, made once for the file.
const it = platformTest().extend<{ burstAccount: void }>({
  burstAccount: [
    async ({ platform }, provide) => {
      await platform.db.insert(users).values({
        email: EMAIL,
        passwordHash: await hashPassword(PASSWORD),
        lastname: "連打",
        firstname: "試験",
        lastnameJp: "レンダ",
        firstnameJp: "シケン",
      });
      await provide();
    },
    { scope: "file", auto: true },
  ],
});

type LoginOutcome = { loggedIn: true } | { loggedIn: false; message: string };

async function login(platform: TestPlatform, password: string, ip: string): Promise<LoginOutcome> {
  const { returned, thrown } = await callHandler(platform, loginAction, apiRequest("/login", { fields: { email: EMAIL, password, redirectTo: "/" }, ip }));
  if (thrown instanceof Response && thrown.status === 302) return { loggedIn: true };
  const result = returned as unknown as DataResult<{ error: Record<string, string[]> }>;
  return { loggedIn: false, message: result.data.error[""]?.[0] ?? "" };
}

describe("login throttling under a burst", () => {
  it("checks only 5 passwords of 100 wrong plus the right one sent at once; the right one is refused", async ({ platform }) => {
    const ip = "203.0.113.50";
    const attempts = [...Array.from({ length: 100 }, (_, i) => `wrong-${i}`), PASSWORD];
    const outcomes = await Promise.all(attempts.map((password) => login(platform, password, ip)));
    expect(outcomes.at(-1)).toEqual({ loggedIn: false, message: expect.stringMatching(/一時的にログインを制限しています。\d+分後/) });
    expect(outcomes.filter((outcome) => outcome.loggedIn)).toHaveLength(0);
    const checked = outcomes.filter((outcome) => !outcome.loggedIn && outcome.message === LOGIN_FAILED_MESSAGE);
    expect(checked.length).toBeLessThanOrEqual(LOGIN_THROTTLE.emailAndIp.maxAttempts);
    // Still locked from that network afterwards, even with the right password.
    expect(await login(platform, PASSWORD, ip)).toEqual({ loggedIn: false, message: expect.stringMatching(/15分後/) });
  });

  it("does not lock the customer out from another network, and a success starts their count again", async ({ platform }) => {
    expect(await login(platform, PASSWORD, "198.51.100.77")).toEqual({ loggedIn: true });
    for (let i = 0; i < LOGIN_THROTTLE.emailAndIp.maxAttempts - 1; i++) {
      expect(await login(platform, `typo-${i}`, "198.51.100.77")).toEqual({ loggedIn: false, message: LOGIN_FAILED_MESSAGE });
    }
    expect(await login(platform, PASSWORD, "198.51.100.77")).toEqual({ loggedIn: true });
    expect(await login(platform, "typo-again", "198.51.100.77")).toEqual({ loggedIn: false, message: LOGIN_FAILED_MESSAGE });
  });
});

describe("coupon-code guessing under a burst", () => {
  const post = (platform: TestPlatform, handler: RouteHandler, path: string, fields: Record<string, string>, cookie: string, ip: string) =>
    responseOf(platform, handler, apiRequest(path, { mode: "cors", fields, cookie, ip }));

  async function guestCart(platform: TestPlatform, ip: string): Promise<string> {
    const response = await post(platform, cartAdd.action as RouteHandler, "/api/cart-add", { p: String(productBySku("DEMO-SIMPLE").id), q: "1" }, "", ip);
    expect(response.status).toBe(200);
    return sessionCookie(response);
  }

  const BURST = 100;

  it("looks up at most the cart's limit of 100 codes sent at once; then even a valid code waits", { timeout: 120_000 }, async ({ platform }) => {
    const ip = "192.0.2.10";
    const cookie = await guestCart(platform, ip);
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) => post(platform, cartCoupon.action as RouteHandler, "/api/cart-coupon", { code: `GUESS${i}` }, cookie, ip)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(COUPON_THROTTLE.cart.maxAttempts);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(BURST - COUPON_THROTTLE.cart.maxAttempts);
    const valid = await post(platform, cartCoupon.action as RouteHandler, "/api/cart-coupon", { code: "SPRING10" }, cookie, ip);
    expect(valid.status).toBe(429);
    expect(await valid.json()).toEqual({
      error: expect.stringMatching(/^クーポンコードの入力に続けて失敗したため.*分後にもう一度お試しください。$/),
      field: "coupon",
    });
  });

  it("limits the network across fresh carts, and an accepted code uses up no guess", { timeout: 120_000 }, async ({ platform }) => {
    const ip = "192.0.2.20";
    const first = await guestCart(platform, ip);
    for (let i = 0; i < COUPON_THROTTLE.cart.maxAttempts + 5; i++) {
      expect((await post(platform, cartCoupon.action as RouteHandler, "/api/cart-coupon", { code: "SPRING10" }, first, ip)).status).toBe(200);
    }
    let refused = 0;
    for (let cart = 0; cart < 4; cart++) {
      const cookie = await guestCart(platform, ip);
      const answers = await Promise.all(
        Array.from({ length: COUPON_THROTTLE.cart.maxAttempts }, (_, i) =>
          post(platform, cartCoupon.action as RouteHandler, "/api/cart-coupon", { code: `NOPE${cart}X${i}` }, cookie, ip),
        ),
      );
      refused += answers.filter((response) => response.status === 429).length;
    }
    expect(refused).toBe(4 * COUPON_THROTTLE.cart.maxAttempts - COUPON_THROTTLE.ip.maxAttempts);
  });
});
