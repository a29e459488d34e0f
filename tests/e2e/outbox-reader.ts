/**
 * A stand-in for tests/e2e/mailbox.ts (the dev mailbox's reader, on the mail-desk branch), with the same
 * call: the newest e-mail to an address, once the queue consumer has sent it. It reads the e2e server's
 * own local D1 (the store playwright.config.ts gives each project) with `wrangler d1 execute`, so it needs
 * no page of the shop. Once /dev/mailbox is on this branch, specs import latestMailTo from ./mailbox instead.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, type Page, type TestInfo } from "@playwright/test";

const run = promisify(execFile);

export interface OutboxMail {
  subject: string;
  /** The plain-text part. */
  text: string;
  /** Every http(s) address in the text part, in order. */
  links: string[];
}

/** The store of the server this test's project runs on (playwright.config.ts webServer `--fresh`). */
function storeOf(page: Page, info: TestInfo): string {
  const port = new URL(page.url() === "about:blank" ? String(info.project.use.baseURL) : page.url()).port;
  return `.wrangler/e2e-${info.project.name}-${port}`;
}

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

async function newestRow(store: string, address: string, subject: string): Promise<{ subject: string; text_body: string; status: string } | undefined> {
  const sql = `select subject, text_body, status from mail_outbox where to_address = ${quoted(address)} and subject like ${quoted(`%${subject}%`)} order by id desc limit 1`;
  const { stdout } = await run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", store, "--json", "--command", sql], {
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  const [result] = JSON.parse(stdout) as { results: { subject: string; text_body: string; status: string }[] }[];
  return result?.results[0];
}

/** The newest e-mail to `address` whose subject contains `subject`, waiting until it has been sent. */
export async function latestMailTo(page: Page, info: TestInfo, address: string, subject = ""): Promise<OutboxMail> {
  const store = storeOf(page, info);
  let row: Awaited<ReturnType<typeof newestRow>>;
  await expect
    .poll(
      async () => {
        row = await newestRow(store, address, subject);
        return row?.status ?? "（まだありません）";
      },
      { message: `a sent mail to ${address} about ${subject}`, timeout: 45_000, intervals: [500, 1000] },
    )
    .toBe("sent");
  const text = row!.text_body;
  return { subject: row!.subject, text, links: text.match(/https?:\/\/[^\s（）()]+/g) ?? [] };
}
