/**
 * A return staff record for the customer with an exchange, end to end (issue 38 item 6), JS on and off:
 * staff open the seeded order 2 (代金引換, delivered) from the order desk, record an exchange of one bag of
 * coffee beans with a photo, approve it, receive the goods, arrange the replacement (stock taken) and ship
 * it with a tracking number; the customer is mailed the tracking and sees the replacement on the order.
 * Each project serves its own fresh seeded store (playwright.config.ts), so order 2 is untouched here.
 */
import { pngBytes } from "../support/images";
import { expect, login, test } from "./fixtures";
import { latestMailTo } from "./mailbox";

const PNG = { name: "box.png", mimeType: "image/png", buffer: Buffer.from(pngBytes(8, 6)) };
const ORDER_ID = 2;

test("staff record an exchange for a customer's order and ship the replacement with tracking", async ({ page, javaScriptEnabled, openContext }) => {
  await login(page, "staff", `/crm/orders/${ORDER_ID}`);
  await page.getByTestId("desk-record-return").click();
  await expect(page).toHaveURL(`/crm/orders/${ORDER_ID}/return`);
  await expect(page.getByRole("heading", { name: /返品・交換の登録/ })).toBeVisible();

  // Nothing chosen: the form says what is missing, in Japanese.
  await page.getByRole("button", { name: "返品・交換を登録する" }).click();
  await expect(page.getByText("理由を選んでください。")).toBeVisible();

  await page.getByRole("radio", { name: "交換" }).check();
  await page.getByLabel("理由").selectOption("破損・不良");
  const line = page.getByTestId("return-line").filter({ hasText: "コーヒー豆" });
  await line.getByRole("combobox").selectOption("1");
  await page.getByLabel("詳しい状況").fill("お電話：袋が破れて届いたとのこと。");
  if (javaScriptEnabled) {
    await page.getByTestId("image-input").setInputFiles(PNG);
    await expect(page.getByTestId("image-item")).toHaveAttribute("data-status", "success");
  } else {
    await page.getByLabel(/^写真を添付/).setInputFiles(PNG);
  }
  await page.getByRole("button", { name: "返品・交換を登録する" }).click();
  await expect(page).toHaveURL(/\/crm\/returns\/\d+\?notice=recorded#result$/);
  await expect(page.getByTestId("member-notice")).toHaveText("返品・交換を登録しました。内容を確認して承認してください。");
  await expect(page.getByTestId("attachment")).toHaveCount(1);
  await expect(page.getByTestId("return-request")).toContainText("担当者がお電話などで承りました");

  await page.getByRole("button", { name: "承認する" }).click();
  await expect(page.getByTestId("return-status")).toHaveText("承認済み（ご返送待ち）");
  await page.getByRole("button", { name: "商品を受け取り済みにする" }).click();
  await expect(page.getByTestId("return-status")).toHaveText("返品受け取り済み");

  await expect(page.getByTestId("replacement-stock")).toContainText("コーヒー豆");
  await page.getByRole("button", { name: "交換品を手配する（在庫を引き当て）" }).click();
  await expect(page.getByTestId("member-notice")).toHaveText("交換品を手配しました（在庫を引き当てました）。");
  await expect(page.getByTestId("return-replacement")).toContainText("交換品を準備中");

  // A wrong tracking number is refused in Japanese, and nothing ships.
  const ship = page.getByTestId("replacement-ship-form");
  await ship.getByLabel("お問い合わせ番号（伝票番号）").fill("12");
  await ship.getByRole("button", { name: /交換品を発送済みにする/ }).click();
  await expect(ship.getByRole("alert")).toContainText("お問い合わせ番号は");
  await ship.getByLabel("お問い合わせ番号（伝票番号）").fill("1234-5678-9012");
  await ship.getByRole("button", { name: /交換品を発送済みにする/ }).click();
  await expect(page.getByTestId("member-notice")).toHaveText("交換品を発送済みにしました。お客様に発送のお知らせを送信します。");
  await expect(page.getByTestId("return-replacement")).toContainText("交換品を発送済み");
  await expect(page.getByTestId("return-replacement-tracking")).toHaveText("123456789012");
  await expect(page.getByTestId("return-history")).toContainText("交換品の発送");

  expect((await latestMailTo(page, "member@example.jp", { subject: "交換品を発送しました" })).text).toContain("123456789012");

  const member = await (await openContext()).newPage();
  await login(member, "member", `/user/orders/${ORDER_ID}`);
  const request = member.getByTestId("return-request");
  await expect(request.getByTestId("return-replacement")).toContainText("交換品を発送済み");
  await expect(request.getByTestId("return-replacement-tracking")).toHaveText("123456789012");
});
