import { expect, login, test, type Page } from "./fixtures";

const PRIVATE_SECRET = "9f3c2a7be14d4c0f8a6e5b1d2c7f0e93";

/** Without JS the pickers are priced by submitting the form again; with JS a fetcher does it. */
async function recalculate(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) await page.getByRole("button", { name: "価格を再計算" }).click();
}

test("a variation must be chosen before adding; choosing changes the price", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await page.goto("/category/living/DEMO-VARIATION");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("綿麻 ワークエプロン");
  await expect(page.getByTestId("selling-price")).toHaveText("4,180円");

  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByTestId("product-notice")).toHaveText("タイプを選択してください。");

  await page.getByRole("radio", { name: /紺/ }).check();
  await recalculate(page, js);
  await page.getByRole("radio", { name: /^L/ }).check();
  await recalculate(page, js);
  await expect(page.getByTestId("selling-price")).toHaveText("4,400円");

  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByTestId("product-notice")).toHaveText("カートに追加しました。");
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
});

test("a sold-out item offers a stock request: guests go to login, members get a confirmation", async ({ page }) => {
  await page.goto("/category/food/DEMO-SOLDOUT");
  await expect(page).toHaveURL(/DEMO-SOLDOUT/);
  await expect(page.getByText("SOLD OUT").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "カートに入れる" })).toHaveCount(0);
  await page.getByRole("button", { name: "再入荷リクエスト" }).click();
  await expect(page).toHaveURL(/\/login\?show=1/);
  await expect(page.getByRole("status")).toContainText("ログインが必要です");

  const productPath = new URL(page.url()).searchParams.get("redirectTo") ?? "";
  await login(page, "member", productPath);
  await page.getByRole("button", { name: "再入荷リクエスト" }).click();
  await expect(page.getByTestId("restock-requested")).toContainText("再入荷リクエスト済み");
  await page.reload();
  await expect(page.getByTestId("restock-requested")).toBeVisible();
  await expect(page.getByRole("button", { name: "再入荷リクエスト" })).toHaveCount(0);
});

test("pre-order items show the pre-order button", async ({ page }) => {
  for (const sku of ["DEMO-PREORDER", "DEMO-SHIPDAYS"]) {
    await page.goto(`/category/food/${sku}`);
    await expect(page.getByRole("button", { name: "予約する" })).toBeVisible();
    await expect(page.getByRole("button", { name: "カートに入れる" })).toHaveCount(0);
    await expect(page.getByText("予約商品").first()).toBeVisible();
  }
  await expect(page.getByTestId("stock-message")).toContainText("10日");
});

test("low stock, archived and coupon-disabled items are labelled", async ({ page }) => {
  await page.goto("/category/food/DEMO-LOWSTOCK");
  await expect(page.getByTestId("stock-message")).toHaveText("残り3点 ご注文はお早めに");
  await page.goto("/category/food/DEMO-ARCHIVED");
  await expect(page.getByText("利用できません").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "カートに入れる" })).toHaveCount(0);
  await page.goto("/category/food/DEMO-NOCOUPON");
  await expect(page.getByTestId("coupon-box")).toContainText("クーポンを使用できません");
});

test("a private product opens only through its secret link", async ({ page, request }) => {
  expect((await request.get("/category/food/DEMO-PRIVATE")).status()).toBe(404);
  expect((await request.get("/product/access/link/DEMO-PRIVATE/wrong-secret")).status()).toBe(404);
  const response = await page.goto(`/product/access/link/DEMO-PRIVATE/${PRIVATE_SECRET}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText("限定公開")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
});

test("reviews show nickname, date and rating, with staff replies labelled", async ({ page }) => {
  await page.goto("/category/living/DEMO-SIMPLE");
  const reviews = page.getByTestId("review");
  await expect(reviews.first()).toBeVisible();
  await expect(reviews.first()).toContainText(/さん・\d{4}年\d{1,2}月\d{1,2}日/);
  await expect(page.getByTestId("staff-reply").first()).toContainText("スタッフ");
  await expect(page.getByTestId("related-products").locator("li").first()).toBeVisible();
});
