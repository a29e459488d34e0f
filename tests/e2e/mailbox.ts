/**
 * Reading the e-mails the shop sent, from the local dev mailbox (/dev/mailbox), as a browser spec would:
 *
 *   const mail = await latestMailTo(page, email, { subject: "ご注文確認" });
 *   expect(mail.text).toContain(orderNumber);
 *   await page.goto(mail.links.find((link) => link.includes("/password/reset"))!);
 *
 * It waits until the newest message to that address (with that subject) has been SENT — by the queue
 * consumer through the simulated `send_email` binding on the e2e servers (the build on Miniflare), or by the mailbox's own sweep
 * under the Vite dev server — so a spec that passes has seen the whole delivery, not just the outbox row.
 * Works with JavaScript on and off (it only navigates and reads the page). The page is left on the message.
 */
import { expect, type Page } from "@playwright/test";

export interface MailboxMessage {
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part as stored (the markup, not rendered). */
  html: string;
  /** Every link of the HTML part, absolute, in order. */
  links: string[];
  /** The message's own page in the dev mailbox. */
  url: string;
  /** Where an answer goes (Reply-To), or "" for a send-only mail. */
  replyTo: string;
}

export interface MailQuery {
  /** Part of the subject (a string) or a pattern it matches. */
  subject?: string | RegExp;
  /** How long to wait for the message to arrive and be sent (ms). */
  timeout?: number;
}

function subjectMatches(subject: string, wanted: MailQuery["subject"]): boolean {
  if (wanted == null) return true;
  return typeof wanted === "string" ? subject.includes(wanted) : wanted.test(subject);
}

/** The dev mailbox's rows for an address, newest first: exact recipient, subject, status and page. */
async function rowsTo(page: Page, address: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(address)}`);
  const rows = page.getByTestId("mail-row");
  const found: { to: string; subject: string; status: string; href: string }[] = [];
  for (const row of await rows.all()) {
    const link = row.getByTestId("mail-link");
    found.push({
      to: ((await row.getByTestId("mail-to").textContent()) ?? "").trim(),
      subject: ((await link.textContent()) ?? "").trim(),
      status: ((await row.getByTestId("mail-status").textContent()) ?? "").trim(),
      href: (await link.getAttribute("href")) ?? "",
    });
  }
  return found;
}

/** The newest e-mail to `address` (optionally with a subject), once it has been sent. */
export async function latestMailTo(page: Page, address: string, query: MailQuery = {}): Promise<MailboxMessage> {
  let href = "";
  await expect
    .poll(
      async () => {
        const newest = (await rowsTo(page, address)).find((row) => row.to === address && subjectMatches(row.subject, query.subject));
        href = newest?.href ?? "";
        return newest ? newest.status : "（まだ届いていません）";
      },
      {
        message: `a sent mail to ${address}${query.subject ? ` about ${String(query.subject)}` : ""}`,
        timeout: query.timeout ?? 15_000,
        intervals: [250, 500, 1000],
      },
    )
    .toBe("送信済み");
  await page.goto(href);
  const links: string[] = [];
  for (const link of await page.getByTestId("mail-links").getByRole("link").all())
    links.push(new URL((await link.getAttribute("href")) ?? "", page.url()).href);
  return {
    subject: ((await page.getByTestId("mail-subject").textContent()) ?? "").trim(),
    text: (await page.getByTestId("mail-text").textContent()) ?? "",
    html: (await page.getByTestId("mail-html-source").textContent()) ?? "",
    links,
    url: page.url(),
    replyTo: (await page.getByTestId("mail-reply-to").count()) > 0 ? ((await page.getByTestId("mail-reply-to").textContent()) ?? "").trim() : "",
  };
}
