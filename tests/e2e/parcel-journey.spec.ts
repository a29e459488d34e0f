/**
 * One order, two senders, three people (JS on and off): a guest orders a warehouse item and an item of
 * 有田 青華窯 with 代金引換; staff ship the warehouse parcel from the order desk, the merchant ships its own
 * parcel from /merchant, and the guest — looking the order up by number and e-mail — sees each parcel's
 * state with its tracking link, and gets 出荷のお知らせ with the number and the carrier's page.
 */
import { fillGuest, fillRecipient, placeShownOrder } from "./checkout-helpers";
import { addToCart, expect, login, test } from "./fixtures";
import { latestMailTo } from "./mailbox";

test("staff and a merchant ship their parcels; the guest follows both", async ({ page, openContext }, testInfo) => {
  const email = `parcels-${testInfo.project.name}-${Date.now()}@example.jp`;
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await addToCart(page, "/category/kitchen/DEMO-MERCHANT");
  await page.goto("/checkout");
  await fillGuest(page, email);
  await page.getByRole("region", { name: "ご注文者情報" }).getByRole("checkbox", { name: "この情報で会員登録する（無料）" }).uncheck();
  await fillRecipient(page);
  await page.getByRole("radio", { name: /代金引換/ }).check();
  await placeShownOrder(page);
  const number = ((await page.getByTestId("order-number").textContent()) ?? "").trim();

  const staff = await (await openContext()).newPage();
  await login(staff, "staff", `/crm/orders?number=${number}`);
  await staff.getByTestId("desk-order-link").click();
  const warehouse = staff
    .getByTestId("desk-shipment")
    .filter({ has: staff.getByTestId("desk-ship-form") })
    .first();
  const shipForm = warehouse.getByTestId("desk-ship-form");
  await shipForm.getByLabel("配送業者").selectOption({ label: "ヤマト運輸" });
  await shipForm.getByLabel("お問い合わせ番号（伝票番号）").fill("4444-5555-6666");
  await shipForm.getByRole("button", { name: "発送済みにする" }).click();
  await expect(staff.getByTestId("desk-order-status")).toHaveText("一部発送済み");

  const merchant = await (await openContext()).newPage();
  await login(merchant, "otherMerchant", "/", "/merchant");
  await merchant.getByTestId("merchant-shipment-row").filter({ hasText: number }).getByRole("link", { name: number }).click();
  await merchant.getByLabel("配送業者").selectOption({ label: "日本郵便" });
  await merchant.getByLabel("お問い合わせ番号（伝票番号）").fill("777788889999");
  await merchant.getByRole("button", { name: "発送済みにする" }).click();
  await expect(merchant.getByTestId("merchant-shipment-status")).toHaveText("発送済み");

  await page.goto("/order-lookup");
  await page.getByRole("textbox", { name: /注文番号/ }).fill(number);
  await page.getByRole("textbox", { name: /メールアドレス/ }).fill(email);
  await page.getByRole("button", { name: "ご注文を確認する" }).click();
  const found = page.getByTestId("lookup-order");
  await expect(found.getByTestId("order-status")).toHaveText("発送済み");
  const parcels = found.getByTestId("order-shipment");
  await expect(parcels.filter({ hasText: "倉庫" }).getByTestId("tracking-link")).toHaveAttribute("href", /kuronekoyamato.*444455556666/);
  await expect(parcels.filter({ hasText: "有田 青華窯" }).getByTestId("tracking-link")).toHaveAttribute("href", /japanpost.*777788889999/);
  await expect(parcels.filter({ hasText: "有田 青華窯" }).getByTestId("expected-delivery")).toBeVisible();

  const mail = await latestMailTo(page, email, { subject: "出荷のお知らせ" });
  expect(mail.text).toContain("お問い合わせ番号：777788889999");
  expect(mail.text).toContain("有田 青華窯");
  expect(mail.links.some((link) => link.includes("777788889999"))).toBe(true);
});
