/**
 * Product photos in the browser, JS on and off (issue 17 item 2): staff upload two photos to a product with
 * their alt text on /crm/products/{id}/images, make the second the main one, and the shop shows them —
 * the product page's gallery (the zoom in PhotoSwipe with JS, the zoom image itself without) and the
 * category listing's card — in WebP renditions of their sizes, with the picture's box fixed before it loads.
 */
import { productBySku } from "~/services/seed/catalogue";
import { gradientPngBytes } from "../support/images";
import { expect, login, test } from "./fixtures";

const PRODUCT = productBySku("BEAUTY-TSUGE");
const PHOTOS_PATH = `/crm/products/${PRODUCT.id}/images`;
const PRODUCT_PATH = `/category/beauty/${PRODUCT.sku}`;
const RENDITION = new RegExp(`^/media/products/${PRODUCT.id}/[0-9a-f]{16}/(s|m|l)\\.webp$`);

const photoFile = (name: string, seed: number) => ({ name, mimeType: "image/png", buffer: Buffer.from(gradientPngBytes(1200, 900, seed)) });

test("staff upload two photos with alt text, make the second the main one, and the product page shows them", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await login(page, "staff", PHOTOS_PATH);
  await expect(page.getByRole("heading", { name: "商品画像" })).toBeVisible();
  const photos = page.getByTestId("product-photo");
  const before = await photos.count();

  // Alt text is required: the server says so when it is left out (the browser's own check is skipped here).
  await page.getByLabel("画像ファイル（複数選べます）").setInputFiles(photoFile("front.png", 1));
  await page.locator("#photo-alt").evaluate((input: HTMLInputElement) => input.removeAttribute("required"));
  await page.getByRole("button", { name: "画像を追加" }).click();
  await expect(page.locator("#upload-error")).toHaveText("画像の説明（代替テキスト）を入力してください。");
  await expect(photos).toHaveCount(before);

  for (const [alt, seed] of [
    ["つげ櫛の正面", 1],
    ["椿油で仕上げた櫛の艶", 2],
  ] as const) {
    await page.getByLabel("画像ファイル（複数選べます）").setInputFiles(photoFile(`photo-${seed}.png`, seed));
    await page.locator("#photo-alt").fill(alt);
    await page.getByRole("button", { name: "画像を追加" }).click();
    await expect(page.getByTestId("member-notice")).toHaveText("画像を追加しました。");
  }
  await expect(photos).toHaveCount(before + 2);
  const second = photos.last();
  await expect(second.getByRole("img")).toHaveAttribute("alt", "椿油で仕上げた櫛の艶");
  await expect(second.getByRole("img")).toHaveAttribute("src", RENDITION);

  await second.getByRole("button", { name: "メインにする" }).click();
  await expect(page.getByTestId("member-notice")).toHaveText("メイン画像に設定しました。");
  const first = photos.first();
  await expect(first.getByRole("img")).toHaveAttribute("alt", "椿油で仕上げた櫛の艶");
  await expect(first.getByText("メイン画像")).toBeVisible();

  // The product page: the new main photo in the product page's size, its box square before it loads.
  await page.goto(PRODUCT_PATH);
  const main = page.getByTestId("product-main-image");
  await expect(main).toHaveAttribute("alt", "椿油で仕上げた櫛の艶");
  await expect(main).toHaveAttribute("src", /\/m\.webp$/);
  await expect(main).toHaveAttribute("width", "1200");
  await expect(main).toHaveAttribute("height", "900");
  // The browser picks the rendition for the phone's screen from srcset (s or m), and it loads.
  await expect.poll(() => main.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  expect(new URL(await main.evaluate((image: HTMLImageElement) => image.currentSrc)).pathname).toMatch(RENDITION);
  const box = await main.boundingBox();
  expect(Math.abs(box!.width - box!.height)).toBeLessThan(1);
  await expect(page.getByRole("list", { name: "商品画像" }).getByRole("listitem")).toHaveCount(before + 2);

  // The zoom: PhotoSwipe over the photos with JS; the zoom image itself without.
  const zoomLink = page.getByRole("link", { name: "椿油で仕上げた櫛の艶を拡大表示" });
  await expect(zoomLink).toHaveAttribute("href", /\/l\.webp$/);
  if (js) {
    await zoomLink.click();
    const zoomed = page.locator(".pswp__item img.pswp__img").first();
    await expect(page.locator(".pswp")).toBeVisible();
    await expect(page.locator(".pswp img.pswp__img[src$='/l.webp']").first()).toBeAttached();
    await expect.poll(() => zoomed.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  } else {
    const href = await zoomLink.getAttribute("href");
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/webp");
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  }

  // The category listing's card shows the main photo in the list size.
  await page.goto("/category/beauty");
  const card = page.locator(`a[href$="/${PRODUCT.sku}"]`).first();
  await expect(card.locator("img")).toHaveAttribute("src", RENDITION);
  await expect(card.locator("img")).toHaveAttribute("src", /\/s\.webp$/);
});

test("a product without a photo shows the shop's placeholder picture, which loads, not a broken image", async ({ page }) => {
  const placeholder = await page.request.get("/images/no-image.svg");
  expect(placeholder.status()).toBe(200);
  expect(placeholder.headers()["content-type"]).toMatch(/^image\/svg\+xml/);

  // Staff delete the only photo of a product no other spec looks at.
  const bare = productBySku("BEAUTY-HAND");
  await login(page, "staff", `/crm/products/${bare.id}/images`);
  const photos = page.getByTestId("product-photo");
  await expect(photos).toHaveCount(1);
  await photos.getByText("画像を差し替える・削除する").click();
  await photos.getByRole("button", { name: "削除する" }).click();
  await expect(page.getByTestId("member-notice")).toHaveText("画像を削除しました。");
  await expect(photos).toHaveCount(0);

  await page.goto("/category/beauty");
  const picture = page.locator(`a[href$="/${bare.sku}"]`).first().locator("img");
  await expect(picture).toHaveAttribute("src", "/images/no-image.svg");
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
});
