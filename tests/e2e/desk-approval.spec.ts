import { expect, login, test } from "./fixtures";

/**
 * Approval before send (issue 36 item 8), JS on and off: the trainee's reply waits as 承認待ち (not in the
 * thread); a lead sees the /crm badge, edits and sends it — it then shows in the customer's thread — and
 * returns another with a reason, which the trainee reads on the ticket.
 */
test("a trainee's reply waits until a lead sends it edited, and a returned one shows its reason", async ({ page, openContext }) => {
  const run = `${test.info().project.name}-${test.info().retry}`;
  await login(page, "trainee", "/crm/tickets/1");
  await expect(page.getByTestId("approval-needed")).toBeVisible();
  const reply = page.locator("#reply");
  await reply.getByLabel("メッセージ").fill(`お届け日を確認します（${run}）`);
  await reply.getByRole("button", { name: "承認を依頼する" }).click();
  const waiting = page.getByTestId("reply-draft").filter({ hasText: `お届け日を確認します（${run}）` });
  await expect(waiting).toContainText("承認待ち");
  await expect(page.getByTestId("message").filter({ hasText: `お届け日を確認します（${run}）` })).toHaveCount(0);
  await page.locator("#reply").getByLabel("メッセージ").fill(`返金します（${run}）`);
  await page.locator("#reply").getByRole("button", { name: "承認を依頼する" }).click();
  await expect(page.getByTestId("reply-draft").filter({ hasText: `返金します（${run}）` })).toBeVisible();

  const lead = await (await openContext()).newPage();
  await login(lead, "staff", "/crm/tickets");
  await lead.getByRole("navigation", { name: "カスタマーサービス" }).getByTestId("crm-approval-badge").click();
  await lead.getByTestId("pending-drafts").getByRole("link", { name: "お問い合わせ #1" }).first().click();
  const draft = lead
    .getByTestId("reply-draft")
    .filter({ has: lead.getByRole("textbox", { name: /返信の内容/ }) })
    .filter({
      has: lead.locator(`textarea:text-is("お届け日を確認します（${run}）")`),
    });
  await draft.getByRole("textbox", { name: /返信の内容/ }).fill(`お届け日を確認し、明日ご連絡します（${run}）`);
  await draft.getByRole("button", { name: "承認して送信する" }).click();
  await expect(lead.getByText(`お届け日を確認し、明日ご連絡します（${run}）`).first()).toBeVisible();
  await expect(lead.getByTestId("message").filter({ hasText: `お届け日を確認し、明日ご連絡します（${run}）` })).toHaveCount(1);

  const refund = lead.getByTestId("reply-draft").filter({ has: lead.locator(`textarea:text-is("返金します（${run}）")`) });
  await refund.getByRole("textbox", { name: "差戻しの理由" }).fill(`返品の受け取り後に（${run}）`);
  await refund.getByRole("button", { name: "差し戻す" }).click();
  await expect(lead.getByTestId("decided-drafts")).toContainText(`返品の受け取り後に（${run}）`);

  await page.reload();
  await expect(page.getByTestId("decided-drafts")).toContainText(`理由：返品の受け取り後に（${run}）`);

  const customer = await (await openContext()).newPage();
  await login(customer, "member", "/user/support/1");
  await expect(customer.getByText(`お届け日を確認し、明日ご連絡します（${run}）`)).toBeVisible();
  await expect(customer.getByText(`返金します（${run}）`)).toHaveCount(0);
});
