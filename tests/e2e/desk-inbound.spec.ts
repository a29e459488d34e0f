import { expect, login, test, type Page } from "./fixtures";

/**
 * Support mail in (issue 36 item 2), JS on and off: a mail from a stranger to a ticket's own address is not
 * added to it but held at /crm/inbound with the reason; staff add it to the ticket from there, and it shows
 * in the thread as the customer's message. A new mail from an address no member has opens a guest ticket,
 * which staff find by the address and answer by mail. The mail is sent the local way (/dev/inbound-mail).
 */
async function sendMail(page: Page, fields: { from: string; name?: string; to: string; subject: string; body: string }) {
  const raw = [
    `From: ${fields.name ? `=?UTF-8?B?${Buffer.from(fields.name).toString("base64")}?= <${fields.from}>` : fields.from}`,
    `To: ${fields.to}`,
    `Subject: =?UTF-8?B?${Buffer.from(fields.subject).toString("base64")}?=`,
    `Message-ID: <e2e.${Date.now()}.${Math.random().toString(36).slice(2)}@mail.example.jp>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=UTF-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    fields.body,
  ].join("\r\n");
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`/dev/inbound-mail?from=${encodeURIComponent(fields.from)}&to=${encodeURIComponent(fields.to)}`, {
    headers: { Origin: origin, "Content-Type": "message/rfc822" },
    data: Buffer.from(raw),
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { outcome: string; reason: string | null };
}

test("a stranger's mail to a ticket's address is held with the reason, and staff add it to the ticket", async ({ page }) => {
  await login(page, "staff", "/crm/tickets/1");
  const address = (await page.getByTestId("reply-address-value").textContent())!.trim();
  const words = `別のアドレスから失礼します ${Date.now()}`;
  const held = await sendMail(page, { from: "stranger@example.com", to: address, subject: "Re: お問い合わせ", body: `${words}\n\n> 以前のメール` });
  expect(held.outcome).toBe("held");

  await page.getByRole("navigation", { name: "カスタマーサービス" }).getByRole("link", { name: "受信メール" }).click();
  await expect(page).toHaveURL("/crm/inbound");
  const row = page.getByTestId("inbound-mail").filter({ hasText: words });
  await expect(row.getByTestId("inbound-outcome")).toHaveText("保留");
  await expect(row.getByTestId("inbound-reason")).toHaveText("差出人がこのチケットのお客様のアドレスと一致しないため保留しました");
  await expect(row).not.toContainText("以前のメール");
  await row.getByRole("button", { name: "お問い合わせに追加する" }).click();
  await expect(page.getByText("メールをお問い合わせに追加しました。")).toBeVisible();
  await expect(page.getByTestId("inbound-mail").filter({ hasText: words })).toHaveCount(0);

  await page.getByRole("link", { name: "すべて" }).click();
  const handled = page.getByTestId("inbound-mail").filter({ hasText: words });
  await expect(handled.getByTestId("inbound-outcome")).toHaveText("確認して追加");
  await handled.getByRole("link", { name: "お問い合わせ #1" }).click();
  await expect(page.getByTestId("message").last()).toContainText(words);
});

test("a new mail from an address no member has opens a guest ticket, which staff find and answer by mail", async ({ page }) => {
  await login(page, "staff", "/crm/tickets");
  const guest = `guest.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.net`;
  const opened = await sendMail(page, {
    from: guest,
    name: "佐藤 花子",
    to: "support@marketplace.example.jp",
    subject: "包装について",
    body: "ギフト包装は選べますか。",
  });
  expect(opened.outcome).toBe("opened");

  await page.goto(`/crm/tickets?${new URLSearchParams({ customer: guest })}`);
  const row = page.getByTestId("ticket-customer").filter({ hasText: guest });
  await expect(row).toHaveText(`佐藤 花子（${guest}）・ゲスト`);
  await page.getByTestId("ticket-link").first().click();
  await expect(page.getByTestId("ticket-customer")).toContainText("ゲスト（会員登録なし・メールで対応）");
  await expect(page.getByTestId("message").first()).toContainText("ギフト包装は選べますか。");
  // No page to answer a resolution request on: staff are not offered one.
  await expect(page.getByRole("button", { name: "お客様に解決の確認を依頼する" })).toHaveCount(0);
  await page.getByRole("textbox", { name: "メッセージ" }).fill("はい、ご注文時にお選びいただけます。");
  await page.getByRole("button", { name: "カスタマーサービスとして返信する" }).click();
  await expect(page.getByTestId("message").last()).toContainText("はい、ご注文時にお選びいただけます。");
});
