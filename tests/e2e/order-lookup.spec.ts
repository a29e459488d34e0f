import { fillGuest, fillRecipient, placeShownOrder } from "./checkout-helpers";
import { addToCart, expect, test } from "./fixtures";

/**
 * A guest orders without registering and finds the order again at /order-lookup (JS on and off): from the
 * thank-you page's link, by its number and the e-mail, kept on a reload, closed with 「表示を終える」.
 */
test("a guest orders, then looks the order up by its number and e-mail", async ({ page }, testInfo) => {
  const email = `lookup-${testInfo.project.name}-${Date.now()}@example.jp`;
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  await fillGuest(page, email);
  await page.getByRole("region", { name: "ご注文者情報" }).getByRole("checkbox", { name: "この情報で会員登録する（無料）" }).uncheck();
  await fillRecipient(page);
  await page.getByRole("radio", { name: /銀行振込/ }).check();
  await placeShownOrder(page);
  const number = (await page.getByTestId("order-number").textContent()) ?? "";
  expect(number).toMatch(/^\d{8}-\d{6}$/);

  await page.getByTestId("thanks-lookup").getByRole("link", { name: "ご注文状況の確認" }).click();
  await expect(page).toHaveURL("/order-lookup");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "ご注文状況の確認" })).toBeVisible();

  // A wrong address finds nothing, and says only that.
  await page.getByRole("textbox", { name: /注文番号/ }).fill(number);
  await page.getByRole("textbox", { name: /メールアドレス/ }).fill("someone-else@example.jp");
  await page.getByRole("button", { name: "ご注文を確認する" }).click();
  await expect(page.getByRole("alert")).toContainText("ご注文が見つかりませんでした。");
  await expect(page.getByTestId("lookup-order")).toHaveCount(0);

  await page.getByRole("textbox", { name: /注文番号/ }).fill(number);
  await page.getByRole("textbox", { name: /メールアドレス/ }).fill(email.toUpperCase());
  await page.getByRole("button", { name: "ご注文を確認する" }).click();
  const found = page.getByTestId("lookup-order");
  await expect(found.getByRole("heading", { name: `ご注文 ${number}` })).toBeVisible();
  await expect(page).toHaveURL(/\/order-lookup(#result)?$/);
  await expect(found.getByTestId("order-status")).toHaveText("お支払い待ち");
  await expect(found.getByTestId("order-total")).toHaveText("2,640円"); // 1,980 + 660 shipping
  await expect(found.getByTestId("bank-transfer")).toContainText("お振込期限");
  await expect(found.getByTestId("order-ship-to")).toContainText("佐藤 一郎 様");
  await expect(found.getByTestId("order-ship-to")).toContainText("〒100-0001");
  await expect(found.getByTestId("order-ship-to")).not.toContainText("0312345678");
  await expect(found.getByTestId("order-line")).toHaveCount(1);

  // A reload keeps it (the grant is in the session, not the URL); 「表示を終える」 closes it.
  await page.reload();
  await expect(page.getByTestId("lookup-order")).toBeVisible();
  await page.getByRole("button", { name: /表示を終える/ }).click();
  await expect(page.getByRole("button", { name: "ご注文を確認する" })).toBeVisible();
  await expect(page.getByTestId("lookup-order")).toHaveCount(0);
});
