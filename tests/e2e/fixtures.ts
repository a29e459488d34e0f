/**
 * What every browser spec imports instead of @playwright/test: `test` fails a test when any page it opened
 * logged a console error (React's hydration warnings included), threw an uncaught error or got a 5xx
 * answer, and `login` signs a demo account in through the login form.
 *
 * Not the page's errors, and so not counted (each pattern is narrow on purpose):
 * - "Failed to load resource: … status of 4xx" for a document or a file: the browser's line for every 4xx
 *   answer, and the shop answers 4xx on purpose (an unknown page). Not for Remix's data requests (`*.data`,
 *   fetchers and client navigations): those answer an expected refusal with 200 (web/site/data-request-status),
 *   so a 4xx there is an error. A 5xx always counts.
 * - "AbortError: BodyStreamBuffer was aborted" / "AbortError: signal is aborted without reason": Remix logs
 *   the answer of a fetcher that a newer submit of the same fetcher cancelled (the product page re-prices on
 *   every change; the latest wins). Chromium words it the first way when the answer was streaming, the
 *   second when it had not begun.
 * - React's development warning that RemixBrowser was updated before it mounted: a tap that lands while
 *   the page is still hydrating, which the app handles (tests/e2e/hydration.spec.ts); the dev server only.
 *
 * A test that makes something fail on purpose (a request it cuts off or answers 500) names what that logs
 * with `expectProblems(pattern, …)`: each pattern must then be seen at least once, and only what they match is
 * not counted.
 *
 * With JavaScript on, `page.goto` and `page.reload` return once the page has hydrated: React hydrates after
 * the `load` event can fire, and "loaded" is not "its code runs", which is what the js project tests. What a
 * shopper can do before the code runs is the no-js project's; a test that names its moment (`waitUntil`, as
 * the hydration spec's taps during hydration do) gets that moment.
 */
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";

export { expect };
export type { Locator, Page, TestInfo } from "@playwright/test";

const NOT_THE_PAGES_ERRORS = [
  /^AbortError: (BodyStreamBuffer was aborted|signal is aborted without reason)/,
  /^Warning: Can't perform a React state update on a component that hasn't mounted yet\.[\s\S]*\bat RemixBrowser\b/,
];

/** The browser's line for a 4xx answer to a document or file; a data request (`*.data`) never answers 4xx. */
function isExpectedRefusalLine(text: string, url: string): boolean {
  return /^Failed to load resource: the server responded with a status of 4\d\d/.test(text) && !/\.data(\?|$)/.test(url);
}

/**
 * Waits until the page has hydrated (`<html data-hydrated>`, set by the app), so a hydration error is seen
 * before the test moves on. Pages without the app (a plain-text 404, a JSON answer) never get the mark.
 */
export async function waitForHydration(page: Page, timeout = 10_000): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout });
}

/** Makes the page's `goto` and `reload` return once the page has hydrated (see above), unless given `waitUntil`. */
function gotoWaitsForHydration(page: Page): void {
  const [goto, reload] = [page.goto.bind(page), page.reload.bind(page)];
  const hydrated = async (response: Awaited<ReturnType<Page["goto"]>>) => {
    if (response?.headers()["content-type"]?.startsWith("text/html")) await waitForHydration(page).catch(() => undefined);
    return response;
  };
  page.goto = async (url, options) => (options?.waitUntil ? goto(url, options) : hydrated(await goto(url, options)));
  page.reload = async (options) => (options?.waitUntil ? reload(options) : hydrated(await reload(options)));
}

/** Collects what went wrong in a context's pages, to fail the test with at its end. */
function watchConsole(context: BrowserContext, problems: string[]): void {
  context.on("console", (message) => {
    if (message.type() !== "error" || NOT_THE_PAGES_ERRORS.some((pattern) => pattern.test(message.text()))) return;
    if (isExpectedRefusalLine(message.text(), message.location().url)) return;
    const where = message.location().url;
    problems.push(`console error${where ? ` (${where})` : ""}: ${message.text()}`);
  });
  context.on("weberror", (error) => {
    const where = error.page()?.url();
    problems.push(`uncaught error${where ? ` (${where})` : ""}: ${error.error().message}`);
  });
  context.on("response", (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} from ${response.request().method()} ${response.url()}`);
  });
}

/** A second browser (another person), with the project's settings, watched like the page's own. */
export type OpenContext = (options?: BrowserContextOptions) => Promise<BrowserContext>;

type Fixtures = {
  /** Problems seen in any watched context during the test (checked after the test body). */
  consoleProblems: string[];
  /** What the test expects to go wrong (see expectProblems). */
  expectedProblems: RegExp[];
  /**
   * Declares problems the test causes on purpose (a request it fails): each pattern must match at least one
   * logged problem, and the problems they match are not counted. Keep the patterns narrow.
   */
  expectProblems: (...patterns: RegExp[]) => void;
  openContext: OpenContext;
};

// Playwright calls a fixture's second argument `use`; it is named `provide` here (React's lint rules
// would read `use(...)` as a hook).
export const test = base.extend<Fixtures>({
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled) gotoWaitsForHydration(page);
    await provide(page);
  },
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  expectedProblems: async ({}, provide) => {
    await provide([]);
  },
  expectProblems: async ({ expectedProblems }, provide) => {
    await provide((...patterns) => expectedProblems.push(...patterns));
  },
  consoleProblems: [
    async ({ context, page: _page, javaScriptEnabled, expectedProblems }, provide) => {
      const problems: string[] = [];
      watchConsole(context, problems);
      await provide(problems);
      // The last page of a test is often checked before it hydrates: let it finish, to hear its errors.
      if (javaScriptEnabled) {
        await Promise.all(context.pages().map((page) => waitForHydration(page, 5_000).catch(() => undefined)));
      }
      const unseen = expectedProblems.filter((pattern) => !problems.some((problem) => pattern.test(problem)));
      expect(unseen, "the problems the test expected were not seen").toEqual([]);
      const unexpected = problems.filter((problem) => !expectedProblems.some((pattern) => pattern.test(problem)));
      expect(unexpected, "the pages logged errors").toEqual([]);
    },
    { auto: true },
  ],
  openContext: async ({ browser, consoleProblems, contextOptions, baseURL, javaScriptEnabled, locale, timezoneId, viewport }, provide) => {
    const opened: BrowserContext[] = [];
    await provide(async (options = {}) => {
      const context = await browser.newContext({ ...contextOptions, baseURL, javaScriptEnabled, locale, timezoneId, viewport, ...options });
      watchConsole(context, consoleProblems);
      if (options.javaScriptEnabled ?? javaScriptEnabled) context.on("page", gotoWaitsForHydration);
      opened.push(context);
      return context;
    });
    await Promise.all(opened.map((context) => context.close()));
  },
});

/** The seeded demo accounts (all with the password below). */
/**
 * A test whose outcome cannot depend on the page's JavaScript (HTTP headers, caching, byte budgets, a
 * scheduled job read on the server): `test(title, HTTP_ONLY, body)` runs it in the "js" project only
 * (playwright.config.ts), not a second time without JavaScript.
 */
export const HTTP_ONLY = { tag: "@http-only" };

export const DEMO_ACCOUNTS = {
  member: "member@example.jp",
  other: "other@example.jp",
  staff: "staff@example.jp",
  colleague: "staff2@example.jp",
  trainee: "staff3@example.jp",
  owner: "owner@example.jp",
  merchant: "merchant@example.jp",
  otherMerchant: "merchant2@example.jp",
} as const;
export const DEMO_PASSWORD = "password1234";

/** Fills and submits the login form on the current page. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel(/^パスワード/).fill(password);
  await page.getByRole("button", { name: "ログインする" }).click();
}

/**
 * A cart row's 削除, which asks to confirm: a link with JS, a button of the cart's one form without JS (so
 * the 備考 typed are kept on the way).
 */
export function cartRowRemove(row: Locator): Locator {
  return row.getByRole("link", { name: "削除", exact: true }).or(row.getByRole("button", { name: "削除", exact: true }));
}

/** Empties the cart of whoever is signed in (demo accounts are shared by the specs), taking off a coupon. */
export async function emptyCart(page: Page): Promise<void> {
  await page.goto("/cart");
  if ((await page.getByTestId("applied-coupon").count()) > 0) {
    await page.getByRole("button", { name: "取り消す" }).click();
    await expect(page.getByTestId("applied-coupon")).toHaveCount(0);
  }
  while ((await page.getByTestId("cart-line").count()) > 0) {
    await cartRowRemove(page.getByTestId("cart-line").first()).click();
    await page.getByRole("button", { name: "削除する" }).click();
    await expect(page.getByText("この商品をカートから削除しますか？")).toHaveCount(0);
  }
  await expect(page.getByTestId("cart-empty")).toBeVisible();
}

/**
 * Logs a demo account in through /login, asking to come back to `redirectTo`, and waits until the browser
 * is on `landsOn` (staff asking for /crm land on /crm/tickets).
 */
export async function login(page: Page, who: keyof typeof DEMO_ACCOUNTS, redirectTo = "/", landsOn = redirectTo): Promise<void> {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await submitLogin(page, DEMO_ACCOUNTS[who], DEMO_PASSWORD);
  await expect(page).toHaveURL(landsOn);
  // The landing page is a new document: a tap on an island before the root has hydrated can make React 18.3
  // log "Root did not complete" (#345), so the test's next step waits as after `page.goto`.
  if (test.info().project.use.javaScriptEnabled !== false) await waitForHydration(page);
}

/** A member a spec registers for itself: the registration form's fields. */
export interface NewMember {
  email: string;
  password: string;
  lastname: string;
  firstname: string;
  /** The readings, in katakana. */
  lastnameKana: string;
  firstnameKana: string;
  /** Tick メールマガジンを受け取る (it starts unticked: the shopper opts in). */
  newsletter?: boolean;
}

/** Fills /user/register's form and sends it. */
export async function submitRegistration(page: Page, member: NewMember): Promise<void> {
  await page.goto("/user/register");
  await page.getByLabel("メールアドレス").fill(member.email);
  await page.getByLabel(/^パスワード/).fill(member.password);
  await page.getByRole("textbox", { name: "姓", exact: true }).fill(member.lastname);
  await page.getByRole("textbox", { name: "名", exact: true }).fill(member.firstname);
  await page.getByRole("textbox", { name: "セイ（カタカナ）" }).fill(member.lastnameKana);
  await page.getByRole("textbox", { name: "メイ（カタカナ）" }).fill(member.firstnameKana);
  if (member.newsletter) await page.getByRole("checkbox", { name: /メールマガジンを受け取る/ }).check();
  await page.getByRole("checkbox", { name: /会員規約/ }).check();
  await page.getByRole("button", { name: "会員登録する" }).click();
}

/**
 * Registers a new member and logs them in. Registering signs nobody in (the answer is the same for an
 * address that already has an account, issue 34): the page says a mail was sent, and its 「ログインする」
 * leads to the login form, which brings the member back to the home page.
 */
export async function registerAndLogIn(page: Page, member: NewMember): Promise<void> {
  await submitRegistration(page, member);
  await expect(page.getByTestId("member-notice")).toContainText("会員登録のお申し込みを受け付けました。");
  await page.getByTestId("registered-login").click();
  await submitLogin(page, member.email, member.password);
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: `${member.lastname}様` })).toBeVisible();
  if (test.info().project.use.javaScriptEnabled !== false) await waitForHydration(page);
}

/** Opens a product page and adds it to the cart with its default choices (JS on or off). */
export async function addToCart(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole("button", { name: "カートに入れる" }).click();
  await expect(page.getByTestId("product-notice")).toHaveText("カートに追加しました。");
}

/** The demo member logs in, with an empty cart. */
export async function memberWithEmptyCart(page: Page): Promise<void> {
  await login(page, "member");
  await emptyCart(page);
}

/** What a request cut off by the network logs (the shopper's browser says the same). */
export const CUT_OFF = /^console error .*Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/;

/** Cuts off the posts to `path` (single fetch: `path.data`) until the returned function is called. */
export async function cutOff(page: Page, path: string, method = "POST"): Promise<() => Promise<void>> {
  const pattern = new RegExp(`${path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\.data(\\?|$)`);
  await page.route(pattern, (route) => (route.request().method() === method ? route.abort() : route.fallback()));
  return () => page.unroute(pattern);
}
