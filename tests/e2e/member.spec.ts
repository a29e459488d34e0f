import { expect, login, test, type Page } from "./fixtures";

/**
 * The member area as member@example.jp uses it, with JS on and off (each project has its own fresh store;
 * other files may write mails for the member meanwhile, so counts are compared, not fixed).
 * Seed figures: order …-0001 mixes 泉州タオル 1,980 yen (10%) and 梅干し 1,620 yen (8%) with 660 yen shipping:
 * 10% part 2,640 yen (tax 240), 8% part 1,620 yen (tax 120), total 4,260 yen.
 */
const RESTOCK_TITLE = "【再入荷のお知らせ】「綿麻 ワークエプロン（生成り）」が再入荷しました";

/** The header's unread-mail count (0 when the badge is not shown). */
async function unreadMails(page: Page): Promise<number> {
  const badge = page.getByRole("banner").getByLabel(/^未読のお知らせ/);
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.textContent());
}

/** The member's unread mails as the server counts them now (other specs place orders for this member meanwhile). */
async function unreadOnServer(page: Page): Promise<number> {
  const response = await page.request.get("/api/user/mails?inputs%5Breaded%5D=0");
  return ((await response.json()) as { detail: { total: number } }).detail.total;
}

test("the member filters mails by title and opens one: it becomes read and the header badge drops", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await login(page, "member", "/user/mails");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("お知らせ");
  expect(await unreadMails(page)).toBeGreaterThan(0);

  // The filter: a modal with JS, a folded section without.
  if (js) await page.getByRole("button", { name: "絞り込み" }).click();
  else await page.getByText("絞り込み", { exact: true }).click();
  await page.getByLabel("件名").fill("再入荷");
  await page.getByRole("button", { name: "この条件で絞り込む" }).click();
  // Without JS the form sends its empty fields too; the page answers with the clean URL.
  await expect(page).toHaveURL(/\/user\/mails\?title=%E5%86%8D%E5%85%A5%E8%8D%B7$/);
  await expect(page.getByTestId("mail-row")).toHaveCount(1);
  await expect(page.getByTestId("filter-badges")).toContainText("件名：「再入荷」");
  const row = page.getByTestId("mail-row");
  await expect(row.getByTestId("unread-badge")).toBeVisible();
  await expect(row.getByRole("rowheader")).toHaveText(RESTOCK_TITLE);

  await row.getByRole("link", { name: RESTOCK_TITLE, exact: true }).click();
  if (js) {
    const dialog = page.getByRole("dialog", { name: RESTOCK_TITLE });
    await expect(dialog).toContainText("再入荷のお知らせをご希望いただいた商品が入荷しました。");
    await expect(row.getByText("既読")).toBeVisible();
    // The header badge follows without a reload.
    await expect.poll(async () => (await unreadMails(page)) === (await unreadOnServer(page))).toBe(true);
    await dialog.getByRole("button", { name: "閉じる" }).click();
    await expect(dialog).toBeHidden();
  } else {
    await expect(page).toHaveURL(/\/user\/mails\/\d+\?from=/);
    await expect(page.getByTestId("mail-detail")).toContainText("再入荷のお知らせをご希望いただいた商品が入荷しました。");
    expect(await unreadMails(page)).toBe(await unreadOnServer(page));
    await page.getByRole("link", { name: "お知らせ一覧へ戻る" }).click();
    await expect(page).toHaveURL(/\/user\/mails\?title=/);
    await expect(page.getByTestId("mail-row").getByText("既読")).toBeVisible();
  }

  // Removing the filter badge shows every mail again.
  await page
    .getByTestId("filter-badges")
    .getByRole("link", { name: /件名：「再入荷」/ })
    .click();
  await expect(page).toHaveURL(/\/user\/mails$/);
  // With JS the address changes as the navigation starts: wait for the list it brings.
  await expect.poll(() => page.getByTestId("mail-row").count()).toBeGreaterThan(1);
});

test("the member opens an order's receipt and sees the tax per rate", async ({ page }) => {
  await login(page, "member", "/user/orders");
  await page.getByRole("link", { name: /注文番号 \d{8}-0001$/ }).click();
  await expect(page.getByTestId("order-status")).toHaveText("お届け済み");
  await expect(page.getByTestId("order-shipment")).toHaveCount(1);
  await page.getByTestId("receipt-link").click();
  await expect(page).toHaveURL(/\/user\/orders\/\d+\/receipt$/);
  // Opened by itself (a bookmark, a printout later): the server's page hydrates without an error.
  await page.reload();

  const receipt = page.getByTestId("receipt");
  await expect(receipt.getByRole("heading", { name: "領収書" })).toBeVisible();
  await expect(page.getByTestId("receipt-total")).toContainText("4,260円");
  await expect(page.getByTestId("receipt-tax-10")).toHaveText(/10%対象.*2,640円.*240円/);
  await expect(page.getByTestId("receipt-tax-8")).toHaveText(/8%対象（軽減税率）.*1,620円.*120円/);
  await expect(page.getByTestId("receipt-seller")).toContainText("登録番号 T0000000000000");
  await expect(page.getByTestId("receipt-name")).toHaveText("山田 花子 様");

  await page.getByLabel("宛名", { exact: true }).fill("株式会社ひなたテスト");
  await page.getByLabel("但し書き", { exact: true }).fill("贈答品代として");
  await page.getByRole("button", { name: "保存して表示" }).click();
  await expect(page.getByText("宛名・但し書きを保存しました。")).toBeVisible();
  await expect(page.getByTestId("receipt-name")).toHaveText("株式会社ひなたテスト 様");
  await expect(page.getByTestId("receipt-memo")).toHaveText("但し\u3000贈答品代として");
});

test("the member skips the next subscription delivery after confirming, and gets a mail", async ({ page }) => {
  await login(page, "member", "/user/subscriptions");
  await page.getByRole("link", { name: "静岡 深蒸し茶 やぶきた 100g" }).click();
  const next = page.getByTestId("next-shipping");
  const before = await next.textContent();
  await page.getByRole("link", { name: "次回のお届けをスキップ" }).click();
  await expect(page.getByTestId("subscription-confirm")).toContainText(`${before}のお届けをスキップしますか？`);
  await page.getByRole("button", { name: "スキップする" }).click();
  await expect(page.getByText("次回のお届けをスキップしました。確認のお知らせをお送りしました。")).toBeVisible();
  await expect(next).not.toHaveText(before ?? "");
  await expect(page.getByTestId("subscription-confirm")).toHaveCount(0);

  await page.goto(`/user/mails?title=${encodeURIComponent("スキップしました")}`);
  await expect(page.getByTestId("mail-row")).toHaveCount(1);
  await expect(page.getByTestId("mail-row")).toContainText(`【定期便】${before}のお届けをスキップしました`);
});

test("the member removes a favorite from the favorites list", async ({ page }) => {
  await login(page, "member", "/user/favorites");
  const items = page.getByTestId("favorite-item");
  await expect(items).toHaveCount(4);
  const gauze = page.locator('[data-testid="favorite-item"][data-sku="LIVING-GAUZE"]');
  await gauze.getByRole("button", { name: "お気に入りから外す" }).click();
  await expect(gauze).toHaveCount(0);
  await expect(items).toHaveCount(3);
  await expect(page).toHaveURL("/user/favorites");
});

test("the hub links every member section", async ({ page }) => {
  await login(page, "member", "/user");
  await expect(page.getByTestId("hub-greeting")).toContainText("山田 花子 様");
  for (const name of ["お知らせ", "注文履歴", "定期便", "ポイント", "お気に入り", "あとで買う", "再入荷のお知らせ登録", "お届け先住所", "お問い合わせ"]) {
    await expect(page.getByRole("navigation", { name: "マイページのメニュー" }).getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await page.getByTestId("hub-points").click();
  await expect(page).toHaveURL("/user/points");
  await expect(page.getByTestId("point-entry").first()).toBeVisible();
});

test("the member sorts the mail list by a column header and removes a mail after confirming", async ({ page }) => {
  await login(page, "member", "/user/mails");
  const titleHeader = page.getByRole("columnheader", { name: /件名/ });
  await expect(titleHeader).toHaveAttribute("aria-sort", "none");
  await titleHeader.getByRole("link").click();
  await expect(page).toHaveURL(/\/user\/mails\?orderby=title&ordersens=ASC$/);
  await expect(page.getByRole("columnheader", { name: /件名/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByRole("columnheader", { name: /受信日時/ })).toHaveAttribute("aria-sort", "none");

  await page.goto(`/user/mails?title=${encodeURIComponent("新春キャンペーン")}`);
  const row = page.getByTestId("mail-row");
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: /を削除$/ }).click();
  await expect(page.getByTestId("removal-confirm")).toContainText("を削除しますか？");
  await page.getByRole("button", { name: "削除する" }).click();
  await expect(page.getByTestId("listing-notice")).toHaveText("お知らせを削除しました。");
  await expect(page.getByTestId("mail-row")).toHaveCount(0);
  await expect(page).toHaveURL(/title=.*&notice=removed#result$/);
});
