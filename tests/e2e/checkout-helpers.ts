/** Filling the checkout as a guest, for the specs that place guest orders (JS on and off). */
import { expect, test, type Page } from "./fixtures";

const isJs = () => test.info().project.use.javaScriptEnabled !== false;

/** The orderer 佐藤 一郎 with this e-mail; the kana typed in hiragana and half-width, as the page accepts. */
export async function fillGuest(page: Page, email: string) {
  const buyer = page.getByRole("region", { name: "ご注文者情報" });
  await buyer.getByRole("textbox", { name: "メールアドレス" }).fill(email);
  await buyer.getByRole("textbox", { name: "姓", exact: true }).fill("佐藤");
  await buyer.getByRole("textbox", { name: "名", exact: true }).fill("一郎");
  await buyer.getByRole("textbox", { name: "セイ（カタカナ）" }).fill("さとう");
  await buyer.getByRole("textbox", { name: "メイ（カタカナ）" }).fill("ｲﾁﾛｳ");
  await expect(buyer.getByTestId("kana-hint")).toContainText("全角カタカナで登録します");
}

/** The recipient is the orderer (「ご注文者と同じ」), at 〒100-0001 (住所を検索 without JS). */
export async function fillRecipient(page: Page) {
  const address = page.getByRole("region", { name: "お届け先" });
  await address.getByRole("checkbox", { name: /ご注文者と同じ/ }).check();
  if (isJs()) await expect(address.getByRole("textbox", { name: "姓", exact: true })).toHaveCount(0);
  await address.getByRole("textbox", { name: /郵便番号/ }).fill("100-0001");
  if (!isJs()) await address.getByRole("button", { name: "住所を検索" }).click();
  await expect(page.getByRole("region", { name: "お届け先" }).getByRole("textbox", { name: /市区町村/ })).toHaveValue("千代田区");
  await page.getByRole("region", { name: "お届け先" }).getByRole("textbox", { name: /番地/ }).fill("1-1");
  await page
    .getByRole("region", { name: "お届け先" })
    .getByRole("textbox", { name: /電話番号/ })
    .fill("0312345678");
  // With JS the fee is rechecked for the new address; let it settle before the order is confirmed.
  if (isJs()) await expect(page.getByTestId("shipping-check")).toContainText("このお届け先への送料");
}

/**
 * 注文を確定する. Without JS a payment method chosen on the page is only priced by the server: the page
 * comes back with the new total and what changed (nothing placed yet), and is confirmed again.
 */
export async function placeShownOrder(page: Page) {
  await page.getByTestId("place-order").click();
  const changed = page.getByTestId("order-changes");
  await expect(page.getByTestId("order-number").or(changed)).toBeVisible();
  if (await changed.isVisible()) await page.getByTestId("place-order").click();
  await expect(page.getByTestId("order-number")).toBeVisible();
}
