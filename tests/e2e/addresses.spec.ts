import { expect, login, test, type Locator, type Page } from "./fixtures";

/**
 * The member address book (spec §2 screens 10 and 12), with JS (modal, automatic postal lookup) and
 * without (plain pages, 住所を検索 submit, a confirmation page for deleting).
 */
const card = (page: Page, name: string | RegExp): Locator => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });

test("a member adds an address via postal code 100-0001, edits it and deletes it", async ({ page, javaScriptEnabled }) => {
  await login(page, "member", "/user/profile/addresses");
  await expect(page.getByRole("heading", { name: "お届け先住所の管理" })).toBeVisible();
  await expect(card(page, /山田 花子 様/).getByText("既定")).toBeVisible();

  // ── Add ──
  await page.getByRole("link", { name: "＋ 新しいお届け先を追加" }).click();
  const editor = javaScriptEnabled ? page.getByRole("dialog", { name: "お届け先を追加" }) : page.locator("main");
  if (!javaScriptEnabled) await expect(page).toHaveURL("/user/profile/addresses/new");
  await editor.getByRole("textbox", { name: "姓", exact: true }).fill("佐藤");
  await editor.getByRole("textbox", { name: "名", exact: true }).fill("次郎");
  await editor.getByRole("textbox", { name: "セイ（カタカナ）", exact: true }).fill("サトウ");
  await editor.getByRole("textbox", { name: "メイ（カタカナ）", exact: true }).fill("じろう"); // hiragana is accepted and converted
  await expect(editor.getByRole("link", { name: /郵便番号がわからない方/ })).toHaveAttribute("target", "_blank");
  await editor.getByRole("textbox", { name: "郵便番号", exact: true }).fill("１００ー０００１");
  if (!javaScriptEnabled) {
    await editor.getByRole("button", { name: "住所を検索" }).click();
    await expect(page.getByRole("status").filter({ hasText: "東京都千代田区千代田" })).toBeVisible();
  }
  // Full-width digits half-width, the long dash removed like every non-digit (spec §5): as typed with JS, by the server without.
  await expect(editor.getByRole("textbox", { name: "郵便番号", exact: true })).toHaveValue("1000001");
  // Filled from the postal code: automatically with JS, by the server without.
  await expect(editor.getByRole("textbox", { name: "都道府県", exact: true })).toHaveValue("東京都");
  await expect(editor.getByRole("textbox", { name: "都道府県", exact: true })).not.toBeEditable();
  await expect(editor.getByRole("textbox", { name: "市区町村", exact: true })).toHaveValue("千代田区");
  await expect(editor.getByRole("textbox", { name: "町域", exact: true })).toHaveValue("千代田");
  await expect(editor.getByRole("textbox", { name: "姓", exact: true })).toHaveValue("佐藤"); // kept across the lookup

  // A wrong phone number is refused with a message under the field.
  await editor.getByRole("textbox", { name: "番地", exact: true }).fill("1-1");
  await editor.getByRole("textbox", { name: "電話番号", exact: true }).fill("12345");
  await editor.getByRole("button", { name: "保存する" }).click();
  await expect(editor.getByText("電話番号は半角数字10桁または11桁で入力してください（例: 09012345678）")).toBeVisible();
  await editor.getByRole("textbox", { name: "電話番号", exact: true }).fill("０３－１２３４－５６７８");
  await editor.getByRole("textbox", { name: "お届け先の名称（任意）", exact: true }).fill("会社");
  await editor.getByRole("button", { name: "保存する" }).click();

  await expect(page.getByRole("dialog")).toHaveCount(0);
  const added = card(page, /佐藤 次郎 様/);
  await expect(added).toContainText("〒100-0001");
  await expect(added).toContainText("東京都千代田区千代田 1-1");
  await expect(added).toContainText("サトウ ジロウ");
  await expect(added).toContainText("電話番号: 0312345678");
  await expect(added.getByText("既定")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: /お届け先を(追加|保存)しました。/ })).toBeVisible();

  // ── Edit ──
  await page.getByRole("link", { name: "佐藤 次郎 様のお届け先を編集" }).click();
  const edit = javaScriptEnabled ? page.getByRole("dialog", { name: "お届け先を編集" }) : page.locator("main");
  await expect(edit.getByRole("textbox", { name: "都道府県", exact: true })).toHaveValue("東京都");
  await expect(edit.getByRole("textbox", { name: "郵便番号", exact: true })).toHaveValue("1000001");
  await edit.getByRole("textbox", { name: "建物名・部屋番号", exact: true }).fill("丸の内ビル 5階");
  await edit.getByRole("checkbox", { name: "いつものお届け先（既定）にする" }).check();
  await edit.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(card(page, /佐藤 次郎 様/)).toContainText("東京都千代田区千代田 1-1 丸の内ビル 5階");
  await expect(card(page, /佐藤 次郎 様/).getByText("既定")).toBeVisible();
  await expect(card(page, /山田 花子 様/).getByText("既定")).toHaveCount(0);

  // ── Delete, after the confirmation ──
  await page.getByRole("link", { name: "佐藤 次郎 様のお届け先を削除" }).click();
  const confirm = javaScriptEnabled ? page.getByRole("dialog", { name: "お届け先の削除" }) : page.locator("main");
  if (!javaScriptEnabled) await expect(page).toHaveURL(/\/user\/profile\/addresses\/\d+\/delete$/);
  await expect(confirm.getByText("この配送先を本当に削除しますか？")).toBeVisible();
  await confirm.getByRole("button", { name: "削除する" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/user\/profile\/addresses(\?notice=deleted#result)?$/);
  await expect(card(page, /佐藤 次郎 様/)).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "お届け先を削除しました。" })).toBeVisible();
  // The deleted address was the default: the oldest remaining one is now.
  await expect(card(page, /山田 花子 様/).getByText("既定")).toBeVisible();
});

test("another member's address cannot be opened", async ({ page }) => {
  await login(page, "member", "/user/profile/addresses");
  const response = await page.goto("/user/profile/addresses/3/edit");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
});

test("the address page answers JSON to a script that asks for it", async ({ page }) => {
  await login(page, "member", "/user/profile/addresses");
  const response = await page.request.get("/user/profile/addresses", { headers: { Accept: "application/json" } });
  expect(response.status()).toBe(200);
  const list = (await response.json()) as { id: number; default: boolean }[];
  expect(list.map((address) => address.id)).toEqual([1, 2]);
  expect(list[0]?.default).toBe(true);
  const postal = await page.request.get("/api/postal/100");
  expect(((await postal.json()) as Record<string, unknown>)["1000001"]).toEqual([13, "千代田区", "千代田", ""]);
});

test("the add page opened on its own (a bookmark) saves an address with JS as without", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JS the first test adds through this page");
  await login(page, "member", "/user/profile/addresses/new");
  const form = page.locator("main");
  await form.getByRole("textbox", { name: "姓", exact: true }).fill("高橋");
  await form.getByRole("textbox", { name: "名", exact: true }).fill("三郎");
  await form.getByRole("textbox", { name: "セイ（カタカナ）", exact: true }).fill("タカハシ");
  await form.getByRole("textbox", { name: "メイ（カタカナ）", exact: true }).fill("サブロウ");
  await form.getByRole("textbox", { name: "郵便番号", exact: true }).fill("1000001");
  await expect(form.getByRole("textbox", { name: "市区町村", exact: true })).toHaveValue("千代田区");
  await form.getByRole("textbox", { name: "番地", exact: true }).fill("2-2");
  await form.getByRole("textbox", { name: "電話番号", exact: true }).fill("12345");
  await form.getByRole("button", { name: "保存する" }).click();
  await expect(form.getByText("電話番号は半角数字10桁または11桁で入力してください（例: 09012345678）")).toBeVisible();
  await form.getByRole("textbox", { name: "電話番号", exact: true }).fill("0312345678");
  await form.getByRole("button", { name: "保存する" }).click();

  await expect(page).toHaveURL(/\/user\/profile\/addresses(\?notice=\w+)?(#result)?$/);
  await expect(card(page, /高橋 三郎 様/)).toContainText("東京都千代田区千代田 2-2");
  // Leave the book as the other tests expect it.
  await page.getByRole("link", { name: "高橋 三郎 様のお届け先を削除" }).click();
  await page.getByRole("dialog", { name: "お届け先の削除" }).getByRole("button", { name: "削除する" }).click();
  await expect(card(page, /高橋 三郎 様/)).toHaveCount(0);
});
