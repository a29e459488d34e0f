/**
 * After a save, a staff form shows what was stored, not what was typed — without a reload, JS on or off:
 * a merchant's phone typed in full-width digits reads back half-width, and a coupon campaign's code typed
 * in lower case and its minimum amount typed as a full-width ０ (stored as 0, the same value as before, so
 * a form keyed by its values would not start again) read back as stored. The merchant's phone is typed as
 * the digits it already has, so other specs see the seed unchanged.
 */
import { expect, login, test } from "./fixtures";

const FULL_WIDTH_DIGITS = "０１２３４５６７８９";
const fullWidth = (text: string) => text.replace(/\d/g, (digit) => FULL_WIDTH_DIGITS[Number(digit)]!);

test("a merchant's and a campaign's forms show the stored values right after saving", async ({ page }, testInfo) => {
  await login(page, "staff", "/crm/merchants/2");
  const phone = page.getByLabel(/^担当者の電話番号/);
  const stored = await phone.inputValue();
  expect(stored).toMatch(/^\d+$/);
  await phone.fill(fullWidth(stored));
  await page.getByTestId("merchant-save").click();
  await expect(page.getByTestId("member-notice")).toHaveText("出店者の情報を保存しました。");
  await expect(phone).toHaveValue(stored);

  const code = `keep${testInfo.project.name.replace(/\W/g, "")}`;
  await page.goto("/crm/coupon-campaigns/new");
  await page.getByLabel(/^キャンペーンコード/).fill(code);
  await page.getByLabel(/^タイトル/).fill("保存値の確認");
  await page.getByLabel(/^割引額/).fill("100");
  await page.getByRole("button", { name: "作成する" }).click();
  await expect(page.getByRole("status").filter({ hasText: "作成しました。" })).toBeVisible();
  await page.getByLabel(/^キャンペーンコード/).fill(code);
  await page.getByLabel(/^最低購入金額/).fill("０");
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByRole("status").filter({ hasText: "保存しました。" })).toBeVisible();
  await expect(page.getByLabel(/^キャンペーンコード/)).toHaveValue(code.toUpperCase());
  await expect(page.getByLabel(/^最低購入金額/)).toHaveValue("0");
});
