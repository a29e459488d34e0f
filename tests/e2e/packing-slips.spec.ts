/**
 * 納品書 (issue 38 item 5), JS on and off: staff open a parcel's slip from its order and print several ticked
 * on the order list (each on a page of its own when printed, without the site's header or the controls);
 * a gift order's slip shows no price; a merchant opens its own parcel's slip — with itself as the sender —
 * and not another merchant's.
 */
import { PACKING_SLIP_TEXT } from "~/core/orders/packing-slip";
import { expect, login, test, type Page } from "./fixtures";

/** The seed's 代金引換 order 7: warehouse parcel 9, 十勝しあわせ牧場's 10, 有田 青華窯's 11. The member's order 4 (parcel 5) is gift-wrapped. */
const COD_ORDER = 7;

/** On paper only the slips show, one A4 page each. */
async function expectPrintsSlipsOnly(page: Page) {
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("slip-count")).toBeHidden();
  await expect(page.locator("body > header")).toBeHidden();
  const slips = page.getByTestId("packing-slip");
  await expect(slips.first()).toBeVisible();
  const count = await slips.count();
  if (count > 1) expect(await slips.first().evaluate((slip) => getComputedStyle(slip).breakAfter)).toBe("page");
  await page.emulateMedia({ media: "screen" });
}

test("staff print a parcel's slip from its order and several ticked on the order list", async ({ page, javaScriptEnabled }) => {
  await login(page, "staff", `/crm/orders/${COD_ORDER}`);
  await page.locator('[data-testid="desk-shipment"][data-shipment="9"]').getByTestId("desk-packing-slip").click();
  await expect(page).toHaveURL("/crm/orders/slips?shipment=9");
  const slip = page.getByTestId("packing-slip");
  await expect(slip).toHaveCount(1);
  await expect(slip.getByRole("heading", { name: "納品書" })).toBeVisible();
  await expect(slip.getByTestId("slip-sender")).toContainText("ひなた市場");
  await expect(slip.getByTestId("slip-items")).toContainText("DRINK-BEANS");
  await expect(slip.getByTestId("slip-subtotal")).toHaveText(/^[\d,]+円$/);
  await expect(page.getByTestId("slip-print")).toHaveCount(javaScriptEnabled ? 1 : 0);
  await expectPrintsSlipsOnly(page);

  // The list: tick the order's parcels and print them together.
  await page.goto("/crm/orders");
  const row = page.getByTestId("desk-order-row").filter({ has: page.locator(`a[href="/crm/orders/${COD_ORDER}"]`) });
  const checks = row.getByTestId("desk-slip-check");
  const ticked = await checks.count();
  expect(ticked).toBeGreaterThanOrEqual(2);
  for (let index = 0; index < ticked; index++) await checks.nth(index).check();
  await page.getByTestId("desk-slips-selected").click();
  await expect(page).toHaveURL(/\/crm\/orders\/slips\?selected=1(&shipment=\d+)+$/);
  const slips = page.getByTestId("packing-slip");
  await expect(slips).toHaveCount(ticked);
  await expect(page.getByTestId("slip-count")).toHaveText(`${ticked}件の荷物`);
  await expect(slips.filter({ has: page.getByTestId("slip-sender").filter({ hasText: "有限会社十勝しあわせ牧場" }) })).toHaveCount(1);
  await expectPrintsSlipsOnly(page);

  // This page's parcels waiting to ship, from the list's toolbar.
  await page.getByRole("link", { name: "注文一覧へ戻る" }).click();
  await page.getByTestId("desk-slips-page").click();
  await expect(page).toHaveURL("/crm/orders/slips");
  await expect(page.getByTestId("slip-count")).toBeVisible();

  // A gift order's slip names no price at all.
  await page.goto("/crm/orders/slips?shipment=5");
  await expect(page.getByTestId("slip-gift-note")).toHaveText(PACKING_SLIP_TEXT.giftNote);
  await expect(page.getByTestId("packing-slip")).not.toContainText("円");
  await expect(page.getByTestId("packing-slip")).toContainText("ギフト包装");
});

test("a merchant prints its own parcel's slip, sent by itself, and not another merchant's", async ({ page }) => {
  await login(page, "merchant", "/merchant/shipments/10");
  await page.getByTestId("merchant-packing-slip").click();
  await expect(page).toHaveURL("/merchant/slips?shipment=10");
  const slip = page.getByTestId("packing-slip");
  await expect(slip).toHaveCount(1);
  await expect(slip.getByTestId("slip-sender")).toContainText("有限会社十勝しあわせ牧場");
  await expect(slip.getByTestId("slip-sender")).toContainText("〒080-0341");
  await expect(slip.getByTestId("slip-items")).toContainText("FOOD-CHEESE");
  await expectPrintsSlipsOnly(page);
  await page.getByRole("link", { name: "配送へ戻る" }).click();
  await expect(page).toHaveURL("/merchant/shipments/10");

  const response = await page.goto("/merchant/slips?shipment=11");
  expect(response?.status()).toBe(404);
  await expect(page.getByText(PACKING_SLIP_TEXT.notFound)).toBeVisible();
});
