import { expect, type test as playwrightTest } from "@playwright/test";

const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * Any console error (a hydration warning included) or uncaught page error fails each test of the file.
 * A form its action refuses answers 4xx by design (400 invalid, 404 unknown coupon, 409 conflict) and the
 * browser logs that as a failed resource: those lines, for the page's own POSTs, are the only ones allowed.
 */
export function failOnConsoleErrors(test: typeof playwrightTest) {
  let logged: { text: string; url: string }[] = [];
  let refusedPosts = new Set<string>();
  test.beforeEach(({ page }) => {
    logged = [];
    refusedPosts = new Set();
    page.on("response", (response) => {
      if (response.request().method() === "POST" && response.status() >= 400 && response.status() < 500) refusedPosts.add(response.url());
    });
    page.on("console", (message) => {
      if (message.type() === "error") logged.push({ text: message.text(), url: message.location().url });
    });
    page.on("pageerror", (error) => logged.push({ text: error.message, url: "" }));
  });
  test.afterEach(() => {
    const errors = logged.filter(({ text, url }) => !(FAILED_RESOURCE.test(text) && refusedPosts.has(url))).map(({ text }) => text);
    expect(errors).toEqual([]);
  });
}
