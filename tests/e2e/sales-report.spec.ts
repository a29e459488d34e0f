import { expect, login, test } from "./fixtures";

/**
 * The sales reports (issue 37 item 2), JS on and off: staff open 売上レポート from the navigation, read the
 * daily chart and table, switch to a breakdown and a period, and find its CSV in both encodings.
 */
test("staff read the sales by day, then by payment method for a period, with its CSV", async ({ page }) => {
  await login(page, "staff", "/crm");
  await page.getByRole("navigation", { name: "カスタマーサービス" }).getByRole("link", { name: "売上レポート" }).click();
  await expect(page).toHaveURL("/crm/reports");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("売上レポート");
  await expect(page.getByRole("img", { name: "日別の売上（税込）" })).toBeVisible();
  await expect(page.getByTestId("sales-report-table").locator("tbody tr")).toHaveCount(30);

  await page.getByRole("navigation", { name: "集計の単位" }).getByRole("link", { name: "お支払い方法別" }).click();
  await expect(page.getByRole("navigation", { name: "集計の単位" }).getByRole("link", { name: "お支払い方法別" })).toHaveAttribute("aria-current", "page");
  const from = (await page.getByLabel("開始日").inputValue())!;
  await page.getByLabel("開始日").fill(from.replace(/-\d{2}$/, "-01"));
  await page.getByRole("button", { name: "表示する" }).click();
  await expect(page).toHaveURL(/by=payment/);
  await expect(page.getByTestId("sales-report-total")).toContainText("合計");
  await expect(page.getByTestId("sales-csv-sjis")).toHaveAttribute("href", /\/crm\/reports\.csv\?by=payment&from=.*&encoding=sjis$/);
});
