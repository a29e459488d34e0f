/**
 * A merchant's alerts (issue 37 item 4), JS on and off: the merchant lists where its alerts go at
 * /merchant/settings; a guest's 銀行振込 order of its butter tells nobody until staff confirm the payment,
 * and then its 「発送待ちのご注文が入りました」 mail is in the outbox (/crm/mail-outbox), to that address.
 */
import { fillGuest, fillRecipient, placeShownOrder } from "./checkout-helpers";
import { addToCart, expect, login, test } from "./fixtures";

test("a merchant sets its alert address; a paid order's alert to it is in the outbox", async ({ page, openContext }, testInfo) => {
  const address = `alerts-${testInfo.project.name}@tokachi.example.jp`;
  await login(page, "merchant", "/merchant/settings");
  await page.getByLabel("通知先のメールアドレス").fill(`${address}\nnot-an-address`);
  await page.getByRole("button", { name: "通知の設定を保存する" }).click();
  await expect(page.getByText("「not-an-address」はメールアドレスの形式が正しくありません（1行に1件ずつ入力してください）")).toBeVisible();
  await page.getByLabel("通知先のメールアドレス").fill(address);
  await page.getByRole("radio", { name: "1件ごとにメールで受け取る" }).check();
  await page.getByRole("button", { name: "通知の設定を保存する" }).click();
  await expect(page.getByTestId("member-notice")).toHaveText("通知の設定を保存しました。");
  await expect(page.getByTestId("merchant-alert-addresses")).toHaveText(`現在の通知先：${address}`);

  const guest = await (await openContext()).newPage();
  await addToCart(guest, "/category/food/FOOD-BUTTER");
  await guest.goto("/checkout");
  await fillGuest(guest, `alerts-buyer-${testInfo.project.name}-${Date.now()}@example.jp`);
  await fillRecipient(guest);
  await guest.getByRole("radio", { name: /銀行振込/ }).check();
  await placeShownOrder(guest);
  const number = ((await guest.getByTestId("order-number").textContent()) ?? "").trim();

  const staff = await (await openContext()).newPage();
  await login(staff, "staff", `/crm/mail-outbox?to=${encodeURIComponent(address)}`);
  await expect(staff.getByTestId("mail-row").filter({ hasText: number })).toHaveCount(0);
  await staff.goto(`/crm/orders?number=${number}`);
  await staff.getByTestId("desk-order-link").click();
  await staff.getByRole("button", { name: "入金を確認した" }).click();
  await expect(staff.getByTestId("member-notice")).toContainText("入金を確認しました");

  await staff.goto(`/crm/mail-outbox?to=${encodeURIComponent(address)}`);
  const row = staff.getByTestId("mail-row").filter({ hasText: `発送待ちのご注文が入りました（ご注文番号 ${number}）` });
  await expect(row).toHaveCount(1);
  await row.getByTestId("mail-link").click();
  await expect(staff.getByTestId("mail-text")).toContainText("十勝 発酵バター 無塩 200g × 1");
  await expect(staff.getByTestId("mail-links")).toContainText("/merchant/shipments/");
});
