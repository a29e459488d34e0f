import { cartRowRemove, emptyCart, expect, login, test, type Page } from "./fixtures";

/**
 * The outcome of a tap is on screen where the shopper is, on a phone: without JS the post's redirect opens
 * the page at the message (its #fragment), with JS the message shows in place. Checked for the product
 * page's 「カートに入れる」, a refused coupon and a removal's confirmation in the cart.
 */

async function addSimple(page: Page) {
  await page.goto("/category/living/DEMO-SIMPLE");
  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByTestId("product-notice")).toHaveText("カートに追加しました。");
}

test("「カートに入れる」 shows its notice on screen", async ({ page }) => {
  await addSimple(page);
  await expect(page.getByTestId("product-notice")).toBeInViewport();
});

test("a refused coupon and a removal's confirmation show on screen in the cart", async ({ page }) => {
  await addSimple(page);
  await page.goto("/category/kitchen/DEMO-OPTIONS");
  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByTestId("product-notice")).toHaveText("カートに追加しました。");
  await page.goto("/cart");

  await page.getByLabel("クーポンコード").fill("EXPIRED100");
  await page.getByRole("button", { name: "適用" }).click();
  await expect(page.getByTestId("coupon-error")).toHaveText(/有効期限が切れています/);
  await expect(page.getByTestId("coupon-error")).toBeInViewport();
  await expect(page.getByLabel("クーポンコード")).toBeInViewport();

  const second = page.getByTestId("cart-line").nth(1);
  await cartRowRemove(second).click();
  await expect(page.getByText("この商品をカートから削除しますか？")).toBeInViewport();
  await page.getByRole("button", { name: "削除する" }).click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
});

test("a member's refused coupon at the checkout shows there, on screen", async ({ page }) => {
  await login(page, "member");
  await emptyCart(page);
  await addSimple(page);
  await page.goto("/checkout");
  await page.getByLabel("クーポンコード").fill("EXPIRED100");
  await page.getByRole("button", { name: "適用" }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByTestId("coupon-error")).toHaveText(/有効期限が切れています/);
  await expect(page.getByTestId("coupon-error")).toBeInViewport();

  await emptyCart(page); // the member's cart is shared by the specs
});
