import { expect, login, registerAndLogIn, test } from "./fixtures";
import { latestMailTo } from "./mailbox";

/**
 * Satisfaction and the desk report (issue 36 item 10), JS on and off: staff close a ticket, the customer
 * opens a rating link from the mail (no login needed), sends it with a comment, and staff see the rating on
 * the ticket and the comment in the week's report. Each run registers its own member.
 */
test("a closed ticket's rating link records one vote that staff see on the ticket and in the report", async ({ page, openContext }, testInfo) => {
  const email = `csat-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.jp`;
  const comment = `丁寧な対応でした（${testInfo.project.name}-${Date.now()}）`;
  await registerAndLogIn(page, { email, password: "csat-pass-42", lastname: "評価", firstname: "太郎", lastnameKana: "ヒョウカ", firstnameKana: "タロウ" });
  await page.goto("/user/support");
  await page.getByLabel("お問い合わせの種類").selectOption("サイトについて");
  await page.getByLabel("お困りの内容").selectOption("その他");
  await page.getByRole("radio", { name: "メール", exact: true }).check();
  await page.getByLabel("お問い合わせ内容").fill("ポイントの使い方を教えてください。");
  await page.getByRole("button", { name: "送信する" }).click();
  await expect(page).toHaveURL(/\/user\/support\/\d+\?notice=created/);
  const ticketId = new URL(page.url()).pathname.split("/").pop()!;

  const staff = await (await openContext()).newPage();
  await login(staff, "staff", `/crm/tickets/${ticketId}`);
  await staff.getByRole("button", { name: "対応を終了する" }).click();
  // Closed (the page comes back without JS; with JS the fetcher's revalidation): no more close button.
  await expect(staff.getByRole("button", { name: "対応を終了する" })).toHaveCount(0);
  await expect(staff.getByTestId("ticket-status").first()).toHaveText("終了");

  const mail = await latestMailTo(page, email, { subject: `【お問い合わせ #${ticketId}】解決しましたか？対応はいかがでしたか？` });
  expect(mail.replyTo).toMatch(/^support\+[0-9a-f]{32}@/);
  const link = mail.links.find((href) => href.includes(`/support/rating/${ticketId}?`) && href.endsWith("c=4"));
  expect(link).toBeTruthy();

  // Signed out (a mail read elsewhere): the link opens the form with its answer picked, and records nothing yet.
  const customer = await (await openContext()).newPage();
  await customer.goto(link!);
  await expect(customer.getByRole("radio", { name: "4 やや満足" })).toBeChecked();
  await customer.getByRole("radio", { name: "解決した", exact: true }).check();
  await customer.getByLabel("コメント（任意）").fill(comment);
  await customer.getByRole("button", { name: "送信" }).click();
  await expect(customer.getByText("ご回答ありがとうございました。")).toBeVisible();

  // The same link again: already answered, nothing to send.
  await customer.goto(link!.replace("c=4", "c=1"));
  await expect(customer.getByText("すでにご回答いただいています。")).toBeVisible();
  await expect(customer.getByRole("button", { name: "送信" })).toHaveCount(0);

  await staff.goto(`/crm/tickets/${ticketId}`);
  const rating = staff.getByTestId("ticket-rating");
  await expect(rating.getByTestId("ticket-rating-score")).toHaveText("4（やや満足）");
  await expect(rating.getByTestId("ticket-rating-resolved")).toHaveText("解決した");
  await expect(rating.getByTestId("ticket-rating-comment")).toHaveText(comment);

  // The report of the last 7 days (the default): reached from the desk's navigation.
  await staff.getByRole("navigation", { name: "カスタマーサービス" }).getByRole("link", { name: "対応レポート" }).click();
  await expect(staff).toHaveURL(/\/crm\/tickets\/report$/);
  await expect(staff.getByRole("heading", { name: "対応レポート", level: 1 })).toBeVisible();
  await expect(staff.getByTestId("report-comments")).toContainText(comment);
  await expect(staff.getByRole("img", { name: /日別の受付件数と完了件数/ })).toBeVisible();
  await expect(staff.getByTestId("report-total")).toBeVisible();
  await expect(staff.getByRole("link", { name: "CSVをダウンロード" })).toHaveAttribute(
    "href",
    /^\/crm\/tickets\/report\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
  );

  // A period typed in the form, and one that cannot be read.
  await staff.getByLabel("開始日").fill("2026-01-10");
  await staff.getByLabel("終了日").fill("2026-01-01");
  await staff.getByRole("button", { name: "表示" }).click();
  await expect(staff.getByTestId("report-error")).toHaveText("開始日は終了日と同じか、それより前の日付にしてください。");
});
