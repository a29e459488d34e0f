/**
 * Staff reach the desk from the header and come back to /crm after logging in from it (issue 12 item 22);
 * logout ends the server-side session, so cookies copied before it open neither /user nor /crm (issue 13
 * item 4). At phone size, JS on and off; no page may log a console error.
 */
import { POLL_INTERVAL_MS } from "~/core/limits";
import { LOAD_NEW_MESSAGES_URL } from "~/components/tickets/useUnreadMessages";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, login, submitLogin, test, type Page } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

function accountNav(page: Page) {
  return page.getByRole("navigation", { name: "アカウント" });
}

test("staff sent to log in from /crm come back to /crm, and find 管理画面 in the header", async ({ page }) => {
  await page.goto("/crm");
  await expect(page).toHaveURL(/\/login\?show=1&redirectTo=%2Fcrm/);
  await submitLogin(page, DEMO_ACCOUNTS.staff, DEMO_PASSWORD);
  await expect(page).toHaveURL("/crm");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("ダッシュボード");

  await page.goto("/");
  const desk = accountNav(page).getByRole("link", { name: "管理画面" });
  await expect(desk).toBeVisible();
  await desk.click();
  await expect(page).toHaveURL("/crm");
});

test("customers see no 管理画面 link, and the header's ログイン comes back to the page", async ({ page }) => {
  await page.goto("/category/living/DEMO-SIMPLE");
  await accountNav(page).getByRole("link", { name: "ログイン" }).click();
  await submitLogin(page, DEMO_ACCOUNTS.other, DEMO_PASSWORD);
  await expect(page).toHaveURL("/category/living/DEMO-SIMPLE");
  await expect(accountNav(page).getByRole("link", { name: /様$/ })).toBeVisible();
  await expect(accountNav(page).getByRole("link", { name: "管理画面" })).toHaveCount(0);
});

test("cookies copied before logout open neither /user nor /crm afterwards", async ({ page, context, openContext }) => {
  await login(page, "staff");
  await expect(accountNav(page).getByRole("link", { name: "管理画面" })).toBeVisible();
  const copied = await context.cookies();
  expect(copied.length).toBeGreaterThan(0);

  await accountNav(page).getByRole("button", { name: "ログアウト" }).click();
  await expect(accountNav(page).getByRole("link", { name: "ログイン" })).toBeVisible();

  const thief = await openContext();
  await thief.addCookies(copied);
  const stolen = await thief.newPage();
  await stolen.goto("/crm/tickets");
  await expect(stolen).toHaveURL(/\/login\?show=1/);
  await stolen.goto("/user");
  await expect(stolen).toHaveURL(/\/login\?show=1&redirectTo=%2Fuser/);
});

test("a session ended on another device: the next page this browser opens shows it as a guest, and /user asks it to log in", async ({
  page,
  openContext,
  javaScriptEnabled,
}) => {
  await login(page, "other");
  await page.goto("/category/living");
  await expect(accountNav(page).getByRole("link", { name: /様$/ })).toBeVisible();

  const laptop = await (await openContext()).newPage();
  await login(laptop, "other");
  await laptop.goto("/user/profile");
  await laptop.getByRole("button", { name: "すべての端末からログアウトする" }).click();
  await expect(laptop.getByTestId("member-notice")).toHaveText("すべての端末・ブラウザからログアウトしました。");

  if (javaScriptEnabled) {
    // The open page's unread-message poll asks with the ended session too: a resource route checks it first and
    // answers as to a guest, never 500 (the fixture fails the test on a 500 as well).
    const poll = await page.waitForResponse((response) => response.url().endsWith(LOAD_NEW_MESSAGES_URL), { timeout: POLL_INTERVAL_MS + 5_000 });
    expect(poll.status()).toBe(401);
  }

  // A link followed (JS on: the page's data request) reads for the ended session nothing it shows: the page
  // comes back as a guest's (decision 0069).
  await page.locator('a[href="/category/living/DEMO-SIMPLE"]').first().click();
  await expect(page).toHaveURL("/category/living/DEMO-SIMPLE");
  await expect(accountNav(page).getByRole("link", { name: "ログイン" })).toBeVisible();
  await expect(accountNav(page).getByRole("link", { name: /様$/ })).toHaveCount(0);
  await page.goto("/user");
  await expect(page).toHaveURL(/\/login\?show=1&redirectTo=%2Fuser/);
});
