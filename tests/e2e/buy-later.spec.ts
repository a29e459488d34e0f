import { expect, login, test, type Locator, type Page } from "./fixtures";

/**
 * 「あとで買う」 from the product page and from a cart row (spec §7 POST /api/buylater/{id}, §9 notice
 * 5000 ms), at 390×844 with JS on (a live notice that goes after 5 s) and off (a notice line after the
 * redirect). As other@example.jp, whose cart is left empty and buy-later list cleared for later specs.
 */
test.use({ viewport: { width: 390, height: 844 } });

/**
 * The notice (a live region) says the item was saved and links to the list; with JS it goes after 5 s,
 * without JS it is a line of the page the redirect opens.
 */
async function expectSavedNotice(page: Page, notice: Locator, js: boolean) {
  await expect(notice).toContainText("「あとで買う」に入れました。");
  await expect(notice).toHaveAttribute("role", "status");
  await expect(notice.getByRole("link", { name: "一覧を見る" })).toHaveAttribute("href", "/user/buy-later");
  if (js) {
    await expect(notice).toBeInViewport();
    await page.waitForTimeout(3500);
    await expect(notice).toContainText("「あとで買う」に入れました。");
    await expect(notice.filter({ hasText: "「あとで買う」に入れました。" })).toHaveCount(0, { timeout: 3000 });
  } else {
    await expect(page).toHaveURL(/[?&]notice=buy_later/);
  }
}

async function clearBuyLater(page: Page) {
  await page.goto("/user/buy-later");
  while ((await page.getByTestId("buy-later-item").count()) > 0) {
    await page.getByTestId("buy-later-item").first().getByRole("link", { name: "削除" }).click();
    await page.getByRole("button", { name: "削除する" }).click();
    await expect(page.getByText("「あとで買う」から削除しました。")).toBeVisible();
  }
}

test("a guest tapping あとで買う is asked to log in", async ({ page }) => {
  await page.goto("/category/living/DEMO-SIMPLE");
  await page.getByRole("button", { name: "あとで買う" }).click();
  await expect(page).toHaveURL(/\/login\?show=1&redirectTo=%2Fcategory%2Fliving%2FDEMO-SIMPLE/);
});

test("a member saves a product for later from its page", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await login(page, "other", "/category/kitchen/DEMO-LOWSTOCK");
  await page.getByRole("button", { name: "あとで買う" }).click();
  await expectSavedNotice(page, page.getByTestId("product-notice"), js);
  await expect(page.getByRole("link", { name: "「あとで買う」に保存済み" })).toBeVisible();
  await page.goto("/user/buy-later");
  await expect(page.getByTestId("buy-later-item")).toContainText("南部鉄器 急須");
  await clearBuyLater(page);
});

test("a member moves a cart row to buy later", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await login(page, "other", "/category/living/DEMO-SIMPLE");
  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByTestId("product-notice")).toHaveText("カートに追加しました。");
  await page.goto("/cart");
  const row = page.locator('[data-testid="cart-line"][data-sku="DEMO-SIMPLE"]');
  await row.getByRole("button", { name: "あとで買う" }).click();
  await expectSavedNotice(page, page.getByTestId("buy-later-notice"), js);
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId("cart-empty")).toBeVisible();
  await expect(page.getByTestId("buy-later-item")).toContainText("泉州タオル");
  await clearBuyLater(page);
});
