import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { createUserSession, requireStaff, requireUser } from "~/web/account/auth.server";
import { hashPassword } from "~/auth/password.server";
import { LOGIN_THROTTLE } from "~/core/site/throttle";
import { users } from "~/db/schema";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { action as registerAction } from "~/routes/user.register";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { apiRequest, callHandler, contextFor, pageRequest, sessionCookie, settle, TEST_ORIGIN, type DataResult } from "../support/requests";

// A migrated, empty store: the tests make the accounts they need.
const fileTest = platformTest({ seed: false });
const it = fileTest;

const registration = (email: string) => ({
  email,
  password: "password1234",
  lastname: "山田",
  firstname: "太郎",
  lastnameJp: "ヤマダ",
  firstnameJp: "たろう",
  newsletter: "on",
  agreement: "on",
  redirectTo: "/cart",
});

function register(platform: TestPlatform, fields: Record<string, string>) {
  return callHandler(platform, registerAction, apiRequest("/user/register", { fields }));
}

function login(platform: TestPlatform, email: string, password: string, ip = "203.0.113.1") {
  return callHandler(platform, loginAction, apiRequest("/login", { fields: { email, password, redirectTo: "/cart" }, ip }));
}

function userByEmail(platform: TestPlatform, email: string) {
  return platform.db.select().from(users).where(eq(users.email, email)).get();
}

describe("registration", () => {
  it("creates the member with a PBKDF2 hash and sends the browser to 「メールをお送りしました」, signed in to nothing", async ({ platform }) => {
    const { thrown } = await register(platform, registration("Taro@Example.jp"));
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/user/register?redirectTo=%2Fcart&notice=sent#result");
    expect(response.headers.get("Set-Cookie")).toBeNull();

    const user = await userByEmail(platform, "taro@example.jp");
    expect(user?.firstnameJp).toBe("タロウ");
    expect(user?.newsletter).toBe(true);
    expect(user?.role).toBe("customer");
    expect(user?.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$/);
  });

  it("answers an address that is already registered as it answered the new one, changing the account not at all", async ({ platform }) => {
    await register(platform, registration("dup@example.jp"));
    const { thrown } = await register(platform, { ...registration("dup@example.jp"), lastname: "別人" });
    expect((thrown as Response).status).toBe(303);
    expect((thrown as Response).headers.get("Location")).toBe("/user/register?redirectTo=%2Fcart&notice=sent#result");
    expect((await userByEmail(platform, "dup@example.jp"))?.lastname).toBe("山田");
  });

  it("answers invalid input with Japanese field errors and writes nothing", async ({ platform }) => {
    const { returned } = await register(platform, { ...registration("bad@example.jp"), password: "short", agreement: "" });
    const result = returned as unknown as DataResult<{ error: Record<string, string[]>; initialValue: Record<string, unknown> }>;
    expect(result.init?.status).toBe(400);
    expect(result.data.error.password).toContain("パスワードは8文字以上で入力してください");
    expect(result.data.error.agreement).toContain("会員規約への同意が必要です");
    expect(result.data.initialValue.password).toBeUndefined();
    expect(await userByEmail(platform, "bad@example.jp")).toBeUndefined();
  });

  it("answers a body that is not a form with 400, not 500", async ({ platform }) => {
    const request = new Request(`${TEST_ORIGIN}/user/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
      body: '{"email":',
    });
    const { thrown } = await callHandler(platform, registerAction, request);
    expect((thrown as Response).status).toBe(400);
    expect(await (thrown as Response).text()).toContain("送信内容を読み取れませんでした");
  });
});

describe("login", () => {
  // A customer and a staff member with known passwords, made once (the guards below use them too).
  const it = fileTest.extend<{ accounts: void }>({
    accounts: [
      async ({ platform }, provide) => {
        await platform.db.insert(users).values([
          {
            email: "login@example.jp",
            passwordHash: await hashPassword("password1234"),
            lastname: "佐藤",
            firstname: "花",
            lastnameJp: "サトウ",
            firstnameJp: "ハナ",
          },
          {
            email: "staff-test@example.jp",
            passwordHash: await hashPassword("password1234"),
            role: "staff",
            lastname: "高橋",
            firstname: "誠",
            lastnameJp: "タカハシ",
            firstnameJp: "マコト",
          },
        ]);
        await provide();
      },
      { scope: "file", auto: true },
    ],
  });

  it("logs in with the right password and honours a safe redirectTo", async ({ platform }) => {
    const { thrown } = await login(platform, "LOGIN@example.jp", "password1234");
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cart");
    const user = await requireUser(pageRequest("/", sessionCookie(response)), contextFor(platform));
    expect(user.email).toBe("login@example.jp");
  });

  it("ignores an off-site redirectTo", async ({ platform }) => {
    const { thrown } = await callHandler(
      platform,
      loginAction,
      apiRequest("/login", { fields: { email: "login@example.jp", password: "password1234", redirectTo: "//evil.example" }, ip: "203.0.113.9" }),
    );
    expect((thrown as Response).headers.get("Location")).toBe("/");
  });

  it("refuses a wrong password or an unknown address with the same message", async ({ platform }) => {
    for (const [email, password] of [
      ["login@example.jp", "wrong-password"],
      ["nobody@example.jp", "password1234"],
    ] as const) {
      const { returned } = await login(platform, email, password, "203.0.113.2");
      const result = returned as unknown as DataResult<{ error: Record<string, string[]> }>;
      expect(result.init?.status).toBe(400);
      expect(result.data.error[""]).toEqual(["メールアドレスまたはパスワードが正しくありません"]);
    }
  });

  it("locks an address after repeated failures, even for the right password", async ({ platform }) => {
    const email = "login@example.jp";
    for (let i = 0; i < LOGIN_THROTTLE.email.maxAttempts; i++) await login(platform, email, `wrong-${i}`, `198.51.100.${i}`);
    const { returned } = await login(platform, email, "password1234", "198.51.100.200");
    const result = returned as unknown as DataResult<{ error: Record<string, string[]> }>;
    expect(result.init?.status).toBe(400);
    expect(result.data.error[""]?.[0]).toMatch(/一時的にログインを制限しています。15分後/);
  });

  it("answers a logged-in visitor of /login with a redirect", async ({ platform }) => {
    const session = await createUserSession(pageRequest("/"), contextFor(platform), 1, "/");
    const { thrown } = await callHandler(platform, loginLoader, pageRequest("/login?redirectTo=/cart", sessionCookie(session)));
    expect((thrown as Response).headers.get("Location")).toBe("/cart");
  });
});

describe("guards and logout", () => {
  it("sends a visitor to /login?show=1 with the way back", async ({ platform }) => {
    const { thrown } = await settle(() => requireUser(pageRequest("/user/mails?page=2"), contextFor(platform)));
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/login?show=1&redirectTo=%2Fuser%2Fmails%3Fpage%3D2");
  });

  it("lets staff through requireStaff and refuses customers with 403", async ({ platform }) => {
    const staff = await userByEmail(platform, "staff-test@example.jp");
    const customer = await userByEmail(platform, "taro@example.jp");
    const staffSession = await createUserSession(pageRequest("/"), contextFor(platform), staff!.id, "/");
    const customerSession = await createUserSession(pageRequest("/"), contextFor(platform), customer!.id, "/");
    expect((await requireStaff(pageRequest("/crm", sessionCookie(staffSession)), contextFor(platform))).role).toBe("staff");
    const { thrown } = await settle(() => requireStaff(pageRequest("/crm", sessionCookie(customerSession)), contextFor(platform)));
    expect((thrown as Response).status).toBe(403);
  });

  it("logs out by clearing the session", async ({ platform }) => {
    const session = await createUserSession(pageRequest("/"), contextFor(platform), 1, "/");
    const response = await logoutAction({
      request: apiRequest("/logout", { fields: {}, cookie: sessionCookie(session) }),
      context: contextFor(platform),
      params: {},
    });
    expect(response.headers.get("Location")).toBe("/");
    const cleared = sessionCookie(response);
    const { thrown } = await settle(() => requireUser(pageRequest("/", cleared), contextFor(platform)));
    expect((thrown as Response).status).toBe(302);
  });
});
