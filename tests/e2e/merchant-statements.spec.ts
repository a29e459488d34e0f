import { readFile } from "node:fs/promises";
import { parseCsv } from "~/core/csv";
import { formatMonthJa, monthOf, monthsAfter } from "~/core/merchant/merchant-statements";
import { MERCHANT_ID } from "~/services/seed/people";
import { expect, login, test } from "./fixtures";

/**
 * Merchants' monthly statements (issue 38 item 8), JS on and off: staff set the merchant's rate, open last
 * month's statement from the merchant's page, download its CSV and mark it paid; the merchant then sees the
 * month paid, with the reference, in its own 支払明細.
 */
test("staff pay a merchant's statement from its CSV, and the merchant sees it paid", async ({ page }) => {
  const month = monthsAfter(monthOf(new Date()), -1);
  await login(page, "staff", `/crm/merchants/${MERCHANT_ID}`);
  const section = page.getByRole("region", { name: "販売手数料と支払明細" });
  await section.getByTestId("merchant-commission-rate").fill("12.5");
  await section.getByTestId("merchant-commission-save").click();
  await expect(page.getByTestId("member-notice")).toHaveText("手数料率を保存しました。");
  await expect(page.getByTestId("merchant-commission-rate")).toHaveValue("12.5");

  await page.getByTestId("merchant-statements-link").click();
  await expect(page).toHaveURL(`/crm/merchants/${MERCHANT_ID}/statements`);
  await page
    .getByTestId(`statement-row-${month}`)
    .getByRole("link", { name: formatMonthJa(month) })
    .click();
  await expect(page).toHaveURL(`/crm/merchants/${MERCHANT_ID}/statements/${month}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${formatMonthJa(month)}の支払明細`);
  const payable = (await page.getByTestId("statement-figures-payable").textContent())!;
  expect(payable).toMatch(/^-?[\d,]+円$/);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("statement-csv").click()]);
  expect(download.suggestedFilename()).toBe(`statement-${month}.csv`);
  const bytes = new Uint8Array(await readFile((await download.path())!));
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const records = parseCsv(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ""));
  expect(records[0]).toEqual(["区分", "日付", "注文番号", "出荷番号・返品受付番号", "SKU", "商品名", "数量", "金額（税込）", "手数料率"]);
  expect(`${Number(records.find((record) => record[0] === "お支払額")![7]).toLocaleString("ja-JP")}円`).toBe(payable);

  // A day that does not exist is refused beside the field, nothing recorded.
  const form = page.getByTestId("payout-form");
  await form.getByTestId("payout-paid-on").fill("2099-01-01");
  await form.getByTestId("payout-submit").click();
  await expect(form).toContainText("支払日に未来の日付は指定できません。");
  await form.getByTestId("payout-paid-on").fill(`${monthOf(new Date())}-01`);
  await form.getByTestId("payout-reference").fill("みずほ 振込 E2E-0001");
  await form.getByTestId("payout-submit").click();
  await expect(page.getByTestId("member-notice")).toHaveText("支払済みとして記録しました。");
  await expect(page.getByTestId("statement-payout")).toContainText("みずほ 振込 E2E-0001");
  await expect(page.getByTestId("payout-form")).toHaveCount(0);
  await expect(page.getByTestId("statement-figures-payable")).toHaveText(payable);

  await page.context().clearCookies();
  await login(page, "merchant", "/", "/merchant");
  await page.getByRole("navigation", { name: "出品者メニュー" }).getByRole("link", { name: "支払明細" }).click();
  await expect(page).toHaveURL("/merchant/statements");
  const row = page.getByTestId(`statement-row-${month}`);
  await expect(row).toContainText("支払済み");
  await expect(row).toContainText(payable);
  await row.getByRole("link", { name: formatMonthJa(month) }).click();
  await expect(page.getByTestId("statement-payout")).toContainText("みずほ 振込 E2E-0001");
  await expect(page.getByTestId("statement-figures-payable")).toHaveText(payable);
  await expect(page.getByTestId("payout-form")).toHaveCount(0);
});
