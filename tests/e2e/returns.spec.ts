/**
 * A return, end to end (issue 16 item 5), JS on and off: the member asks to return a delivered item with a
 * photo, staff approve it and mark it received, and the member sees the refund recorded and gets the mails.
 *
 * The seeded order 1 was delivered 74 days ago, past every return period. Its parcel is made delivered
 * today in this project's own store (each project serves a fresh seeded copy, see playwright.config.ts),
 * through `wrangler d1 execute` on the store the server runs on: shipping and delivering through the
 * browser belongs to the order desk, and a fixture order placed through the services would need the
 * store from outside too. Only `delivered_at` moves; everything after it goes through the pages.
 */
import { execFileSync } from "node:child_process";
import { pngBytes } from "../support/images";
import { expect, login, test, type Page, type TestInfo } from "./fixtures";
import { latestMailTo } from "./mailbox";

const PNG = { name: "damage.png", mimeType: "image/png", buffer: Buffer.from(pngBytes(8, 6)) };
const ORDER_ID = 1;

/** The seeded order 1's parcel delivered now, in the store this project's server runs on. */
function deliverOrderOneToday(testInfo: TestInfo): void {
  const port = new URL(testInfo.project.use.baseURL!).port;
  const store = `.wrangler/e2e-${testInfo.project.name}-${port}`;
  execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", store, "--command", `update order_shipments set delivered_at = ${Date.now()} where id = 1`],
    { stdio: "ignore" },
  );
}

async function requestReturn(page: Page, js: boolean): Promise<void> {
  await page.goto(`/user/orders/${ORDER_ID}`);
  await page.getByTestId("return-link").click();
  await expect(page).toHaveURL(`/user/orders/${ORDER_ID}/return`);
  // Nothing chosen: the form says what is missing, in Japanese, and nothing is sent.
  await page.getByRole("button", { name: "申し込む" }).click();
  await expect(page.getByText("理由を選んでください。")).toBeVisible();
  await expect(page.getByText("返品・交換する商品と数量を選んでください。")).toBeVisible();

  await page.getByLabel("理由").selectOption("破損・不良");
  const line = page.getByTestId("return-line").filter({ hasText: "泉州タオル" });
  await line.getByRole("combobox").selectOption("1");
  await page.getByLabel("詳しい状況").fill("届いたときに箱がつぶれ、商品に破れがありました。");
  if (js) {
    await page.getByTestId("image-input").setInputFiles(PNG);
    await expect(page.getByTestId("image-item")).toHaveAttribute("data-status", "success");
  } else {
    await page.getByLabel(/^写真を添付/).setInputFiles(PNG);
  }
  await page.getByRole("button", { name: "申し込む" }).click();
  await expect(page).toHaveURL(`/user/orders/${ORDER_ID}?notice=return_created#result`);
  await expect(page.getByTestId("member-notice")).toHaveText("返品・交換のお申し込みを受け付けました。");
  const request = page.getByTestId("return-request");
  await expect(request.getByTestId("return-status")).toHaveText("受付中");
  await expect(request.getByTestId("attachment")).toHaveCount(1);
}

test("a member returns a damaged item with a photo; staff approve and receive it; the refund is recorded", async ({
  page,
  javaScriptEnabled,
  openContext,
}, testInfo) => {
  const js = javaScriptEnabled;
  deliverOrderOneToday(testInfo);
  await login(page, "member");
  await requestReturn(page, js);
  expect((await latestMailTo(page, "member@example.jp", { subject: "返品のお申し込みを受け付けました" })).text).toContain("破損・不良");

  const staff = await (await openContext()).newPage();
  await login(staff, "staff", "/crm/returns?status=requested");
  await staff.getByTestId("return-row").first().getByTestId("return-link").click();
  await expect(staff.getByRole("heading", { name: /返品・交換のお申し込み #\d+/ })).toBeVisible();
  await expect(staff.getByTestId("return-order-link")).toHaveAttribute("href", `/crm/orders/${ORDER_ID}`);
  await expect(staff.getByTestId("attachment")).toHaveCount(1);
  // A refusal needs its reason.
  await staff.getByRole("button", { name: "お断りする" }).click();
  await expect(staff.getByText("お客様へのメッセージを入力してください。")).toBeVisible();
  await staff.getByRole("button", { name: "承認する" }).click();
  await expect(staff.getByTestId("member-notice")).toHaveText("お申し込みを承認し、お客様にお知らせしました。");
  await expect(staff.getByTestId("return-status")).toHaveText("承認済み（ご返送待ち）");
  await staff.getByRole("button", { name: "商品を受け取り済みにする" }).click();
  await expect(staff.getByTestId("member-notice")).toHaveText("返品を受け取り済みにしました。");
  await expect(staff.getByTestId("return-history")).toContainText("返金の記録");

  await page.goto(`/user/orders/${ORDER_ID}`);
  const request = page.getByTestId("return-request");
  await expect(request.getByTestId("return-status")).toHaveText("返品受け取り済み");
  await expect(request.getByTestId("return-staff-message")).toContainText("着払いでお送りください");
  await expect(request.getByTestId("return-refund")).toContainText("返金額");
  await expect(request.getByTestId("return-refund")).toContainText("銀行口座へお振り込みします");
  expect((await latestMailTo(page, "member@example.jp", { subject: "返品の商品を受け取りました" })).text).toContain("返金額");
});
