import { expect, login, test } from "./fixtures";

/**
 * The desk's calendar (issue 36 item 6), JS on and off: staff add a day off and remove it, and hours that
 * cannot be are refused with what was typed kept; the ticket page shows its due times.
 */
test("staff add and remove a day off, and impossible hours are refused", async ({ page, javaScriptEnabled }) => {
  // One date per project: both run against the same store at once.
  const date = javaScriptEnabled ? "2030-01-07" : "2030-01-08";
  await login(page, "staff", "/crm/tickets");
  await page.getByRole("navigation", { name: "カスタマーサービス" }).getByRole("link", { name: "営業時間・対応期限" }).click();
  await expect(page.getByRole("heading", { name: "営業時間・対応期限" })).toBeVisible();

  const holidays = page.getByRole("region", { name: "休業日" });
  await holidays.getByLabel("日付").fill(date);
  await holidays.getByLabel("名前").fill("臨時休業");
  await holidays.getByRole("button", { name: "追加する" }).click();
  await expect(page.getByRole("status")).toHaveText("休業日を追加しました。");
  const day = page
    .getByTestId("desk-holidays")
    .getByRole("listitem")
    .filter({ hasText: "臨時休業" })
    .filter({ hasText: javaScriptEnabled ? "1月7日" : "1月8日" });
  await expect(day).toBeVisible();
  await day.getByRole("button", { name: /を削除/ }).click();
  await expect(page.getByRole("status")).toHaveText("休業日を削除しました。");
  await expect(day).toHaveCount(0);

  const hours = page.getByRole("form", { name: "営業時間" });
  await hours.getByLabel("月曜日の終了").fill("09:00");
  await hours.getByRole("button", { name: "営業時間を保存する" }).click();
  await expect(hours.getByRole("alert")).toContainText("月曜日は開始と終了の両方を入力し");
  await expect(hours.getByLabel("月曜日の終了")).toHaveValue("09:00");
});

test("a new ticket shows its due times to staff", async ({ page }) => {
  await login(page, "staff", "/crm/tickets");
  await page.getByTestId("ticket-link").first().click();
  await expect(page.getByRole("region", { name: "対応期限" })).toContainText("初回返信期限");
});
