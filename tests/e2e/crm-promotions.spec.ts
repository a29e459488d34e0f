/**
 * Staff's coupon editor in the browser, JS on and off (issue 17 item 5): a coupon refused with its field's
 * message (what was typed stays), then created with a per-product value for DEMO-SIMPLE; it is in the
 * listing, and a shopper in another browser applies it in the cart and gets exactly that discount.
 */
import { addToCart, expect, login, test } from "./fixtures";

test("staff create a coupon and a shopper applies it in the cart", async ({ page, openContext }, testInfo) => {
  const code = `STAFF-${testInfo.project.name.toUpperCase()}`;
  await login(page, "staff", "/crm/coupons/new");
  await expect(page.getByRole("heading", { name: "クーポンの作成" })).toBeVisible();

  const form = page.getByTestId("coupon-form");
  await form.getByLabel(/^タイトル/).fill("スタッフ作成 春のクーポン");
  await form.getByLabel(/^短いタイトル/).fill("300円OFF");
  await form.getByLabel(/^割引額（円 または ％）/).fill("300");
  await form.getByRole("button", { name: "作成する" }).click();
  await expect(form.getByText("コードを入力してください")).toBeVisible();
  await expect(form.getByLabel(/^タイトル/)).toHaveValue("スタッフ作成 春のクーポン");

  await form.getByLabel(/^クーポンコード/).fill(code.toLowerCase());
  // DEMO-SIMPLE gets 10% of its own; other products the coupon's 300 yen.
  await form.getByLabel("1行目のSKU").fill("DEMO-SIMPLE");
  await form.getByLabel("1行目の割引の種類").selectOption("rate");
  await form.getByLabel("1行目の割引額").fill("10");
  await form.getByRole("button", { name: "作成する" }).click();
  await expect(page).toHaveURL(/\/crm\/coupons\/\d+\?notice=created/);
  await expect(page.getByTestId("member-notice")).toHaveText("クーポンを作成しました。");
  await expect(page.getByRole("heading", { name: code })).toBeVisible();
  await expect(page.getByTestId("coupon-usage")).toContainText("0回（0人）");

  await page.getByRole("link", { name: "クーポン管理" }).first().click();
  await expect(page.getByTestId("coupon-row").filter({ hasText: code })).toContainText("実施中");

  const shopper = await (await openContext()).newPage();
  await addToCart(shopper, "/category/living/DEMO-SIMPLE");
  await shopper.goto("/cart");
  await shopper.getByLabel("クーポンコード").fill(code.toLowerCase());
  await shopper.getByRole("button", { name: "適用" }).click();
  await expect(shopper.getByTestId("summary-coupon")).toHaveText("−198円"); // floor(1,980 × 10%)
});
