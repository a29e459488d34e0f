import { fillGuest, fillRecipient } from "./checkout-helpers";
import { addToCart, expect, login, test, type Page } from "./fixtures";

/**
 * The checkout on a phone (390×844), JS on and off: the amount charged is the amount shown, nothing typed
 * is lost, a typed address is never dropped silently, errors are brought into view, a changed cart or a
 * second tab places nothing, 銀行振込 says where to pay, and the page logs no console error.
 */
test.use({ viewport: { width: 390, height: 844 } });

const isJs = () => test.info().project.use.javaScriptEnabled !== false;

async function guestAtCheckout(page: Page) {
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
}

test("a guest sees the fee in the total before the order is placed, keeps every typed field, and ships to the orderer", async ({ page }) => {
  const email = `confirm-${test.info().project.name}-${Date.now()}@example.jp`;
  await guestAtCheckout(page);
  await fillGuest(page, email);
  await page.getByRole("region", { name: "ご注文者情報" }).getByRole("checkbox", { name: "この情報で会員登録する（無料）" }).check();
  await page
    .getByRole("region", { name: "ご注文者情報" })
    .getByLabel(/^パスワード/)
    .fill("password1234");
  await page
    .getByRole("region", { name: "ご注文者情報" })
    .getByRole("checkbox", { name: /会員規約/ })
    .check();
  await fillRecipient(page);
  await page.getByLabel("当店倉庫への備考（任意）").fill("のし：御祝");
  await page.getByRole("radio", { name: /コンビニ後払い/ }).check();

  if (isJs()) {
    // The total follows the chosen method at once.
    await expect(page.getByTestId("summary-total")).toHaveText("2,860円"); // 1,980 + 660 + 220
  } else {
    // 再計算 shows the fee and loses nothing typed (the password is held by the server).
    await page.getByRole("button", { name: "手数料を反映して合計を再計算" }).click();
    await expect(page.getByTestId("summary-total")).toHaveText("2,860円");
    await expect(page.getByRole("region", { name: "お届け先" }).getByRole("textbox", { name: /番地/ })).toHaveValue("1-1");
    await expect(page.getByLabel("当店倉庫への備考（任意）")).toHaveValue("のし：御祝");
    await expect(page.getByTestId("password-kept")).toBeVisible();
    await expect(page.getByRole("radio", { name: /コンビニ後払い/ })).toBeChecked();
  }
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/checkout\/thanks\//);
  await expect(page.getByText("お支払い合計：")).toContainText("2,860円");
  await expect(page.getByTestId("thanks-details")).toContainText("佐藤 一郎 様");
  // Registered with the held password: the page says to log in (registering signs nobody in).
  await expect(page.getByTestId("thanks-registration")).toContainText("会員登録のお申し込みも受け付けました。");
  await expect(page.getByRole("link", { name: "佐藤様" })).toHaveCount(0);
});

test("without JS a fee the page did not show is shown first, and only the shown amount is charged", async ({ page }) => {
  test.skip(isJs(), "with JS the total follows the chosen method before the order is placed");
  await guestAtCheckout(page);
  await fillGuest(page, `fee-${Date.now()}@example.jp`);
  await page.getByRole("region", { name: "ご注文者情報" }).getByRole("checkbox", { name: "この情報で会員登録する（無料）" }).uncheck();
  await fillRecipient(page);
  await page.getByRole("radio", { name: /代金引換/ }).check();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL("/checkout");
  // Said as what it is: the chosen method's fee added to the total, not a changed order.
  await expect(page.getByTestId("error-summary")).toContainText("お選びのお支払い方法の手数料をお支払い合計に反映しました");
  await expect(page.getByTestId("error-summary")).not.toContainText("ご注文内容が変わりました");
  await expect(page.getByTestId("order-changes")).toContainText("お支払い方法「代金引換」の手数料330円が加わりました。");
  await expect(page.getByTestId("order-changes")).toContainText("お支払い合計が2,640円から2,970円に変わりました");
  await expect(page.getByTestId("summary-total")).toHaveText("2,970円");
  await page.getByTestId("place-order").click();
  await expect(page.getByText("お支払い合計：")).toContainText("2,970円");
});

test("a refused submit brings its messages into view, linked to the fields, keeping the payment method", async ({ page }) => {
  await guestAtCheckout(page);
  await page.getByRole("radio", { name: /銀行振込/ }).check();
  await page.getByTestId("place-order").click();
  const summary = page.getByTestId("error-summary");
  await expect(summary.getByRole("link", { name: "メールアドレス" })).toBeVisible();
  await expect(summary.getByRole("link", { name: "お届け先の郵便番号" })).toBeVisible();
  if (isJs()) await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport();
  await expect(page.getByRole("radio", { name: /銀行振込/ })).toBeChecked();
  await summary.getByRole("link", { name: "メールアドレス" }).click();
  await expect(page.getByRole("region", { name: "ご注文者情報" }).getByRole("textbox", { name: "メールアドレス" })).toBeInViewport();
});

test("a changed cart places nothing and says what changed; a second tab is told the cart was already ordered", async ({ page, context }) => {
  test.setTimeout(60_000);
  await guestAtCheckout(page);
  await fillGuest(page, `tabs-${Date.now()}@example.jp`);
  await page.getByRole("region", { name: "ご注文者情報" }).getByRole("checkbox", { name: "この情報で会員登録する（無料）" }).uncheck();
  await fillRecipient(page);
  await page.getByRole("radio", { name: /銀行振込/ }).check();
  if (!isJs()) {
    await page.getByRole("button", { name: "手数料を反映して合計を再計算" }).click();
    await expect(page.getByRole("radio", { name: /銀行振込/ })).toBeChecked();
  }

  // Another tab adds one more of the same item after this page was shown.
  const other = await context.newPage();
  await addToCart(other, "/category/living/DEMO-SIMPLE");
  await page.getByTestId("place-order").click();
  await expect(page.getByTestId("order-changes")).toContainText("の数量が1点から2点に変わりました");
  await expect(page.getByTestId("summary-total")).toHaveText("4,620円");

  // Both tabs now show the same cart; the first to confirm orders it, the second is told.
  await other.goto("/checkout");
  await fillGuest(other, `tabs-other-${Date.now()}@example.jp`);
  await other.getByRole("region", { name: "ご注文者情報" }).getByRole("checkbox", { name: "この情報で会員登録する（無料）" }).uncheck();
  await fillRecipient(other);
  await other.getByRole("radio", { name: /銀行振込/ }).check();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/checkout\/thanks\//);
  const number = (await page.getByTestId("order-number").textContent()) ?? "";
  await other.getByTestId("place-order").click();
  // Nothing more is ordered: the second tab is shown the order already placed, and told so.
  await expect(other.getByTestId("already-placed")).toContainText(`既にご注文いただいています（注文番号 ${number}）`);
  await expect(other.getByTestId("order-number")).toHaveText(number);
  await other.close();
});

test("銀行振込 tells where to pay and by when, on the thank-you page and the order page", async ({ page }) => {
  await login(page, "member");
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  await page.getByRole("radio", { name: /銀行振込/ }).check();
  await page.getByTestId("place-order").click();
  // Without JS a method the page had not priced is shown with its total first.
  const changed = page.getByTestId("order-changes");
  await expect(page.getByTestId("order-number").or(changed)).toBeVisible();
  if (await changed.isVisible()) await page.getByTestId("place-order").click();
  await expect(page.getByTestId("bank-transfer")).toContainText("口座番号");
  await expect(page.getByTestId("bank-transfer")).toContainText("お振込期限");
  await page.getByRole("link", { name: "注文履歴を見る" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("お支払い待ち");
  await expect(page.getByTestId("bank-transfer")).toContainText("お振込金額");
});

test("a member's typed new address is never dropped silently", async ({ page }) => {
  await login(page, "member");
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  const address = page.getByRole("region", { name: "お届け先" });
  if (isJs()) {
    // The one-off fields appear only once the shopper asks for them.
    await expect(address.getByRole("textbox", { name: /番地/ })).toHaveCount(0);
    return;
  }
  await address.getByRole("textbox", { name: "姓", exact: true }).fill("別");
  await address.getByRole("textbox", { name: /番地/ }).fill("9-9");
  await page.getByRole("radio", { name: /銀行振込/ }).check();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL("/checkout");
  await expect(page.getByText("「今回だけ別のお届け先を入力する」にチェックがありません", { exact: false })).toBeVisible();
  await expect(page.getByTestId("error-summary").getByRole("link", { name: "お届け先の選択" })).toBeVisible();
  await expect(address.getByRole("textbox", { name: /番地/ })).toHaveValue("9-9");
});

test("registration shows every message of a submit at once, and never whether the address is registered", async ({ page }) => {
  await page.goto("/user/register");
  await page.getByRole("textbox", { name: "メールアドレス" }).fill("member@example.jp");
  await page.getByRole("button", { name: "会員登録する" }).click();
  const summary = page.getByTestId("error-summary");
  for (const field of ["パスワード", "会員規約への同意"]) await expect(summary.getByRole("link", { name: field })).toBeVisible();
  await expect(page.getByText("既に登録されています")).toHaveCount(0);
  await expect(page.getByText("会員規約への同意が必要です")).toBeVisible();
  if (isJs()) await expect(summary).toBeFocused();
  await expect(page.getByTestId("kana-hint")).toBeVisible();
});

test("the survey is the checkout's last block on a phone; from md up it floats at the bottom right and the page keeps room for it", async ({ page }) => {
  test.skip(!isJs(), "the popup needs JS");
  await guestAtCheckout(page);
  const popup = page.getByRole("complementary", { name: "アンケートのお願い" });
  await expect(popup).toBeVisible();
  // 390 px: in the page, after the order button (it never floats over what is being typed, issue 34 item 26).
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const inPage = (await popup.boundingBox())!;
  const button = (await page.getByTestId("place-order").boundingBox())!;
  expect(button.y + button.height).toBeLessThanOrEqual(inPage.y);

  await page.setViewportSize({ width: 1024, height: 900 });
  const box = (await popup.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan(1000);
  expect(box.y + box.height).toBeGreaterThan(880);
  await expect.poll(() => page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom))).toBeGreaterThanOrEqual(box.height);
  // Scrolled to the end, the order button is above it.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const floatingButton = (await page.getByTestId("place-order").boundingBox())!;
  expect(floatingButton.y + floatingButton.height).toBeLessThanOrEqual((await popup.boundingBox())!.y);
});
