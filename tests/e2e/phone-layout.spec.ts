import { addToCart, cartRowRemove, emptyCart, expect, login, test, type Locator, type Page } from "./fixtures";

/**
 * The header and the cart on the narrowest phones the shop supports (360 px) and the common 390 px, with
 * JS on and off: labels and buttons never break one character per line, the logged-in header stays one
 * row with its count badges beside (not over) the words, and 「ご購入手続きへ」 is on screen from the start.
 */

/** The words inside `elements` that the browser broke over more than one line. */
async function wrappedTexts(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      const wrapped: string[] = [];
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(text);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) wrapped.push((text.textContent ?? "").trim());
      }
      return wrapped;
    }),
  );
}

/** Count badges that cover any of their item's words. */
async function badgesOverWords(page: Page): Promise<string[]> {
  return page
    .getByRole("navigation", { name: "アカウント" })
    .locator("a, button")
    .evaluateAll((items) =>
      items.flatMap((item) => {
        const badge = item.querySelector("[aria-label]");
        if (!badge) return [];
        const box = badge.getBoundingClientRect();
        const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
        const covered: string[] = [];
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          if (badge.contains(text) || !text.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(text);
          for (const rect of range.getClientRects()) {
            if (rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top) covered.push(text.textContent.trim());
          }
        }
        return covered;
      }),
    );
}

async function expectPhoneLayout(page: Page) {
  const nav = page.getByRole("navigation", { name: "アカウント" });
  const boxes = await nav.locator("a, button").evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
  const rowTop = Math.max(...boxes.map((box) => box.top));
  const rowBottom = Math.min(...boxes.map((box) => box.bottom));
  expect(rowTop, "the account items share one row").toBeLessThan(rowBottom);
  expect(await wrappedTexts(nav.locator("a, button"))).toEqual([]);
  expect(await badgesOverWords(page)).toEqual([]);
  expect(await wrappedTexts(page.getByTestId("cart-line").locator("label, button, a.btn-secondary, [data-testid=line-quantity], form > span"))).toEqual([]);
}

for (const width of [360, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("the header stays one row and the cart rows keep their words whole", async ({ page, javaScriptEnabled }) => {
      await login(page, "member", "/category/living/DEMO-SIMPLE");
      await page.getByRole("button", { name: "カートに入れる" }).click();
      await expect(page.getByTestId("product-notice")).toHaveText("カートに追加しました。");
      await page.goto("/cart");
      await expect(page.getByTestId("cart-badge")).toBeVisible();

      // The way on is on screen as the cart opens, and stays there while the shopper scrolls.
      const checkout = page.getByRole("button", { name: "ご購入手続きへ" });
      await expect(checkout).toBeInViewport();
      await expectPhoneLayout(page);
      await cartRowRemove(page.getByTestId("cart-line").last()).scrollIntoViewIfNeeded();
      await expect(checkout).toBeInViewport();

      if (javaScriptEnabled) {
        // The change mode (quantity input, 更新, キャンセル) keeps its words whole too.
        await page.getByTestId("cart-line").first().getByRole("button", { name: "変更" }).click();
        await expect(page.getByTestId("cart-line").first().getByRole("button", { name: "キャンセル" })).toBeVisible();
      }
      await cartRowRemove(page.getByTestId("cart-line").first()).click();
      await expect(page.getByRole("button", { name: "削除する" })).toBeVisible();
      await expectPhoneLayout(page);

      await page.getByRole("button", { name: "削除する" }).click();
      await expect(page.getByText("この商品をカートから削除しますか？")).toHaveCount(0);
      await emptyCart(page); // the member's cart is shared by the specs
    });
  });
}

/** The tap targets among `elements` (visible ones) less than 44 px tall (Apple's and WCAG's minimum), by their words. */
async function shortTargets(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      const box = node.getBoundingClientRect();
      return box.width > 0 && box.height < 44 ? [`${(node.textContent ?? "").trim()} (${Math.round(box.height)} px)`] : [];
    }),
  );
}

/** Whether two elements' boxes (as on screen now) overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, other] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !other) return false;
  return one.x < other.x + other.width && other.x < one.x + one.width && one.y < other.y + other.height && other.y < one.y + one.height;
}

test.describe("at 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the sort links and the cart rows' buttons are 44 px tap targets, and the cart badge leaves 「カート」 readable", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/category/dairy");
    const sorts = page.getByRole("list", { name: "並び替え" });
    await expect(sorts.getByRole("link").first()).toBeVisible();
    expect(await shortTargets(sorts.locator("a, [aria-current]"))).toEqual([]);

    await addToCart(page, "/category/living/DEMO-SIMPLE");
    await page.goto("/cart");
    const row = page.getByTestId("cart-line").first();
    expect(await shortTargets(row.locator("button, a.btn-secondary"))).toEqual([]);
    if (javaScriptEnabled) {
      await row.getByRole("button", { name: "変更" }).click();
      await expect(row.getByRole("button", { name: "キャンセル" })).toBeVisible();
      expect(await shortTargets(row.locator("button, a.btn-secondary"))).toEqual([]);
    }
    await cartRowRemove(row).click();
    await expect(page.getByRole("button", { name: "削除する" })).toBeVisible();
    expect(await shortTargets(row.locator("button, a.btn-secondary"))).toEqual([]);

    // The badge sits on the icon, not over 「カート」.
    const boxes = await page.getByTestId("cart-link").evaluate((link) => {
      const badge = link.querySelector("[data-testid=cart-badge]")!.getBoundingClientRect();
      const text = [...link.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.includes("カート"))!;
      const range = document.createRange();
      range.selectNodeContents(text);
      const words = range.getBoundingClientRect();
      return { badgeBottom: badge.bottom, wordsTop: words.top, badgeRight: badge.right, screen: window.innerWidth };
    });
    expect(boxes.badgeBottom).toBeLessThanOrEqual(boxes.wordsTop);
    expect(boxes.badgeRight).toBeLessThanOrEqual(boxes.screen);
  });

  test("the survey popup never covers the checkout's notes to the vendors nor the footer", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the popup is shown only with JS");
    await addToCart(page, "/category/tableware/DEMO-MERCHANT");
    await page.goto("/checkout");
    const popup = page.getByTestId("feedback-popup");
    await expect(popup).toBeVisible();
    const vendorNote = page.getByLabel("有田 青華窯への備考（任意）");
    // Wherever the shopper has scrolled to write the note, or to read the footer.
    for (const block of ["start", "center", "end"] as const) {
      await vendorNote.evaluate((node, where) => node.scrollIntoView({ block: where }), block);
      expect(await overlap(popup, vendorNote), `the note scrolled to the ${block}`).toBe(false);
    }
    await vendorNote.click();
    expect(await overlap(popup, vendorNote), "the note being typed in").toBe(false);
    const footer = page.locator("footer");
    for (const block of ["start", "center", "end"] as const) {
      await footer.evaluate((node, where) => node.scrollIntoView({ block: where }), block);
      expect(await overlap(popup, footer), `the footer scrolled to the ${block}`).toBe(false);
    }
  });
});
