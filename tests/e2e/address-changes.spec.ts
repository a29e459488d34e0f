import { placeShownOrder } from "./checkout-helpers";
import { addToCart, expect, login, memberWithEmptyCart, test, type Locator, type Page } from "./fixtures";

/**
 * Saving the address book never deletes or overwrites what the page did not show (issue 34 item 2), and
 * an address added from the checkout is the one the order ships to (item 11): the profile page and the
 * checkout's 「お届け先を変更」, with JS (modals) and without (plain pages). Another tab adds through the
 * plain add page, another device edits through the JSON endpoint, while the page is open. Every test leaves the demo member's two seeded
 * addresses as it found them.
 */

interface SavedAddress {
  id: number;
  lastname: string;
  version: string;
}

const ANOTHER_DEVICE = { lastname: "高橋", firstname: "別端末", lastname_jp: "タカハシ", firstname_jp: "ベツタンマツ" };
const ADDRESS_FIELDS = { postal_code: "1000001", prefecture: "13", city: "千代田区", district: "千代田", address1: "9-9", phone: "0312345678" };

/** The member's book as another tab or device sees it now. */
async function bookNow(page: Page): Promise<SavedAddress[]> {
  const response = await page.request.get("/api/user/addresses", { headers: { Accept: "application/json" } });
  return (await response.json()) as SavedAddress[];
}

/** A change sent from another device (the same member, the JSON endpoint); answers the address it saved. */
async function changeElsewhere(page: Page, fields: Record<string, string>): Promise<SavedAddress | null> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post("/user/profile/checkout/editAddress", { form: fields, headers: { Origin: origin, Accept: "application/json" } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { address: SavedAddress | null }).address;
}

/** Another tab adds an address through the plain add page; answers it. */
async function addElsewhere(page: Page): Promise<SavedAddress> {
  const origin = new URL(page.url()).origin;
  const before = new Set((await bookNow(page)).map((address) => address.id));
  const response = await page.request.post("/user/profile/addresses/new", {
    form: { ...ANOTHER_DEVICE, ...ADDRESS_FIELDS },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  return (await bookNow(page)).find((address) => !before.has(address.id))!;
}

/** Deletes every address but the two the demo member was seeded with (ids 1 and 2). */
async function keepSeededAddresses(page: Page) {
  for (const address of await bookNow(page)) {
    if (address.id > 2) await changeElsewhere(page, { intent: "delete", id: String(address.id), version: address.version });
  }
  expect((await bookNow(page)).map((address) => address.id).sort()).toEqual([1, 2]);
}

/** Types a new address for 佐藤 次郎 at 〒100-0001 into an editor (a modal with JS, the plain page without). */
async function typeNewAddress(editor: Locator, js: boolean) {
  await editor.getByRole("textbox", { name: "姓", exact: true }).fill("佐藤");
  await editor.getByRole("textbox", { name: "名", exact: true }).fill("次郎");
  await editor.getByRole("textbox", { name: "セイ（カタカナ）", exact: true }).fill("サトウ");
  await editor.getByRole("textbox", { name: "メイ（カタカナ）", exact: true }).fill("ジロウ");
  await editor.getByRole("textbox", { name: "郵便番号", exact: true }).fill("1000001");
  if (!js) await editor.getByRole("button", { name: "住所を検索" }).click();
  await expect(editor.getByRole("textbox", { name: "市区町村", exact: true })).toHaveValue("千代田区");
  await editor.getByRole("textbox", { name: "番地", exact: true }).fill("5-5");
  await editor.getByRole("textbox", { name: "電話番号", exact: true }).fill("0312345678");
}

const card = (page: Page, name: string | RegExp): Locator => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });

test("the address page never deletes or overwrites what another device changed meanwhile", async ({ page, javaScriptEnabled: js }) => {
  await login(page, "member", "/user/profile/addresses");
  await expect(card(page, /山田 太郎 様/)).toBeVisible();
  // While this page is open, another tab adds an address.
  const elsewhere = await addElsewhere(page);

  // Adding here (the modal with JS, the plain page without) keeps it.
  await page.getByRole("link", { name: "＋ 新しいお届け先を追加" }).click();
  const editor = js ? page.getByRole("dialog", { name: "お届け先を追加" }) : page.locator("main");
  await typeNewAddress(editor, js);
  await editor.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(card(page, /佐藤 次郎 様/)).toBeVisible();
  await expect(card(page, /高橋 別端末 様/)).toBeVisible();
  expect((await bookNow(page)).map((address) => address.lastname).sort()).toEqual(["佐藤", "山田", "山田", "高橋"]);

  // This page now shows 高橋's address; another device renames it; saving this page's edit is refused.
  await page.getByRole("link", { name: "高橋 別端末 様のお届け先を編集" }).click();
  const edit = js ? page.getByRole("dialog", { name: "お届け先を編集" }) : page.locator("main");
  await expect(edit.getByRole("textbox", { name: "番地", exact: true })).toHaveValue("9-9");
  const shown = (await bookNow(page)).find((address) => address.id === elsewhere.id)!;
  await changeElsewhere(page, { intent: "edit", id: String(shown.id), version: shown.version, ...ANOTHER_DEVICE, ...ADDRESS_FIELDS, title: "別端末で変更" });
  await edit.getByRole("textbox", { name: "番地", exact: true }).fill("1-2");
  await edit.getByRole("button", { name: "保存する" }).click();
  await expect(edit.getByText("このお届け先は、この画面を表示した後に別の画面で変更または削除されました。")).toBeVisible();
  // What was typed is kept, and nothing was saved over the other device's change.
  await expect(edit.getByRole("textbox", { name: "番地", exact: true })).toHaveValue("1-2");
  expect((await bookNow(page)).find((address) => address.id === elsewhere.id)).toMatchObject({ title: "別端末で変更", address1: "9-9" });

  await keepSeededAddresses(page);
});

test("an address added from the checkout is chosen, keeps the one another device added, and the order ships to it", async ({ page, javaScriptEnabled: js }) => {
  await memberWithEmptyCart(page);
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/checkout");
  const address = page.getByRole("region", { name: "お届け先" });
  await expect(address.getByText("渋谷区").first()).toBeVisible(); // the default address is chosen
  // While the checkout is open, another tab adds an address.
  await addElsewhere(page);

  if (js) {
    await address.getByRole("button", { name: "お届け先を変更" }).click();
    await page.getByRole("dialog", { name: "お届け先を選ぶ" }).getByRole("button", { name: "＋ 新しいお届け先を追加" }).click();
    const editor = page.getByRole("dialog", { name: "お届け先を追加" });
    await typeNewAddress(editor, js);
    await editor.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // The added address is the chosen one, and the book shown now has the other device's address too.
    await expect(address).toContainText("佐藤 次郎 様");
    await expect(address).toContainText("東京都千代田区千代田 5-5");
    await address.getByRole("button", { name: "お届け先を変更" }).click();
    const chooser = page.getByRole("dialog", { name: "お届け先を選ぶ" });
    await expect(chooser.getByRole("listitem").filter({ hasText: "高橋 別端末 様" })).toBeVisible();
    await expect(chooser.getByRole("listitem").filter({ hasText: "佐藤 次郎 様" }).getByRole("button", { name: "選択中" })).toBeVisible();
    // An edit of 高橋's address, which another device changes meanwhile, is refused; what was typed stays.
    await chooser.getByRole("button", { name: "高橋 別端末 様のお届け先を編集" }).click();
    const edit = page.getByRole("dialog", { name: "お届け先を編集" });
    await expect(edit.getByRole("textbox", { name: "番地", exact: true })).toHaveValue("9-9");
    const shown = (await bookNow(page)).find((saved) => saved.lastname === "高橋")!;
    await changeElsewhere(page, { intent: "edit", id: String(shown.id), version: shown.version, ...ANOTHER_DEVICE, ...ADDRESS_FIELDS, address1: "8-8" });
    await edit.getByRole("textbox", { name: "番地", exact: true }).fill("1-2");
    await edit.getByRole("button", { name: "保存する" }).click();
    await expect(edit.getByText("このお届け先は、この画面を表示した後に別の画面で変更または削除されました。")).toBeVisible();
    await expect(edit.getByRole("textbox", { name: "番地", exact: true })).toHaveValue("1-2");
    expect((await bookNow(page)).find((saved) => saved.id === shown.id)).toMatchObject({ address1: "8-8" });
    await edit.getByRole("button", { name: "キャンセル" }).click();
    // The list shows the address as it now is; the chosen address has not moved.
    await expect(chooser.getByRole("listitem").filter({ hasText: "高橋 別端末 様" })).toContainText("千代田 8-8");
    await chooser.getByRole("button", { name: "閉じる" }).click();
    await expect(address).toContainText("佐藤 次郎 様");
  } else {
    await address.getByRole("button", { name: "＋ 新しいお届け先を追加" }).click();
    await expect(page).toHaveURL("/user/profile/addresses/new?redirectTo=%2Fcheckout");
    await typeNewAddress(page.locator("main"), js);
    await page.locator("main").getByRole("button", { name: "保存する" }).click();
    // Back at the checkout with the added address chosen.
    await expect(page).toHaveURL(/\/checkout\?addressId=\d+$/);
    await expect(address.getByRole("radio", { name: "佐藤 次郎 様" })).toBeChecked();
    await expect(address.getByRole("radio", { name: "高橋 別端末 様" })).not.toBeChecked();
  }
  await page.getByRole("radio", { name: /銀行振込/ }).check();
  await placeShownOrder(page);

  await expect(page.getByTestId("thanks-details")).toContainText("佐藤 次郎 様〒100-0001 東京都千代田区千代田 5-5");
  expect((await bookNow(page)).map((saved) => saved.lastname).sort()).toEqual(["佐藤", "山田", "山田", "高橋"]);
  await keepSeededAddresses(page);
});
