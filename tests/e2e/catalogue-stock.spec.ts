/**
 * Stock with history (issue 17 item 3), JS on and off: a merchant adjusts its own product's stock from the
 * product's stock page and sees the line in the stock history; a correction without a reason is refused
 * with its message and what was typed kept; another merchant's product's stock page is 404. An order shows
 * in the history as the stock it took, linked to the order — the order desk for staff, the merchant's own
 * parcel for the merchant (issue 34 item 20).
 */
import { STOCK_MESSAGES } from "~/core/catalogue/stock-adjustment";
import { productBySku } from "~/services/seed/catalogue";
import { fillGuest, fillRecipient, placeShownOrder } from "./checkout-helpers";
import { addToCart, expect, login, test } from "./fixtures";

/** 十勝しあわせ牧場's cheese set (the demo merchant's) and 有田 青華窯's boxed cups (the other merchant's). */
const OWN = productBySku("FOOD-CHEESE").id;
const OTHERS = productBySku("GIFT-YUNOMI").id;

test("a merchant adjusts its own product's stock and sees the history line; another merchant's product is 404", async ({ page }) => {
  const path = `/merchant/products/${OWN}/stock`;
  await login(page, "merchant", path);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("ナチュラルチーズ");
  // Other specs may sell the cheese: start from the stock shown.
  const before = Number((await page.getByTestId("stock-p").innerText()).replace(/[^\d]/g, ""));

  await page.getByLabel("入荷（在庫を増やす）").check();
  await page.getByLabel("数量").fill("3");
  await page.getByLabel(/^理由・メモ/).fill("十勝工房より入荷");
  await page.getByRole("button", { name: "在庫を調整する" }).click();
  await expect(page.getByTestId("member-notice")).toHaveText(STOCK_MESSAGES.done);
  await expect(page.getByTestId("stock-p")).toHaveText(`${before + 3}点`);
  const line = page.getByTestId("stock-history").locator("tbody tr").first();
  await expect(line).toContainText("入荷");
  await expect(line).toContainText("牧場 花子");
  await expect(line).toContainText(`${before} → ${before + 3}`);
  await expect(line).toContainText("十勝工房より入荷");

  // A correction needs a reason: refused with the message, the typed quantity kept, the stock unchanged.
  await page.getByLabel("棚卸し修正（±で増減する）").check();
  await page.getByLabel("数量").fill("-1");
  await page.getByRole("button", { name: "在庫を調整する" }).click();
  await expect(page.getByText(STOCK_MESSAGES.reasonRequired)).toBeVisible();
  await expect(page.getByLabel("数量")).toHaveValue("-1");
  await expect(page.getByTestId("stock-p")).toHaveText(`${before + 3}点`);

  const response = await page.goto(`/merchant/products/${OTHERS}/stock`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText(STOCK_MESSAGES.productNotFound)).toBeVisible();
});

test("an order shows in the stock history as the stock it took, linked to the order for staff and for the merchant", async ({
  page,
  openContext,
}, testInfo) => {
  // 有田 青華窯's (the other merchant's) item, bought by a guest.
  const product = productBySku("DEMO-MERCHANT").id;
  await addToCart(page, "/category/kitchen/DEMO-MERCHANT");
  await page.goto("/checkout");
  await fillGuest(page, `stock-history-${testInfo.project.name}-${Date.now()}@example.jp`);
  await page.getByRole("region", { name: "ご注文者情報" }).getByRole("checkbox", { name: "この情報で会員登録する（無料）" }).uncheck();
  await fillRecipient(page);
  await page.getByRole("radio", { name: /代金引換/ }).check();
  await placeShownOrder(page);
  const number = ((await page.getByTestId("order-number").textContent()) ?? "").trim();

  const staff = await (await openContext()).newPage();
  await login(staff, "staff", `/crm/products/${product}/stock`);
  const staffLine = staff.getByTestId("stock-history").locator("tbody tr").filter({ hasText: number });
  await expect(staffLine).toHaveCount(1);
  await expect(staffLine).toContainText("ご注文");
  await expect(staffLine).toContainText("-1");
  await staffLine.getByRole("link", { name: `注文番号 ${number}` }).click();
  await expect(staff).toHaveURL(/\/crm\/orders\/\d+$/);
  await expect(staff.getByRole("heading", { level: 1 })).toContainText(number);

  const merchant = await (await openContext()).newPage();
  await login(merchant, "otherMerchant", `/merchant/products/${product}/stock`);
  const merchantLine = merchant.getByTestId("stock-history").locator("tbody tr").filter({ hasText: number });
  await expect(merchantLine).toContainText("ご注文");
  await expect(merchantLine).toContainText("-1");
  await merchantLine.getByRole("link", { name: `注文番号 ${number}` }).click();
  await expect(merchant).toHaveURL(/\/merchant\/shipments\/\d+$/);
  await expect(merchant.getByText(number).first()).toBeVisible();
});
