import { placeShownOrder } from "./checkout-helpers";
import { addToCart, expect, login, memberWithEmptyCart, test, waitForHydration } from "./fixtures";

/**
 * The shopper's side of the order lifecycle (issue 16 item 5), JS on and off: a parcel on its way shows its
 * carrier and the tracking link; an unshipped order is cancelled through the confirmation step (a dialog
 * with JS, a page without) and the points used on it come back; the points it would have earned were 付与予定
 * (shown, not spendable) and are not given.
 */
test("a shipped order shows its parcel's carrier, the tracking link and the expected delivery", async ({ page }) => {
  await login(page, "member", "/user/orders/4");
  const parcel = page.getByTestId("order-shipment");
  await expect(parcel.getByTestId("shipment-status")).toHaveText("発送済み");
  await expect(parcel).toContainText("ヤマト運輸");
  await expect(parcel).toContainText("発送元：当社倉庫");
  const link = parcel.getByTestId("tracking-link");
  await expect(link).toHaveAttribute("href", /^https:\/\/toi\.kuronekoyamato\.co\.jp\/.*number01=\d{12}$/);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  await expect(parcel.getByTestId("expected-delivery")).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日〜\d{4}年\d{1,2}月\d{1,2}日$/);
  // Shipped: no longer cancellable here.
  await expect(page.getByTestId("cancel-order")).toHaveCount(0);
});

test("a member cancels an unshipped order through the confirmation step; the points come back", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await memberWithEmptyCart(page);
  await page.goto("/user/points");
  const balanceBefore = (await page.getByTestId("points-balance").textContent()) ?? "";

  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  await page.getByLabel("利用するポイント").fill("200");
  await page.getByRole("button", { name: "使う" }).click();
  await expect(page.getByTestId("summary-points")).toHaveText("−200円");
  await page.getByRole("radio", { name: /銀行振込/ }).check();
  await placeShownOrder(page);
  const number = (await page.getByTestId("order-number").textContent()) ?? "";

  // The points the order earns are 付与予定 until the transfer arrives: listed apart, never spendable.
  await page.goto("/user/points");
  await expect(page.getByTestId("points-pending-order").filter({ hasText: number })).toContainText("ご入金の確認後にご利用いただけます");

  await page.goto("/user/orders");
  await page.getByRole("link", { name: `注文番号 ${number}` }).click();
  await expect(page.getByTestId("order-status")).toHaveText("お支払い待ち");
  await expect(page.getByTestId("order-points").locator("xpath=..")).toContainText("獲得ポイント（付与予定）ご入金の確認後にご利用いただけます");
  await expect(page.getByTestId("bank-transfer-lapse")).toContainText("自動的にキャンセル");
  if (js) await waitForHydration(page);
  await page.getByTestId("cancel-order").click();

  // The confirmation: what will happen, in the order's figures, before anything happens.
  const step = js ? page.getByTestId("cancel-dialog") : page.getByTestId("cancel-page");
  await expect(step.getByTestId("cancellation-summary")).toContainText("ご利用の 200ポイントをお戻しします。");
  await expect(step.getByTestId("cancellation-summary")).toContainText("在庫に戻ります");
  if (!js) await expect(page).toHaveURL(/\/user\/orders\/\d+\/cancel$/);
  await step.getByTestId("confirm-cancel").click();

  await expect(page).toHaveURL(/\/user\/orders\/\d+\?notice=cancelled#result$/);
  await expect(page.getByTestId("member-notice")).toHaveText("ご注文をキャンセルしました。キャンセルのお知らせをメールでお送りしました。");
  await expect(page.getByTestId("order-status")).toHaveText("キャンセル");
  await expect(page.getByTestId("shipment-status")).toHaveText("キャンセル");
  await expect(page.getByTestId("cancel-dialog")).toHaveCount(0);
  await expect(page.getByTestId("cancel-order")).toHaveCount(0);

  await page.goto("/user/points");
  await expect(page.getByTestId("points-balance")).toHaveText(balanceBefore);
  await expect(page.getByTestId("points-pending-order").filter({ hasText: number })).toHaveCount(0);
});

test("staff answer 「いつ届きますか」 from the ticket: the customer's orders with the parcel's tracking link beside the thread", async ({ page }) => {
  await login(page, "staff", "/crm/tickets/1");
  const orders = page.getByTestId("customer-orders");
  const asked = orders.getByTestId("customer-order").first();
  await expect(asked).toContainText("このお問い合わせの注文");
  await expect(asked.getByTestId("shipment-status")).toHaveText("発送済み");
  await expect(asked.getByTestId("tracking-link")).toHaveAttribute("href", /kuronekoyamato/);
  await expect(asked.getByRole("link", { name: /^ご注文 / })).toHaveAttribute("href", "/crm/orders/4");
});

test("「このご注文について問い合わせる」 opens the support form with that order chosen and its items listed", async ({ page }) => {
  await login(page, "member", "/user/orders/4");
  const number = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").replace("ご注文 ", "").trim();
  await page.getByTestId("order-support-link").click();
  await expect(page).toHaveURL(/\/user\/support\?category=.+&orders_id=4#new-ticket-heading$/);
  await expect(page.getByLabel("お問い合わせの種類")).toHaveValue("過去の注文について");
  const order = page.getByRole("combobox", { name: "ご注文" });
  await expect(order).toHaveValue("4");
  await expect(order.locator("option:checked")).toContainText(`注文番号 ${number}`);
  await expect(page.getByTestId("order-lines").getByRole("checkbox").first()).toBeVisible();
});
