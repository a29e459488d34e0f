import { expect, test } from "./fixtures";

test("home lists categories and products with tax-included yen prices", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { name: "カテゴリから探す" })).toBeVisible();
  const categoryTiles = page.getByRole("heading", { name: "カテゴリから探す" }).locator("xpath=following-sibling::ul[1]/li");
  await expect(categoryTiles).toHaveCount(8);
  const newArrivals = page.getByRole("heading", { name: "新着商品" }).locator("xpath=following-sibling::ul[1]/li");
  await expect(newArrivals).toHaveCount(8);
  await expect(newArrivals.first()).toContainText(/[\d,]+円/);
  await expect(newArrivals.first()).toContainText("（税込）");
  // The cart badge is hidden while the cart is empty.
  await expect(page.getByTestId("cart-link")).toHaveText("カート");
});

test("an unknown URL shows the Japanese 404 page inside the shop layout", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
  await expect(page.getByRole("link", { name: "トップページへ戻る" })).toBeVisible();
});
