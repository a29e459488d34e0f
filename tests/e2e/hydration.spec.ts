import { addToCart, emptyCart, expect, login, test, waitForHydration, type Page } from "./fixtures";

/**
 * A tap before the page has hydrated must never be lost (issue: on a slow phone half the taps on
 * 「カートに入れる」 right after load did nothing). Until hydration the server's HTML is a working no-JS page:
 * every control submits its plain form. What lost the taps was hydration moving the controls under the
 * finger (a no-JS-only button above them went away), so: hydration moves no control, on any page.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "hydration happens only with JS");

type Placed = { key: string; x: number; y: number; width: number };

/**
 * Every visible control of the header and the page's content, in document order, with where it is. (The
 * footer may move: JS-only extras such as the checkout's survey popup are added after the content.)
 */
async function controls(page: Page): Promise<Placed[]> {
  return page.locator("body").evaluate((body) => {
    const seen = new Map<string, number>();
    const selector = ["a[href]", "button", "input:not([type=hidden])", "select", "textarea", "summary"].flatMap((control) => [
      `body > header ${control}`,
      `main ${control}`,
    ]);
    return [...body.querySelectorAll(selector.join(", "))].flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return [];
      // A named button is told apart by its value too: the buttons of one form share the name `intent`.
      const named = element.getAttribute("name");
      const value = element.tagName === "BUTTON" ? element.getAttribute("value") : null;
      const name = (element.getAttribute("aria-label") ?? (named && value ? `${named}=${value}` : named) ?? element.textContent ?? "").trim().slice(0, 40);
      const base = `${element.tagName.toLowerCase()} ${name}`;
      const index = seen.get(base) ?? 0;
      seen.set(base, index + 1);
      return [{ key: `${base} #${index}`, x: Math.round(box.left + scrollX), y: Math.round(box.top + scrollY), width: Math.round(box.width) }];
    });
  });
}

/** The controls that hydration moved (by more than a pixel), as "key: (x,y) → (x,y)". */
async function movedByHydration(page: Page, path: string): Promise<string[]> {
  // The server's page as the browser shows it before the scripts have run (they arrive empty), in a tab of
  // its own: emptying this tab's scripts would also empty the code its current page is still loading (an
  // island's, after a client navigation), which then breaks that page.
  const bare = await page.context().newPage();
  await bare.route(/\.js(\?|$)/, (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
  await bare.goto(path);
  const before = await controls(bare);
  await bare.close();
  await page.goto(path);
  await waitForHydration(page);
  const after = new Map((await controls(page)).map((control) => [control.key, control]));
  return before.flatMap((control) => {
    const now = after.get(control.key);
    if (!now || (Math.abs(now.x - control.x) <= 1 && Math.abs(now.y - control.y) <= 1)) return [];
    return [`${path} ${control.key}: (${control.x},${control.y}) → (${now.x},${now.y})`];
  });
}

async function expectStableHydration(page: Page, paths: string[]) {
  const moved: string[] = [];
  for (const path of paths) moved.push(...(await movedByHydration(page, path)));
  expect(moved).toEqual([]);
}

test("hydration moves no control on the shop's pages", async ({ page }) => {
  test.setTimeout(90_000);
  await expectStableHydration(page, [
    "/",
    "/search?q=タオル",
    "/category/living/DEMO-SIMPLE",
    "/category/living/DEMO-VARIATION",
    "/category/kitchen/DEMO-OPTIONS",
    "/category/food/DEMO-SOLDOUT",
    "/login",
    "/user/register",
  ]);
  await page.goto("/category/living/DEMO-SIMPLE");
  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByTestId("product-notice")).toHaveText("カートに追加しました。");
  await expectStableHydration(page, ["/cart", "/checkout"]);
});

test("hydration moves no control on the member's pages", async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, "member", "/user");
  await expectStableHydration(page, ["/user", "/user/mails", "/user/orders", "/user/profile/addresses", "/user/support", "/user/subscriptions"]);
  await page.goto("/category/living/DEMO-SIMPLE");
  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByTestId("product-notice")).toHaveText("カートに追加しました。");
  // (The member's checkout still swaps its saved-address radio list and new-address form for a summary
  // and a modal at hydration: to be made stable with the checkout's address rework.)
  await expectStableHydration(page, ["/cart"]);

  await emptyCart(page); // the member's cart is shared by the specs
});

test("taps on 「カートに入れる」 around hydration on a slow phone all add to the cart", async ({ page }) => {
  test.setTimeout(90_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const button = page.getByRole("button", { name: "カートに入れる" });
  let added = 0;
  const expectAdded = async () => {
    added += 1;
    // The plain form post (before hydration) or the fetcher (after): either way the cart has it.
    await expect(page.getByTestId("product-notice")).toHaveText("カートに追加しました。");
    await expect(page.getByTestId("cart-badge")).toHaveText(String(added));
  };

  // A finger aims at the button the server's page shows and lands once the page has hydrated.
  for (let tap = 1; tap <= 3; tap++) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/entry\.client[^/]*\.js/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/category/living/DEMO-SIMPLE", { waitUntil: "domcontentloaded" });
    await button.scrollIntoViewIfNeeded();
    const aimed = (await button.boundingBox())!;
    release();
    await waitForHydration(page);
    await page.unroute(/entry\.client[^/]*\.js/);
    await page.mouse.click(aimed.x + aimed.width / 2, aimed.y + aimed.height / 2);
    await expectAdded();
  }

  // Taps right after load, whatever hydration is doing at that moment.
  for (let tap = 1; tap <= 5; tap++) {
    await page.goto("/category/living/DEMO-SIMPLE", { waitUntil: "load" });
    await button.click();
    await expectAdded();
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});

test("a checkout box ticked before hydration keeps its meaning once the page hydrates", async ({ page }) => {
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/entry\.client[^/]*\.js/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/checkout", { waitUntil: "domcontentloaded" });
  const recipient = page.getByRole("region", { name: "お届け先" });
  // Ticked on the server's page; the recipient's name fields are still there until scripts run.
  await recipient.getByRole("checkbox", { name: /ご注文者と同じ/ }).check();
  release();
  await waitForHydration(page);
  await page.unroute(/entry\.client[^/]*\.js/);
  await expect(recipient.getByRole("checkbox", { name: /ご注文者と同じ/ })).toBeChecked();
  await expect(recipient.getByRole("textbox", { name: "姓", exact: true })).toHaveCount(0);
});

/** Holds the browser entry back until the returned function is called: the page stays the server's HTML. */
async function holdHydration(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/entry\.client[^/]*\.js/, async (route) => {
    await held;
    await route.continue();
  });
  return async () => {
    release();
    await waitForHydration(page);
    await page.unroute(/entry\.client[^/]*\.js/);
  };
}

test("what is typed and ticked on the checkout before hydration is what the page goes on with", async ({ page }) => {
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  const hydrate = await holdHydration(page);
  await page.goto("/checkout", { waitUntil: "domcontentloaded" });
  const buyer = page.getByRole("region", { name: "ご注文者情報" });
  const recipient = page.getByRole("region", { name: "お届け先" });
  await buyer.getByRole("textbox", { name: "メールアドレス" }).pressSequentially("early@example.jp");
  await buyer.getByRole("textbox", { name: "姓", exact: true }).pressSequentially("佐藤");
  await buyer.getByRole("checkbox", { name: /この情報で会員登録する/ }).uncheck();
  await recipient.getByRole("textbox", { name: /郵便番号/ }).pressSequentially("1000001");
  await hydrate();

  await expect(buyer.getByRole("textbox", { name: "メールアドレス" })).toHaveValue("early@example.jp");
  await expect(buyer.getByRole("textbox", { name: "姓", exact: true })).toHaveValue("佐藤");
  // Not registering: no password to choose, the benefits instead.
  await expect(buyer.getByRole("checkbox", { name: /この情報で会員登録する/ })).not.toBeChecked();
  await expect(buyer.getByLabel(/^パスワード/)).toBeHidden();
  await expect(buyer.getByTestId("registration-benefits")).toBeVisible();
  // The postal code typed early is looked up as if typed now.
  await expect(recipient.getByRole("textbox", { name: /市区町村/ })).toHaveValue("千代田区");
});

test("typing while the checkout hydrates on a slow phone never breaks hydration", async ({ page }) => {
  test.setTimeout(150_000);
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  // The page's code comes over the network each time, as on a first visit (React hydrates while it arrives).
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const buyer = page.getByRole("region", { name: "ご注文者情報" });
  const recipient = page.getByRole("region", { name: "お届け先" });
  for (let load = 1; load <= 5; load++) {
    await page.goto("/checkout", { waitUntil: "domcontentloaded" });
    // Keys land before, during and after the root hydrates.
    await buyer.getByRole("textbox", { name: "メールアドレス" }).pressSequentially(`typing${load}@example.jp`);
    await buyer.getByRole("textbox", { name: "姓", exact: true }).pressSequentially("sato");
    await recipient.getByRole("textbox", { name: /郵便番号/ }).pressSequentially("1000001");
    await waitForHydration(page, 30_000);
    await expect(buyer.getByRole("textbox", { name: "メールアドレス" })).toHaveValue(`typing${load}@example.jp`);
    await expect(recipient.getByRole("textbox", { name: /市区町村/ })).toHaveValue("千代田区");
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});

test("text typed into the shop's pages before they hydrate stays, and they hydrate", async ({ page }) => {
  test.setTimeout(120_000);
  const paths = ["/", "/search?q=タオル", "/category/living/DEMO-SIMPLE", "/login", "/user/register", "/order-lookup", "/user/support"];
  for (const path of paths) {
    const hydrate = await holdHydration(page);
    await page.goto(path, { waitUntil: "domcontentloaded" });
    const search = page.getByRole("banner").getByRole("searchbox");
    await search.clear();
    await search.pressSequentially("急須");
    // The page's own first text field, if it has one.
    const field = page.locator("main").locator('input[type="text"], input[type="email"], input:not([type]), textarea').first();
    const typed = (await field.count()) > 0 && (await field.isVisible()) ? "てすと" : null;
    if (typed) await field.pressSequentially(typed);
    await hydrate();
    await expect(search, path).toHaveValue("急須");
    if (typed) await expect(field, path).toHaveValue(typed);
  }
});
