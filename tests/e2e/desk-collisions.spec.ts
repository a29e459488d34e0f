import { expect, login, test } from "./fixtures";

/**
 * Two people on one ticket (issue 36 item 7). JS on and off: a staff reply written while the customer wrote
 * again is stopped with the new message shown and the draft kept, and goes on the next try. JS on: the page
 * shows a colleague who has the ticket open and when they are typing a reply.
 */
test("a reply written while the customer wrote again is stopped with the draft kept, and goes on the next try", async ({ page, openContext }) => {
  const run = `${test.info().project.name}-${test.info().retry}`;
  await login(page, "staff", "/crm/tickets/1");
  // The page has not heard of the customer's new message yet: its polling answers "nothing new".
  await page.route("**/crm/api/*/messages/receive/**", (route) => route.fulfill({ status: 304 }));

  const customer = await (await openContext()).newPage();
  await login(customer, "member", "/user/support/1");
  await customer.locator("#reply").getByLabel("メッセージ").fill(`追加で質問です（${run}）`);
  await customer.locator("#reply").getByRole("button", { name: "送信する" }).click();
  await expect(customer.getByText(`追加で質問です（${run}）`)).toBeVisible();

  const reply = page.locator("#reply");
  await reply.getByLabel("メッセージ").fill(`ご連絡ありがとうございます（${run}）`);
  await reply.getByRole("button", { name: "カスタマーサービスとして返信する" }).click();
  await expect(reply.getByRole("alert")).toContainText("返信を送る前に、新しいメッセージが届きました");
  await expect(page.getByText(`追加で質問です（${run}）`)).toBeVisible();
  await expect(page.locator("#reply").getByLabel("メッセージ")).toHaveValue(`ご連絡ありがとうございます（${run}）`);

  await page.locator("#reply").getByRole("button", { name: "カスタマーサービスとして返信する" }).click();
  await expect(page.getByText(`ご連絡ありがとうございます（${run}）`).first()).toBeVisible();
  await expect(page.locator("#reply").getByRole("alert")).toHaveCount(0);
});

test("the page shows a colleague who has the ticket open, and when they type a reply", async ({ page, openContext, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "presence is shown with JavaScript only");
  await login(page, "staff", "/crm/tickets/1");
  const colleague = await (await openContext()).newPage();
  await login(colleague, "colleague", "/crm/tickets/1");
  // (佐藤 may still count as typing from the spec before, on the same ticket, within the typing window.)
  await expect(colleague.getByTestId("ticket-presence")).toHaveText(/^佐藤 健さん(もこのお問い合わせを開いています|が返信を入力中です)。$/);

  await colleague.locator("#reply").getByLabel("メッセージ").fill("確認します");
  await expect(page.getByTestId("ticket-presence")).toHaveText("鈴木 美咲さんが返信を入力中です。", { timeout: 15_000 });
});
