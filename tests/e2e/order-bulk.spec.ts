/**
 * Bulk shipping from staff's order list (issue 38 item 4), JS on and off: a guest places two 代金引換
 * orders; staff filter the list by the guest's address, tick both, open the dry run of 発送済みにする, type
 * the tracking numbers (a wrong one is named at its field, nothing shipped), apply, and read each order's
 * result; then send the shipment mail again for 「このページの全件」, and the guest gets it.
 */
import { fillGuest, fillRecipient, placeShownOrder } from "./checkout-helpers";
import { addToCart, expect, login, test, type Page } from "./fixtures";
import { latestMailTo } from "./mailbox";

async function guestCodOrder(page: Page, email: string): Promise<string> {
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  await fillGuest(page, email);
  await page.getByRole("region", { name: "ご注文者情報" }).getByRole("checkbox", { name: "この情報で会員登録する（無料）" }).uncheck();
  await fillRecipient(page);
  await page.getByRole("radio", { name: /代金引換/ }).check();
  await placeShownOrder(page);
  return ((await page.getByTestId("order-number").textContent()) ?? "").trim();
}

test("staff bulk-ship two orders with tracking numbers and resend their shipment mails", async ({ page, openContext }, testInfo) => {
  // Two checkouts, then the list, the dry run (twice) and two applies.
  test.setTimeout(180_000);
  const email = `bulk-${testInfo.project.name}-${Date.now()}@example.jp`;
  const numbers = [await guestCodOrder(page, email), await guestCodOrder(page, email)];

  const staff = await (await openContext()).newPage();
  await login(staff, "staff", `/crm/orders?q=${encodeURIComponent(email)}`);
  const rows = staff.getByTestId("desk-order-row");
  await expect(rows).toHaveCount(2);
  for (const number of numbers) await staff.getByRole("checkbox", { name: `${number}を選択` }).check();
  await staff.getByTestId("bulk-intent").selectOption({ label: "発送済みにする（伝票番号を入力）" });
  await staff.getByTestId("bulk-preview").click();

  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("一括操作の確認：発送済みにする（伝票番号を入力）");
  await expect(staff.getByTestId("bulk-summary")).toContainText("適用できるのは2件です");
  const preview = staff.getByTestId("bulk-preview-row");
  await expect(preview).toHaveCount(2);
  await expect(staff.getByTestId("bulk-change")).toHaveText([
    "発送準備中 → 発送済み。出荷のお知らせを送ります。",
    "発送準備中 → 発送済み。出荷のお知らせを送ります。",
  ]);
  const first = preview.filter({ hasText: numbers[0]! });
  const second = preview.filter({ hasText: numbers[1]! });
  await first.getByLabel("お問い合わせ番号（伝票番号）").fill("12345");
  await second.getByLabel("配送業者").selectOption({ label: "佐川急便" });
  await second.getByLabel("お問い合わせ番号（伝票番号）").fill("5555-6666-7777");
  await staff.getByTestId("bulk-apply").click();
  await expect(staff.getByTestId("bulk-error").first()).toContainText("まだ何も変更していません");
  await expect(first.getByTestId("bulk-field-error")).toHaveText("ヤマト運輸のお問い合わせ番号は12桁の数字です。");
  // What was typed stays.
  await expect(second.getByLabel("お問い合わせ番号（伝票番号）")).toHaveValue("5555-6666-7777");
  await expect(second.getByLabel("配送業者")).toHaveValue("sagawa");

  await first.getByLabel("お問い合わせ番号（伝票番号）").fill("1111-2222-3333");
  await staff.getByTestId("bulk-apply").click();
  await expect(staff).toHaveURL(/\/crm\/orders\/bulk\/result\?/);
  await expect(staff.getByTestId("bulk-result-summary")).toHaveText("完了 2件／対象外 0件");
  const results = staff.getByTestId("bulk-result-row");
  await expect(results.filter({ hasText: numbers[0]! })).toContainText("完了：発送済みにしました。");
  await expect(results.filter({ hasText: numbers[1]! })).toContainText("完了：発送済みにしました。");

  // Back on the filtered list: both shipped; the mail again, for every order on the page.
  await staff.getByTestId("bulk-back").click();
  await expect(staff.getByTestId("desk-order-status")).toHaveText(["発送済み", "発送済み"]);
  await staff.getByTestId("bulk-all").check();
  await staff.getByTestId("bulk-intent").selectOption({ label: "出荷メールを送信（再送）" });
  await staff.getByTestId("bulk-preview").click();
  await expect(staff.getByTestId("bulk-preview-row").filter({ hasText: numbers[1]! })).toContainText("佐川急便 555566667777");
  await staff.getByTestId("bulk-apply").click();
  await expect(staff.getByTestId("bulk-result-summary")).toHaveText("完了 2件／対象外 0件");
  // A reload shows the results again and sends nothing (the apply was a POST answered with a redirect).
  await staff.reload();
  await expect(staff.getByTestId("bulk-result-summary")).toHaveText("完了 2件／対象外 0件");

  const mail = await latestMailTo(staff, email, { subject: "出荷のお知らせ" });
  expect(mail.text).toMatch(/111122223333|555566667777/);
});
