/**
 * Account settings (/user/profile), JS on and off. Each test registers its own member, so no other spec's
 * demo account changes. The e-mail change is followed through the mail the shop sent to the new address.
 */
import { expect, login, registerAndLogIn, submitLogin, test, type Page } from "./fixtures";
import { latestMailTo } from "./mailbox";

const PASSWORD = "settings-pass-1";

function uniqueEmail(label: string, projectName: string): string {
  return `settings-${label}-${projectName}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.jp`;
}

/** Registers a new member who takes the newsletter, logs in, and opens the settings page from the member hub. */
async function newMemberOnSettings(page: Page, email: string): Promise<void> {
  await registerAndLogIn(page, {
    email,
    password: PASSWORD,
    lastname: "設定",
    firstname: "花子",
    lastnameKana: "セッテイ",
    firstnameKana: "ハナコ",
    newsletter: true,
  });
  await page.goto("/user");
  await page.getByTestId("hub-profile").click();
  await expect(page).toHaveURL("/user/profile");
  await expect(page.getByRole("heading", { name: "会員情報の変更" })).toBeVisible();
}

const section = (page: Page, intent: string) => page.getByTestId(`settings-${intent}`);

/** The tests that read two mails through the dev mailbox, each waiting for the queue to send it. */
const MAIL_TEST_TIMEOUT = 60_000;

test("a member changes the e-mail address through the link mailed to the new one, then logs in with it", async ({ page }, testInfo) => {
  test.setTimeout(MAIL_TEST_TIMEOUT);
  const oldEmail = uniqueEmail("old", testInfo.project.name);
  const newEmail = uniqueEmail("new", testInfo.project.name);
  await newMemberOnSettings(page, oldEmail);
  const email = section(page, "email");
  await expect(email.getByTestId("current-email")).toHaveText(oldEmail);

  // A wrong password is refused at the form, and nothing is sent.
  await email.getByLabel("新しいメールアドレス").fill(newEmail);
  await email.getByLabel(/現在のパスワード/).fill("not-my-password");
  await email.getByRole("button", { name: "確認メールを送信する" }).click();
  await expect(section(page, "email").getByText("現在のパスワードが正しくありません").first()).toBeVisible();
  await expect(section(page, "email").getByLabel("新しいメールアドレス")).toHaveValue(newEmail);

  await section(page, "email")
    .getByLabel(/現在のパスワード/)
    .fill(PASSWORD);
  await section(page, "email").getByRole("button", { name: "確認メールを送信する" }).click();
  await expect(page.getByTestId("member-notice")).toContainText("確認メールを送信しました");
  await expect(page.getByTestId("pending-email")).toContainText(newEmail);
  await expect(page.getByTestId("current-email")).toHaveText(oldEmail);

  const mail = await latestMailTo(page, newEmail, { subject: "メールアドレス変更のご確認" });
  const link = mail.links.find((each) => each.includes("/user/profile/email/"));
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByTestId("new-email")).toHaveText(newEmail);
  await page.getByRole("button", { name: "メールアドレスを変更する" }).click();
  await expect(page).toHaveURL(/\/user\/profile\?notice=email_changed/);
  await expect(page.getByTestId("member-notice")).toHaveText("メールアドレスを変更しました。");
  await expect(page.getByTestId("current-email")).toHaveText(newEmail);
  await expect(page.getByTestId("pending-email")).toHaveCount(0);

  // The old address hears of it; the link works only once.
  const notice = await latestMailTo(page, oldEmail, { subject: "メールアドレス変更完了のお知らせ" });
  expect(notice.text).toContain(newEmail);
  await page.goto(link!);
  await expect(page.getByTestId("link-refused")).toContainText("既に使用されています");

  await page.getByRole("button", { name: "ログアウト" }).click();
  // Signed out before asking for /login (still signed in, /login sends a member on to the home page).
  await expect(page.getByRole("navigation", { name: "アカウント" }).getByRole("link", { name: "ログイン" })).toBeVisible();
  await page.goto("/login");
  await submitLogin(page, oldEmail, PASSWORD);
  await expect(page.getByRole("alert")).toContainText("メールアドレスまたはパスワードが正しくありません");
  await submitLogin(page, newEmail, PASSWORD);
  await expect(page.getByRole("link", { name: "設定様" })).toBeVisible();
});

test("a member changes name, reading and phone, with registration's messages for what is wrong", async ({ page }, testInfo) => {
  await newMemberOnSettings(page, uniqueEmail("name", testInfo.project.name));
  const profile = section(page, "profile");
  await profile.getByRole("textbox", { name: "セイ（カタカナ）" }).fill("Sato");
  await profile.getByLabel("電話番号（任意）").fill("12-34");
  await profile.getByRole("button", { name: "お名前・電話番号を変更する" }).click();
  await expect(section(page, "profile").getByText("全角カタカナで入力してください").first()).toBeVisible();
  await expect(section(page, "profile").getByText("電話番号は半角数字10桁または11桁で入力してください（例: 09012345678）").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "設定様" })).toBeVisible();

  await section(page, "profile").getByRole("textbox", { name: "姓", exact: true }).fill("佐藤");
  await section(page, "profile").getByRole("textbox", { name: "セイ（カタカナ）" }).fill("さとう");
  await section(page, "profile").getByLabel("電話番号（任意）").fill("090-1234-5678");
  await section(page, "profile").getByRole("button", { name: "お名前・電話番号を変更する" }).click();
  await expect(page.getByTestId("member-notice")).toHaveText("お名前・電話番号を変更しました。");
  await expect(page.getByRole("link", { name: "佐藤様" })).toBeVisible();
  await expect(section(page, "profile").getByRole("textbox", { name: "セイ（カタカナ）" })).toHaveValue("サトウ");
  await expect(section(page, "profile").getByLabel("電話番号（任意）")).toHaveValue("09012345678");
});

test("a member turns the newsletter off and on again", async ({ page }, testInfo) => {
  await newMemberOnSettings(page, uniqueEmail("news", testInfo.project.name));
  const newsletter = section(page, "newsletter");
  await expect(newsletter.getByTestId("newsletter-state")).toHaveText("新商品・セール情報のメールマガジンを受け取っています。");
  await newsletter.getByRole("button", { name: "メールマガジンの配信を停止する" }).click();
  await expect(page.getByTestId("member-notice")).toHaveText("メールマガジンの配信を停止しました。");
  await expect(section(page, "newsletter").getByTestId("newsletter-state")).toHaveText("メールマガジンは配信停止中です。");
  await section(page, "newsletter").getByRole("button", { name: "メールマガジンを受け取る" }).click();
  await expect(page.getByTestId("member-notice")).toHaveText("メールマガジンの配信を開始しました。");
  await expect(section(page, "newsletter").getByTestId("newsletter-state")).toHaveText("新商品・セール情報のメールマガジンを受け取っています。");
});

test("a member changes the password and logs out everywhere", async ({ page }, testInfo) => {
  const email = uniqueEmail("pw", testInfo.project.name);
  await newMemberOnSettings(page, email);
  const password = section(page, "password");
  await password.getByLabel(/現在のパスワード/).fill(PASSWORD);
  await password.getByLabel(/新しいパスワード/).fill("brand-new-pass-2");
  await password.getByRole("button", { name: "パスワードを変更する" }).click();
  await expect(page.getByTestId("member-notice")).toContainText("パスワードを変更しました。");

  await section(page, "logout_everywhere").getByRole("button", { name: "すべての端末からログアウトする" }).click();
  await expect(page).toHaveURL(/\/login\?notice=logged_out_everywhere/);
  await expect(page.getByTestId("member-notice")).toHaveText("すべての端末・ブラウザからログアウトしました。");
  await page.goto("/user/profile");
  await expect(page).toHaveURL(/\/login\?show=1/);
  await submitLogin(page, email, "brand-new-pass-2");
  await expect(page).toHaveURL("/user/profile");
});

test("a newsletter from the staff desk carries a link that stops it, with a confirmation first", async ({ page, openContext }, testInfo) => {
  test.setTimeout(MAIL_TEST_TIMEOUT);
  const email = uniqueEmail("unsub", testInfo.project.name);
  await newMemberOnSettings(page, email);

  const staff = await (await openContext()).newPage();
  await login(staff, "staff", "/crm/newsletter");
  const subject = `配信停止の確認 ${testInfo.project.name} ${Date.now()}`;
  await staff.getByLabel(/件名/).fill(subject);
  await staff.getByLabel(/本文/).fill("新商品のお知らせです。\n\nぜひご覧ください。");
  await staff.getByRole("button", { name: /名に送信する$/ }).click();
  await expect(staff.getByTestId("member-notice")).toContainText("メールマガジンを");

  const mail = await latestMailTo(staff, email, { subject: subject });
  expect(mail.text).toContain("新商品のお知らせです。");
  const link = mail.links.find((each) => each.includes("/newsletter/unsubscribe?"));
  expect(link).toBeTruthy();

  // Opened without signing in: a page with a button; opening it changed nothing.
  const reader = await (await openContext()).newPage();
  await reader.goto(link!);
  await expect(reader.getByRole("heading", { name: "メールマガジンの配信停止" })).toBeVisible();
  await page.reload();
  await expect(section(page, "newsletter").getByTestId("newsletter-state")).toHaveText("新商品・セール情報のメールマガジンを受け取っています。");
  await reader.getByRole("button", { name: "配信を停止する" }).click();
  await expect(reader.getByTestId("member-notice")).toHaveText("メールマガジンの配信を停止しました。今後、メールマガジンはお送りしません。");
  await page.reload();
  await expect(section(page, "newsletter").getByTestId("newsletter-state")).toHaveText("メールマガジンは配信停止中です。");
});

test("the mail client's one-click unsubscribe (RFC 8058), posted from the provider's servers, stops the newsletter", async ({
  page,
  openContext,
  request,
}, testInfo) => {
  test.setTimeout(MAIL_TEST_TIMEOUT);
  const email = uniqueEmail("oneclick", testInfo.project.name);
  await newMemberOnSettings(page, email);

  const staff = await (await openContext()).newPage();
  await login(staff, "staff", "/crm/newsletter");
  const subject = `ワンクリック配信停止 ${testInfo.project.name} ${Date.now()}`;
  await staff.getByLabel(/件名/).fill(subject);
  await staff.getByLabel(/本文/).fill("新商品のお知らせです。");
  await staff.getByRole("button", { name: /名に送信する$/ }).click();
  await expect(staff.getByTestId("member-notice")).toContainText("メールマガジンを");
  const link = (await latestMailTo(staff, email, { subject })).links.find((each) => each.includes("/newsletter/unsubscribe?"))!;

  // The provider's servers post it with their own Origin and no cookie of ours.
  const provider = { Origin: "https://mail.provider.example" };
  const answered = await request.post(link, { headers: provider, form: { "List-Unsubscribe": "One-Click" } });
  // RFC 8058 asks for a success status; the provider gets the page, which now says the newsletter is stopped.
  expect(answered.status()).toBe(200);
  expect(await answered.text()).toContain("メールマガジンは配信停止済みです。");
  await page.reload();
  await expect(section(page, "newsletter").getByTestId("newsletter-state")).toHaveText("メールマガジンは配信停止中です。");
  // Any other post from another site is still refused.
  expect((await request.post("/user/profile?index", { headers: provider, form: { intent: "newsletter", newsletter: "on" } })).status()).toBe(403);
});
