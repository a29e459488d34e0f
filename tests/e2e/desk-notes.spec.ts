import { expect, login, test } from "./fixtures";

/**
 * Internal notes (issue 36 item 4), JS on and off: staff leave a note on a ticket telling a colleague; the
 * colleague sees お知らせ counted in the /crm navigation, finds the note under お知らせ, and opening the
 * ticket reads it. The customer's page of the same ticket shows no note.
 */
test("a note tells the colleague chosen, who finds it under お知らせ and reads it on the ticket", async ({ page, openContext }) => {
  const text = `配送業者に確認中（${test.info().project.name}-${test.info().retry}）`;
  await login(page, "staff", "/crm/tickets/1");
  const notes = page.getByTestId("ticket-notes");
  await notes.getByRole("button", { name: "メモを残す" }).click();
  await expect(notes.getByRole("alert")).toHaveText("メモを入力してください。");

  await notes.getByLabel("メモ", { exact: true }).fill(text);
  await notes.getByLabel("鈴木 美咲").check();
  await notes.getByRole("button", { name: "メモを残す" }).click();
  const note = notes.getByTestId("ticket-note").filter({ hasText: text });
  await expect(note).toContainText("佐藤 健");
  await expect(note).toContainText("通知：鈴木 美咲");
  await expect(notes.getByLabel("メモ", { exact: true })).toHaveValue("");

  const colleague = await (await openContext()).newPage();
  await login(colleague, "colleague", "/crm/tickets");
  const nav = colleague.getByRole("navigation", { name: "カスタマーサービス" });
  await expect(nav.getByTestId("crm-notice-badge")).toBeVisible();
  await nav.getByRole("link", { name: /お知らせ/ }).click();
  const notice = colleague.getByTestId("staff-notice").filter({ hasText: text });
  await expect(notice).toContainText("未読");
  await notice.getByRole("link", { name: /お問い合わせ #1/ }).click();
  await expect(colleague.getByTestId("ticket-note").filter({ hasText: text })).toBeVisible();
  await expect(nav.getByTestId("crm-notice-badge")).toHaveCount(0);

  const customer = await (await openContext()).newPage();
  await login(customer, "member", "/user/support/1");
  await expect(customer.getByRole("heading", { name: /お問い合わせ #1/ })).toBeVisible();
  await expect(customer.getByText(text)).toHaveCount(0);
  await expect(customer.getByTestId("ticket-notes")).toHaveCount(0);
});
