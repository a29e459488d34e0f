import { expect, test, waitForHydration, type Page } from "./fixtures";

// Predictive search in the header's search box (issue 18): with JS an ARIA combobox that suggests products
// and categories as the shopper types; without JS the same box is the plain GET search form.

const SUGGEST = "**/api/search/suggest?**";

async function openHome(page: Page) {
  await page.goto("/");
  await waitForHydration(page);
}

test("suggests as the shopper types; the keyboard picks a product, Escape closes the list", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the suggestions need JavaScript; the no-JS box is the next test");
  await openHome(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/search/suggest")) asked.push(new URL(request.url()).searchParams.get("q") ?? "");
  });
  await page.getByRole("searchbox", { name: "商品を検索" }).click();
  const box = page.getByRole("combobox", { name: "商品を検索" });
  await expect(box).toHaveAttribute("aria-expanded", "false");

  await page.keyboard.type("た");
  await page.waitForTimeout(400);
  expect(asked, "one character is not enough to ask").toEqual([]);
  // The rest arrives as a Japanese IME commits it: in one go (a busy machine can space out keystrokes typed
  // one by one beyond the debounce, which is not what this checks).
  await page.keyboard.insertText("おる");

  const list = page.getByRole("listbox", { name: "検索候補" });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(box).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
  const options = list.getByRole("option");
  await expect(options).toHaveCount(3);
  await expect(options.nth(0)).toContainText("泉州タオル フェイスタオル");
  await expect(options.nth(0)).toContainText("1,980円");
  await expect(page.getByRole("status").filter({ hasText: "候補" })).toHaveText("候補 3 件");
  expect(asked, "typing fast asks once, for the whole word").toEqual(["たおる"]);

  await page.keyboard.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("End");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(2).getAttribute("id"))!);
  await page.keyboard.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");

  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).not.toHaveAttribute("aria-activedescendant");
  await expect(box).toHaveValue("たおる");

  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/category\/living\/LIVING-BATHTOWEL$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("バスタオル");
  await expect(list).toBeHidden();
});

test("a tap on a category suggestion opens the category; Enter with nothing highlighted searches", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the suggestions need JavaScript");
  await openHome(page);
  await page.getByRole("searchbox", { name: "商品を検索" }).click();
  await page.keyboard.type("こーひー");
  const category = page.getByRole("option", { name: /カテゴリ.*コーヒー/ });
  await expect(category).toBeVisible();
  await category.click();
  await expect(page).toHaveURL(/\/category\/coffee$/);
  await expect(page.getByRole("heading", { level: 1, name: "コーヒー" })).toBeVisible();

  const box = page.getByRole("combobox", { name: "商品を検索" });
  await box.fill("");
  await box.pressSequentially("ぎふと");
  await expect(page.getByRole("listbox", { name: "検索候補" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=%E3%81%8E%E3%81%B5%E3%81%A8$/);
  await expect(page.getByRole("heading", { level: 1, name: "「ぎふと」の検索結果" })).toBeVisible();
});

test("an outdated request is cancelled and its late answer never shown", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the suggestions need JavaScript");
  let releaseFirst = () => {};
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  await page.route(SUGGEST, async (route) => {
    if (new URL(route.request().url()).searchParams.get("q") === "こー") await firstHeld;
    await route.continue().catch(() => {
      // The page aborted it: exactly what this test wants.
    });
  });
  await openHome(page);
  const aborted: string[] = [];
  page.on("requestfailed", (request) => aborted.push(new URL(request.url()).searchParams.get("q") ?? ""));
  await page.getByRole("searchbox", { name: "商品を検索" }).click();
  const first = page.waitForRequest((request) => request.url().includes("/api/search/suggest"));
  await page.keyboard.type("こー");
  await first;
  await page.keyboard.type("ひー");
  await expect(page.getByRole("option", { name: /カテゴリ.*コーヒー/ })).toBeVisible();
  releaseFirst();
  await expect.poll(() => aborted).toEqual(["こー"]);
  await expect(page.getByRole("combobox", { name: "商品を検索" })).toHaveValue("こーひー");
});

test("nothing is asked or submitted while an IME is composing", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the suggestions need JavaScript");
  await openHome(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/search/suggest")) asked.push(new URL(request.url()).searchParams.get("q") ?? "");
  });
  await page.getByRole("searchbox", { name: "商品を検索" }).click();
  // The box is a combobox once its module has arrived (a moment later under the dev server).
  await expect(page.getByRole("combobox", { name: "商品を検索" })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  // A Japanese IME: the reading is composed (underlined, not yet confirmed) …
  await cdp.send("Input.imeSetComposition", { text: "たお", selectionStart: 2, selectionEnd: 2 });
  await cdp.send("Input.imeSetComposition", { text: "たおる", selectionStart: 3, selectionEnd: 3 });
  await page.waitForTimeout(500);
  expect(asked).toEqual([]);
  // … and Enter confirms the conversion rather than searching.
  await page.keyboard.press("Enter");
  await cdp.send("Input.insertText", { text: "タオル" });
  await expect(page.getByRole("listbox", { name: "検索候補" })).toBeVisible();
  expect(page.url()).toMatch(/\/$/);
  expect(asked).toEqual(["タオル"]);
});

test("without JavaScript the box is the plain search form", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "with JavaScript the box is a combobox (the tests above)");
  await page.goto("/");
  const box = page.getByRole("searchbox", { name: "商品を検索" });
  await expect(box).not.toHaveAttribute("role", "combobox");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await box.fill("たおる");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=%E3%81%9F%E3%81%8A%E3%82%8B$/);
  await expect(page.getByRole("heading", { level: 1, name: "「たおる」の検索結果" })).toBeVisible();
  await expect(page.getByTestId("product-list").getByRole("link", { name: /泉州タオル フェイスタオル/ })).toBeVisible();
});
