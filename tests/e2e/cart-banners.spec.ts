import { expect, test, type Page } from "./fixtures";

/**
 * The cart's coupon error box (spec §8: a dismissible, sliding red box) and the points campaign banner
 * (spec §3 Point promo, default colour #ee6d68), at 390×844 with JS on and off, as a guest.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function cartWithTowel(page: Page) {
  await page.goto("/category/living/DEMO-SIMPLE");
  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByTestId("product-notice")).toHaveText("カートに追加しました。");
  await page.goto("/cart");
}

async function applyUnknownCoupon(page: Page) {
  await page.getByLabel("クーポンコード").fill("NO-SUCH-CODE");
  await page.getByRole("button", { name: "適用" }).click();
  const error = page.getByTestId("coupon-error");
  await expect(error).toContainText("クーポンコードが見つかりません。");
  return error;
}

test("the coupon error slides in", async ({ page, javaScriptEnabled }) => {
  await cartWithTowel(page);
  const error = await applyUnknownCoupon(page);
  await expect(error).toHaveClass(/animate-slide-in/);
  if (javaScriptEnabled) {
    expect(await error.evaluate((element) => getComputedStyle(element).animationName)).toBe("slide-in");
    await error.getByRole("button", { name: "閉じる" }).click();
    await expect(error).toHaveCount(0);
  }
});

test("the coupon error does not move for a shopper who asks for less motion", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the computed style is read with JS; the class is the same without");
  await page.emulateMedia({ reducedMotion: "reduce" });
  await cartWithTowel(page);
  const error = await applyUnknownCoupon(page);
  expect(await error.evaluate((element) => getComputedStyle(element).animationName)).toBe("none");
});

test("the points campaign banner shows in the promo colour", async ({ page }) => {
  await page.goto("/cart");
  const banner = page.getByTestId("point-promo-banner");
  await expect(banner).toContainText("ポイント2倍キャンペーン");
  await expect(banner).toHaveCSS("background-color", "rgb(238, 109, 104)");
});
