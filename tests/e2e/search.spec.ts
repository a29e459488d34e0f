import { expect, test, type Locator, type Page } from "./fixtures";

// Search and category browsing, with JavaScript on (tiles apply at once) and off (plain GET form).

const priceOf = (text: string) => Number(/([\d,]+)円/.exec(text)?.[1]?.replace(/,/g, "") ?? Number.NaN);

function productCards(page: Page): Locator {
  return page.getByTestId("product-list").locator(":scope > li");
}

/** The filter starts folded once something narrows the list; open it as a shopper would. */
async function openFilter(page: Page): Promise<Locator> {
  const details = page.getByTestId("search-filter");
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await details.getByText("絞り込み・並び替え").click();
  }
  return page.getByRole("search", { name: "商品の絞り込み" });
}

async function cardSkus(page: Page): Promise<string[]> {
  return productCards(page)
    .locator("a")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")?.split("/").pop() ?? ""));
}

test("filters by a category tile and a price range", async ({ page, javaScriptEnabled }) => {
  await page.goto("/search");
  await expect(page.getByRole("heading", { level: 1, name: "商品を探す" })).toBeVisible();
  const filter = page.getByRole("search", { name: "商品の絞り込み" });
  await expect(filter.getByRole("radio")).toHaveCount(9); // すべて + 8 categories
  await expect(filter.getByRole("checkbox")).toHaveCount(20);

  await filter.getByRole("radio", { name: "食品" }).check();
  // With JS the tile applies at once; the price still waits for the button.
  if (javaScriptEnabled) await expect(page).toHaveURL(/[?&]category=food(&|$)/);
  await filter.getByLabel("下限").fill("1000");
  await filter.getByLabel("上限").fill("3000");
  await filter.getByRole("button", { name: "この条件で検索" }).click();

  await expect(page).toHaveURL(/[?&]category=food(&|$)/);
  await expect(page).toHaveURL(/[?&]priceMin=1000(&|$)/);
  await expect(page).toHaveURL(/[?&]priceMax=3000(&|$)/);
  await expect(page.getByRole("heading", { level: 1, name: "食品の商品" })).toBeVisible();
  const badges = page.getByTestId("filter-badges");
  await expect(badges.getByRole("link", { name: /^食品/ })).toContainText("食品 ×");
  await expect(badges.getByRole("link", { name: /1,000円〜3,000円/ })).toBeVisible();

  const cards = productCards(page);
  const count = await cards.count();
  expect(count).toBeGreaterThan(3);
  await expect(page.getByTestId("result-count")).toHaveText(`${count}件の商品`);
  for (const card of await cards.all()) {
    await expect(card.locator("a")).toHaveAttribute("href", /^\/category\/(food|seasoning|dairy)\//);
    const price = priceOf(await card.innerText());
    expect(price).toBeGreaterThanOrEqual(1000);
    expect(price).toBeLessThanOrEqual(3000);
  }
});

test("removes one filter with its badge and keeps the others", async ({ page }) => {
  await page.goto("/search?category=food&priceMin=1000&priceMax=3000");
  const before = await productCards(page).count();
  await page.getByTestId("filter-badges").getByRole("link", { name: /^食品/ }).click();

  await expect(page).not.toHaveURL(/category=/);
  await expect(page).toHaveURL(/priceMin=1000/);
  await expect(page.getByTestId("filter-badges").getByRole("link", { name: /^食品/ })).toHaveCount(0);
  await expect(page.getByTestId("filter-badges").getByRole("link", { name: /1,000円〜3,000円/ })).toBeVisible();
  await expect.poll(() => productCards(page).count()).toBeGreaterThan(before);
  for (const text of await productCards(page).allInnerTexts()) {
    expect(priceOf(text)).toBeGreaterThanOrEqual(1000);
    expect(priceOf(text)).toBeLessThanOrEqual(3000);
  }
  // The form shows what the page shows: no category chosen any more, the price kept.
  const filter = await openFilter(page);
  await expect(filter.getByRole("radio", { name: "すべて" })).toBeChecked();
  await expect(filter.getByRole("radio", { name: "食品" })).not.toBeChecked();
  await expect(filter.getByLabel("下限")).toHaveValue("1000");
});

test("pages through the results", async ({ page }) => {
  await page.goto("/search");
  const paginator = page.getByRole("navigation", { name: "ページ送り" });
  await expect(paginator.getByRole("link", { name: "1", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(paginator.getByRole("link", { name: "前へ" })).toHaveCount(0);
  await expect(productCards(page)).toHaveCount(24);
  const firstPage = await cardSkus(page);

  // 次へ starts where the page ends (keyset): its link names the page's last product.
  await paginator.getByRole("link", { name: "次へ" }).click();
  await expect(page).toHaveURL(/[?&]page=1(&|$)/);
  await expect(page).toHaveURL(new RegExp(`[?&]after=${firstPage.at(-1)}(&|$)`));
  await expect(paginator.getByRole("link", { name: "2", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(paginator.getByRole("link", { name: "1", exact: true })).not.toHaveAttribute("aria-current", "page");
  const secondPage = await cardSkus(page);
  expect(secondPage).toHaveLength(24);
  expect(secondPage.filter((sku) => firstPage.includes(sku))).toEqual([]);
  await expect(paginator.getByRole("link", { name: "3", exact: true })).toHaveAttribute("href", new RegExp(`after=${secondPage.at(-1)}`));

  await paginator.getByRole("link", { name: "前へ" }).click();
  await expect(page).toHaveURL(/\/search$/);
  // With JS the URL changes as the navigation commits; the cards follow in the same render, read once drawn.
  await expect.poll(() => cardSkus(page)).toEqual(firstPage);
});

test("searches by keyword from the header box, in either kana script", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("商品を検索").fill("たおる");
  await page.getByRole("button", { name: "検索", exact: true }).click();

  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page).toHaveTitle("「たおる」の検索結果 | ひなた市場");
  await expect(page.getByRole("heading", { level: 1, name: "「たおる」の検索結果" })).toBeVisible();
  const titles = await productCards(page).allInnerTexts();
  expect(titles.length).toBeGreaterThanOrEqual(3);
  expect(titles.some((text) => text.includes("泉州タオル"))).toBe(true);
  // The header box and the filter's keyword field both show the query.
  await expect(page.getByLabel("商品を検索")).toHaveValue("たおる");
  const filter = await openFilter(page);
  await expect(filter.getByLabel("キーワード")).toHaveValue("たおる");
});

test("an empty result explains itself and offers to clear the filters", async ({ page }) => {
  await page.goto("/search?q=" + encodeURIComponent("存在しない商品") + "&category=food");
  await expect(page.getByText("条件に合う商品が見つかりませんでした。")).toBeVisible();
  await expect(page.getByTestId("result-count")).toHaveText("0件の商品");
  await page.getByRole("link", { name: "条件をクリアする" }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(productCards(page)).toHaveCount(24);
});

test("hostile parameters show the default search, not an error", async ({ page }) => {
  const response = await page.goto("/search?priceMin=-5&priceMax=abc&page=-1&sort=%3Cscript%3E&feature[]=x&category=%3Cb%3E");
  expect(response?.status()).toBe(200);
  await expect(productCards(page)).toHaveCount(24);
});

test("a category page lists its products with the same filters", async ({ page }) => {
  const response = await page.goto("/category/food");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("食品の通販 | ひなた市場");
  await expect(page.getByRole("heading", { level: 1, name: "食品" })).toBeVisible();
  const breadcrumb = page.getByRole("navigation", { name: "パンくずリスト" });
  await expect(breadcrumb.getByRole("link", { name: "トップ" })).toHaveAttribute("href", "/");
  await expect(breadcrumb.getByText("食品")).toHaveAttribute("aria-current", "page");
  const filter = page.getByRole("search", { name: "商品の絞り込み" });
  await expect(filter.getByRole("radio")).toHaveCount(0); // the category is the page's

  await page.getByRole("link", { name: "乳製品" }).click();
  await expect(page).toHaveURL(/\/category\/dairy$/);
  await expect(page.getByRole("heading", { level: 1, name: "乳製品" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "パンくずリスト" }).getByRole("link", { name: "食品" })).toHaveAttribute("href", "/category/food");
  for (const card of await productCards(page).all()) await expect(card.locator("a")).toHaveAttribute("href", /^\/category\/dairy\//);

  await page.getByRole("link", { name: "価格の安い順" }).click();
  await expect(page).toHaveURL(/\/category\/dairy\?sort=price_asc$/);
  const prices = (await productCards(page).allInnerTexts()).map(priceOf);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
});

test("an unknown category answers 404 in Japanese", async ({ page }) => {
  const response = await page.goto("/category/no-such-category");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("お探しのカテゴリは見つかりませんでした。")).toBeVisible();
});

test.describe("at 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the price range is a two-thumb slider with JS; the number inputs stay the form", async ({ page, javaScriptEnabled }) => {
    await page.goto("/search");
    const filter = page.getByRole("search", { name: "商品の絞り込み" });
    const low = filter.getByLabel("下限");
    const high = filter.getByLabel("上限");
    await expect(low).toHaveValue("100");
    await expect(high).toHaveValue("100000");
    if (!javaScriptEnabled) {
      await expect(page.getByTestId("price-slider")).toBeHidden();
      await low.fill("2000");
      await filter.getByRole("button", { name: "この条件で検索" }).click();
      await expect(page).toHaveURL(/[?&]priceMin=2000(&|$)/);
      return;
    }
    const lowThumb = filter.getByRole("slider", { name: "最低価格" });
    const highThumb = filter.getByRole("slider", { name: "最高価格" });
    await expect(lowThumb).toHaveAttribute("aria-valuetext", "100円");
    await expect(highThumb).toHaveAttribute("aria-valuetext", "100,000円");

    // Keys move a thumb stop by stop (100-yen steps to 1,000円, 500 to 10,000円, 5,000 beyond) and write the price.
    await lowThumb.focus();
    for (let step = 0; step < 10; step++) await page.keyboard.press("ArrowRight");
    await expect(low).toHaveValue("1500");
    await highThumb.focus();
    for (let step = 0; step < 18; step++) await page.keyboard.press("ArrowLeft");
    await expect(high).toHaveValue("10000");
    await expect(highThumb).toHaveAttribute("aria-valuetext", "10,000円");

    // A finger drags the low thumb (only the thumbs take touches; the other input lies over the track).
    const track = await page.getByTestId("price-slider").boundingBox();
    if (!track) throw new Error("no slider");
    const at = (stop: number) => track.x + 14 + ((track.width - 28) * stop) / 45;
    await page.mouse.move(at(10), track.y + track.height / 2);
    await page.mouse.down();
    await page.mouse.move(at(0), track.y + track.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(low).toHaveValue("100");

    // Typing moves the thumb.
    await low.fill("3000");
    await expect(lowThumb).toHaveAttribute("aria-valuetext", "3,000円");
    await filter.getByRole("button", { name: "この条件で検索" }).click();
    await expect(page).toHaveURL(/[?&]priceMin=3000(&|$)/);
    await expect(page).toHaveURL(/[?&]priceMax=10000(&|$)/);
    await expect(page.getByTestId("filter-badges").getByRole("link", { name: /3,000円〜10,000円/ })).toBeVisible();
  });

  test("applying the filter folds the panel and shows the chosen filters as badges", async ({ page, javaScriptEnabled }) => {
    await page.goto("/search");
    const details = page.getByTestId("search-filter");
    await expect(details).toHaveAttribute("open", "");
    const filter = page.getByRole("search", { name: "商品の絞り込み" });
    await filter.getByRole("checkbox", { name: "国産" }).check();
    // With JS a tile applies at once and the panel stays open for the next pick.
    if (javaScriptEnabled) {
      await expect(page).toHaveURL(/[?&]feature=made-in-japan(&|$)/);
      await expect(details).toHaveAttribute("open", "");
    }
    await filter.getByLabel("上限").fill("5000");
    await filter.getByRole("button", { name: "この条件で検索" }).click();

    await expect(page).toHaveURL(/[?&]priceMax=5000(&|$)/);
    await expect(details).not.toHaveAttribute("open");
    const badges = page.getByTestId("filter-badges");
    await expect(badges.getByRole("link", { name: /国産/ })).toBeVisible();
    await expect(badges.getByRole("link", { name: /5,000円以下/ })).toBeVisible();
    await expect(badges).toBeInViewport();

    // Clearing every filter opens the panel again, as a fresh page would.
    await badges.getByRole("link", { name: "すべて解除" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(details).toHaveAttribute("open", "");
  });
});

test("a keyword search says beside each choice how many products it finds, and choosing it finds that many", async ({ page, javaScriptEnabled }) => {
  await page.goto(`/search?q=${encodeURIComponent("茶")}`);
  const filter = await openFilter(page);
  const tile = filter.locator("label").filter({ has: page.getByRole("radio", { name: /^食品/ }) });
  const label = (await tile.innerText()).replace(/\s+/g, "");
  const count = Number(/食品([\d,]+)件/.exec(label)?.[1]?.replace(/,/g, ""));
  expect(count, label).toBeGreaterThan(0);
  await expect(filter.getByRole("option", { name: /（\d+件）$/ }).first()).toBeAttached();

  await filter.getByRole("radio", { name: /^食品/ }).check();
  if (!javaScriptEnabled) await filter.getByRole("button", { name: "この条件で検索" }).click();
  await expect(page).toHaveURL(/[?&]category=food(&|$)/);
  await expect(page.getByTestId("result-count")).toHaveText(`${count}件の商品`);
});

test("a listing without a keyword shows no counts", async ({ page }) => {
  await page.goto("/search?category=food");
  const filter = await openFilter(page);
  await expect(filter.getByText(/\d+件$/)).toHaveCount(0);
});
