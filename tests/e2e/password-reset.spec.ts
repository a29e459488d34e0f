/**
 * 「パスワードをお忘れの方」 end to end, JS on and off: a member who forgot the password asks from the login
 * page, opens the mailed link, sets a new password, is signed in, and logs in with it later. Each test
 * registers its own member, so the demo accounts the other specs use keep their password.
 */
import { expect, registerAndLogIn, submitLogin, test, type Page, type TestInfo } from "./fixtures";
import { latestMailTo } from "./mailbox";

const OLD_PASSWORD = "forgotten-pass-1";
const NEW_PASSWORD = "remembered-pass-2";

function uniqueEmail(testInfo: TestInfo): string {
  return `reset-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.jp`;
}

async function registerMember(page: Page, email: string): Promise<void> {
  await registerAndLogIn(page, { email, password: OLD_PASSWORD, lastname: "高橋", firstname: "美咲", lastnameKana: "タカハシ", firstnameKana: "ミサキ" });
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page.getByRole("link", { name: "高橋様" })).toHaveCount(0);
}

/** From the login page: 「パスワードをお忘れの方」, the address, and the one answer every address gets. */
async function askForReset(page: Page, email: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("link", { name: "パスワードをお忘れの方" }).click();
  await expect(page).toHaveURL("/password-reset");
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByRole("button", { name: "再設定用のメールを送る" }).click();
  await expect(page.getByTestId("reset-requested")).toHaveText(
    `ご入力のメールアドレス（${email}）が登録されている場合、パスワード再設定のご案内をお送りしました。メールに記載のリンクを30分以内に開き、新しいパスワードを設定してください。`,
  );
}

const newPasswordField = (page: Page) => page.getByLabel(/^新しいパスワード(?!（確認用）)/);
const confirmField = (page: Page) => page.getByLabel(/^新しいパスワード（確認用）/);

test("a member resets a forgotten password from the mailed link, is signed in, and logs in with it later", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo);
  await registerMember(page, email);
  await askForReset(page, email);

  const mail = await latestMailTo(page, email, { subject: "パスワード再設定" });
  expect(mail.subject).toContain("パスワード再設定のご案内");
  expect(mail.text).toContain("30分間");
  const link = mail.links.find((href) => href.includes("/password-reset/new-password?token="));
  expect(link).toBeDefined();

  // The link's token leaves the address bar at once (no Referer, history entry or log line carries it).
  await page.goto(link!);
  await expect(page).toHaveURL("/password-reset/new-password");
  await expect(page.getByText(`${email} のアカウントに新しいパスワードを設定します`)).toBeVisible();

  // The registration's rule, and every message of the form at once on one click of the button.
  await newPasswordField(page).fill("short");
  await page.getByRole("button", { name: "パスワードを設定する" }).click();
  await expect(page.getByText("パスワードは8文字以上で入力してください", { exact: true })).toBeVisible();
  await expect(page.getByText("確認用のパスワードを入力してください")).toBeVisible();

  // A confirmation that does not match is refused too.
  await newPasswordField(page).fill(NEW_PASSWORD);
  await confirmField(page).fill(`${NEW_PASSWORD}x`);
  await page.getByRole("button", { name: "パスワードを設定する" }).click();
  await expect(page.getByText("確認用のパスワードが一致しません")).toBeVisible();

  await newPasswordField(page).fill(NEW_PASSWORD);
  await confirmField(page).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "パスワードを設定する" }).click();
  await expect(page).toHaveURL(/\/user\?notice=password-reset#result$/);
  await expect(page.getByTestId("member-notice")).toHaveText("新しいパスワードを設定しました。ほかの端末でのログインはすべて終了しています。");
  await expect(page.getByRole("link", { name: "高橋様" })).toBeVisible();

  // The link is spent.
  await page.goto(link!);
  await expect(page.getByTestId("reset-link-refused")).toHaveText("このリンクは既に使用されています。もう一度お手続きをやり直してください。");
  await expect(page.getByRole("link", { name: "パスワードの再設定をもう一度申し込む" })).toHaveAttribute("href", "/password-reset");

  await page.getByRole("button", { name: "ログアウト" }).click();
  // Signed out before asking for /login (still signed in, /login sends a member on to the home page).
  await expect(page.getByRole("navigation", { name: "アカウント" }).getByRole("link", { name: "ログイン" })).toBeVisible();
  await page.goto("/login");
  await submitLogin(page, email, OLD_PASSWORD);
  await expect(page.getByRole("alert")).toContainText("メールアドレスまたはパスワードが正しくありません");
  await submitLogin(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "高橋様" })).toBeVisible();
});

test("an address that is no member's gets the same answer, and a made-up link says it is not the shop's", async ({ page }, testInfo) => {
  await askForReset(page, uniqueEmail(testInfo));
  await page.goto(`/password-reset/new-password?token=${"A".repeat(43)}`);
  await expect(page.getByTestId("reset-link-refused")).toHaveText("このリンクは正しくありません。メールに記載されたリンクをそのまま開いてください。");
  await page.getByRole("link", { name: "パスワードの再設定をもう一度申し込む" }).click();
  await expect(page).toHaveURL("/password-reset");
  await expect(page.getByLabel("メールアドレス")).toBeVisible();
});
