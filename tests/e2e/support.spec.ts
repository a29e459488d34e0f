import { expect, login, registerAndLogIn, test, type OpenContext, type Page, type TestInfo } from "./fixtures";
import { pngBytes } from "../support/images";

/**
 * Support tickets as a customer and customer service use them, with JS on and off (each project has its
 * own freshly seeded store). Each test registers its own member, so the demo accounts' mails and badges
 * that other suites count stay untouched.
 */
const PASSWORD = "support-pass-42";
const PNG = { name: "damage.png", mimeType: "image/png", buffer: Buffer.from(pngBytes(8, 6)) };

const jsOn = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

async function registerMember(page: Page, testInfo: TestInfo, lastname: string): Promise<string> {
  const email = `support-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.jp`;
  await registerAndLogIn(page, { email, password: PASSWORD, lastname, firstname: "サポ子", lastnameKana: "テスト", firstnameKana: "サポコ" });
  return email;
}

/** Customer service in a browser of its own (same settings as the project's). */
async function staffPage(openContext: OpenContext): Promise<Page> {
  const page = await (await openContext()).newPage();
  await login(page, "staff", "/crm/tickets");
  return page;
}

/** PhotoSwipe ignores a close during its 333 ms opening animation: close once it is ready. */
async function closePreviewer(page: Page) {
  await expect(page.locator(".pswp.pswp--ready")).toBeVisible();
  await page.locator(".pswp").getByRole("button", { name: "閉じる" }).click();
  await expect(page.locator(".pswp")).toHaveCount(0);
}

async function staffReply(staff: Page, text: string) {
  await staff.getByRole("textbox", { name: "メッセージ" }).fill(text);
  await staff.getByRole("button", { name: "カスタマーサービスとして返信する" }).click();
  await expect(staff.getByTestId("message").last()).toContainText(text);
}

test("a member opens a ticket with an image, staff reply from /crm, the member reads it and confirms it is resolved", async ({
  page,
  openContext,
}, testInfo) => {
  test.setTimeout(90_000);
  const js = jsOn(testInfo);
  await registerMember(page, testInfo, "問合");

  // The new-ticket form: the description is required and nothing is sent without it.
  await page.goto("/user/support");
  await page.getByLabel("お問い合わせの種類").selectOption("サイトの不具合");
  await page.getByLabel("お困りの内容").selectOption("お支払いについて");
  await page.getByRole("radio", { name: "メール", exact: true }).check();
  await page.getByRole("button", { name: "送信する" }).click();
  await expect(page.getByText("問題について詳しく教えてください")).toBeVisible();
  await expect(page).toHaveURL("/user/support");
  await expect(page.getByTestId("ticket-list")).toHaveCount(0);

  // One image: uploaded at once by the widget with JS, sent with the form as multipart without.
  if (js) {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.getByTestId("image-input").setInputFiles(PNG);
    await expect(page.getByTestId("image-item")).toHaveAttribute("data-status", "success");
    await expect(page.getByTestId("image-count")).toHaveText("1/3");
    // Three more would pass the limit of 3: the prompt shows and nothing is added.
    await page.getByTestId("image-input").setInputFiles([1, 2, 3].map((n) => ({ ...PNG, name: `more-${n}.png` })));
    await expect(page.getByRole("alert").filter({ hasText: "画像は3枚まで追加できます" })).toBeVisible();
    await expect(page.getByTestId("image-item")).toHaveCount(1);
    // The previewer (PhotoSwipe) loads only when a thumbnail is opened; it can delete unsent images.
    expect(requested.some((url) => /photoswipe/i.test(url))).toBe(false);
    await page.getByRole("button", { name: "画像を添付 1を拡大表示" }).click();
    await expect(page.locator(".pswp")).toBeVisible();
    expect(requested.some((url) => /photoswipe/i.test(url))).toBe(true);
    await expect(page.getByRole("button", { name: "この画像を削除" })).toBeVisible();
    await closePreviewer(page);
    await expect(page.getByTestId("image-item")).toHaveCount(1);
  } else {
    await page.getByLabel("画像を添付").setInputFiles(PNG);
  }
  await page.getByLabel("お問い合わせの種類").selectOption("サイトの不具合");
  await page.getByLabel("お困りの内容").selectOption("お支払いについて");
  await page.getByLabel("お問い合わせ内容").fill("支払い画面でエラーが出ます。画面の写真を添付します。");
  await page.getByRole("button", { name: "送信する" }).click();

  await expect(page).toHaveURL(/\/user\/support\/\d+\?notice=created/);
  const ticketPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("thread-notice")).toHaveText("お問い合わせを受け付けました。担当者からの返信をお待ちください。");
  await expect(page.getByTestId("message")).toHaveCount(1);
  await expect(page.getByTestId("message-sender")).toHaveText("問合 サポ子");
  const attachment = page.getByTestId("attachment").locator("img");
  await expect(attachment).toHaveCount(1);
  const image = await page.request.get((await attachment.getAttribute("src"))!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toMatch(/^image\//);
  if (js) {
    // Sent images open read-only (no delete); an image that fails to load says so, with a link to it.
    await page.route("**/crm/customer/media/*/xl", (route) => route.fulfill({ status: 404, body: "" }));
    await page.getByRole("link", { name: /添付画像 1を拡大表示/ }).click();
    await expect(page.locator(".pswp")).toBeVisible();
    await expect(page.locator(".pswp__error-msg")).toContainText("画像を読み込めませんでした。");
    await expect(page.locator(".pswp__error-msg").getByRole("link", { name: "画像を開く" })).toHaveAttribute("href", /\/crm\/customer\/media\/\d+\/xl$/);
    await expect(page.getByRole("button", { name: "この画像を削除" })).toHaveCount(0);
    await closePreviewer(page);
    await page.unroute("**/crm/customer/media/*/xl");
  }

  // Staff answer from the desk.
  const staff = await staffPage(openContext);
  const ticketId = ticketPath.split("/").pop()!;
  await staff.goto(`/crm/tickets/${ticketId}`);
  await expect(staff.getByTestId("ticket-priority")).toHaveText("高");
  await expect(staff.getByTestId("attachment")).toHaveCount(1);
  await staffReply(staff, "ご不便をおかけしております。エラーの内容を確認いたします。");

  // The member sees the reply: polled within 5 s with JS, after the reload link without.
  if (js) {
    await expect(page.getByText("ご不便をおかけしております。エラーの内容を確認いたします。")).toBeVisible({ timeout: 8_000 });
  } else {
    await page.getByTestId("reload-link").click();
    await expect(page.getByText("ご不便をおかけしております。エラーの内容を確認いたします。")).toBeVisible();
  }
  await expect(page.getByTestId("message").last().getByTestId("message-sender")).toHaveText("カスタマーサービス");

  // Away from the thread, a second reply shows in the header badge (polled with JS) and the list.
  await page.goto("/user/support");
  await expect(page.getByLabel(/^新着メッセージ/)).toHaveCount(0);
  await staffReply(staff, "修正いたしました。お手数ですが、もう一度お試しください。");
  await staff.getByRole("button", { name: "お客様に解決の確認を依頼する" }).click();
  await expect(staff.getByTestId("staff-confirmation")).toHaveText("解決確認のお願い中");
  if (!js) await page.reload();
  await expect(page.getByLabel("新着メッセージ 1件")).toBeVisible({ timeout: 8_000 });
  if (!js) await expect(page.getByTestId("ticket-unread")).toHaveText("新着 1件");

  // The member confirms: only the label remains, with the notice; the reply box goes away.
  await page.goto(ticketPath);
  await expect(page.getByText("修正いたしました。お手数ですが、もう一度お試しください。")).toBeVisible();
  // With JS the thread scrolls to its last message 1 s after it is shown.
  if (js) await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3_000 }).toBeGreaterThan(0);
  const confirmation = page.getByTestId("confirmation");
  await confirmation.getByRole("button", { name: "解決した" }).click();
  await expect(page.getByTestId("confirmation-label")).toHaveText("解決した");
  await expect(page.getByTestId("confirmation-notice")).toHaveText("ご回答ありがとうございます。カスタマーサービスに通知しました。");
  await expect(confirmation.getByRole("button")).toHaveCount(0);
  await expect(page.getByTestId("ticket-closed")).toBeVisible();
  await expect(page.getByRole("button", { name: "送信する" })).toHaveCount(0);
  await expect(page.getByLabel(/^新着メッセージ/)).toHaveCount(0);

  await staff.goto(`/crm/tickets/${ticketId}`);
  await expect(staff.getByTestId("ticket-status")).toHaveText("終了");
  await expect(staff.getByTestId("staff-confirmation")).toHaveText("解決した");
  await staff.context().close();
});

test("a thread read takes its messages off the header badge at once, and a reply sent takes 「受け付けました」 away", async ({
  page,
  openContext,
}, testInfo) => {
  test.setTimeout(90_000);
  const js = jsOn(testInfo);
  await registerMember(page, testInfo, "既読");
  await page.goto("/user/support");
  await page.getByLabel("お問い合わせの種類").selectOption("サイトの不具合");
  await page.getByLabel("お困りの内容").selectOption("お支払いについて");
  await page.getByLabel("お問い合わせ内容").fill("ログインできません。");
  await page.getByRole("button", { name: "送信する" }).click();
  await expect(page.getByTestId("thread-notice")).toHaveText("お問い合わせを受け付けました。担当者からの返信をお待ちください。");
  const ticketPath = new URL(page.url()).pathname;

  // A reply sent: the page no longer says the ticket was just received.
  await page.getByRole("textbox", { name: "メッセージ" }).fill("補足です。スマートフォンから試しています。");
  await page.getByRole("button", { name: "送信する" }).click();
  await expect(page.getByTestId("message").last()).toContainText("補足です。");
  await expect(page.getByText("お問い合わせを受け付けました。")).toHaveCount(0);

  // Away from the thread (with JS an open thread would read the reply as it polls), staff answer.
  await page.goto("/user/support");
  const staff = await staffPage(openContext);
  await staff.goto(`/crm/tickets/${ticketPath.split("/").pop()}`);
  await staffReply(staff, "確認いたします。");
  await page.goto("/user/support");
  await expect(page.getByLabel("新着メッセージ 1件")).toBeVisible();

  // Opening the thread reads the reply: the badge goes with the page that shows it (not a poll later).
  await page.goto(ticketPath);
  await expect(page.getByText("確認いたします。")).toBeVisible();
  await expect(page.getByLabel(/^新着メッセージ/)).toHaveCount(0, { timeout: 2_000 });

  if (js) {
    // A reply arriving while the thread is open is read as it shows: the badge does not linger.
    await staffReply(staff, "もう少々お待ちください。");
    await expect(page.getByText("もう少々お待ちください。")).toBeVisible({ timeout: 8_000 });
    await expect(page.getByLabel(/^新着メッセージ/)).toHaveCount(0, { timeout: 2_000 });
  }
  await staff.context().close();
});

test("without JS an image sent with a refused new-ticket form is kept for the next submit, and one that cannot be is named", async ({ page }, testInfo) => {
  test.skip(jsOn(testInfo), "with JS the form is checked before anything is sent, and images are uploaded as they are picked");
  await registerMember(page, testInfo, "保持");
  await page.goto("/user/support");
  await page.getByLabel("お問い合わせの種類").selectOption("サイトの不具合");
  await page.getByLabel("お困りの内容").selectOption("お支払いについて");
  await page.getByLabel("画像を添付").setInputFiles([PNG, { name: "memo.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") }]);
  // No description: refused, the image kept (a file input cannot be filled again), the text file named.
  await page.getByRole("button", { name: "送信する" }).click();
  await expect(page.getByText("問題について詳しく教えてください")).toBeVisible();
  await expect(page.getByTestId("kept-images")).toContainText("選択した画像（1枚）はお預かりしています。このまま送信すると添付されます。");
  await expect(page.getByTestId("kept-images").getByRole("img")).toHaveCount(1);
  await expect(page.getByRole("alert").filter({ hasText: "添付できなかった画像があります（「memo.txt」" })).toBeVisible();

  await page.getByLabel("お問い合わせの種類").selectOption("サイトの不具合");
  await page.getByLabel("お困りの内容").selectOption("お支払いについて");
  await page.getByLabel("お問い合わせ内容").fill("決済画面の写真です。");
  await page.getByRole("button", { name: "送信する" }).click();
  await expect(page).toHaveURL(/\/user\/support\/\d+\?notice=created/);
  await expect(page.getByTestId("attachment").locator("img")).toHaveCount(1);
});

test("a customer cannot open another customer's ticket or the staff desk", async ({ page }, testInfo) => {
  await registerMember(page, testInfo, "他人");
  const response = await page.goto("/user/support/1");
  expect(response?.status()).toBe(404);
  const desk = await page.goto("/crm/tickets");
  expect(desk?.status()).toBe(403);
});

test("the staff ticket list sorts, filters and pages through GET links and forms", async ({ page, openContext }, testInfo) => {
  test.setTimeout(90_000);
  const js = jsOn(testInfo);
  const email = await registerMember(page, testInfo, "一覧");
  // 21 tickets of this member (low priority), posted as the form would be (a browser says where from).
  const origin = new URL(page.url()).origin;
  for (let n = 0; n < 21; n++) {
    const response = await page.request.post("/user/support", {
      form: {
        intent: "create",
        session: String(Date.now() * 10 + n),
        category: "その他",
        trouble: "領収書がほしい",
        description: `領収書の発行をお願いします（${n + 1}）`,
      },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
  }

  const staff = await staffPage(openContext);
  // Filter by this customer: a <details> form without JS, a modal with JS.
  if (js) await staff.getByRole("button", { name: "絞り込み" }).click();
  else await staff.getByText("絞り込み", { exact: true }).click();
  await staff.getByLabel("お客様").fill(email);
  await staff.getByRole("button", { name: "この条件で絞り込む" }).click();
  await expect(staff).toHaveURL(new RegExp(`customer=${encodeURIComponent(email).replace(/\./g, "\\.")}`));
  await expect(staff.getByTestId("listing-count")).toHaveText("21件");
  await expect(staff.getByTestId("ticket-row")).toHaveCount(20);
  await expect(staff.getByTestId("filter-badges")).toContainText(`お客様：「${email}」`);

  // Page 2 (0-based in the URL) holds the 21st.
  await staff.getByRole("navigation", { name: "ページ送り" }).getByRole("link", { name: "2", exact: true }).click();
  await expect(staff).toHaveURL(/page=1/);
  await expect(staff.getByTestId("ticket-row")).toHaveCount(1);

  // Oldest first by arrival.
  await staff.getByRole("link", { name: /受付日時/ }).click();
  await expect(staff).toHaveURL(/orderby=date_created/);
  await expect(staff.getByRole("columnheader", { name: /受付日時/ })).toHaveAttribute("aria-sort", "descending");
  await staff.getByRole("link", { name: /受付日時/ }).click();
  await expect(staff.getByRole("columnheader", { name: /受付日時/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(staff.getByTestId("ticket-row").first()).toContainText("（1）");

  // Priority high first (DESC) over every customer once the badge is removed.
  await staff.getByRole("link", { name: /お客様：/ }).click();
  await expect(staff.getByTestId("filter-badges")).toHaveCount(0);
  await staff.getByRole("link", { name: /優先度/ }).click();
  await expect(staff.getByRole("columnheader", { name: /優先度/ })).toHaveAttribute("aria-sort", "descending");
  await expect(staff.getByTestId("ticket-row").first().getByRole("cell").nth(1)).toHaveText("高");
  await staff.context().close();
});
