import { fillGuest, placeShownOrder } from "./checkout-helpers";
import { addToCart, expect, memberWithEmptyCart, submitLogin, test, waitForHydration, type Locator, type Page } from "./fixtures";

/** Checkout as guests and members, with JS on (postal autofill) and off (住所を検索 button). */

/** The demo member logs in and comes to the checkout with just this product in the cart. */
async function memberAtCheckoutWith(page: Page, productPath: string) {
  await memberWithEmptyCart(page);
  await addToCart(page, productPath);
  await page.goto("/checkout");
}

async function fillName(scope: Locator) {
  await scope.getByRole("textbox", { name: "姓", exact: true }).fill("佐藤");
  await scope.getByRole("textbox", { name: "名", exact: true }).fill("一郎");
  await scope.getByRole("textbox", { name: "セイ（カタカナ）" }).fill("サトウ");
  await scope.getByRole("textbox", { name: "メイ（カタカナ）" }).fill("イチロウ");
}

/** Postal code 100-0001 fills 東京都 千代田区 千代田: by itself with JS, through 住所を検索 without. */
async function fillAddressByPostalCode(page: Page, js: boolean) {
  const address = page.getByRole("region", { name: "お届け先" });
  await address.getByRole("textbox", { name: /郵便番号/ }).fill("100-0001");
  if (!js) await address.getByRole("button", { name: "住所を検索" }).click();
  await expect(page.getByRole("region", { name: "お届け先" }).getByRole("textbox", { name: /都道府県/ })).toHaveValue("東京都");
  await expect(page.getByRole("region", { name: "お届け先" }).getByRole("textbox", { name: /市区町村/ })).toHaveValue("千代田区");
  await expect(page.getByRole("region", { name: "お届け先" }).getByRole("textbox", { name: /町域/ })).toHaveValue("千代田");
}

test("a guest checks out and registers at the same time", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const email = `checkout-${testInfo.project.name}-${Date.now()}@example.jp`;
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/cart");
  await page.getByRole("button", { name: "ご購入手続きへ" }).click();
  await expect(page).toHaveURL("/checkout");

  const buyer = page.getByRole("region", { name: "ご注文者情報" });
  // Registering is the shopper's choice: the box starts unticked, and so does the newsletter's.
  await expect(buyer.getByRole("checkbox", { name: "この情報で会員登録する（無料）" })).not.toBeChecked();
  await buyer.getByRole("checkbox", { name: "この情報で会員登録する（無料）" }).check();
  await expect(buyer.getByRole("checkbox", { name: "メールマガジンを受け取る" })).not.toBeChecked();
  await buyer.getByRole("textbox", { name: "メールアドレス" }).fill(email);
  await fillName(buyer);

  const address = page.getByRole("region", { name: "お届け先" });
  await fillName(address);
  await fillAddressByPostalCode(page, js);
  // With JS the shipping fee is rechecked for the new address half a second after the code is typed.
  if (js) await expect(page.getByTestId("shipping-check")).toHaveText("このお届け先への送料：660円");
  // Without JS the lookup re-rendered the form: the password is never sent back, so it is typed again.
  await page
    .getByRole("region", { name: "ご注文者情報" })
    .getByLabel(/^パスワード/)
    .fill("password1234");
  await page
    .getByRole("region", { name: "ご注文者情報" })
    .getByRole("checkbox", { name: /会員規約/ })
    .check();
  await address.getByRole("textbox", { name: /番地/ }).fill("1-1");
  await address.getByRole("textbox", { name: /電話番号/ }).fill("03-1234-5678");
  await page.getByRole("radio", { name: /代金引換/ }).check();
  await placeShownOrder(page);

  await expect(page).toHaveURL(/\/checkout\/thanks\/\d{8}-\d{6}\?registration=1$/);
  const number = await page.getByTestId("order-number").textContent();
  await expect(page.getByText("お支払い合計：")).toContainText("2,970円"); // 1,980 + 660 shipping + 330 cod
  await expect(page.getByTestId("thanks-details")).toContainText("〒100-0001 東京都千代田区千代田 1-1");
  await expect(page.getByTestId("thanks-details")).toContainText("指定なし");
  // Registered, and — as for every address, whether it had an account or not — told to log in; once logged
  // in, the order confirmation is in the member's mail list.
  await expect(page.getByTestId("thanks-registration")).toContainText("会員登録のお申し込みも受け付けました。");
  await page.getByTestId("thanks-registration").getByRole("link", { name: "ログインする" }).click();
  await submitLogin(page, email, "password1234");
  await expect(page.getByRole("link", { name: "佐藤様" })).toBeVisible();
  await page.goto("/user/mails");
  await expect(page.getByText(`注文番号 ${number}`).first()).toBeVisible();
});

test("without JS an order is placed to a postal code typed without 住所を検索: the server fills the prefecture", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "with JS typing the code fills the address by itself");
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  await fillGuest(page, `no-lookup-${Date.now()}@example.jp`);
  await page.getByRole("region", { name: "ご注文者情報" }).getByRole("checkbox", { name: "この情報で会員登録する（無料）" }).uncheck();
  const address = page.getByRole("region", { name: "お届け先" });
  await address.getByRole("checkbox", { name: /ご注文者と同じ/ }).check();
  await address.getByRole("textbox", { name: /郵便番号/ }).fill("１００ー０００１");
  await address.getByRole("textbox", { name: /番地/ }).fill("1-1");
  await address.getByRole("textbox", { name: /電話番号/ }).fill("0312345678");
  await expect(address.getByRole("textbox", { name: /都道府県/ })).toHaveValue("");
  await page.getByRole("radio", { name: /代金引換/ }).check();
  await placeShownOrder(page);

  await expect(page.getByTestId("thanks-details")).toContainText("〒100-0001 東京都千代田区千代田 1-1");
});

test("checkout refuses a missing payment method and address in Japanese", async ({ page }) => {
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  await page.getByTestId("place-order").click();
  await expect(page.getByText("お支払い方法を選択してください。")).toBeVisible();
  await expect(page.getByText("メールアドレスを入力してください").first()).toBeVisible();
  await expect(page).toHaveURL("/checkout");
});

test("a tampered order form is refused with a Japanese message", async ({ page, javaScriptEnabled }) => {
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  // Tamper with what the running page will send. React puts back the value of an input it renders on its
  // next render (hydration, a finished fetcher), so the rendered input is renamed and a forged one added.
  if (javaScriptEnabled) await waitForHydration(page);
  await page.locator('input[name="token"]').evaluate((input) => {
    const forged = Object.assign(document.createElement("input"), { type: "hidden", name: "token", value: "not-a-token" });
    input.setAttribute("name", "token-as-rendered");
    input.insertAdjacentElement("afterend", forged);
  });
  await page.getByTestId("place-order").click();
  await expect(page.getByRole("alert").filter({ hasText: "ページの有効期限が切れました" })).toBeVisible();
  await expect(page).toHaveURL("/checkout");
});

test("a member uses points and ships to a new address found by postal code", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await memberAtCheckoutWith(page, "/category/living/DEMO-SIMPLE");
  await page.getByLabel("利用するポイント").fill("500");
  await page.getByRole("button", { name: "使う" }).click();
  await expect(page.getByTestId("summary-points")).toHaveText("−500円");

  const address = page.getByRole("region", { name: "お届け先" });
  await expect(address.getByText("渋谷区").first()).toBeVisible(); // the first saved address is chosen
  await address.getByRole("checkbox", { name: "今回だけ別のお届け先を入力する" }).check();
  await fillName(address);
  await fillAddressByPostalCode(page, js);
  await page.getByRole("region", { name: "お届け先" }).getByRole("checkbox", { name: "今回だけ別のお届け先を入力する" }).check();
  await address.getByRole("textbox", { name: /番地/ }).fill("2-2");
  await address.getByRole("textbox", { name: /電話番号/ }).fill("09012345678");
  await page.getByRole("radio", { name: /銀行振込/ }).check();
  await placeShownOrder(page);

  await expect(page).toHaveURL(/\/checkout\/thanks\//);
  const number = await page.getByTestId("order-number").textContent();
  await expect(page.getByText("お支払い合計：")).toContainText("2,140円"); // 1,980 + 660 − 500 points
  await page.goto("/user/mails");
  await expect(page.getByText(`注文番号 ${number}`).first()).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-empty")).toBeVisible();
});

test("a member chooses another saved address for the order", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await memberAtCheckoutWith(page, "/category/living/DEMO-SIMPLE");
  const address = page.getByRole("region", { name: "お届け先" });
  if (js) {
    // The summary shows the first saved address; 変更 opens the chooser (its code loads on demand).
    await expect(address).toContainText("渋谷区");
    await expect(page.getByTestId("summary-total")).toHaveText("2,640円"); // 1,980 + 660
    // Meanwhile another tab adds one more: choosing an address rechecks the fee and shows the new totals.
    const otherTab = await page.context().newPage();
    await addToCart(otherTab, "/category/living/DEMO-SIMPLE");
    await otherTab.close();
    await address.getByRole("button", { name: "お届け先を変更" }).click();
    const chooser = page.getByRole("dialog", { name: "お届け先を選ぶ" });
    await chooser.getByRole("listitem").filter({ hasText: "山田 太郎 様" }).getByRole("button", { name: "このお届け先を選ぶ" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(address).toContainText("大阪府大阪市北区梅田 1-1-3");
    await expect(page.getByTestId("shipping-check")).toHaveText("このお届け先への送料：660円");
    await expect(page.getByTestId("summary-total")).toHaveText("4,620円"); // 3,960 + 660
  } else {
    await expect(address.getByRole("radio", { name: "山田 花子 様" })).toBeChecked();
    await address.getByRole("radio", { name: "山田 太郎 様" }).check();
  }
  await page.getByRole("radio", { name: /銀行振込/ }).check();
  await placeShownOrder(page);

  await expect(page).toHaveURL(/\/checkout\/thanks\//);
  await expect(page.getByTestId("thanks-details")).toContainText("山田 太郎 様〒530-0001 大阪府大阪市北区梅田 1-1-3");
  await page.getByRole("link", { name: "注文履歴を見る" }).click();
  await expect(page.getByText("大阪府大阪市北区梅田 1-1-3", { exact: false }).first()).toBeVisible();
});

test("the checkout explains a subscription row and gift wrapping (modals with JS, disclosures without)", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await memberWithEmptyCart(page);
  await page.goto("/category/japanese-tea/DEMO-SUBSCRIBE");
  await page.getByRole("button", { name: "定期便を申し込む" }).click();
  // The subscription lands in the cart before the next page is opened (a navigation would cancel its post).
  await expect(page).toHaveURL(/\/cart/);
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/cart");
  await page
    .locator('[data-testid="cart-line"][data-sku="DEMO-SIMPLE"]')
    .getByRole("button", { name: /ラッピングする/ })
    .click();
  await expect(page.getByTestId("summary-wrapping")).toHaveText("500円");
  await page.goto("/checkout");

  const items = page.getByTestId("checkout-items");
  /** Opens an explanation and answers where its text is: the modal (JS) or the opened disclosure. */
  async function open(summary: string | RegExp) {
    if (js) {
      await items.getByRole("button", { name: summary }).click();
      return page.getByRole("dialog");
    }
    const disclosure = items.locator("details").filter({ hasText: summary });
    await disclosure.getByText(summary).click();
    return disclosure;
  }
  const subscription = await open("定期便（1か月ごと）の詳細");
  for (const fact of ["次回のお支払い日", "次回のお届け日", "毎回のお支払い", "スキップ・解約", "お電話でのお問い合わせ"]) {
    await expect(subscription).toContainText(fact);
  }
  if (js) {
    await page.getByRole("dialog").getByRole("button", { name: "閉じる" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
  const wrapping = await open(/ギフトラッピングについて/);
  await expect(wrapping).toContainText("当店オリジナルの包装紙でお包みします");
  await expect(wrapping).toContainText("「備考」欄");
});

test("the survey popup shows once JS runs and stays closed after it is dismissed", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  const popup = page.getByRole("complementary", { name: "アンケートのお願い" });
  if (!js) {
    await expect(page.getByTestId("place-order")).toBeVisible();
    await expect(popup).toHaveCount(0);
    return;
  }
  await expect(popup.getByRole("link", { name: "1分アンケートに答える" })).toHaveAttribute("target", "_blank");
  await popup.getByRole("button", { name: "閉じる" }).click();
  await expect(popup).toHaveCount(0);
  // Remembered in localStorage: once the reloaded page has hydrated (the no-JS fee button is gone) and
  // fetched its lazy chunks, the popup stays away.
  await page.reload();
  await expect(page.getByRole("button", { name: "手数料を反映して合計を再計算" })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => window.localStorage.getItem("checkout-feedback-closed"))).toBe("1");
  await expect(popup).toHaveCount(0);
});
