/** Steps many shopping specs share: adding a product, the demo member's login, an empty cart. */
import { expect, type Page } from "@playwright/test";

export async function addToCart(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByTestId("product-notice")).toHaveText("カートに追加しました。");
}

export async function logInAsMember(page: Page) {
  await page.goto("/login?redirectTo=%2F");
  await page.getByLabel("メールアドレス").fill("member@example.jp");
  await page.getByLabel(/^パスワード/).fill("password1234");
  await page.getByRole("button", { name: "ログインする" }).click();
  await expect(page).toHaveURL("/");
}

/** Other specs share the member's account on this server: start from an empty cart without a coupon. */
export async function emptyCart(page: Page) {
  await page.goto("/cart");
  if ((await page.getByTestId("applied-coupon").count()) > 0) {
    await page.getByRole("button", { name: "取り消す" }).click();
    await expect(page.getByTestId("applied-coupon")).toHaveCount(0);
  }
  while ((await page.getByTestId("cart-line").count()) > 0) {
    await page.getByTestId("cart-line").first().getByRole("link", { name: "削除" }).click();
    await page.getByRole("button", { name: "削除する" }).click();
    await expect(page.getByText("この商品をカートから削除しますか？")).toHaveCount(0);
  }
}

/** The demo member logs in, with an empty cart. */
export async function memberWithEmptyCart(page: Page) {
  await logInAsMember(page);
  await emptyCart(page);
}
