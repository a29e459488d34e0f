import { emptyCart, expect, login, test, waitForHydration, type Page } from "./fixtures";

/**
 * Every modal of the shop opens, stays open and does its work: the listing filter, the mail detail, the
 * checkout's address chooser and the profile's address add/edit/delete. Modals exist only with JS (without
 * it the same content is a folded section or a page of its own, covered by the other specs).
 *
 * This spec also runs against `npm run dev` (the `dev` project): React's StrictMode runs every effect
 * twice there, which once closed each dialog as soon as it opened, and the dev server must not reload the
 * page under the shopper (it did whenever it discovered a dependency late). It leaves the demo member as it
 * found it.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "modals are the JS version of sections and pages");
// The dev server compiles each page on first request.
test.setTimeout(120_000);

// The spec never reloads a page itself: a reload is the dev server's doing.
const reloads = new WeakMap<Page, string[]>();
test.beforeEach(({ page }) => {
  const seen: string[] = [];
  reloads.set(page, seen);
  page.on("load", () => {
    page
      .evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.type)
      .then((type) => {
        if (type === "reload") seen.push(page.url());
      })
      .catch(() => {}); // the page moved on before it answered: a later load reports it
  });
});
test.afterEach(({ page }) => {
  expect(reloads.get(page) ?? [], "pages reloaded by the dev server").toEqual([]);
});

/** A dialog that just opened must still be open a moment later (StrictMode's second effect run included). */
async function expectStaysOpen(page: Page, name: string | RegExp) {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await page.waitForTimeout(300);
  await expect(dialog).toBeVisible();
  return dialog;
}

test("the listing filter and a mail open as modals", async ({ page }) => {
  await login(page, "member", "/user/mails");
  await page.getByRole("button", { name: "絞り込み" }).click();
  const filter = await expectStaysOpen(page, "絞り込み");
  await filter.getByLabel("件名").fill("定期便");
  await filter.getByRole("button", { name: "この条件で絞り込む" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("filter-badges")).toContainText("件名：「定期便」");

  const title = "【定期便】お申し込みありがとうございます";
  await page.getByTestId("mail-row").getByRole("link", { name: title, exact: true }).first().click();
  const mail = await expectStaysOpen(page, title);
  await expect(mail.getByText(/受信日時：/)).toBeVisible();
  await mail.getByRole("button", { name: "閉じる" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the checkout's address chooser opens as a modal", async ({ page }) => {
  await login(page, "member", "/category/living/DEMO-SIMPLE");
  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByTestId("product-notice")).toHaveText("カートに追加しました。");
  await page.goto("/checkout");
  await waitForHydration(page);
  const address = page.getByRole("region", { name: "お届け先" });
  await address.getByRole("button", { name: "お届け先を変更" }).click();
  const chooser = await expectStaysOpen(page, "お届け先を選ぶ");
  await chooser.getByRole("listitem").filter({ hasText: "山田 太郎 様" }).getByRole("button", { name: "このお届け先を選ぶ" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(address).toContainText("大阪府大阪市北区梅田 1-1-3");

  await emptyCart(page); // the member's cart is shared by the specs
});

test("the profile adds, edits and deletes an address in modals", async ({ page }) => {
  await login(page, "member", "/user/profile/addresses");
  // A tap before hydration follows the link to the no-JS page (by design); the modal needs the app.
  await waitForHydration(page);
  await page.getByRole("link", { name: "＋ 新しいお届け先を追加" }).click();
  const add = await expectStaysOpen(page, "お届け先を追加");
  await add.getByRole("textbox", { name: "姓", exact: true }).fill("小林");
  await add.getByRole("textbox", { name: "名", exact: true }).fill("三郎");
  await add.getByRole("textbox", { name: "セイ（カタカナ）", exact: true }).fill("コバヤシ");
  await add.getByRole("textbox", { name: "メイ（カタカナ）", exact: true }).fill("サブロウ");
  await add.getByRole("textbox", { name: "郵便番号", exact: true }).fill("100-0001");
  await expect(add.getByRole("textbox", { name: "市区町村", exact: true })).toHaveValue("千代田区");
  await add.getByRole("textbox", { name: "番地", exact: true }).fill("3-3");
  await add.getByRole("textbox", { name: "電話番号", exact: true }).fill("0312345678");
  await add.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("小林 三郎 様")).toBeVisible();

  await page.getByRole("link", { name: "小林 三郎 様のお届け先を編集" }).click();
  const edit = await expectStaysOpen(page, "お届け先を編集");
  await edit.getByRole("textbox", { name: "番地", exact: true }).fill("3-4");
  await edit.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("listitem").filter({ hasText: "小林 三郎 様" })).toContainText("東京都千代田区千代田 3-4");

  await page.getByRole("link", { name: "小林 三郎 様のお届け先を削除" }).click();
  const remove = await expectStaysOpen(page, "お届け先の削除");
  await remove.getByRole("button", { name: "削除する" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("小林 三郎 様")).toHaveCount(0);
});
