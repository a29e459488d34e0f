import { expect, login, test } from "./fixtures";

/**
 * Ticket owners (issue 36 item 3), JS on and off: staff take a ticket, find it under 自分の担当 with their
 * name on it, hand it to a colleague and release it again.
 */
test("staff take a ticket, find it under 自分の担当, hand it to a colleague and release it", async ({ page }) => {
  await login(page, "staff", "/crm/tickets/1");
  const owner = page.getByTestId("ticket-owner-name");
  await expect(owner).toHaveText("未割り当て");
  await page.getByRole("button", { name: "自分が担当する" }).click();
  await expect(owner).toHaveText("佐藤 健");
  await expect(page.getByRole("button", { name: "自分が担当する" })).toHaveCount(0);

  await page.getByRole("navigation", { name: "カスタマーサービス" }).getByRole("link", { name: "お問い合わせ", exact: true }).click();
  await page.getByTestId("owner-view").filter({ hasText: "自分の担当" }).click();
  await expect(page.getByTestId("owner-view").filter({ hasText: "自分の担当" })).toHaveAttribute("aria-current", "page");
  const row = page.getByTestId("ticket-row").filter({ hasText: "#1" });
  await expect(row.getByTestId("ticket-owner")).toHaveText("佐藤 健");
  await row.getByTestId("ticket-link").click();

  await page.getByLabel("担当者").selectOption({ label: "鈴木 美咲" });
  await page.getByRole("button", { name: "担当者を変更" }).click();
  await expect(owner).toHaveText("鈴木 美咲");
  await page.getByRole("button", { name: "担当を外す" }).click();
  await expect(owner).toHaveText("未割り当て");
});
