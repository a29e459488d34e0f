/**
 * The product editor in the browser, JS on and off (issue 17 item 1): staff create a variation product
 * with two variations under one picker heading and a subscription tier (rows added with the form's own
 * buttons; a stock of the product's own and a low-stock threshold in words refused, the threshold then saved
 * from full-width digits), publish it, and a
 * shopper opens it and puts it in the cart; a merchant edits its own product and gets 404 for another
 * merchant's.
 */
import { expect, login, test } from "./fixtures";

test("staff create a variation product, publish it, and a shopper adds it to the cart", async ({ page, openContext }) => {
  await login(page, "staff", "/crm/products");
  await expect(page.getByRole("heading", { name: "商品管理" })).toBeVisible();
  await page.getByTestId("product-new").click();
  await expect(page).toHaveURL("/crm/products/new");

  await page.getByTestId("product-sku").fill("E2E-APRON");
  await page.getByTestId("product-title").fill("E2E 帆布エプロン");
  await page.getByTestId("product-type").selectOption("variation");
  await page.getByTestId("product-regular-price").fill("3,300");
  await page.getByTestId("product-category").selectOption({ label: "生活雑貨" });
  await page.getByTestId("product-subscribe").check();
  // A stock of the product's own, which a variation product cannot have (refused below).
  await page.getByTestId("product-inventory").fill("10");

  // Rows are added by the server, keeping what was typed.
  await page.getByTestId("add-variation").click();
  await expect(page.getByTestId("variation-0-sku")).toBeVisible();
  await expect(page.getByTestId("product-title")).toHaveValue("E2E 帆布エプロン");
  // One heading for the picker of every variation.
  await page.getByTestId("variation-heading").fill("カラー");
  await page.getByTestId("variation-0-sku").fill("E2E-APRON-NAVY");
  await page.getByTestId("variation-0-title").fill("ネイビー");
  await page.getByTestId("variation-0-inventory").fill("5");
  await page.getByTestId("add-variation").click();
  await expect(page.getByTestId("variation-1-sku")).toBeVisible();
  await expect(page.getByTestId("variation-0-sku")).toHaveValue("E2E-APRON-NAVY");
  await page.getByTestId("variation-1-sku").fill("E2E-APRON-NAVY");
  await page.getByTestId("variation-1-title").fill("ベージュ");
  await page.getByTestId("variation-1-inventory").fill("3");
  await page.getByTestId("add-tier").click();
  await page.getByTestId("tier-0-quantity").fill("1");
  await page.getByTestId("tier-0-price").fill("2800");

  // A repeated SKU and the product's own stock are refused at their fields, with everything typed kept.
  await page.getByTestId("product-save").click();
  await expect(page.getByTestId("variation-1").getByRole("alert")).toHaveText("このSKUはこの商品の中で重複しています");
  await expect(
    page.getByRole("alert").filter({ hasText: "バリエーション商品の在庫は、バリエーションごとに入力してください（商品の在庫はその合計になります）" }),
  ).toHaveCount(1);
  await expect(page.getByTestId("tier-0-price")).toHaveValue("2800");
  await expect(page.getByTestId("variation-heading")).toHaveValue("カラー");
  await page.getByTestId("variation-1-sku").fill("E2E-APRON-BEIGE");
  await page.getByTestId("product-inventory").fill("");
  // A low-stock threshold in words is refused at its field; full-width digits are read.
  await page.getByTestId("product-low-stock-threshold").fill("たくさん");
  await page.getByTestId("product-save").click();
  await expect(page.getByRole("alert").filter({ hasText: "在庫わずかの目安は0〜9,999の数字で入力してください" })).toHaveCount(1);
  await expect(page.getByTestId("variation-1-sku")).toHaveValue("E2E-APRON-BEIGE");
  await page.getByTestId("product-low-stock-threshold").fill("１５");
  await page.getByTestId("product-save").click();

  await expect(page.getByTestId("member-notice")).toContainText("下書きとして登録しました");
  await expect(page.getByTestId("product-state")).toHaveText("下書き");
  // The product's stock is its variations' sum.
  await expect(page.getByTestId("product-stock-readonly")).toContainText("在庫 8点");
  await expect(page.getByTestId("product-stock-readonly")).toContainText("ネイビー 5点");
  await expect(page.getByTestId("product-low-stock-threshold")).toHaveValue("15");
  await expect(page.getByTestId("product-stock-link")).toHaveAttribute("href", /\/crm\/products\/\d+\/stock$/);
  await expect(page.getByTestId("product-images-link")).toHaveAttribute("href", /\/crm\/products\/\d+\/images$/);

  await page.getByTestId("status-publish").click();
  await expect(page.getByTestId("member-notice")).toHaveText("商品を公開しました。");
  await expect(page.getByTestId("product-state")).toHaveText("公開");
  const productPath = await page.getByTestId("product-public-link").getAttribute("href");
  expect(productPath).toBe("/category/living/E2E-APRON");

  const shopper = await (await openContext()).newPage();
  await shopper.goto(productPath!);
  await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("E2E 帆布エプロン");
  await expect(shopper.getByText("カラーを選択")).toBeVisible();
  await shopper.getByRole("radio", { name: /ベージュ/ }).check();
  await shopper.getByRole("button", { name: "カートに入れる" }).click();
  await expect(shopper.getByTestId("product-notice")).toHaveText("カートに追加しました。");
  await shopper.goto("/cart");
  await expect(shopper.getByTestId("cart-line")).toContainText("E2E 帆布エプロン");
});

test("a merchant edits its own product and cannot open another merchant's", async ({ page, openContext }) => {
  const other = await (await openContext()).newPage();
  await login(other, "otherMerchant", "/merchant/products");
  const othersProduct = await other.getByTestId("product-row-link").first().getAttribute("href");
  expect(othersProduct).toMatch(/^\/merchant\/products\/\d+$/);

  await login(page, "merchant", "/merchant/products");
  await expect(page.getByRole("heading", { name: "商品管理" })).toBeVisible();
  await page.getByTestId("product-row-link").first().click();
  await expect(page).toHaveURL(/\/merchant\/products\/\d+$/);
  await page.getByTestId("product-title").fill("十勝の手づくりバター（編集済み）");
  await page.getByTestId("product-save").click();
  await expect(page.getByTestId("member-notice")).toHaveText("商品を保存しました。");
  await expect(page.getByTestId("product-title")).toHaveValue("十勝の手づくりバター（編集済み）");
  await expect(page.getByTestId("product-stock-link")).toHaveAttribute("href", /^\/merchant\/products\/\d+\/stock$/);

  const response = await page.goto(othersProduct!);
  expect(response?.status()).toBe(404);
});
