/**
 * Staff reach the desk from the header and come back to /crm after logging in from it (issue 12 item 22);
 * logout ends the server-side session, so cookies copied before it open neither /user nor /crm (issue 13
 * item 4). At phone size, JS on and off; no page may log a console error.
 */
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";

test.use({ viewport: { width: 390, height: 844 } });

const PASSWORD = "password1234";

let consoleErrors: string[] = [];
test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
});
test.afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

function accountNav(page: Page) {
  return page.getByRole("navigation", { name: "アカウント" });
}

async function login(page: Page, email: string) {
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel(/^パスワード/).fill(PASSWORD);
  await page.getByRole("button", { name: "ログインする" }).click();
}

async function freshContext(browser: Browser, testInfo: TestInfo) {
  return browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    viewport: { width: 390, height: 844 },
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
  });
}

test("staff sent to log in from /crm come back to /crm, and find 管理画面 in the header", async ({ page }) => {
  await page.goto("/crm");
  await expect(page).toHaveURL(/\/login\?show=1&redirectTo=%2Fcrm/);
  await login(page, "staff@example.jp");
  await expect(page).toHaveURL("/crm/tickets");

  await page.goto("/");
  const desk = accountNav(page).getByRole("link", { name: "管理画面" });
  await expect(desk).toBeVisible();
  await desk.click();
  await expect(page).toHaveURL("/crm/tickets");
});

test("customers see no 管理画面 link, and the header's ログイン comes back to the page", async ({ page }) => {
  await page.goto("/category/living/DEMO-SIMPLE");
  await accountNav(page).getByRole("link", { name: "ログイン" }).click();
  await login(page, "other@example.jp");
  await expect(page).toHaveURL("/category/living/DEMO-SIMPLE");
  await expect(accountNav(page).getByRole("link", { name: /様$/ })).toBeVisible();
  await expect(accountNav(page).getByRole("link", { name: "管理画面" })).toHaveCount(0);
});

test("cookies copied before logout open neither /user nor /crm afterwards", async ({ page, context, browser }, testInfo) => {
  await page.goto("/login");
  await login(page, "staff@example.jp");
  await expect(accountNav(page).getByRole("link", { name: "管理画面" })).toBeVisible();
  const copied = await context.cookies();
  expect(copied.length).toBeGreaterThan(0);

  await accountNav(page).getByRole("button", { name: "ログアウト" }).click();
  await expect(accountNav(page).getByRole("link", { name: "ログイン" })).toBeVisible();

  const thief = await freshContext(browser, testInfo);
  await thief.addCookies(copied);
  const stolen = await thief.newPage();
  await stolen.goto("/crm/tickets");
  await expect(stolen).toHaveURL(/\/login\?show=1/);
  await stolen.goto("/user");
  await expect(stolen).toHaveURL(/\/login\?show=1&redirectTo=%2Fuser/);
  await thief.close();
});
