/**
 * Staff manage a merchant in the browser, JS on and off (issue 17 item 6): find 安曇野はちみつ工房 on
 * /crm/merchants, get a postal code wrong and read the message, suspend the merchant — its honey cannot be
 * bought on its page, its row in the cart is unavailable and search no longer finds it — then reactivate it,
 * and it sells again. The spec leaves the merchant active and the cart empty (other specs use the seed).
 */
import type { Page } from "@playwright/test";
import { emptyCart, expect, login, test } from "./fixtures";

const HONEY_PAGE = "/category/food/FOOD-HONEY";
const HONEY_TITLE = "安曇野 国産 純粋はちみつ（アカシア）500g";

async function openHoney(page: Page, js: boolean) {
  await page.goto("/crm/merchants");
  await (js ? page.getByTestId("listing-filters-open") : page.getByTestId("listing-filters").locator("summary")).click();
  await page.getByRole("searchbox", { name: "名前" }).fill("安曇野");
  await page.getByRole("button", { name: "この条件で絞り込む" }).click();
  await expect(page).toHaveURL(/name=/);
  const row = page.getByTestId("merchant-row");
  await expect(row).toHaveCount(1);
  await row.getByTestId("merchant-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("安曇野はちみつ工房");
}

async function setStatus(page: Page, label: "販売停止中" | "取引中") {
  await page.getByRole("radio", { name: label }).check();
  await page.getByTestId("merchant-save").click();
  await expect(page.getByTestId("member-notice")).toHaveText("出店者の情報を保存しました。");
  await expect(page.getByRole("heading", { level: 1 }).getByTestId("merchant-status")).toHaveText(label);
}

test("staff suspend a merchant: its product cannot be bought; reactivated, it sells again", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await login(page, "staff", "/crm");
  await emptyCart(page);
  await page.goto(HONEY_PAGE);
  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByTestId("product-notice")).toHaveText("カートに追加しました。");
  // The 特商法 details of the merchant that ships it.
  const disclosure = page.getByTestId("merchant-disclosure");
  await expect(disclosure).toContainText("この商品は出店者の安曇野はちみつ工房");
  await disclosure.getByText("出店者の情報（特定商取引法に基づく表記）").click();
  await expect(disclosure).toContainText("〒399-8205 長野県安曇野市豊科高家678-9");

  await page.goto("/crm/tickets");
  await page.getByRole("link", { name: "出店者管理" }).click();
  await expect(page).toHaveURL("/crm/merchants");
  await openHoney(page, js);

  // A wrong postal code: its message, and nothing saved.
  await page.getByLabel("郵便番号").fill("399-82");
  await page.getByRole("radio", { name: "販売停止中" }).check();
  await page.getByTestId("merchant-save").click();
  await expect(page.getByText("郵便番号は半角数字7桁で入力してください（例: 080-0341）")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 }).getByTestId("merchant-status")).toHaveText("取引中");

  await page.getByLabel("郵便番号").fill("３９９ー８２０５");
  await setStatus(page, "販売停止中");
  await page.reload();
  await expect(page.getByLabel("郵便番号")).toHaveValue("3998205");

  try {
    await page.goto(HONEY_PAGE);
    await expect(page.getByTestId("seller-suspended")).toHaveText("出店者の都合により、この商品は現在ご購入いただけません。");
    await expect(page.getByRole("button", { name: "カートに入れる" })).toHaveCount(0);
    await page.goto("/cart");
    const line = page.getByTestId("cart-line").filter({ hasText: HONEY_TITLE });
    await expect(line).toContainText("購入できません（出店者の販売停止中）");
    await page.goto("/search?q=%E3%81%AF%E3%81%A1%E3%81%BF%E3%81%A4");
    await expect(page.getByText(HONEY_TITLE)).toHaveCount(0);
  } finally {
    await openHoney(page, js);
    await setStatus(page, "取引中");
  }

  await page.goto(HONEY_PAGE);
  await expect(page.getByTestId("seller-suspended")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "カートに入れる" })).toBeVisible();
  await page.goto("/search?q=%E3%81%AF%E3%81%A1%E3%81%BF%E3%81%A4");
  await expect(page.getByText(HONEY_TITLE).first()).toBeVisible();
  await emptyCart(page);
});
