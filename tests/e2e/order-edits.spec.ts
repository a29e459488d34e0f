/**
 * Editing a placed order in the browser, JS on and off (issue 38 items 1–2): a member changes their unpaid
 * order's delivery address from its page; staff open it from the order desk, change the address and a
 * quantity on 受注内容の編集 (the amounts recalculated), and read the edits before → after on the order page.
 */
import { placeShownOrder } from "./checkout-helpers";
import { addToCart, expect, login, memberWithEmptyCart, test, type Page } from "./fixtures";

/** The member's new 銀行振込 order of one DEMO-SIMPLE: its id. */
async function placeTransferOrder(page: Page): Promise<number> {
  await memberWithEmptyCart(page);
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  await page.getByRole("radio", { name: /銀行振込/ }).check();
  await placeShownOrder(page);
  const number = (await page.getByTestId("order-number").textContent()) ?? "";
  await page.goto("/user/orders");
  await page.getByRole("link", { name: `注文番号 ${number}` }).click();
  await expect(page).toHaveURL(/\/user\/orders\/\d+$/);
  return Number(/\/user\/orders\/(\d+)$/.exec(page.url())![1]);
}

test("a member changes their order's delivery address; staff change the address and a quantity, recorded before → after", async ({ page, openContext }) => {
  const orderId = await placeTransferOrder(page);

  // The member, from their order's page, within the shop's window (入金待ち).
  await page.getByTestId("order-change-link").click();
  await expect(page).toHaveURL(`/user/orders/${orderId}/change`);
  const memberForm = page.getByTestId("order-address-form");
  await memberForm.getByLabel("建物名・部屋番号").fill("ひなたハイツ202");
  await memberForm.getByRole("button", { name: "お届け先を変更する" }).click();
  await expect(page.getByTestId("member-notice")).toContainText("お届け先・お届け日時を変更しました");
  await expect(page.getByTestId("order-address-form").getByLabel("建物名・部屋番号")).toHaveValue("ひなたハイツ202");

  // Staff, from the order desk.
  const desk = await (await openContext()).newPage();
  await login(desk, "staff", `/crm/orders/${orderId}`);
  const edits = desk.getByTestId("desk-edits");
  await expect(edits.getByTestId("desk-edit")).toContainText("お届け先のご住所");
  await expect(edits.getByTestId("desk-edit")).toContainText("ひなたハイツ202");
  await edits.getByTestId("desk-edit-link").click();
  await expect(desk).toHaveURL(`/crm/orders/${orderId}/edit`);
  await expect(desk.getByRole("heading", { name: "受注内容の編集" })).toBeVisible();

  const staffForm = desk.getByTestId("order-address-form");
  await staffForm.getByLabel("番地").fill("2-3-4");
  await staffForm.getByRole("button", { name: "お届け先を変更する" }).click();
  await expect(desk.getByTestId("member-notice")).toContainText("お届け先・お届け日時を変更しました");
  await expect(desk.getByTestId("order-address-form").getByLabel("番地")).toHaveValue("2-3-4");

  // A quantity: 1 → 3 (5,940円, free shipping from 5,000円).
  const lines = desk.getByTestId("order-lines-form");
  await lines.getByLabel(/の数量（0で削除）$/).fill("3");
  await lines.getByRole("button", { name: "商品の変更を確定する" }).click();
  await expect(desk.getByTestId("member-notice")).toContainText("ご注文の商品を変更しました");
  await expect(desk.getByTestId("order-edit-line")).toContainText("5,940円");
  await expect(desk.getByTestId("order-edit-amounts")).toContainText("お支払い合計5,940円");

  // A quantity beyond what may be ordered is told at its form, nothing changed.
  await desk
    .getByTestId("order-lines-form")
    .getByLabel(/の数量（0で削除）$/)
    .fill("0");
  await desk.getByTestId("order-lines-form").getByRole("button", { name: "商品の変更を確定する" }).click();
  await expect(desk.getByTestId("order-lines-error")).toHaveText("すべての商品を削除することはできません。ご注文そのものをキャンセルしてください。");

  await desk.getByRole("link", { name: "ご注文の詳細に戻る" }).click();
  const history = desk.getByTestId("desk-edit");
  await expect(history).toHaveCount(3);
  await expect(history.first()).toContainText("1,980円 × 1 → 1,980円 × 3");
  await expect(history.first()).toContainText("スタッフ");
  await expect(history.nth(1)).toContainText("2-3-4");
  await expect(desk.getByTestId("desk-history-line").filter({ hasText: "ご注文内容の変更" })).toHaveCount(3);

  // The member sees the new total on their order.
  await page.goto(`/user/orders/${orderId}`);
  await expect(page.getByTestId("order-total")).toHaveText("5,940円");
});
