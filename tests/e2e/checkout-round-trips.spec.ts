import { addToCart, expect, memberWithEmptyCart, submitLogin, test, type Locator, type Page } from "./fixtures";

/**
 * Every button of the checkout keeps what the shopper typed, on a phone (390×844), JS on and off: applying
 * or removing a coupon or points, a refused code, Enter in the code field, and the buttons that lead to
 * another page and back (カートに戻って変更する; without JS the address chooser's 編集). The guest details, a
 * new address, the registration password, the delivery wish, 備考 and the payment method all survive, and
 * the order is then placed as shown.
 */
test.use({ viewport: { width: 390, height: 844 } });

const isJs = () => test.info().project.use.javaScriptEnabled !== false;

const address = (page: Page) => page.getByRole("region", { name: "お届け先" });
const buyer = (page: Page) => page.getByRole("region", { name: "ご注文者情報" });
/** A control that leads to another page, whether it is a button or a link. */
const wayOut = (scope: Page | Locator, name: string) => scope.getByRole("button", { name }).or(scope.getByRole("link", { name }));

/** A new address for 佐藤 花子 at 〒100-0001 (住所を検索 without JS), with the delivery wish, 備考 and payment. */
async function fillNewAddressAndWishes(page: Page) {
  await address(page).getByRole("textbox", { name: "姓", exact: true }).fill("佐藤");
  await address(page).getByRole("textbox", { name: "名", exact: true }).fill("花子");
  await address(page).getByRole("textbox", { name: "セイ（カタカナ）" }).fill("サトウ");
  await address(page).getByRole("textbox", { name: "メイ（カタカナ）" }).fill("ハナコ");
  await address(page)
    .getByRole("textbox", { name: /郵便番号/ })
    .fill("100-0001");
  if (!isJs()) await address(page).getByRole("button", { name: "住所を検索" }).click();
  await expect(address(page).getByRole("textbox", { name: /市区町村/ })).toHaveValue("千代田区");
  await address(page).getByRole("textbox", { name: /番地/ }).fill("1-1");
  await address(page)
    .getByRole("textbox", { name: /建物名/ })
    .fill("千代田ハイツ101");
  await address(page)
    .getByRole("textbox", { name: /電話番号/ })
    .fill("0312345678");
  // With JS the fee is rechecked for the new address; let it settle first.
  if (isJs()) await expect(page.getByTestId("shipping-check")).toContainText("このお届け先への送料");
  await page.getByLabel("お届け希望日").selectOption({ index: 3 });
  await page.getByLabel("時間帯").selectOption("14:00〜16:00");
  await page.getByLabel("当店倉庫への備考（任意）").fill("のし：御祝");
  await page.getByRole("radio", { name: /コンビニ後払い/ }).check();
}

/** Every field filled above still holds what was typed. */
async function expectAddressAndWishesKept(page: Page, deliveryDate: string) {
  await expect(address(page).getByRole("textbox", { name: "姓", exact: true })).toHaveValue("佐藤");
  await expect(address(page).getByRole("textbox", { name: "名", exact: true })).toHaveValue("花子");
  await expect(address(page).getByRole("textbox", { name: "セイ（カタカナ）" })).toHaveValue("サトウ");
  await expect(address(page).getByRole("textbox", { name: "メイ（カタカナ）" })).toHaveValue("ハナコ");
  await expect(address(page).getByRole("textbox", { name: /郵便番号/ })).toHaveValue(/^100-?0001$/);
  await expect(address(page).getByRole("textbox", { name: /市区町村/ })).toHaveValue("千代田区");
  await expect(address(page).getByRole("textbox", { name: /番地/ })).toHaveValue("1-1");
  await expect(address(page).getByRole("textbox", { name: /建物名/ })).toHaveValue("千代田ハイツ101");
  await expect(address(page).getByRole("textbox", { name: /電話番号/ })).toHaveValue("0312345678");
  await expect(page.getByLabel("お届け希望日")).toHaveValue(deliveryDate);
  await expect(page.getByLabel("時間帯")).toHaveValue("14:00〜16:00");
  await expect(page.getByLabel("当店倉庫への備考（任意）")).toHaveValue("のし：御祝");
  await expect(page.getByRole("radio", { name: /コンビニ後払い/ })).toBeChecked();
}

async function expectGuestKept(page: Page, email: string, deliveryDate: string) {
  await expect(buyer(page).getByRole("textbox", { name: "メールアドレス" })).toHaveValue(email);
  await expect(buyer(page).getByRole("textbox", { name: "姓", exact: true })).toHaveValue("鈴木");
  await expect(buyer(page).getByRole("textbox", { name: "名", exact: true })).toHaveValue("一郎");
  await expect(buyer(page).getByRole("textbox", { name: "セイ（カタカナ）" })).toHaveValue("スズキ");
  await expect(buyer(page).getByRole("textbox", { name: "メイ（カタカナ）" })).toHaveValue("イチロウ");
  await expect(buyer(page).getByRole("checkbox", { name: /会員規約/ })).toBeChecked();
  // Without JS the password is held by the server (never sent back); with JS it never left the field.
  if (isJs()) await expect(buyer(page).getByLabel(/^パスワード/)).toHaveValue("password1234");
  else await expect(page.getByTestId("password-kept")).toBeVisible();
  await expectAddressAndWishesKept(page, deliveryDate);
}

/** 注文を確定する; without JS a total the page had not shown yet (the fee) is shown first and confirmed again. */
async function confirmOrder(page: Page) {
  await page.getByTestId("place-order").click();
  const changed = page.getByTestId("order-changes");
  await expect(page.getByTestId("order-number").or(changed)).toBeVisible();
  if (await changed.isVisible()) await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/checkout\/thanks\//);
}

/** A guest's details, registering with a password and the agreement ticked. */
/** Registered with the password typed before the round trips: registering signs nobody in (decision 0037), logging in does. */
async function expectRegisteredWith(page: Page, email: string) {
  await expect(page.getByTestId("thanks-registration")).toContainText("会員登録のお申し込みも受け付けました。");
  await page.getByTestId("thanks-registration").getByRole("link", { name: "ログインする" }).click();
  await submitLogin(page, email, "password1234");
  await expect(page.getByRole("link", { name: "鈴木様" })).toBeVisible();
}

async function fillGuestWhoRegisters(page: Page, email: string) {
  await buyer(page).getByRole("textbox", { name: "メールアドレス" }).fill(email);
  await buyer(page).getByRole("textbox", { name: "姓", exact: true }).fill("鈴木");
  await buyer(page).getByRole("textbox", { name: "名", exact: true }).fill("一郎");
  await buyer(page).getByRole("textbox", { name: "セイ（カタカナ）" }).fill("スズキ");
  await buyer(page).getByRole("textbox", { name: "メイ（カタカナ）" }).fill("イチロウ");
  // 会員登録 starts unticked (decision 0037): ticking it shows the password and the agreement.
  await buyer(page).getByRole("checkbox", { name: "この情報で会員登録する（無料）" }).check();
  await buyer(page)
    .getByLabel(/^パスワード/)
    .fill("password1234");
  await buyer(page)
    .getByRole("checkbox", { name: /会員規約/ })
    .check();
}

test("a guest applies, removes and re-applies SPRING10 without losing anything typed, then orders with it", async ({ page }) => {
  test.setTimeout(90_000);
  const email = `coupon-${test.info().project.name}-${Date.now()}@example.jp`;
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  await fillGuestWhoRegisters(page, email);
  await fillNewAddressAndWishes(page);
  const deliveryDate = await page.getByLabel("お届け希望日").inputValue();

  // A code that does not exist: the message shows by the field, which keeps the code; nothing else is lost.
  await page.getByLabel("クーポンコード").fill("NOSUCH99");
  await page.getByRole("button", { name: "適用" }).click();
  await expect(page.getByTestId("coupon-error")).toContainText("クーポンコードが見つかりません");
  await expect(page.getByLabel("クーポンコード")).toHaveValue("NOSUCH99");
  await expectGuestKept(page, email, deliveryDate);

  // Enter in the code field applies it, as the phone keyboard's 「確定」 does.
  await page.getByLabel("クーポンコード").fill("SPRING10");
  await page.getByLabel("クーポンコード").press("Enter");
  await expect(page.getByTestId("applied-coupon")).toContainText("SPRING10");
  await expect(page.getByTestId("summary-total")).toHaveText("2,662円"); // 1,980 − 198 + 660 + 220
  await expectGuestKept(page, email, deliveryDate);

  await page.getByRole("button", { name: "取り消す" }).click();
  await expect(page.getByTestId("applied-coupon")).toHaveCount(0);
  await expect(page.getByTestId("summary-total")).toHaveText("2,860円");
  await expectGuestKept(page, email, deliveryDate);

  await page.getByLabel("クーポンコード").fill("SPRING10");
  await page.getByRole("button", { name: "適用" }).click();
  await expect(page.getByTestId("applied-coupon")).toContainText("SPRING10");
  await expectGuestKept(page, email, deliveryDate);

  await confirmOrder(page);
  await expect(page.getByText("お支払い合計：")).toContainText("2,662円");
  await expect(page.getByTestId("thanks-details")).toContainText("佐藤 花子 様");
  await expect(page.getByTestId("thanks-details")).toContainText("〒100-0001 東京都千代田区千代田 1-1 千代田ハイツ101");
  await expectRegisteredWith(page, email);
});

test("a member uses points and SPRING10 on a one-off address without losing anything typed, then orders", async ({ page }) => {
  test.setTimeout(90_000);
  await memberWithEmptyCart(page);
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  await address(page).getByRole("checkbox", { name: "今回だけ別のお届け先を入力する" }).check();
  await fillNewAddressAndWishes(page);
  // Without JS the lookup re-rendered the form: the choice is ticked again only if it was kept.
  await expect(address(page).getByRole("checkbox", { name: "今回だけ別のお届け先を入力する" })).toBeChecked();
  const deliveryDate = await page.getByLabel("お届け希望日").inputValue();
  const kept = async () => {
    await expect(address(page).getByRole("checkbox", { name: "今回だけ別のお届け先を入力する" })).toBeChecked();
    await expectAddressAndWishesKept(page, deliveryDate);
  };

  await page.getByLabel("利用するポイント").fill("500");
  await page.getByRole("button", { name: "使う" }).click();
  await expect(page.getByTestId("summary-points")).toHaveText("−500円");
  await kept();

  await page.getByLabel("クーポンコード").fill("SPRING10");
  await page.getByRole("button", { name: "適用" }).click();
  await expect(page.getByTestId("applied-coupon")).toContainText("SPRING10");
  await expect(page.getByTestId("summary-points")).toHaveText("−500円");
  await kept();

  await page.getByRole("button", { name: "ポイントの利用をやめる" }).click();
  await expect(page.getByTestId("summary-points")).toHaveCount(0);
  await expect(page.getByLabel("利用するポイント")).toHaveValue("");
  await kept();

  // More points than the order allows: refused by the field, the amount typed kept.
  await page.getByLabel("利用するポイント").fill("99999");
  await page.getByRole("button", { name: "使う" }).click();
  await expect(page.locator("#points-error")).toContainText("ポイント");
  await expect(page.getByLabel("利用するポイント")).toHaveValue("99999");
  await kept();

  await page.getByLabel("利用するポイント").fill("300");
  await page.getByRole("button", { name: "使う" }).click();
  await expect(page.getByTestId("summary-points")).toHaveText("−300円");
  await expect(page.getByTestId("summary-total")).toHaveText("2,362円"); // 1,980 − 198 − 300 + 660 + 220
  await kept();

  await confirmOrder(page);
  await expect(page.getByText("お支払い合計：")).toContainText("2,362円");
  await expect(page.getByTestId("thanks-details")).toContainText("〒100-0001 東京都千代田区千代田 1-1 千代田ハイツ101");
});

test("a guest goes back to the cart and returns to find everything typed, the password held", async ({ page }) => {
  test.setTimeout(60_000);
  const email = `back-${test.info().project.name}-${Date.now()}@example.jp`;
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  await fillGuestWhoRegisters(page, email);
  await fillNewAddressAndWishes(page);
  const deliveryDate = await page.getByLabel("お届け希望日").inputValue();

  await wayOut(page, "カートに戻って変更する").click();
  await expect(page).toHaveURL("/cart");
  await page.getByRole("button", { name: "ご購入手続きへ" }).click();
  await expect(page).toHaveURL("/checkout");
  await expectAddressAndWishesKept(page, deliveryDate);
  await expect(buyer(page).getByRole("textbox", { name: "メールアドレス" })).toHaveValue(email);
  await expect(buyer(page).getByRole("textbox", { name: "セイ（カタカナ）" })).toHaveValue("スズキ");
  await expect(buyer(page).getByRole("checkbox", { name: /会員規約/ })).toBeChecked();
  // The password is held by the server while the shopper is away (never sent back).
  await expect(page.getByTestId("password-kept")).toBeVisible();

  await confirmOrder(page);
  await expect(page.getByTestId("thanks-details")).toContainText("佐藤 花子 様");
  await expectRegisteredWith(page, email);
});

test("without JS a member edits a saved address from the chooser and comes back to everything typed", async ({ page }) => {
  test.skip(isJs(), "with JS the chooser edits addresses in a modal on the page itself");
  test.setTimeout(60_000);
  await memberWithEmptyCart(page);
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  await address(page).getByRole("radio", { name: "山田 太郎 様" }).check();
  await address(page).getByRole("checkbox", { name: "今回だけ別のお届け先を入力する" }).check();
  await fillNewAddressAndWishes(page);
  const deliveryDate = await page.getByLabel("お届け希望日").inputValue();
  await page.getByLabel("クーポンコード").fill("SPRING10");

  await wayOut(address(page), "山田 太郎 様のお届け先を編集").click();
  await expect(page).toHaveURL(/\/user\/profile\/addresses\/\d+\/edit\?redirectTo=%2Fcheckout$/);
  await page.getByRole("textbox", { name: /建物名/ }).fill("梅田レジデンス 1206");
  await page.getByRole("button", { name: "保存する" }).click();
  // Back with the edited address chosen.
  await expect(page).toHaveURL(/\/checkout\?addressId=\d+$/);
  await expect(address(page).getByRole("radio", { name: "山田 太郎 様" })).toBeChecked();
  await expect(address(page)).toContainText("梅田レジデンス 1206");
  await expect(address(page).getByRole("checkbox", { name: "今回だけ別のお届け先を入力する" })).toBeChecked();
  await expectAddressAndWishesKept(page, deliveryDate);
  await expect(page.getByLabel("クーポンコード")).toHaveValue("SPRING10");
});
