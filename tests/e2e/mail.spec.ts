import { addToCart, expect, login, test, type Page } from "./fixtures";
import { latestMailTo } from "./mailbox";

/**
 * E-mail end to end on the production build: an order writes its confirmation to the outbox, the queue
 * consumer sends it through the simulated `send_email` binding, the dev mailbox shows it, and staff see it
 * on /crm/mail-outbox — with JavaScript on and off.
 */

/** A guest (not registering) orders DEMO-SIMPLE by 銀行振込 to 〒100-0001; answers the thank-you page's number and total. */
async function guestOrders(page: Page, email: string, js: boolean): Promise<{ number: string; total: string }> {
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  const buyer = page.getByRole("region", { name: "ご注文者情報" });
  await buyer.getByRole("checkbox", { name: "この情報で会員登録する（無料）" }).uncheck();
  await buyer.getByRole("textbox", { name: "メールアドレス" }).fill(email);
  for (const scope of [buyer, page.getByRole("region", { name: "お届け先" })]) {
    await scope.getByRole("textbox", { name: "姓", exact: true }).fill("佐藤");
    await scope.getByRole("textbox", { name: "名", exact: true }).fill("一郎");
    await scope.getByRole("textbox", { name: "セイ（カタカナ）" }).fill("サトウ");
    await scope.getByRole("textbox", { name: "メイ（カタカナ）" }).fill("イチロウ");
  }
  const address = page.getByRole("region", { name: "お届け先" });
  await address.getByRole("textbox", { name: /郵便番号/ }).fill("100-0001");
  if (!js) await address.getByRole("button", { name: "住所を検索" }).click();
  await expect(page.getByRole("region", { name: "お届け先" }).getByRole("textbox", { name: /市区町村/ })).toHaveValue("千代田区");
  await page.getByRole("region", { name: "お届け先" }).getByRole("textbox", { name: /番地/ }).fill("1-1");
  await page
    .getByRole("region", { name: "お届け先" })
    .getByRole("textbox", { name: /電話番号/ })
    .fill("03-1234-5678");
  await page.getByRole("radio", { name: /銀行振込/ }).check();
  await page.getByTestId("place-order").click();
  // Without JS the chosen method is priced by the server first; the page asks to confirm again.
  const changed = page.getByTestId("order-changes");
  await expect(page.getByTestId("order-number").or(changed)).toBeVisible();
  if (await changed.isVisible()) await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/checkout\/thanks\/\d{8}-\d{6}$/);
  await expect(page.getByTestId("thanks-mail")).toContainText(`ご注文確認メールを ${email} にお送りしました。`);
  const number = ((await page.getByTestId("order-number").textContent()) ?? "").trim();
  const total = ((await page.getByText("お支払い合計：").locator("strong").textContent()) ?? "").trim();
  return { number, total };
}

test("a guest's order confirmation is sent through the queue and the e-mail binding, and read in the dev mailbox", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const email = `mail-guest-${testInfo.project.name}-${Date.now()}@example.jp`;
  const { number, total } = await guestOrders(page, email, js);
  expect(total).toBe("2,640円"); // 1,980 + 660 shipping, no fee for 銀行振込

  const mail = await latestMailTo(page, email, { subject: "ご注文確認" });
  expect(mail.subject).toBe(`【ご注文確認】ご注文ありがとうございます（注文番号 ${number}）`);
  for (const fact of [
    `注文番号：${number}`,
    `お支払い合計：${total}（税込）`,
    "■ お振込先",
    "お振込期限：",
    "お届け希望日時：指定なし",
    "■ キャンセル・返品について",
    "ひなた市場",
  ]) {
    expect(mail.text).toContain(fact);
  }
  expect(mail.html).toContain(`注文番号：${number}`);
  // Sent by the simulated Email Service binding (a Message-ID of the sender's domain), not the local fallback.
  await expect(page.getByTestId("mail-provider-id")).toHaveText(/^<.+@marketplace\.example\.jp>$/);

  // The mail as its recipient sees it, and its links followed from the mailbox into the shop.
  await expect(page.getByTestId("mail-html").getByRole("link", { name: "返品・交換・キャンセルについて" })).toBeVisible();
  expect(mail.links).toContain(new URL("/legal/tokushoho#returns", page.url()).href);
  await page
    .getByTestId("mail-links")
    .getByRole("link", { name: /返品・交換・キャンセルについて/ })
    .click();
  await expect(page).toHaveURL(/\/legal\/tokushoho#returns$/);
  await expect(page.getByRole("heading", { name: "返品・交換・キャンセルについて" })).toBeVisible();
});

test("staff find a guest's confirmation on the mail outbox, with its body", async ({ page, openContext }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const email = `mail-staff-${testInfo.project.name}-${Date.now()}@example.jp`;
  const { number } = await guestOrders(page, email, js);
  await latestMailTo(page, email, { subject: number });

  const staff = await (await openContext()).newPage();
  await login(staff, "staff", "/crm");
  await staff.getByRole("link", { name: "メール送信履歴" }).click();
  await expect(staff).toHaveURL("/crm/mail-outbox");
  // The filter form: 送信済み to this address (a GET form, so a URL, with JS and without).
  await (js ? staff.getByTestId("listing-filters-open") : staff.getByTestId("listing-filters").locator("summary")).click();
  await staff.getByLabel("状態").selectOption({ label: "送信済み" });
  await staff.getByRole("searchbox", { name: "宛先" }).fill(email);
  await staff.getByRole("button", { name: "この条件で絞り込む" }).click();
  await expect(staff).toHaveURL(/status=sent/);
  const row = staff.getByTestId("mail-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(email);
  await expect(row).toContainText("ご注文確認");
  await expect(row.getByTestId("mail-status")).toHaveText("送信済み");
  await row.getByTestId("mail-link").click();
  await expect(staff.getByTestId("mail-subject")).toContainText(number);
  await expect(staff.getByTestId("mail-text")).toContainText(`注文番号：${number}`);
});
