import { expect, login, test, type Page } from "./fixtures";

/**
 * Support mail in (issue 36 item 2), JS on and off: a mail from a stranger to a ticket's own address is not
 * added to it but held at /crm/inbound with the reason; staff add it to the ticket from there, and it shows
 * in the thread as the customer's message. The mail is sent the local way (/dev/inbound-mail).
 */
async function sendMail(page: Page, fields: { from: string; to: string; subject: string; body: string }) {
  const raw = [
    `From: ${fields.from}`,
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
