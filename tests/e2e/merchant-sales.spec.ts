import { readFile } from "node:fs/promises";
import { parseCsv } from "~/core/csv";
import { decodeJapaneseText } from "~/core/text-encoding";
import { expect, login, test } from "./fixtures";

/**
 * A merchant's own sales (issue 37), JS on and off, on a 390 px phone: the portal's summary shows parcels to
 * ship and this month's sales; 売上 in the merchant menu opens the daily chart with its table beside it and
 * the products sold; another period is read; the day table downloads as CSV (UTF-8 with BOM) and as Shift_JIS.
 */
test("a merchant reads its sales by day and product, picks a period and downloads the CSV", async ({ page }) => {
  await login(page, "merchant", "/", "/merchant");
  const summary = page.getByTestId("merchant-summary");
  await expect(summary.getByTestId("merchant-summary-to-ship")).toContainText(/\d+件/);
  await expect(summary.getByTestId("merchant-summary-month")).toContainText(/[\d,]+円/);

  await page.getByRole("navigation", { name: "出品者メニュー" }).getByRole("link", { name: "売上", exact: true }).click();
  await expect(page).toHaveURL("/merchant/sales");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("売上");
  await expect(page.getByRole("img", { name: "日別の売上（税込）" })).toBeVisible();
  const daily = page.getByTestId("merchant-sales-daily");
  await expect(daily.locator("tbody tr")).toHaveCount(30);
  await expect(page.getByTestId("merchant-sales-daily-total")).toContainText("合計");
  // The seed's orders of the last days hold the merchant's cheese; another merchant's goods never show.
  const products = page.getByTestId("merchant-sales-products");
  await expect(products).toContainText("チーズ");
  await expect(products).not.toContainText("DEMO-MERCHANT");
  const total = (await page.getByTestId("merchant-sales-totals").getByText(/円$/).textContent())!;
  // Readable on the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Another period, by the form (a GET: the same with JavaScript off).
  const to = await page.getByLabel("終了日").inputValue();
  const from = `${to.slice(0, 8)}01`;
  await page.getByLabel("開始日").fill(from);
  await page.getByRole("button", { name: "表示する" }).click();
  await expect(page).toHaveURL(`/merchant/sales?from=${from}&to=${to}`);
  await expect(daily.locator("tbody tr")).toHaveCount(Number(to.slice(8)));

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("merchant-sales-csv-day").click()]);
  expect(download.suggestedFilename()).toBe(`merchant-sales-day-${from}-${to}.csv`);
  const bytes = new Uint8Array(await readFile((await download.path())!));
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const records = parseCsv(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ""));
  expect(records[0]).toEqual(["日", "商品の売上（税込）", "数量", "注文数"]);
  expect(records).toHaveLength(Number(to.slice(8)) + 2);
  expect(records.at(-1)![0]).toBe("合計");

  const [sjis] = await Promise.all([page.waitForEvent("download"), page.getByTestId("merchant-sales-csv-day-sjis").click()]);
  expect(sjis.suggestedFilename()).toBe(`merchant-sales-day-${from}-${to}-sjis.csv`);
  expect(parseCsv(decodeJapaneseText(new Uint8Array(await readFile((await sjis.path())!))))).toEqual(records);
  expect(total).toMatch(/^[\d,]+円$/);
});

test("a period that cannot be read is refused in Japanese, the form kept", async ({ page }) => {
  await login(page, "merchant", "/merchant/sales?from=2026-11-10&to=2026-11-01", "/merchant/sales?from=2026-11-10&to=2026-11-01");
  await expect(page.getByTestId("merchant-sales-error")).toHaveText("開始日は終了日と同じか、それより前の日付にしてください。");
  await expect(page.getByLabel("開始日")).toHaveValue("2026-11-10");
});
