import { expect, test, waitForHydration, type Page } from "./fixtures";

/**
 * First paint from the first round trip (issue 18): the production document carries the site's stylesheet
 * (UnoCSS utilities + base.css) inline in its head, so no stylesheet request blocks rendering — on the
 * first page, after client-side navigation and without JS. The Vite dev server (`dev` project) serves
 * styles its own way; there the pages must still be styled and hydrate cleanly. The fixtures fail a test
 * on any console error, hydration warnings included.
 */
const PAGES = ["/", "/category/living/DEMO-SIMPLE", "/category/kitchen", "/search?category=food", "/cart"];

const BRAND = "rgb(181, 50, 43)";

/** The page is drawn with the site's styles: UnoCSS utilities on the header and base.css's font. */
async function expectStyled(page: Page) {
  const header = page.locator("body > header");
  await expect(header).toHaveCSS("border-bottom-style", "solid");
  await expect(header.getByRole("link", { name: "ひなた市場" })).toHaveCSS("color", BRAND);
  await expect(page.locator("html")).toHaveCSS("font-family", /Hiragino Sans/);
}

test("the site's stylesheet travels inline in the document; no stylesheet request blocks the first paint", async ({ page, javaScriptEnabled }, testInfo) => {
  test.setTimeout(120_000);
  const dev = testInfo.project.name === "dev";
  const stylesheetRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheetRequests.push(request.url());
  });
  for (const path of PAGES) {
    const response = await page.goto(path);
    if (!dev) {
      const html = (await response?.text()) ?? "";
      const inline = /<style id="site-css">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
      expect(inline, `${path}: the inline site stylesheet`).toContain(".bg-brand{");
      expect(inline, `${path}: base.css inside it`).toContain(".price-slider");
      expect(html.indexOf('<style id="site-css">'), `${path}: in the head`).toBeLessThan(html.indexOf("</head>"));
      expect(html, `${path}: no stylesheet link`).not.toMatch(/<link[^>]+rel="stylesheet"/);
    }
    if (javaScriptEnabled) await waitForHydration(page);
    await expectStyled(page);
  }
  if (!dev) expect(stylesheetRequests).toEqual([]);
  if (!javaScriptEnabled) return;

  // A page the browser discovers after load (lazy route discovery) adds no stylesheet link either.
  await page.goto("/");
  await waitForHydration(page);
  await page.getByTestId("product-list").first().getByRole("link").first().click();
  await expect(page.getByTestId("product-main-image")).toBeVisible();
  await expectStyled(page);
  if (!dev) {
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    expect(stylesheetRequests).toEqual([]);
  }
});

test("the product photo is the page's first image request: in the HTML, high priority, sized, not lazy", async ({ page }) => {
  const response = await page.goto("/category/living/DEMO-SIMPLE");
  const html = (await response?.text()) ?? "";
  const tag = /<img[^>]+data-testid="product-main-image"[^>]*>/.exec(html)?.[0] ?? "";
  expect(tag).toContain('fetchpriority="high"');
  expect(tag).toMatch(/ width="\d+"/);
  expect(tag).toMatch(/ height="\d+"/);
  expect(tag).toMatch(/ sizes="[^"]*\(min-width: 640px\)/);
  expect(tag).not.toContain('loading="lazy"');
  // It comes before every other picture of the page.
  expect(html.indexOf("<img")).toBe(html.indexOf(tag));
});

test("listing pages load the first row's pictures at once, the first at high priority, and the rest lazily", async ({ page }) => {
  for (const path of ["/", "/category/kitchen", "/search?category=food"]) {
    await page.goto(path);
    const images = await page
      .getByTestId("product-list")
      .first()
      .locator("img")
      .evaluateAll((elements) => elements.map((image) => ({ loading: image.getAttribute("loading"), priority: image.getAttribute("fetchpriority") })));
    const loading = images.map((image) => image.loading);
    expect(loading.length, path).toBeGreaterThan(4);
    expect(loading.slice(0, 4), path).toEqual(["eager", "eager", "eager", "eager"]);
    expect(new Set(loading.slice(4)), path).toEqual(new Set(["lazy"]));
    expect(images.map((image) => image.priority).indexOf("high"), path).toBe(0);
    expect(
      images.filter((image) => image.priority === "high"),
      path,
    ).toHaveLength(1);
  }
});
