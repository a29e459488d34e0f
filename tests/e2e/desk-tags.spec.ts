import { expect, login, test } from "./fixtures";

/** Tags (issue 36 item 9), JS on and off: staff tag a ticket, find it by the tag in the list, and take the tag off. */
test("staff tag a ticket, find it by its tag in the list, and take the tag off", async ({ page }) => {
  const tag = `要確認${test.info().project.name}${test.info().retry}`;
  await login(page, "staff", "/crm/tickets/1");
  const tags = page.getByTestId("ticket-tags");
  await tags.getByLabel("タグを付ける").fill(tag);
  await tags.getByRole("button", { name: "付ける" }).click();
  await expect(tags.getByTestId("ticket-tag").filter({ hasText: tag })).toBeVisible();

  await tags.getByRole("link", { name: tag }).click();
  await expect(page).toHaveURL(/\/crm\/tickets\?tag=/);
  const row = page.getByTestId("ticket-row").filter({ hasText: "#1" });
  await expect(row.getByTestId("ticket-row-tags")).toContainText(tag);

  await row.getByTestId("ticket-link").click();
  await page.getByRole("button", { name: `タグ「${tag}」を外す` }).click();
  await expect(page.getByTestId("ticket-tag").filter({ hasText: tag })).toHaveCount(0);
});
