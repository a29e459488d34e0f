/**
 * Staff's order desk in the browser, JS on and off (issue 16): staff open the guest's 銀行振込 order from
 * /crm/orders, confirm its payment, ship its warehouse parcel with a ヤマト運輸 tracking number (linked to
 * ヤマト's tracking page) and read both in the order's history.
 */
import { LIFECYCLE_MESSAGES } from "~/core/orders/order-lifecycle";
import { expect, login, test } from "./fixtures";

test("staff confirm a transfer and ship the warehouse parcel with a tracking number", async ({ page, openContext }) => {
  await login(page, "staff", "/crm/orders");
  await expect(page.getByRole("heading", { name: "注文管理" })).toBeVisible();
  // The transfer past its deadline is marked (unless the hourly job, another spec's, has cancelled it already).
  const lapsed = page.getByTestId("desk-order-row").filter({ has: page.locator('a[href="/crm/orders/8"]') });
  await expect(lapsed.getByTestId("desk-transfer-overdue").or(lapsed.getByText("キャンセル", { exact: true }))).toBeVisible();
  // The guest's transfer still within its deadline (order 8's lapsed; the cron may have cancelled it).
  const waiting = page
    .getByTestId("desk-order-row")
    .filter({ hasText: "お支払い待ち" })
    .filter({ has: page.locator('a[href="/crm/orders/6"]') });
  await expect(waiting).toHaveCount(1);
  await waiting.getByTestId("desk-order-link").click();
  await expect(page).toHaveURL("/crm/orders/6");
  await expect(page.getByTestId("desk-payment-state")).toHaveText("入金待ち");
  await expect(page.getByTestId("desk-transfer-overdue")).toHaveCount(0);
  // Unpaid: no parcel is offered to ship, here or on the merchant's page; each says why.
  await expect(page.getByTestId("desk-ship-form")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "発送済みにする" })).toHaveCount(0);
  await expect(page.getByTestId("desk-ship-waiting")).toHaveText([LIFECYCLE_MESSAGES.shipAfterPayment, LIFECYCLE_MESSAGES.shipAfterPayment]);
  const merchant = await (await openContext()).newPage();
  await login(merchant, "merchant", "/merchant/shipments/8");
  await expect(merchant.getByTestId("merchant-ship-waiting")).toHaveText(LIFECYCLE_MESSAGES.shipAfterPayment);
  await expect(merchant.getByRole("button", { name: "発送済みにする" })).toHaveCount(0);

  await page.getByRole("button", { name: "入金を確認した" }).click();
  await expect(page.getByTestId("member-notice")).toContainText("入金を確認しました");
  await expect(page.getByTestId("desk-order-status")).toHaveText("入金確認済み・発送準備中");
  await expect(page.getByTestId("desk-payment-state")).toContainText("入金確認済み");

  const warehouse = page.locator('[data-testid="desk-shipment"][data-shipment="7"]');
  const shipForm = warehouse.getByTestId("desk-ship-form");
  await shipForm.getByLabel("配送業者").selectOption({ label: "ヤマト運輸" });
  await shipForm.getByLabel("お問い合わせ番号（伝票番号）").fill("12345");
  await shipForm.getByRole("button", { name: "発送済みにする" }).click();
  await expect(warehouse.getByTestId("desk-form-error")).toHaveText("ヤマト運輸のお問い合わせ番号は12桁の数字です。");

  await warehouse.getByLabel("お問い合わせ番号（伝票番号）").fill("1234-5678-9012");
  await warehouse.getByRole("button", { name: "発送済みにする" }).click();
  await expect(page.getByTestId("member-notice")).toContainText("発送済みにしました");
  await expect(warehouse.getByTestId("desk-shipment-status")).toHaveText("発送済み");
  const tracking = warehouse.getByTestId("desk-tracking-link");
  await expect(tracking).toHaveText("123456789012");
  await expect(tracking).toHaveAttribute("href", /toi\.kuronekoyamato\.co\.jp\/.*123456789012/);
  await expect(page.getByTestId("desk-order-status")).toHaveText("一部発送済み");

  const history = page.getByTestId("desk-history-line");
  // 入金確認 tells the order's move itself (no second 注文状況の変更 line for it).
  const payment = history.filter({ hasText: "お支払い待ち → 入金確認済み・発送準備中" });
  await expect(payment).toHaveCount(1);
  await expect(payment.getByText("入金確認", { exact: true })).toBeVisible();
  await expect(payment).toContainText("スタッフ 佐藤 健");
  await expect(history.filter({ hasText: "発送準備中 → 発送済み" })).toContainText("当社倉庫：123456789012");
  await expect(history.filter({ hasText: "入金確認済み・発送準備中 → 一部発送済み" })).toHaveCount(1);
});
