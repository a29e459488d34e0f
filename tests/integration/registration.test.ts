/**
 * Registration that tells nobody which addresses have an account (issue 34), on a real local D1: an address
 * that is already a member's gets the very answer a new one gets (the same redirect to 「メールをお送り
 * しました」, no cookie), its account is left as it was and its owner is mailed; the checkout's 会員登録 box
 * with a member's address places the order as a guest's and answers like a new registration; nobody is
 * signed in by registering; and registrations are counted per network and per address, even when sent at once.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { REGISTRATION_MESSAGES, REGISTRATION_THROTTLE } from "~/core/account/registration";
import { mailOutbox, orders, users } from "~/db/schema";
import { MEMBER_ID } from "~/services/seed/people";
import { action as checkoutAction } from "~/routes/checkout";
import { loader as thanksLoader } from "~/routes/checkout_.thanks.$number";
import * as registerPage from "~/routes/user.register";
import { cartWithSimple, shippingFields, shownFingerprint } from "../support/orders";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { guestCartCookie, location, pageRequest, postRequest, run, valueOf, type Outcome, type RouteHandler } from "../support/requests";

const it = platformTest();

const MEMBER_EMAIL = "member@example.jp";

function fields(email: string, extra: Record<string, string> = {}) {
  return { email, password: "password1234", lastname: "山田", firstname: "太郎", lastnameJp: "ヤマダ", firstnameJp: "タロウ", agreement: "on", ...extra };
}

function register(platform: TestPlatform, email: string, ip = "198.51.100.20", extra: Record<string, string> = {}) {
  return run(platform, registerPage.action as RouteHandler, postRequest("/user/register", fields(email, extra), { ip, mode: "navigate" }));
}

/** What the shopper's browser gets: the status and every header (a cookie included, if any). */
const answerOf = (outcome: Outcome) => ({ status: outcome.status, headers: Object.fromEntries(outcome.response?.headers ?? []) });

const mailsTo = (platform: TestPlatform, email: string) => platform.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).all();

describe("/user/register", () => {
  it("answers a member's address exactly as a new one, keeps the account as it was and mails its owner", async ({ platform }) => {
    const before = (await platform.db.select().from(users).where(eq(users.id, MEMBER_ID)).get())!;
    const fresh = await register(platform, "brand-new@example.jp", "198.51.100.21");
    const taken = await register(platform, MEMBER_EMAIL, "198.51.100.22", { lastname: "別人" });
    expect(answerOf(taken)).toEqual(answerOf(fresh));
    expect(location(fresh)).toBe("/user/register?notice=sent#result");
    expect(fresh.response?.headers.get("Set-Cookie")).toBeNull();

    expect(await platform.db.select().from(users).where(eq(users.id, MEMBER_ID)).get()).toEqual(before);
    expect(await platform.db.select().from(users).where(eq(users.email, MEMBER_EMAIL))).toHaveLength(1);
    const [attempt] = (await mailsTo(platform, MEMBER_EMAIL)).filter((mail) => mail.kind === "registration_attempt");
    expect(attempt).toMatchObject({ userId: MEMBER_ID, subject: "【ひなた市場】会員登録のお申し込みについて" });
    expect(attempt!.textBody).toContain("すでに会員としてご登録いただいているため、新たな登録は行っていません");
    expect(attempt!.textBody).toContain("/password-reset");
    expect((await mailsTo(platform, "brand-new@example.jp")).map((mail) => mail.kind)).toEqual(["welcome"]);
  });

  it("shows what happens next after either: the mail, and a way to log in", async ({ platform }) => {
    const page = await valueOf<{ sent: string | null; redirectTo: string }>(
      await run(platform, registerPage.loader as RouteHandler, pageRequest("/user/register?redirectTo=%2Fcart&notice=sent")),
    );
    expect(page).toEqual({ redirectTo: "/cart", sent: REGISTRATION_MESSAGES.sent });
    expect(await valueOf(await run(platform, registerPage.loader as RouteHandler, pageRequest("/user/register")))).toEqual({ redirectTo: "/", sent: null });
  });

  it(`takes at most ${REGISTRATION_THROTTLE.ip.maxAttempts} registrations from one network, however many arrive at once`, async ({ platform }) => {
    const ip = "198.51.100.30";
    const burst = REGISTRATION_THROTTLE.ip.maxAttempts + 6;
    const outcomes = await Promise.all(Array.from({ length: burst }, (_, index) => register(platform, `burst-${index}@example.jp`, ip)));
    const taken = outcomes.filter((outcome) => outcome.status === 303);
    const refused = outcomes.filter((outcome) => outcome.status === 429);
    expect([taken.length, refused.length]).toEqual([REGISTRATION_THROTTLE.ip.maxAttempts, 6]);
    const reply = await valueOf<{ error: Record<string, string[]> }>(refused[0]!);
    expect(reply.error[""]?.[0]).toMatch(/^会員登録のお申し込みが続いたため、一時的に受付を制限しています。\d+分後にもう一度お試しください。$/);
    const accounts = await platform.db.select().from(users).all();
    expect(accounts.filter((user) => user.email.startsWith("burst-"))).toHaveLength(REGISTRATION_THROTTLE.ip.maxAttempts);
    // Another network is not held back.
    expect((await register(platform, "elsewhere@example.jp", "198.51.100.31")).status).toBe(303);
  });

  it(`mails one address at most ${REGISTRATION_THROTTLE.email.maxAttempts} times, from however many networks at once`, async ({ platform }) => {
    const outcomes = await Promise.all(
      Array.from({ length: REGISTRATION_THROTTLE.email.maxAttempts + 3 }, (_, index) => register(platform, "flooded@example.jp", `203.0.113.${index + 1}`)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 303)).toHaveLength(REGISTRATION_THROTTLE.email.maxAttempts);
    expect(outcomes.filter((outcome) => outcome.status === 429)).toHaveLength(3);
  });
});

describe("the checkout's 会員登録 box", () => {
  async function checkoutRegistering(platform: TestPlatform, email: string) {
    const cartId = await cartWithSimple(platform.db, {});
    const cookie = await guestCartCookie(platform, cartId);
    const outcome = await run(
      platform,
      checkoutAction,
      postRequest(
        "/checkout",
        {
          token: crypto.randomUUID(),
          shown: await shownFingerprint(platform.db, { cartId }),
          payment: "bank_transfer",
          ...fields(email),
          register: "on",
          sameAsOrderer: "on",
          ...shippingFields({ name: false }),
        },
        { cookie, mode: "navigate" },
      ),
    );
    return { outcome, cartId, cookie };
  }

  it("with a member's address places a guest's order, mails the owner, and answers as a new registration does", async ({ platform }) => {
    const fresh = await checkoutRegistering(platform, "new-at-checkout@example.jp");
    const taken = await checkoutRegistering(platform, MEMBER_EMAIL);
    for (const { outcome } of [fresh, taken]) {
      expect(outcome.status).toBe(303);
      expect(location(outcome)).toMatch(/^\/checkout\/thanks\/\d{8}-\d{6}\?registration=1$/);
    }
    // The same cookie shape: a guest's session with the order it just placed, nobody signed in.
    const cookieNames = (outcome: Outcome) => (outcome.response?.headers.getSetCookie() ?? []).map((cookie) => cookie.split("=")[0]);
    expect(cookieNames(taken.outcome)).toEqual(cookieNames(fresh.outcome));

    const newAccount = (await platform.db.select().from(users).where(eq(users.email, "new-at-checkout@example.jp")).get())!;
    const freshOrder = (await platform.db.select().from(orders).where(eq(orders.cartId, fresh.cartId)).get())!;
    expect(freshOrder.userId).toBe(newAccount.id);
    const takenOrder = (await platform.db.select().from(orders).where(eq(orders.cartId, taken.cartId)).get())!;
    expect(takenOrder).toMatchObject({ userId: null, email: MEMBER_EMAIL });
    const attempt = await platform.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, MEMBER_EMAIL), eq(mailOutbox.kind, "registration_attempt")))
      .all();
    expect(attempt.at(-1)!.textBody).toContain("ご注文の際に、このメールアドレスで会員登録のお申し込みがありました");

    // Each thank-you page (for the session that placed it) says to look at the mail and log in, and neither is a member's.
    for (const { outcome } of [fresh, taken]) {
      const cookie = (outcome.response?.headers.getSetCookie() ?? []).map((each) => each.split(";")[0]).join("; ");
      const page = await valueOf<{ isMember: boolean; registration: string | null }>(
        await run(platform, thanksLoader, pageRequest(location(outcome)!, cookie), {
          number: location(outcome)!.split("/").at(-1)!.split("?")[0]!,
        }),
      );
      expect(page).toMatchObject({ isMember: false, registration: REGISTRATION_MESSAGES.withOrder });
    }
  });
});
