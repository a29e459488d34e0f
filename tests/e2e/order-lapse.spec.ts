/**
 * The Worker's hourly cron on the real build (served as deployed, its cron handler run as Cloudflare's trigger would): the seeded
 * guest transfer that never came (order 8, ordered 10 days ago, 7 days to pay) is cancelled by the
 * scheduled handler with its history line, and the cancellation e-mail goes out with the 5-minute sweep.
 */
import { GUEST_ORDER_EMAIL } from "~/services/seed/people";
import { expect, login, test, HTTP_ONLY } from "./fixtures";
import { latestMailTo } from "./mailbox";

const HOURLY = "17 * * * *";
const MAIL_SWEEP = "*/5 * * * *";

test("an unpaid transfer past its deadline is cancelled by the hourly job, and the buyer is mailed", HTTP_ONLY, async ({ page }) => {
  // scripts/serve-local.ts runs the cron handler for a request to the port 2000 above the shop's.
  const trigger = new URL(test.info().project.use.baseURL ?? "");
  trigger.port = String(Number(trigger.port) + 2000);
  const cron = (pattern: string) => page.request.get(`${trigger.origin}/scheduled?cron=${encodeURIComponent(pattern)}`);
  expect((await cron(HOURLY)).ok()).toBe(true);
  await login(page, "staff", "/crm/orders/8");
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("desk-order-status")).toHaveText("キャンセル");
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId("desk-history-line").filter({ hasText: "入金期限切れによるキャンセル" })).toContainText("システム");

  expect((await cron(MAIL_SWEEP)).ok()).toBe(true);
  const mail = await latestMailTo(page, GUEST_ORDER_EMAIL, { subject: /ご注文キャンセル/ });
  expect(mail.text).toContain("お支払い期限までにご入金を確認できなかったため");
});
