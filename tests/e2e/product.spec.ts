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
  // Asked in the picker's own words (「カラーを選択」).
  await expect(page.getByRole("group", { name: /カラーを選択/ })).toBeVisible();
  await expect(page.getByTestId("product-notice")).toHaveText("カラーを選択してください。");

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
  // One message, true to how the shop tells (a notification in 「お知らせ」, no e-mail).
  await expect(page.getByText(/入荷しましたら/)).toHaveCount(1);
  await expect(page.getByTestId("restock-requested")).toContainText("「お知らせ」");
  await expect(page.getByTestId("purchase-form")).not.toContainText("メール");
  await page.reload();
  await expect(page.getByTestId("restock-requested")).toBeVisible();
  await expect(page.getByText(/入荷しましたら/)).toHaveCount(1);
  await expect(page.getByRole("button", { name: "再入荷リクエスト" })).toHaveCount(0);
});

test("a restock request for a sold-out variation comes back to that variation, requested", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await login(page, "member", "/category/living/DEMO-VARIATION");
  await page.getByRole("radio", { name: /墨黒/ }).check();
  await recalculate(page, js);
  await page.getByRole("button", { name: "再入荷リクエスト" }).click();
  // The page still shows the colour asked for (without JS it is a new page): its request, not the product's first look.
  await expect(page.getByTestId("restock-requested")).toContainText("再入荷リクエスト済み");
  await expect(page.getByRole("radio", { name: /墨黒/ })).toBeChecked();
  await expect(page.getByTestId("product-main-image")).toHaveAttribute("src", "/images/products/demo-variation-black.svg");
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
  // さん once: 「くまさん」 already ends in an honorific.
  await expect(reviews.filter({ hasText: "思ったより薄手でした" })).toContainText(/くまさん・\d{4}年/);
  await expect(page.getByText("くまさんさん")).toHaveCount(0);
  await expect(page.getByTestId("staff-reply").first()).toContainText("スタッフ");
  await expect(page.getByTestId("related-products").locator("li").first()).toBeVisible();
});

test("choosing a variation shows its picture", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await page.goto("/category/living/DEMO-VARIATION");
  const picture = page.getByTestId("product-main-image");
  await expect(picture).toHaveAttribute("src", "/images/products/demo-variation.svg");
  await page.getByRole("radio", { name: /生成り/ }).check();
  await recalculate(page, js);
  await expect(picture).toHaveAttribute("src", "/images/products/demo-variation-natural.svg");
  await page.getByRole("radio", { name: /墨黒/ }).check();
  await recalculate(page, js);
  await expect(picture).toHaveAttribute("src", "/images/products/demo-variation-black.svg");
});

test("the shipping promise follows what can be bought", async ({ page }) => {
  await page.goto("/category/living/DEMO-PREORDER");
  const icon = page.getByTestId("delivery-icon");
  await expect(icon).toContainText(/\d{4}年\d{1,2}月\d{1,2}日頃発送予定/);
  await expect(page.getByTestId("product-notices")).toContainText(/\d{4}年\d{1,2}月\d{1,2}日頃より順次発送予定/);
  await expect(page.getByText(/翌日発送|1日以内に発送/)).toHaveCount(0);

  for (const path of ["/category/food/DEMO-SOLDOUT", "/category/food/DEMO-ARCHIVED"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("delivery-icon")).toHaveCount(0);
    await expect(page.getByText(/翌日発送|日以内に発送/)).toHaveCount(0);
  }

  await page.goto("/category/living/DEMO-SIMPLE");
  await expect(page.getByTestId("delivery-icon")).toContainText("翌日発送");
});

test("after adding the last units the page says they are all in the cart", async ({ page }) => {
  await page.goto("/category/kitchen/DEMO-LOWSTOCK");
  await expect(page.getByTestId("stock-message")).toHaveText("残り3点 ご注文はお早めに");
  await page.getByRole("spinbutton", { name: "数量" }).fill("3");
  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByTestId("product-notice")).toHaveText("カートに追加しました。");

  await expect(page.getByTestId("stock-message")).toHaveText("在庫の3点はすべてカートに入っています。");
  const form = page.getByTestId("purchase-form");
  await expect(form.getByRole("button", { name: "カートに入れる" })).toHaveCount(0);
  await expect(form.getByText(/最大\d+点/)).toHaveCount(0);
  await expect(page.getByText("残り3点")).toHaveCount(0);
  await form.getByRole("link", { name: "カートを見る" }).click();
  await expect(page).toHaveURL(/\/cart$/);
});

test("review photos open in the previewer (or as the image without JS)", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await page.goto("/category/living/DEMO-SIMPLE");
  const review = page.getByTestId("review").filter({ hasText: "思ったより薄手でした" });
  const photo = review.getByRole("link", { name: /くまさんの写真 1を拡大表示/ });
  await expect(photo).toHaveAttribute("href", /^\/media\/reviews\/\d+\/xl$/);
  const response = await page.request.get((await photo.getAttribute("href")) ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  if (js) {
    const thumbnail = photo.locator("img");
    await thumbnail.scrollIntoViewIfNeeded();
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await photo.click();
    await expect(page.locator(".pswp")).toBeVisible();
    await expect(page.locator(".pswp img.pswp__img").first()).toHaveAttribute("src", /\/media\/reviews\/\d+\/xl$/);
    await expect(page.locator(".pswp.pswp--ready")).toBeVisible();
    await page.locator(".pswp").getByRole("button", { name: "閉じる" }).click();
    await expect(page.locator(".pswp")).toHaveCount(0);
  }
});
