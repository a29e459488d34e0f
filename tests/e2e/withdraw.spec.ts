import { expect, login, registerAndLogIn, submitLogin, test, type Page } from "./fixtures";

/**
 * 退会 (JS on and off). A member made for the test (the demo accounts are shared by every spec) leaves
 * from the member hub and can register again with the same address; the demo member, who has an order
 * under way and a subscription, is told why they cannot leave yet.
 */
const PASSWORD = "leaving-for-now-1";

async function register(page: Page, email: string) {
  await registerAndLogIn(page, {
    email,
    password: PASSWORD,
    lastname: "森本",
    firstname: "結衣",
    lastnameKana: "モリモト",
    firstnameKana: "ユイ",
    newsletter: true,
  });
}

test("a member withdraws from the member hub, and the address can register again", async ({ page }, testInfo) => {
  const email = `withdraw-${testInfo.project.name}-${Date.now()}@example.jp`;
  await register(page, email);
  await page.goto("/user");
  await page.getByTestId("hub-withdraw").click();
  await expect(page).toHaveURL("/user/withdraw");
  await expect(page.getByTestId("loss-points")).toContainText("0pt");
  await expect(page.getByTestId("loss-addresses")).toHaveText("0件");
  await expect(page.getByTestId("loss-newsletter")).toContainText("メールマガジン");

  const password = page.getByLabel(/^パスワード/);
  const confirm = page.getByRole("checkbox", { name: /退会することに同意します/ });
  await password.fill(PASSWORD);
  await page.getByRole("button", { name: "退会する" }).click();
  await expect(page.getByText("退会する場合は、確認のチェックを入れてください")).toBeVisible();

  await page.getByLabel(/^パスワード/).fill("not-my-password");
  await confirm.check();
  await page.getByRole("button", { name: "退会する" }).click();
  await expect(page.getByText("パスワードが正しくありません")).toBeVisible();

  await page.getByLabel(/^パスワード/).fill(PASSWORD);
  if (!(await confirm.isChecked())) await confirm.check();
  await page.getByRole("button", { name: "退会する" }).click();
  await expect(page).toHaveURL("/user/withdraw/done");
  await expect(page.getByTestId("withdraw-done")).toHaveText("退会のお手続きが完了しました。");
  await expect(page.getByRole("link", { name: "森本様" })).toHaveCount(0);

  // Signed out everywhere; the old password opens nothing; the address registers anew.
  await page.goto("/user");
  await expect(page).toHaveURL(/\/login\?/);
  await submitLogin(page, email, PASSWORD);
  await expect(page.getByRole("alert")).toContainText("メールアドレスまたはパスワードが正しくありません");
  await register(page, email);
});

test("the demo member, with an order under way and a subscription, is told why they cannot leave yet", async ({ page }) => {
  await login(page, "member", "/user/withdraw");
  const blocked = page.getByTestId("withdraw-blocked");
  await expect(blocked).toContainText("お届けが完了していないご注文があるため、退会できません。");
  await expect(blocked).toContainText("ご利用中の定期便があるため、退会できません。");
  await expect(blocked.getByRole("link", { name: /定期便の管理へ/ })).toHaveAttribute("href", "/user/subscriptions");
  await expect(blocked.getByRole("link", { name: /注文番号/ }).first()).toHaveAttribute("href", /^\/user\/orders\/\d+$/);
  await expect(page.getByRole("button", { name: "退会する" })).toHaveCount(0);
});
