import { CUT_OFF, cutOff, expect, login, test, type Page } from "./fixtures";
import type { BrowserContext } from "@playwright/test";

/**
 * Staff approval of merchant product changes (issue 38 item 7, decision 0066), JS on and off: with the owner's
 * setting on, a merchant's new price waits (承認待ち) while the shop keeps the old one; staff read it before →
 * after on /crm/product-approvals and approve it, and the shop shows the new price. A 差戻し needs a comment
 * (refused in Japanese without one) and the merchant reads it on its editor and list. Each test turns the
 * setting off again, so the specs after it see merchants publishing directly.
 */
const YOGURT = { sku: "DRINK-YOGURT", shopPath: "/category/dairy/DRINK-YOGURT" };

async function setApproval(page: Page, on: boolean) {
  await page.goto("/crm/settings");
  const box = page.getByTestId("settings-merchant-approval");
  if ((await box.isChecked()) === on) return;
  await box.setChecked(on);
  await page.getByRole("button", { name: "設定を保存する" }).click();
  await expect(page.getByRole("status")).toHaveText("設定を保存しました。ショップのページ・メール・領収書に反映されます。");
  await expect(page.getByTestId("settings-merchant-approval")).toBeChecked({ checked: on });
}

/** The merchant opens its product's editor from its list. */
async function openEditor(page: Page) {
  await page.goto(`/merchant/products?q=${YOGURT.sku}`);
  await page.getByTestId("product-row-link").first().click();
  await expect(page).toHaveURL(/\/merchant\/products\/\d+$/);
}

const yen = (amount: number) => `${amount.toLocaleString("ja-JP")}円`;

/** Another person's browser page. */
async function personPage(openContext: () => Promise<BrowserContext>): Promise<Page> {
  return (await openContext()).newPage();
}

test("a merchant's new price waits for staff, who approve it before → after, and the shop shows it", async ({ page, openContext }) => {
  const owner = await personPage(openContext);
  await login(owner, "owner", "/crm/settings");
  await setApproval(owner, true);
  try {
    await login(page, "merchant", "/merchant/products");
    await openEditor(page);
    const priceField = page.getByTestId("product-regular-price");
    const oldPrice = Number((await priceField.inputValue()).replace(/[^\d]/g, ""));
    const newPrice = oldPrice + 110;
    await expect(page.getByTestId("product-review-hint")).toContainText("スタッフの承認後にショップに反映されます");
    await priceField.fill(String(newPrice));
    await page.getByTestId("product-save").click();
    await expect(page.getByRole("status")).toHaveText("変更を申請しました。スタッフの承認後にショップに反映されます（承認待ち）。");
    await expect(page.getByTestId("product-review")).toHaveAttribute("data-review-status", "pending");
    await expect(page.getByTestId("product-regular-price")).toHaveValue(new RegExp(`^${newPrice.toLocaleString("ja-JP")}$|^${newPrice}$`));

    // The shop still sells at the old price.
    const shopper = await personPage(openContext);
    await shopper.goto(YOGURT.shopPath);
    await expect(shopper.getByTestId("price-box")).toContainText(yen(oldPrice).replace("円", ""));
    await expect(shopper.getByTestId("price-box")).not.toContainText(newPrice.toLocaleString("ja-JP"));

    // Staff see the change before → after, and approve it.
    const staff = await personPage(openContext);
    await login(staff, "staff", "/crm/product-approvals");
    await expect(staff.getByTestId("crm-product-review-badge")).toContainText("商品の承認待ち");
    const card = staff.getByTestId("pending-submission").filter({ hasText: YOGURT.sku });
    const priceRow = card.getByTestId("change-row").filter({ hasText: "通常価格（税込）" });
    await expect(priceRow.getByTestId("change-before")).toHaveText(yen(oldPrice));
    await expect(priceRow.getByTestId("change-after")).toHaveText(yen(newPrice));
    await card.getByTestId("approve-submission").click();
    await expect(staff.getByRole("status")).toHaveText("申請を承認し、ショップに反映しました。出品者にメールでお知らせしました。");
    await expect(staff.getByTestId("pending-submission").filter({ hasText: YOGURT.sku })).toHaveCount(0);
    await expect(staff.getByTestId("recent-decisions")).toContainText("公開（承認済み）");

    await shopper.goto(YOGURT.shopPath);
    await expect(shopper.getByTestId("price-box")).toContainText(newPrice.toLocaleString("ja-JP"));
  } finally {
    await setApproval(owner, false);
  }
});

test("a 差戻し needs a comment, and the merchant reads the comment on its editor and list", async ({
  page,
  openContext,
  javaScriptEnabled,
  expectProblems,
}) => {
  const owner = await personPage(openContext);
  await login(owner, "owner", "/crm/settings");
  await setApproval(owner, true);
  try {
    const shopper = await personPage(openContext);
    await shopper.goto(YOGURT.shopPath);
    const oldTitle = (await shopper.getByRole("heading", { level: 1 }).textContent())!.trim();
    await login(page, "merchant", "/merchant/products");
    await openEditor(page);
    const title = page.getByTestId("product-title");
    await title.fill(`${oldTitle}（大容量）`);
    await page.getByTestId("product-save").click();
    await expect(page.getByTestId("product-review")).toHaveAttribute("data-review-status", "pending");

    const staff = await personPage(openContext);
    await login(staff, "staff", "/crm/product-approvals");
    const card = () => staff.getByTestId("pending-submission").filter({ hasText: YOGURT.sku });
    await expect(card().getByTestId("change-row").filter({ hasText: "商品名" }).getByTestId("change-after")).toHaveText(`${oldTitle}（大容量）`);
    // Without a comment: refused in Japanese, nothing decided.
    await card().getByTestId("return-submission").click();
    await expect(card().getByTestId("comment-error")).toHaveText("差戻しの理由（出品者へのコメント）を入力してください");
    const comment = "商品名に容量を入れる場合は、内容量の欄と合わせてください。";
    await card().getByTestId("return-comment").fill(comment);
    if (javaScriptEnabled) {
      // A 差戻し that gets no answer keeps the page and the comment, said on its card; its button sends it again.
      expectProblems(CUT_OFF);
      const restore = await cutOff(staff, "/crm/product-approvals");
      await card().getByTestId("return-submission").click();
      await expect(card().getByTestId("connection-failed")).toBeVisible();
      await expect(card().getByTestId("return-comment")).toHaveValue(comment);
      await restore();
    }
    await card().getByTestId("return-submission").click();
    await expect(staff.getByRole("status")).toHaveText("申請を差戻しました。出品者にコメントをメールでお知らせしました。");
    await expect(staff.getByTestId("recent-decisions")).toContainText(comment);

    // The merchant sees 差戻し with the comment; the shop's product is unchanged.
    await page.reload();
    await expect(page.getByTestId("product-review")).toHaveAttribute("data-review-status", "returned");
    await expect(page.getByTestId("product-review-comment")).toHaveText(comment);
    await page.goto(`/merchant/products?q=${YOGURT.sku}`);
    await expect(page.getByTestId("product-row-review").first()).toHaveText("差戻し");
    await shopper.goto(YOGURT.shopPath);
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText(oldTitle);
  } finally {
    await setApproval(owner, false);
  }
});
