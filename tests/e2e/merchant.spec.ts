/**
 * Parcels leave the shop (issue 16 items 4 and 7), JS on and off: a merchant's login lands on its portal,
 * ships its parcel of the seeded 代金引換 order with a 佐川急便 number and cannot open another merchant's;
 * staff download the ヤマト B2クラウド file and import B2's printed-slip file back, which ships the parcel.
 */
import { readFile } from "node:fs/promises";
import { B2_COLUMNS } from "~/core/orders/b2-csv";
import { csvText, parseCsv } from "~/core/csv";
import { MERCHANT_TEXT } from "~/core/merchant/merchant-portal";
import { decodeJapaneseText, encodeShiftJis } from "~/core/text-encoding";
import { expect, login, test, type Page } from "./fixtures";

/** The seed's 代金引換 order 7: warehouse shipment 9, 十勝しあわせ牧場's 10, 有田 青華窯's 11. */
const WAREHOUSE_PARCEL = "9";

function accountNav(page: Page) {
  return page.getByRole("navigation", { name: "アカウント" });
}

test("a merchant lands on /merchant, ships its parcel with a 佐川急便 number, and cannot open another merchant's", async ({ page }) => {
  await login(page, "merchant", "/", "/merchant");
  await expect(accountNav(page).getByRole("link", { name: "出品者メニュー" })).toBeVisible();
  await expect(accountNav(page).getByRole("link", { name: "カート" })).toHaveCount(0);

  // Shipment 10 (order 7, 代金引換) waits; order 6's parcel joins the list once staff confirm its transfer
  // (the order desk's spec may run first), and another merchant's parcel never does.
  const rows = page.getByTestId("merchant-shipment-row");
  await expect(rows.filter({ has: page.locator('a[href="/merchant/shipments/11"]') })).toHaveCount(0);
  const row = rows.filter({ has: page.locator('a[href="/merchant/shipments/10"]') });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("ナチュラルチーズ");
  await row.getByRole("link").click();
  await expect(page).toHaveURL("/merchant/shipments/10");
  await expect(page.getByTestId("merchant-recipient")).toContainText("14:00〜16:00");
  await expect(page.getByTestId("merchant-recipient")).toContainText("発払い");

  await page.getByLabel("配送業者").selectOption({ label: "佐川急便" });
  await page.getByLabel("お問い合わせ番号（伝票番号）").fill("1234-5678-9012");
  await page.getByRole("button", { name: "発送済みにする" }).click();
  await expect(page.getByTestId("member-notice")).toHaveText(MERCHANT_TEXT.shipped);
  await expect(page.getByTestId("merchant-shipment-status")).toHaveText("発送済み");
  await expect(page.getByTestId("merchant-tracking")).toHaveText("123456789012");
  await expect(page.getByTestId("merchant-tracking")).toHaveAttribute("href", /sagawa-exp\.co\.jp.*123456789012/);

  await page.getByRole("link", { name: "← 配送一覧" }).click();
  await expect(page.getByTestId("merchant-shipment-row").filter({ has: page.locator('a[href="/merchant/shipments/10"]') })).toHaveCount(0);
  await page.getByRole("link", { name: "発送済み" }).click();
  await expect(page.getByTestId("merchant-shipment-row")).toContainText("佐川急便 123456789012");

  const response = await page.goto("/merchant/shipments/11");
  expect(response?.status()).toBe(404);
  await expect(page.getByText(MERCHANT_TEXT.notFound)).toBeVisible();
});

test("staff download the B2クラウド file and import B2's printed slips back", async ({ page }) => {
  await login(page, "staff", "/crm/orders/tracking-import");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("b2-export").click()]);
  expect(download.suggestedFilename()).toMatch(/^b2-all-\d{8}\.csv$/);
  const [header, ...records] = parseCsv(decodeJapaneseText(new Uint8Array(await readFile(await download.path()))));
  expect(header).toEqual([...B2_COLUMNS]);
  const parcel = records.find((record) => record[0] === WAREHOUSE_PARCEL)!;
  const column = (name: (typeof B2_COLUMNS)[number]) => B2_COLUMNS.indexOf(name);
  expect(parcel[column("ご依頼主名")]).toBe("ひなた市場");
  expect(parcel[column("送り状種類")]).toBe("2");
  expect(parcel[column("お届け先名")]).toMatch(/\S+ \S+/);

  // B2 prints the slip and exports it with its 伝票番号: that file, Shift_JIS, goes back in.
  const printed = parcel.map((value, index) => (index === column("伝票番号") ? "400000000001" : value));
  await page.getByLabel("CSVファイル").setInputFiles({
    name: "b2-printed.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(encodeShiftJis(csvText([header!, printed]))),
  });
  await page.getByRole("button", { name: "取り込む" }).click();
  await expect(page.getByRole("status")).toContainText("1行中 1件を発送済みにしました");
  const report = page.getByTestId("tracking-report-row");
  await expect(report).toHaveCount(1);
  await expect(report).toContainText("400000000001");
  await expect(report).toContainText("発送済みにしました。");
});
