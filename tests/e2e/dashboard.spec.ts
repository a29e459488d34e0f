import { expect, login, test } from "./fixtures";

/**
 * The owner's dashboard (issue 37 item 1), JS on and off: staff land on /crm after login and see the three
 * periods' sales, the to-do counts and the 30-day chart with its table; a count opens the list it counts.
 */
test("staff land on the dashboard, read the sales and the to-do list, and open a count's list", async ({ page }) => {
  await login(page, "staff", "/crm");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("ダッシュボード");
  await expect(page.getByRole("navigation", { name: "カスタマーサービス" }).getByRole("link", { name: "ダッシュボード" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const cards = page.getByTestId("sales-card");
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText("今日");
  await expect(cards.first().getByTestId("sales-card-sales")).toHaveText(/^[\d,]+円$/);
  // The chart is an image with its own name, and the same figures are in a table.
  await expect(page.getByRole("img", { name: "日別の売上（税込）" })).toBeVisible();
  await page.getByText("日別の表").click();
  await expect(page.getByTestId("daily-sales").locator("tbody tr")).toHaveCount(30);

  const payment = page.getByTestId("todo-item").filter({ hasText: "入金待ち（銀行振込）" });
  const count = Number((await payment.getByTestId("todo-count").textContent())!.replace(/[^\d]/g, ""));
  await payment.getByRole("link").click();
  await expect(page).toHaveURL(/\/crm\/orders\?status=pending_payment/);
  await expect(page.getByTestId("listing-count")).toHaveText(`${count}件`);
});
