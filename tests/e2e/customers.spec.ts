import { expect, login, registerAndLogIn, submitLogin, test, type Page } from "./fixtures";

/**
 * Customer records at /crm/customers (issue 37 item 3), JS on and off: staff find a new member by the
 * reading typed in hiragana, adjust their points with a reason and the member reads the line on their
 * points page; plain staff see no suspend button; the owner suspends the member, whose session ends and
 * whose next sign-in is refused; the record's log keeps both changes.
 */

const KATAKANA = "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワ";

/** A reading no other member has (the spec runs again on the same store). */
function uniqueReading(): string {
  return Array.from({ length: 5 }, () => KATAKANA[Math.floor(Math.random() * KATAKANA.length)]).join("");
}

const toHiragana = (katakana: string) => katakana.replace(/[\u30a1-\u30f6]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0x60));

async function openRecord(page: Page, search: string, name: string): Promise<void> {
  await page.goto("/crm/customers");
  await page.getByRole("searchbox", { name: "会員を検索" }).fill(search);
  await page.getByTestId("customer-search").getByRole("button", { name: "検索" }).click();
  const row = page.getByTestId("customer-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByTestId("customer-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
}

test("staff find a member by kana and adjust their points; the owner suspends them and they cannot sign in", async ({ page, openContext }, testInfo) => {
  test.setTimeout(90_000);
  const reading = uniqueReading();
  const member = {
    email: `customers-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.jp`,
    password: "customers-pass-1",
    lastname: "顧客",
    firstname: "試験",
    lastnameKana: reading,
    firstnameKana: "タロウ",
  };
  const name = `${member.lastname} ${member.firstname}`;
  await registerAndLogIn(page, member);

  // Staff: the reading typed in hiragana finds the member; 付与 with a reason.
  const staff = await (await openContext()).newPage();
  await login(staff, "staff", "/crm/customers");
  await openRecord(staff, toHiragana(reading), name);
  const points = staff.getByTestId("customer-points");
  await expect(points.getByTestId("customer-points-balance")).toHaveText("0pt");
  await points.getByLabel("付与する").check();
  await points.getByLabel(/^ポイント数/).fill("300");
  await points.getByLabel(/^理由/).fill("配送遅延のお詫び");
  await points.getByRole("button", { name: "調整する" }).click();
  await expect(staff.getByTestId("member-notice")).toHaveText("ポイントを付与しました。");
  await expect(points.getByTestId("customer-points-balance")).toHaveText("300pt");
  const pointsChange = staff.getByTestId("customer-change").first();
  await expect(pointsChange).toContainText("佐藤 健");
  await expect(pointsChange.getByTestId("customer-change-diff")).toHaveText("変更前：0pt → 変更後：300pt");
  await expect(pointsChange.getByTestId("customer-change-reason")).toHaveText("理由：配送遅延のお詫び");
  // Plain staff see the account's state, not the owner's buttons.
  await expect(staff.getByTestId("customer-account-state")).toHaveText("有効");
  await expect(staff.getByRole("button", { name: "アカウントを停止する" })).toHaveCount(0);

  // The member reads the line on their points page.
  await page.goto("/user/points");
  await expect(page.getByTestId("points-balance")).toContainText("300");
  await expect(page.getByTestId("point-entry").filter({ hasText: "配送遅延のお詫び" })).toContainText("+300");

  // The owner suspends the account with a reason.
  const owner = await (await openContext()).newPage();
  await login(owner, "owner", "/crm/customers");
  await openRecord(owner, member.email, name);
  const suspension = owner.getByTestId("customer-suspend-form");
  await suspension.getByLabel(/^停止の理由/).fill("不正利用の疑い");
  await suspension.getByRole("button", { name: "アカウントを停止する" }).click();
  await expect(owner.getByTestId("member-notice")).toHaveText("アカウントを停止しました。ログイン中の端末はすべてログアウトしました。");
  await expect(owner.getByTestId("customer-account-state")).toContainText("停止中");
  await expect(owner.getByTestId("customer-suspension-reason")).toHaveText("不正利用の疑い");
  await expect(owner.getByTestId("customer-sessions")).toHaveText("なし");
  await expect(owner.getByTestId("customer-change").first().getByTestId("customer-change-summary")).toHaveText("アカウントを停止");

  // The member's session has ended, and signing in again is refused.
  await page.goto("/user");
  await expect(page).toHaveURL(/\/login\?show=1/);
  await submitLogin(page, member.email, member.password);
  await expect(page.getByRole("alert")).toContainText("このアカウントは現在ご利用いただけません。お問い合わせください。");
  await expect(page).toHaveURL(/\/login/);

  // Staff find them among the suspended.
  await staff.goto("/crm/customers?status=suspended");
  await expect(staff.getByTestId("customer-row").filter({ hasText: name }).getByTestId("customer-status")).toHaveText("停止中");
});
