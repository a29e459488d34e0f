import { addToCart, CUT_OFF, cutOff, expect, login, test, waitForHydration, type Page } from "./fixtures";

/**
 * Issue 34 item 1: a request of the page that fails — cut off, offline, or answered 5xx — leaves the page
 * and everything typed on it as they were, and says where the shopper looks that the connection failed,
 * with a way to try again. Before, the route's error boundary replaced the whole page (an unstyled
 * 「Application Error」 when the error page's own code could not be fetched either).
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JS every post is a page load: nothing to keep");

const failedNotice = (page: Page) => page.getByTestId("connection-failed");

test("a price that cannot be fetched keeps the product page and says so, with support and a retry (§8)", async ({ page, expectProblems }) => {
  expectProblems(CUT_OFF);
  await page.goto("/category/living/DEMO-SIMPLE");
  const restore = await cutOff(page, "/api/product/calculate");
  await page.getByRole("button", { name: "数量を増やす" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("spinbutton", { name: "数量" })).toHaveValue("2");
  const alert = page.getByTestId("product-notice").filter({ hasText: "通信できませんでした" });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole("link", { name: "お問い合わせはこちら" })).toHaveAttribute("href", "/user/support");

  await restore();
  await alert.getByRole("button", { name: "もう一度試す" }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.getByTestId("subtotal")).toHaveText("3,960円"); // 2 × 1,980
});

test("a price answered 500 is the same failure: the page stays", async ({ page, expectProblems }) => {
  expectProblems(/status of 500/, /^500 from POST .*\/api\/product\/calculate\.data/, /turbo-stream|SyntaxError|Unexpected/);
  await page.goto("/category/living/DEMO-SIMPLE");
  await page.route(/\/api\/product\/calculate\.data/, (route) =>
    route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Internal Server Error</h1>" }),
  );
  await page.getByRole("button", { name: "数量を増やす" }).click();
  await expect(page.getByTestId("product-notice").filter({ hasText: "通信できませんでした" })).toBeVisible();
  await expect(page.getByRole("button", { name: "カートに入れる" })).toBeVisible();
});

test("「カートに入れる」 while the connection is down says so beside the button, and adds on retry", async ({ page, expectProblems }) => {
  expectProblems(CUT_OFF);
  await page.goto("/category/living/DEMO-SIMPLE");
  await page.getByRole("spinbutton", { name: "数量" }).fill("3");
  const restore = await cutOff(page, "/api/cart-add");
  await page.getByRole("button", { name: "カートに入れる" }).click();

  await expect(failedNotice(page)).toBeVisible();
  await expect(page.getByRole("spinbutton", { name: "数量" })).toHaveValue("3");
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);

  await restore();
  await failedNotice(page).getByRole("button", { name: "もう一度試す" }).click();
  await expect(page.getByTestId("product-notice")).toHaveText("カートに追加しました。");
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  await expect(failedNotice(page)).toHaveCount(0);
});

test("「ラッピングする」 cut off keeps the cart and what is typed in it, and wraps on retry", async ({ page, expectProblems }) => {
  expectProblems(CUT_OFF);
  await addToCart(page, "/category/kitchen/DEMO-OPTIONS");
  await page.goto("/cart");
  await page.getByLabel("クーポンコード").fill("SPRING10");
  const restore = await cutOff(page, "/cart");
  const row = page.locator('[data-testid="cart-line"][data-sku="DEMO-OPTIONS"]');
  await row.getByRole("button", { name: /ラッピングする/ }).click();

  await expect(row.getByTestId("connection-failed")).toBeVisible();
  await expect(page.getByLabel("クーポンコード")).toHaveValue("SPRING10");
  await expect(page.getByTestId("summary-wrapping")).toHaveCount(0);

  await restore();
  await row.getByRole("button", { name: "もう一度試す" }).click();
  await expect(page.getByTestId("summary-wrapping")).toHaveText("500円");
  await expect(row.getByTestId("connection-failed")).toHaveCount(0);
});

test("choosing 代金引換 offline keeps the checkout and what is typed, and saves the method once back online", async ({ page, expectProblems }) => {
  expectProblems(CUT_OFF);
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  const buyer = page.getByRole("region", { name: "ご注文者情報" });
  await buyer.getByRole("textbox", { name: "メールアドレス" }).fill("offline@example.jp");
  await buyer.getByRole("textbox", { name: "姓", exact: true }).fill("佐藤");

  await page.context().setOffline(true);
  await page.getByRole("radio", { name: /代金引換/ }).check();
  await expect(failedNotice(page)).toBeVisible();
  await expect(buyer.getByRole("textbox", { name: "メールアドレス" })).toHaveValue("offline@example.jp");
  await expect(buyer.getByRole("textbox", { name: "姓", exact: true })).toHaveValue("佐藤");
  await expect(page.getByTestId("cart-summary").getByText("決済手数料")).toHaveCount(0);

  await page.context().setOffline(false);
  await failedNotice(page).getByRole("button", { name: "もう一度試す" }).click();
  await expect(page.getByTestId("cart-summary").getByText("決済手数料")).toBeVisible();
  await expect(failedNotice(page)).toHaveCount(0);
  await expect(buyer.getByRole("textbox", { name: "メールアドレス" })).toHaveValue("offline@example.jp");
});

test("a reload of the page's data that fails keeps the page, says so at the foot, and reloads on retry", async ({ page, expectProblems }) => {
  expectProblems(CUT_OFF);
  await addToCart(page, "/category/kitchen/DEMO-OPTIONS");
  await page.goto("/cart");
  await page.getByLabel("クーポンコード").fill("SPRING10");
  // The wrapping is saved, but the page's data cannot be loaded again afterwards.
  const restore = await cutOff(page, "/cart", "GET");
  const row = page.locator('[data-testid="cart-line"][data-sku="DEMO-OPTIONS"]');
  await row.getByRole("button", { name: /ラッピングする/ }).click();

  const banner = page.getByTestId("reload-failed");
  await expect(banner).toContainText("通信できませんでした");
  await expect(page.getByLabel("クーポンコード")).toHaveValue("SPRING10");
  await expect(row).toBeVisible();

  await restore();
  await banner.getByRole("button", { name: "もう一度試す" }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId("summary-wrapping")).toHaveText("500円");
  await expect(page.getByLabel("クーポンコード")).toHaveValue("SPRING10");
});

test("a page that cannot be fetched shows the error page with the site's header and styles, and a reload", async ({ page, expectProblems }) => {
  expectProblems(CUT_OFF);
  await page.goto("/category/living/DEMO-SIMPLE");
  await waitForHydration(page);
  await page.route(/\/guide\.data/, (route) => route.abort());
  await page.getByRole("contentinfo").getByRole("link", { name: "ご利用ガイド" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("通信できませんでした");
  await expect(page.getByRole("banner").getByRole("link", { name: "ひなた市場" })).toBeVisible();
  // The site's stylesheet still applies: the heading's button is the shop's red.
  const reload = page.getByRole("link", { name: "再読み込みする" });
  await expect(reload).toHaveAttribute("href", "/guide");
  expect(await reload.evaluate((link) => getComputedStyle(link).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");

  await page.unroute(/\/guide\.data/);
  await reload.click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("通信できませんでした");
});

test("staff's points adjustment cut off keeps the customer page and what was typed, and applies once on resubmit", async ({ page, expectProblems }) => {
  expectProblems(CUT_OFF);
  await login(page, "staff", "/crm/customers/1");
  const points = page.getByTestId("customer-points");
  const balance = points.getByTestId("customer-points-balance");
  // Other specs of the run move this member's points too: the balance as this page shows it is the start.
  const before = Number((await balance.innerText()).replace(/[^\d]/g, ""));
  const plus120 = `${(before + 120).toLocaleString("ja-JP")}pt`;
  const reason = `通信テストのお詫び ${Date.now()}`;
  await waitForHydration(page);
  await points.getByLabel("付与する").check();
  await points.getByLabel(/^ポイント数/).fill("120");
  await points.getByLabel(/^理由/).fill(reason);

  const restore = await cutOff(page, "/crm/customers/1");
  await points.getByRole("button", { name: "調整する" }).click();
  await expect(points.getByTestId("connection-failed")).toBeVisible();
  await expect(points.getByLabel(/^ポイント数/)).toHaveValue("120");
  await expect(points.getByLabel(/^理由/)).toHaveValue(reason);
  await expect(balance).toHaveText(`${before.toLocaleString("ja-JP")}pt`);

  await restore();
  await points.getByRole("button", { name: "調整する" }).click();
  await expect(balance).toHaveText(plus120);
  await expect(points.getByTestId("connection-failed")).toHaveCount(0);
  await expect(points.getByTestId("customer-ledger-line").filter({ hasText: reason })).toHaveCount(1);
});
