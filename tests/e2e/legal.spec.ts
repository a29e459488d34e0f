import { addToCart, expect, test, type Page } from "./fixtures";

/**
 * The legal and guide pages (issue 15.7), JS on and off on a phone-sized screen: every page is reachable
 * from the home page's footer and from the checkout's final confirmation, has its title and headings and
 * fits the screen; registration links the terms and the privacy policy; and, as the privacy policy's
 * 外部送信 notice says, no page makes the browser contact another site.
 */

const PAGES = [
  {
    link: "ご利用ガイド",
    path: "/guide",
    heading: "ご利用ガイド",
    sections: ["送料", "お支払い方法", "お届けについて", "ギフトラッピング", "ポイント", "返品・交換・キャンセルについて", "よくあるご質問"],
  },
  {
    link: "特定商取引法に基づく表記",
    path: "/legal/tokushoho",
    heading: "特定商取引法に基づく表記",
    sections: ["事業者の情報", "販売条件", "返品・交換・キャンセルについて"],
  },
  {
    link: "プライバシーポリシー",
    path: "/privacy",
    heading: "プライバシーポリシー",
    sections: ["1. 取得する情報", "3. 保存期間と退会時の取り扱い", "7. Cookie等の利用", "8. 外部送信について（電気通信事業法に基づく公表事項）"],
  },
  { link: "利用規約", path: "/terms", heading: "利用規約（会員規約）", sections: ["第1条（適用）", "第6条（返品・キャンセル）"] },
] as const;

/** The page shows its document: <title>, one h1, its main sections as h2, nothing wider than the screen. */
async function expectLegalPage(page: Page, expected: (typeof PAGES)[number]) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(expected.heading);
  await expect(page).toHaveTitle(`${expected.link} | ひなた市場`);
  for (const section of expected.sections) await expect(page.getByRole("heading", { level: 2, name: section, exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

function footer(page: Page) {
  return page.getByRole("contentinfo").getByRole("navigation", { name: "ご利用案内" });
}

for (const expected of PAGES) {
  test(`${expected.link} is linked from the home page's footer`, async ({ page }) => {
    await page.goto("/");
    await footer(page).getByRole("link", { name: expected.link, exact: true }).click();
    await expect(page).toHaveURL(expected.path);
    await expectLegalPage(page, expected);
    // Every page's footer lists it, the legal pages' own too.
    await expect(footer(page).getByRole("link", { name: expected.link, exact: true })).toHaveAttribute("href", expected.path);
  });
}

/** Clicks a link that opens in a new tab and answers that tab, loaded. */
async function openInNewTab(page: Page, name: string): Promise<Page> {
  const link = page.getByTestId("order-legal-notice").getByRole("link", { name });
  await expect(link).toHaveAttribute("target", "_blank");
  const [tab] = await Promise.all([page.waitForEvent("popup"), link.click()]);
  await tab.waitForLoadState();
  return tab;
}

test("the checkout's final confirmation states the terms and links the legal pages, in a new tab", async ({ page }) => {
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  await page.goto("/cart");
  await page.getByRole("button", { name: "ご購入手続きへ" }).click();
  await expect(page).toHaveURL("/checkout");
  const notice = page.getByTestId("order-legal-notice");
  await expect(notice).toContainText("「注文を確定する」を押すとご注文が確定します。");
  await expect(notice).toContainText("発送前のご注文はキャンセルを承ります");
  // It sits with the order button, after it.
  const button = await page.getByTestId("place-order").boundingBox();
  const box = await notice.boundingBox();
  expect(box!.y).toBeGreaterThan(button!.y);

  const tokushoho = await openInNewTab(page, "特定商取引法に基づく表記");
  await expect(tokushoho).toHaveURL("/legal/tokushoho");
  await expectLegalPage(tokushoho, PAGES[1]);

  const returns = await openInNewTab(page, "返品・キャンセルについて");
  await expect(returns).toHaveURL("/legal/tokushoho#returns");
  await expect(returns.getByRole("heading", { level: 2, name: "返品・交換・キャンセルについて" })).toBeInViewport();

  const privacy = await openInNewTab(page, "プライバシーポリシー");
  await expect(privacy).toHaveURL("/privacy");
  await expectLegalPage(privacy, PAGES[2]);

  // The checkout itself stayed where it was.
  await expect(page).toHaveURL("/checkout");
});

test("registration links the terms and the privacy policy, in a new tab", async ({ page }) => {
  await page.goto("/user/register");
  const form = page.locator("main form");
  const terms = form.getByRole("link", { name: "利用規約（会員規約）" });
  await expect(terms).toHaveAttribute("target", "_blank");
  const privacy = form.getByRole("link", { name: "プライバシーポリシー" });
  await expect(privacy).toHaveAttribute("target", "_blank");
  const [tab] = await Promise.all([page.waitForEvent("popup"), privacy.click()]);
  await tab.waitForLoadState();
  await expectLegalPage(tab, PAGES[2]);
  const [termsTab] = await Promise.all([page.waitForEvent("popup"), terms.click()]);
  await termsTab.waitForLoadState();
  await expect(termsTab.getByRole("heading", { level: 1 })).toHaveText("利用規約（会員規約）");
});

test("no page makes the browser contact another site (the privacy policy's 外部送信 notice)", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.protocol !== "blob:" && url.origin !== origin) elsewhere.push(request.url());
  });
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  for (const path of ["/", "/search?q=%E3%81%8A%E8%8C%B6", "/cart", "/checkout", "/user/register", "/login", ...PAGES.map((expected) => expected.path)]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(elsewhere).toEqual([]);
});
