import { BACK_OFFICE_FIRST_LOAD_BUDGET, kilobytes, measureFirstLoadJs, SHOPPER_FIRST_LOAD_BUDGET } from "../../scripts/lib/first-load-js";
import { routeFirstLoads } from "../../scripts/lib/route-first-load";
import { addToCart, expect, HTTP_ONLY, login, test } from "./fixtures";

/**
 * Issue 35's budgets, on the production build as `npm run bench` reports them (docs/architecture.md): a
 * shopper page fetches at most 90 KB gzip of JavaScript before it is usable (its root hydrated, taps reach
 * the app), counted in the browser; the code of its islands (decision 0024) comes after. Staff and merchant
 * pages may load up to 150 KB, and load it all at once.
 */
const SHOP_PAGES = [
  "/",
  "/category/living/DEMO-SIMPLE",
  "/search?category=food&priceMin=1000&priceMax=5000",
  "/category/kitchen",
  "/cart",
  "/checkout",
  "/order-lookup",
  "/login",
];
const MEMBER_PAGES = ["/user", "/user/orders", "/user/orders/4", "/user/profile", "/user/profile/addresses", "/user/points", "/user/support", "/user/mails"];

test("a shopper page fetches at most 90 KB gzip of JavaScript before it is usable", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "measured as the browser runs the page's scripts");
  test.setTimeout(120_000);
  // The cart and the checkout show their rows (an empty cart sends the checkout back to the cart).
  await addToCart(page, "/category/living/DEMO-SIMPLE");
  const measure = async (path: string) => {
    const figures = await measureFirstLoadJs(page, path);
    expect(figures.beforeUsableFiles, `${path}: scripts fetched before usable`).toBeGreaterThan(0);
    expect(figures.beforeUsable, `${path}: ${kilobytes(figures.beforeUsable)} gzip before usable`).toBeLessThanOrEqual(SHOPPER_FIRST_LOAD_BUDGET);
  };
  for (const path of SHOP_PAGES) await measure(path);
  await login(page, "member", "/user");
  for (const path of MEMBER_PAGES) await measure(path);
});

test("every route's own scripts stay within its budget: 90 KB for the shop, 150 KB for /crm and /merchant", HTTP_ONLY, () => {
  const backOffice = /^routes\/(crm|merchant|dev)[._]/;
  for (const route of routeFirstLoads()) {
    const budget = backOffice.test(route.routeId) ? BACK_OFFICE_FIRST_LOAD_BUDGET : SHOPPER_FIRST_LOAD_BUDGET;
    expect(route.bytes, `${route.routeId}: ${kilobytes(route.bytes)} gzip`).toBeLessThanOrEqual(budget);
  }
});
