import { expect, login, test, type Page } from "./fixtures";

/**
 * Search and merge (issue 36 item 9), JS on and off: the customer writes twice about one thing; staff find the
 * duplicate by a word of its text in the list, merge it into the other from its page, land on the target with
 * both requests, and the customer's old page leads there too.
 */
async function openTicket(page: Page, text: string): Promise<number> {
  await page.goto("/user/support");
  await page.getByLabel("お問い合わせの種類").selectOption("その他");
  await page.getByLabel("お困りの内容").selectOption("その他");
  await page.getByLabel("お問い合わせ内容").fill(text);
  await page.getByRole("button", { name: "送信する" }).click();
  await expect(page.getByTestId("thread-notice")).toHaveText("お問い合わせを受け付けました。担当者からの返信をお待ちください。");
  return Number(new URL(page.url()).pathname.split("/").pop());
}

test("staff find a duplicate by its words and merge it into the customer's other ticket", async ({ page, openContext, javaScriptEnabled }) => {
  const run = `${test.info().project.name}${test.info().retry}`;
  const word = `湯呑み欠け${run}`;
  await login(page, "member", "/user/support");
  const target = await openTicket(page, `注文した湯呑みについて（${run}）`);
  const source = await openTicket(page, `${word}の件で写真を送ります。`);

  const staff = await (await openContext()).newPage();
  await login(staff, "staff", "/crm/tickets");
  // The list's filter form (a GET form, with JS in a modal, without in a <details>).
  await (javaScriptEnabled ? staff.getByTestId("listing-filters-open") : staff.getByTestId("listing-filters").locator("summary")).click();
  await staff.getByRole("searchbox", { name: "キーワード" }).fill(word);
  await staff.getByRole("button", { name: "この条件で絞り込む" }).click();
  await expect(staff).toHaveURL(/content=/);
  const row = staff.getByTestId("ticket-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`#${source}`);

  await row.getByTestId("ticket-link").click();
  const merge = staff.getByTestId("ticket-merge");
  await merge.getByText("別の問い合わせに統合").click();
  await expect(merge.getByTestId("merge-targets")).toContainText(`#${target}`);
  await merge.getByLabel("統合先のお問い合わせ番号").fill(String(target));
  await merge.getByRole("button", { name: "統合する" }).click();
  await expect(staff).toHaveURL(new RegExp(`/crm/tickets/${target}\\?notice=ticketMerged`));
  await expect(staff.getByTestId("thread-notice")).toContainText("お問い合わせを統合しました。");
  await expect(staff.getByText(`#${source} から統合：`)).toBeVisible();

  await page.goto(`/user/support/${source}`);
  await expect(page).toHaveURL(new RegExp(`/user/support/${target}`));
  // The customer's own words of both tickets, in one thread; never the staff's note of the merge.
  await expect(page.getByText(`${word}の件で写真を送ります。`)).toBeVisible();
  await expect(page.getByText(`#${source} から統合`)).toHaveCount(0);
});

test("a merge into the ticket itself is refused with the reason, nothing changed", async ({ page }) => {
  await login(page, "staff", "/crm/tickets/1");
  const merge = page.getByTestId("ticket-merge");
  await merge.getByText("別の問い合わせに統合").click();
  await merge.getByLabel("統合先のお問い合わせ番号").fill("1");
  await merge.getByRole("button", { name: "統合する" }).click();
  await expect(page.getByTestId("ticket-merge").getByRole("alert")).toHaveText(
    "同じお問い合わせには統合できません。別のお問い合わせの番号を入力してください。",
  );
  await expect(page).toHaveURL(/\/crm\/tickets\/1/);
});
