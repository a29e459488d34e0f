/**
 * A new product from the back office to a shopper's order (issue 17, JS on and off): staff create a
 * variation product with two variations and a subscription tier, give it two photos, publish it; a guest
 * sees the photos on its page, buys one variation, and the staff's editor shows that variation's stock
 * one lower.
 */
import { gradientPngBytes } from "../support/images";
import { fillGuest, fillRecipient, placeShownOrder } from "./checkout-helpers";
import { expect, login, test } from "./fixtures";

const photoFile = (name: string, seed: number) => ({ name, mimeType: "image/png", buffer: Buffer.from(gradientPngBytes(1000, 1000, seed)) });

test("staff create and publish a variation product with photos; a guest buys it", async ({ page, openContext }) => {
  const sku = `JRNY${Date.now().toString(36).toUpperCase()}`;
  await login(page, "staff", "/crm/products/new");
  await page.getByTestId("product-sku").fill(sku);
  await page.getByTestId("product-title").fill("E2E 藍染めハンカチ");
  await page.getByTestId("product-type").selectOption("variation");
  await page.getByTestId("product-regular-price").fill("1,980");
  await page.getByTestId("product-category").selectOption({ label: "生活雑貨" });
  await page.getByTestId("product-subscribe").check();
  await page.getByTestId("add-variation").click();
  await page.getByTestId("variation-0-sku").fill(`${sku}-KON`);
  await page.getByTestId("variation-0-title").fill("紺");
  await page.getByTestId("variation-0-inventory").fill("4");
  await page.getByTestId("add-variation").click();
  await page.getByTestId("variation-1-sku").fill(`${sku}-ASAGI`);
  await page.getByTestId("variation-1-title").fill("浅葱");
  await page.getByTestId("variation-1-inventory").fill("2");
  await page.getByTestId("add-tier").click();
  await page.getByTestId("tier-0-quantity").fill("1");
  await page.getByTestId("tier-0-price").fill("1700");
  await page.getByTestId("product-save").click();
  await expect(page.getByTestId("product-state")).toHaveText("下書き");
  const editorPath = new URL(page.url()).pathname;

  await page.getByTestId("product-images-link").click();
  await expect(page.getByRole("heading", { name: "商品画像" })).toBeVisible();
  for (const [alt, seed] of [
    ["紺のハンカチを広げたところ", 3],
    ["浅葱のハンカチの折り目", 4],
  ] as const) {
    await page.getByLabel("画像ファイル（複数選べます）").setInputFiles(photoFile(`${seed}.png`, seed));
    await page.locator("#photo-alt").fill(alt);
    await page.getByRole("button", { name: "画像を追加" }).click();
    await expect(page.getByTestId("member-notice")).toHaveText("画像を追加しました。");
  }
  await expect(page.getByTestId("product-photo")).toHaveCount(2);

  await page.goto(editorPath);
  await page.getByTestId("status-publish").click();
  await expect(page.getByTestId("product-state")).toHaveText("公開");
  const productPath = await page.getByTestId("product-public-link").getAttribute("href");

  const shopper = await (await openContext()).newPage();
  await shopper.goto(productPath!);
  await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("E2E 藍染めハンカチ");
  await expect(shopper.getByTestId("product-main-image")).toHaveAttribute("alt", "紺のハンカチを広げたところ");
  await expect(shopper.getByRole("list", { name: "商品画像" }).getByRole("listitem")).toHaveCount(2);
  await shopper.getByRole("radio", { name: /紺/ }).check();
  await shopper.getByRole("button", { name: "カートに入れる" }).click();
  await expect(shopper.getByTestId("product-notice")).toHaveText("カートに追加しました。");
  await shopper.goto("/checkout");
  await fillGuest(shopper, `journey-${sku.toLowerCase()}@example.jp`);
  await shopper.getByRole("region", { name: "ご注文者情報" }).getByRole("checkbox", { name: "この情報で会員登録する（無料）" }).uncheck();
  await fillRecipient(shopper);
  await shopper.getByRole("radio", { name: /代金引換/ }).check();
  await placeShownOrder(shopper);

  await page.goto(editorPath);
  await expect(page.getByTestId("product-stock-readonly")).toContainText("紺 3点");
  await expect(page.getByTestId("product-stock-readonly")).toContainText("浅葱 2点");
});
