import { expect, login, registerAndLogIn, test, type OpenContext, type Page, type TestInfo } from "./fixtures";
import { latestMailTo } from "./mailbox";

/**
 * A staff reply reaches the customer the way they asked (issue 36 item 1), JS on and off: by e-mail, the
 * whole reply in a mail whose answer goes to the ticket's own address; by phone, no mail but 「電話で連絡」 on
 * the ticket until staff mark the call made. Each test registers its own member.
 */
async function openTicket(page: Page, testInfo: TestInfo, replyBy: "メール" | "電話"): Promise<{ email: string; ticketId: string }> {
  const email = `desk-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.jp`;
  await registerAndLogIn(page, { email, password: "desk-pass-42", lastname: "窓口", firstname: "花子", lastnameKana: "マドグチ", firstnameKana: "ハナコ" });
  await page.goto("/user/support");
  await page.getByLabel("お問い合わせの種類").selectOption("過去の注文について");
  await page.getByLabel("お困りの内容").selectOption("お支払いについて");
  await page.getByRole("radio", { name: replyBy, exact: true }).check();
  await page.getByLabel("お問い合わせ内容").fill("支払い方法を変更できますか。");
  await page.getByRole("button", { name: "送信する" }).click();
  await expect(page).toHaveURL(/\/user\/support\/\d+\?notice=created/);
  return { email, ticketId: new URL(page.url()).pathname.split("/").pop()! };
}

async function staffReplies(openContext: OpenContext, ticketId: string, text: string): Promise<Page> {
  const staff = await (await openContext()).newPage();
  await login(staff, "staff", `/crm/tickets/${ticketId}`);
  await staff.getByRole("textbox", { name: "メッセージ" }).fill(text);
  await staff.getByRole("button", { name: "カスタマーサービスとして返信する" }).click();
  await expect(staff.getByTestId("message").last()).toContainText(text);
  return staff;
}

test("a reply to a customer who asked for e-mail is mailed whole, answered to the ticket's own address", async ({ page, openContext }, testInfo) => {
  const { email, ticketId } = await openTicket(page, testInfo, "メール");
  const staff = await staffReplies(openContext, ticketId, "お問い合わせありがとうございます。変更を承ります。");
  await expect(staff.getByTestId("reply-delivery")).toHaveText("返信はお客様にメールでも届きます。");
  await expect(staff.getByTestId("call-task")).toHaveCount(0);

  const mail = await latestMailTo(page, email, { subject: `【お問い合わせ #${ticketId}】カスタマーサービスからのご返信` });
  expect(mail.text).toContain("お問い合わせありがとうございます。変更を承ります。");
  expect(mail.text).toContain("> 支払い方法を変更できますか。");
  expect(mail.replyTo).toMatch(/^support\+[0-9a-f]{32}@marketplace\.example\.jp$/);
  expect(mail.links).toContain(new URL(`/user/support/${ticketId}`, page.url()).href);

  // Staff see that address on the ticket and can replace it (a forwarded mail): the old one stops.
  const address = staff.getByTestId("reply-address");
  await address.locator("summary").click();
  await expect(address.getByTestId("reply-address-value")).toHaveText(mail.replyTo);
  await address.getByRole("button", { name: "返信用アドレスを新しくする" }).click();
  await expect(staff.getByText("返信用アドレスを新しくしました。")).toBeVisible();
  await expect(staff.getByTestId("reply-address-value")).toHaveText(/^support\+[0-9a-f]{32}@marketplace\.example\.jp$/);
  await expect(staff.getByTestId("reply-address-value")).not.toHaveText(mail.replyTo);
});

test("a reply to a customer who asked for a call mails nothing and leaves 「電話で連絡」 until the call is made", async ({ page, openContext }, testInfo) => {
  const { ticketId } = await openTicket(page, testInfo, "電話");
  const staff = await staffReplies(openContext, ticketId, "お電話にてご案内いたします。");
  await expect(staff.getByTestId("reply-delivery")).toHaveText("返信はメールで送られません。電話でご連絡ください。");
  const task = staff.getByTestId("call-task");
  await expect(task).toContainText("お客様は電話での連絡をご希望です。");
  await task.getByRole("button", { name: "電話しました（連絡済みにする）" }).click();
  await expect(staff.getByTestId("call-task")).toHaveCount(0);
  await staff.goto("/dev/mailbox");
  await expect(staff.getByTestId("mail-link").filter({ hasText: `【お問い合わせ #${ticketId}】` })).toHaveCount(0);
});
