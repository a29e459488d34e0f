/**
 * Pages that belong to one visitor — the member area, the cart, the checkout, the staff desk and the
 * merchant portal, and their single-fetch data — tell every cache not to keep them (docs/security.md
 * "Caching"): `Cache-Control: private, no-store`. The catalogue pages keep their own (edge-cached) policy.
 */
import { expect, login, test, HTTP_ONLY } from "./fixtures";

test("member, cart, checkout and staff pages and their data are sent with private, no-store", HTTP_ONLY, async ({ page, openContext }) => {
  await login(page, "member");
  for (const path of ["/user", "/user.data", "/user/orders", "/user/orders.data", "/cart", "/cart.data", "/checkout", "/checkout.data"]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeLessThan(400);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
  const staff = await (await openContext()).newPage();
  await login(staff, "staff", "/crm/tickets");
  for (const path of ["/crm/tickets", "/crm/tickets.data", "/crm/orders", "/crm/orders.data"]) {
    const response = await staff.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
  const merchant = await (await openContext()).newPage();
  await login(merchant, "merchant", "/merchant", "/merchant");
  const portal = await merchant.request.get("/merchant");
  expect(portal.headers()["cache-control"]).toBe("private, no-store");
  // A catalogue page is not one of them.
  expect((await page.request.get("/"))?.headers()["cache-control"] ?? "").not.toContain("private");
});
