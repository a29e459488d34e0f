import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, submitLogin, test, type Page } from "./fixtures";
import { latestMailTo } from "./mailbox";

/** What /user/register says after a registration, whether the address was new or already a member's. */
const REGISTRATION_SENT =
  "会員登録のお申し込みを受け付けました。ご入力のメールアドレスにご案内のメールをお送りしましたので、内容をご確認のうえログインしてください。メールが届かない場合は、迷惑メールのフォルダや、入力したメールアドレスに誤りがないかをご確認ください。";

const PASSWORD = "correct-horse-42";

function uniqueEmail(projectName: string): string {
  return `e2e-${projectName}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.jp`;
}

/** The header's account links (pages may have their own login links too). */
function accountNav(page: Page) {
  return page.getByRole("navigation", { name: "アカウント" });
}

test("register, log out, and log in again", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo.project.name);
  await page.goto("/user/register");
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel(/^パスワード/).fill(PASSWORD);
  await page.getByRole("textbox", { name: "姓", exact: true }).fill("鈴木");
  await page.getByRole("textbox", { name: "名", exact: true }).fill("一郎");
  await page.getByRole("textbox", { name: "セイ（カタカナ）" }).fill("すずき"); // hiragana is converted to katakana
  await page.getByRole("textbox", { name: "メイ（カタカナ）" }).fill("イチロウ");
  // The newsletter is the shopper's choice: its box starts unticked.
  await expect(page.getByLabel("メールマガジンを受け取る（新商品・セール情報）")).not.toBeChecked();
  await page.getByRole("checkbox", { name: /会員規約/ }).check();
  await page.getByRole("button", { name: "会員登録する" }).click();

  // Registered: the page says what happens next; nobody is signed in until they log in.
  await expect(page).toHaveURL("/user/register?notice=sent#result");
  await expect(page.getByTestId("member-notice")).toHaveText(REGISTRATION_SENT);
  await expect(accountNav(page).getByRole("link", { name: "ログイン" })).toBeVisible();
  await page.getByTestId("registered-login").click();
  await submitLogin(page, email, PASSWORD);
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "鈴木様" })).toBeVisible();

  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(accountNav(page).getByRole("link", { name: "ログイン" })).toBeVisible();
  await expect(page.getByRole("link", { name: "鈴木様" })).toHaveCount(0);

  await accountNav(page).getByRole("link", { name: "ログイン" }).click();
  await submitLogin(page, email, PASSWORD);
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "鈴木様" })).toBeVisible();
});

test("registering an address that already has an account answers the very same page, and its owner gets a mail", async ({ page }) => {
  test.setTimeout(60_000);
  const owner = DEMO_ACCOUNTS.other;
  await page.goto("/user/register");
  await page.getByLabel("メールアドレス").fill(owner);
  await page.getByLabel(/^パスワード/).fill(PASSWORD);
  await page.getByRole("textbox", { name: "姓", exact: true }).fill("偽物");
  await page.getByRole("textbox", { name: "名", exact: true }).fill("太郎");
  await page.getByRole("textbox", { name: "セイ（カタカナ）" }).fill("ニセモノ");
  await page.getByRole("textbox", { name: "メイ（カタカナ）" }).fill("タロウ");
  await page.getByRole("checkbox", { name: /会員規約/ }).check();
  await page.getByRole("button", { name: "会員登録する" }).click();
  await expect(page).toHaveURL("/user/register?notice=sent#result");
  await expect(page.getByTestId("member-notice")).toHaveText(REGISTRATION_SENT);
  await expect(page.getByText("既に登録されています")).toHaveCount(0);
  await expect(accountNav(page).getByRole("link", { name: "ログイン" })).toBeVisible();
  const mail = await latestMailTo(page, owner, { subject: "会員登録のお申し込みについて" });
  expect(mail.text).toContain("すでに会員としてご登録いただいているため、新たな登録は行っていません");
});

test("a wrong password shows an error and keeps the visitor logged out", async ({ page }) => {
  await page.goto("/login");
  await submitLogin(page, DEMO_ACCOUNTS.member, "not-the-password");
  await expect(page.getByRole("alert")).toContainText("メールアドレスまたはパスワードが正しくありません");
  await expect(accountNav(page).getByRole("link", { name: "ログイン" })).toBeVisible();
  await expect(page.getByLabel("メールアドレス")).toHaveValue(DEMO_ACCOUNTS.member);
});

test("the demo member logs in and returns to the page that asked for it", async ({ page }) => {
  await page.goto("/login?show=1&redirectTo=%2Fuser%2FmemberAgreement");
  await expect(page.getByRole("status")).toContainText("ログインが必要です");
  await submitLogin(page, DEMO_ACCOUNTS.member, DEMO_PASSWORD);
  await expect(page).toHaveURL("/user/memberAgreement");
  await expect(page.getByRole("link", { name: "山田様" })).toBeVisible();
});

test("registration explains what is wrong in Japanese and saves nothing", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo.project.name);
  await page.goto("/user/register");
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel(/^パスワード/).fill("short");
  await page.getByRole("textbox", { name: "姓", exact: true }).fill("鈴木");
  await page.getByRole("textbox", { name: "名", exact: true }).fill("一郎");
  await page.getByRole("textbox", { name: "セイ（カタカナ）" }).fill("Suzuki");
  await page.getByRole("textbox", { name: "メイ（カタカナ）" }).fill("イチロウ");
  await page.getByRole("button", { name: "会員登録する" }).click();
  await expect(page.getByText("パスワードは8文字以上で入力してください")).toBeVisible();
  await expect(page.getByText("全角カタカナで入力してください")).toBeVisible();
  await expect(page.getByText("会員規約への同意が必要です")).toBeVisible();
  await expect(accountNav(page).getByRole("link", { name: "ログイン" })).toBeVisible();

  // Nothing was registered: logging in with that address fails.
  await page.goto("/login");
  await submitLogin(page, email, "short");
  await expect(page.getByRole("alert")).toContainText("メールアドレスまたはパスワードが正しくありません");
});

test("the membership terms open from registration in a new tab", async ({ page }) => {
  await page.goto("/user/register");
  const link = page.getByRole("link", { name: "会員規約" }).first();
  await expect(link).toHaveAttribute("target", "_blank");
  await page.goto("/user/memberAgreement");
  await expect(page.getByRole("heading", { name: "会員規約" })).toBeVisible();
});
