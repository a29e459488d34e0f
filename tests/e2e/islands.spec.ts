import { addToCart, emptyCart, expect, test, waitForHydration, type Page } from "./fixtures";

/**
 * An island (decision 0024) whose code is still on the way shows the server's HTML. An urgent update that
 * reaches it meanwhile (RemixBrowser's location change on a client navigation, or its stylesheet refresh
 * under the dev server) made React throw that HTML away and draw nothing until the code came, with an
 * uncaught error; on a slow phone the footer or the purchase form vanished. Those updates are transitions
 * now (decision 0025): React keeps the HTML and hydrates the island when its code is there.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "islands hydrate only with JS");

/** Holds back the code of one component (a chunk of the build, or the module itself under the dev server) until released. */
async function holdCode(page: Page, component: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/${component}(-[\\w-]+\\.js|\\.tsx)(\\?.*)?$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("an island waiting for its code keeps the server's HTML through a client navigation", async ({ page }) => {
  const release = await holdCode(page, "SiteFooter");
  const shellAsked = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/shell");
  await page.goto("/");
  await shellAsked; // the header asks for the visitor's shell once React has hydrated the page
  const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "ご注文状況の確認" });
  await expect(footerLink).toBeVisible();
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await page
    .getByRole("link", { name: /キッチン/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/category\/kitchen/);
  await page.waitForTimeout(500); // long enough for the navigation's update to reach the footer
  await expect(footerLink).toBeVisible();

  release();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("キッチン");
  await expect(footerLink).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("a quantity typed in the cart before the row hydrated stays in its field, 更新 still there", async ({ page }) => {
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  const release = await holdCode(page, "CartLineQuantity");
  await page.goto("/cart");
  const row = page.locator('[data-testid="cart-line"][data-sku="DEMO-SIMPLE"]');
  const quantity = row.getByLabel("数量");
  await quantity.fill("3"); // the server's no-JS field, before the row's code came

  release();
  await waitForHydration(page);
  await expect(quantity).toHaveValue("3");
  await row.getByRole("button", { name: "更新" }).click();
  await expect(row.getByTestId("line-quantity")).toHaveText("数量：3");
  await emptyCart(page);
});

test("a category tile picked before the filter's code arrived is applied when it arrives", async ({ page }) => {
  const release = await holdCode(page, "SearchFilterForm");
  await page.goto("/search");
  const filter = page.getByRole("search", { name: "商品の絞り込み" });
  await filter.getByRole("radio", { name: "食品" }).check(); // the server's HTML form, before its code came
  await expect(page).toHaveURL(/\/search$/);

  release();
  await expect(page).toHaveURL(/[?&]category=food(&|$)/);
  await expect(page.getByRole("heading", { level: 1, name: "食品の商品" })).toBeVisible();
  await expect(filter.getByRole("radio", { name: "食品" })).toBeChecked();
});
