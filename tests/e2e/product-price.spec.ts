import { expect, test, waitForHydration, type Page } from "./fixtures";

/**
 * Issue 34 item 10: the product page's price summary is always the price of what 「カートに入れる」 would add.
 * With JS a new variation sets the quantity back to 1 and the summary priced the old quantity; the
 * subscription box kept the price of one when its quantity was picked before the page's code ran.
 * Figures: DEMO-VARIATION 4,180 yen (紺 L +220 = 4,400); DEMO-SUBSCRIBE's subscription 1,512 yen for one,
 * 1,404 yen each for three (4,212 yen).
 */
const yen = (amount: number) => `${amount.toLocaleString("ja-JP")}円`;
const js = () => test.info().project.use.javaScriptEnabled !== false;

/** Without JS the pickers are priced by submitting the form again; with JS they are priced as they change. */
async function priceAgain(page: Page) {
  if (!js()) await page.getByRole("button", { name: "価格を再計算" }).click();
}

async function quantityShown(page: Page): Promise<number> {
  return Number(await page.getByRole("spinbutton", { name: "数量" }).inputValue());
}

test("after another variation is picked the summary prices the quantity that would be added", async ({ page }) => {
  await page.goto("/category/living/DEMO-VARIATION");
  await page.getByRole("radio", { name: /紺/ }).check();
  await priceAgain(page);
  await page.getByRole("radio", { name: /^L/ }).check();
  await priceAgain(page);
  await page.getByRole("spinbutton", { name: "数量" }).fill("3");
  await priceAgain(page);
  await expect(page.getByTestId("subtotal")).toHaveText(yen(3 * 4400));

  await page.getByRole("radio", { name: /生成り/ }).check();
  await priceAgain(page);
  // With JS the quantity goes back to 1; without JS the field keeps 3. Either way the summary is that quantity's.
  if (js()) await expect(page.getByRole("spinbutton", { name: "数量" })).toHaveValue("1");
  const quantity = await quantityShown(page);
  await expect(page.getByTestId("subtotal")).toHaveText(yen(quantity * 4180));
  await expect(page.getByTestId("selling-price")).toHaveText(yen(4180));

  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByTestId("product-notice")).toHaveText("カートに追加しました。");
  await page.goto("/cart");
  await expect(page.locator('[data-testid="cart-line"]').getByTestId("line-total")).toHaveText(`小計 ${yen(quantity * 4180)}`);
});

test("the subscription box prices the subscription quantity picked, also before the page's code ran", async ({ page }) => {
  let release = () => {};
  if (js()) {
    // The shopper picks 3 on the server's page, before the scripts have run.
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/entry\.client[^/]*\.js/, async (route) => {
      await held;
      await route.continue();
    });
  }
  await page.goto("/category/japanese-tea/DEMO-SUBSCRIBE", { waitUntil: "domcontentloaded" });
  await expect(page.getByTestId("subscription-price")).toContainText(yen(1512));
  await page.getByLabel("定期便の数量").selectOption("3");
  if (js()) {
    release();
    await waitForHydration(page);
  } else {
    await priceAgain(page);
  }
  await expect(page.getByLabel("定期便の数量")).toHaveValue("3");
  await expect(page.getByTestId("subscription-price")).toContainText(`毎回 ${yen(4212)}`);

  await page.getByRole("button", { name: "定期便を申し込む" }).click();
  await expect(page).toHaveURL(/\/cart/);
  await expect(page.locator('[data-testid="cart-line"]').getByTestId("line-total")).toHaveText(`小計 ${yen(4212)}`);
});
