/**
 * Bulk work by CSV (issue 17 item 4), JS on and off: staff upload a Shift_JIS CSV of 50 new products, read
 * the dry run (nothing changed yet), untick nothing and apply; the apply runs on the queue (the production
 * build's consumer) and the import's page follows it — refreshing itself with JS, by its meta refresh
 * without — until 完了 with each row's result; the products are then in the back office's list and on sale
 * in the shop. The report page's plain form works without JS.
 */
import { csvText } from "~/core/csv";
import { encodeShiftJis } from "~/core/text-encoding";
import { expect, login, test } from "./fixtures";

const COUNT = 50;
const sku = (index: number) => `CSV-E2E-${String(index).padStart(3, "0")}`;

function catalogueFile(): Buffer {
  const records = [["SKU", "商品名", "通常価格（税込）", "在庫数", "メインカテゴリ", "カテゴリ", "税率", "公開状態"]];
  for (let index = 1; index <= COUNT; index++) {
    records.push([sku(index), `CSVで登録した国産だし ${index}号`, String(600 + index * 10), "20", "seasoning", "food", "8%", "公開"]);
  }
  return Buffer.from(encodeShiftJis(csvText(records)));
}

test("staff import 50 products from a CSV after its dry run, and they are on sale", async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, "staff", "/crm/products/import");
  await page.getByTestId("catalogue-file").setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: catalogueFile() });
  await page.getByRole("button", { name: "内容を確認する" }).click();

  await expect(page).toHaveURL(/\/crm\/products\/import\/[\w-]+$/);
  await expect(page.getByTestId("catalogue-summary")).toHaveText(`新規 ${COUNT}行・変更 0行・変更なし 0行・取り込めない行 0行`);
  await expect(page.getByText("ファイル「products.csv」（Shift_JIS）")).toBeVisible();
  await expect(page.getByTestId("catalogue-report-row")).toHaveCount(COUNT);
  // Nothing is on sale before the apply.
  const reportUrl = page.url();
  const before = await page.request.get(`/category/seasoning/${sku(1)}`);
  expect(before.status()).toBe(404);

  await page.goto(reportUrl);
  await page.getByTestId("catalogue-apply").click();
  await expect(page).toHaveURL(/notice=applied/);
  await expect(page.getByRole("status").filter({ hasText: "選んだ行の反映を始めました。" })).toBeVisible();
  // The page follows the queue's progress by itself (no reload by the test) until the import is over.
  await expect(page.getByTestId("catalogue-progress-state")).toHaveText("完了", { timeout: 90_000 });
  await expect(page.getByTestId("catalogue-progress-count")).toHaveText(`${COUNT} / ${COUNT}行（100%）`);
  await expect(page.getByTestId("catalogue-applied-summary")).toHaveText(`反映結果：${COUNT}行中 ${COUNT}行を反映しました`);
  await expect(page.getByTestId("catalogue-applied-row")).toHaveCount(COUNT);
  await expect(page.getByTestId("catalogue-apply")).toHaveCount(0);

  await page.goto(`/crm/products?q=${encodeURIComponent("CSV-E2E-05")}`);
  await expect(page.getByText(`CSVで登録した国産だし ${COUNT}号`)).toBeVisible();

  await page.goto(`/category/seasoning/${sku(7)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("CSVで登録した国産だし 7号");
  await expect(page.getByRole("button", { name: "カートに入れる" })).toBeVisible();
});

test("a file that is not a CSV is refused with a Japanese message and nothing is checked", async ({ page }) => {
  await login(page, "merchant", "/merchant/products/import");
  await page
    .getByTestId("catalogue-file")
    .setInputFiles({ name: "photo.csv", mimeType: "text/csv", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]) });
  await page.getByRole("button", { name: "内容を確認する" }).click();
  await expect(page.getByTestId("catalogue-import-error")).toContainText("CSVファイルとして読み取れませんでした。");
  await expect(page).toHaveURL("/merchant/products/import");
  await expect(page.getByTestId("catalogue-report")).toHaveCount(0);
});
