/**
 * One order, three senders, three people (JS on and off): staff ship the warehouse parcel of the guest's
 * 代金引換 order 7 from the order desk, the merchant 有田 青華窯 ships its own parcel from /merchant, and the
 * guest — looking the order up by number and e-mail — sees each parcel's state with its tracking link, and
 * gets 出荷のお知らせ for each with the same number.
 */
import { GUEST_ORDER_EMAIL } from "~/db/seed/people";
import { expect, login, test } from "./fixtures";
import { latestMailTo } from "./mailbox";

const WAREHOUSE_PARCEL = 9;
const ARITA_PARCEL = 11;

test("staff and a merchant ship their parcels; the guest follows both", async ({ page, openContext }) => {
  await login(page, "staff", "/crm/orders/7");
  const number = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").match(/\d{8}-\d{4}/)?.[0] ?? "";
  expect(number).not.toBe("");
  const warehouse = page.locator(`[data-testid="desk-shipment"][data-shipment="${WAREHOUSE_PARCEL}"]`);
  const shipForm = warehouse.getByTestId("desk-ship-form");
  await shipForm.getByLabel("配送業者").selectOption({ label: "ヤマト運輸" });
  await shipForm.getByLabel("お問い合わせ番号（伝票番号）").fill("4444-5555-6666");
  await shipForm.getByRole("button", { name: "発送済みにする" }).click();
  await expect(warehouse.getByTestId("desk-shipment-status")).toHaveText("発送済み");

  const merchant = await (await openContext()).newPage();
  await login(merchant, "otherMerchant", "/", "/merchant");
  await merchant.goto(`/merchant/shipments/${ARITA_PARCEL}`);
  await merchant.getByLabel("配送業者").selectOption({ label: "日本郵便" });
  await merchant.getByLabel("お問い合わせ番号（伝票番号）").fill("777788889999");
  await merchant.getByRole("button", { name: "発送済みにする" }).click();
  await expect(merchant.getByTestId("merchant-shipment-status")).toHaveText("発送済み");

  const guest = await (await openContext()).newPage();
  await guest.goto("/order-lookup");
  await guest.getByRole("textbox", { name: /注文番号/ }).fill(number);
  await guest.getByRole("textbox", { name: /メールアドレス/ }).fill(GUEST_ORDER_EMAIL);
  await guest.getByRole("button", { name: "ご注文を確認する" }).click();
  const found = guest.getByTestId("lookup-order");
  const parcels = found.getByTestId("order-shipment");
  await expect(parcels.filter({ hasText: "当社倉庫" }).getByTestId("tracking-link")).toHaveAttribute("href", /kuronekoyamato.*444455556666/);
  await expect(parcels.filter({ hasText: "有田 青華窯" }).getByTestId("tracking-link")).toHaveAttribute("href", /japanpost.*777788889999/);
  await expect(parcels.filter({ hasText: "有田 青華窯" }).getByTestId("expected-delivery")).toBeVisible();

  // One 出荷のお知らせ per parcel (the merchant spec may ship the third meanwhile): the newest names this
  // order, its parcel's number and the carrier's tracking page.
  const mail = await latestMailTo(guest, GUEST_ORDER_EMAIL, { subject: `出荷のお知らせ（ご注文番号 ${number}）` });
  expect(mail.text).toMatch(/お問い合わせ番号：\d{11,13}/);
  expect(mail.text).toContain("お届け予定");
  expect(mail.links.some((link) => /kuronekoyamato|japanpost|sagawa/.test(link))).toBe(true);
});
