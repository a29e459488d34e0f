/**
 * The e-mails an order writes, on real local D1: the confirmation to every buyer (guest or member) and a
 * new account's welcome are outbox rows of the order's own batch — a refused order writes none — and they
 * carry the order's facts (number, every amount, payment instructions, delivery wish, cancellation terms).
 */
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect } from "vitest";
import { orderFingerprint } from "~/core/checkout/order-confirmation";
import { cancellationTerms } from "~/core/returns/returns";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { cartLines, mailOutbox, notificationMails, orders, products, users } from "~/db/schema";
import { MEMBER_ID } from "~/services/seed/people";
import { ensureCart, type CartActor } from "~/services/cart/cart.server";
import { loadCart } from "~/services/cart/cart-view.server";
import { placeOrder, type PlaceOrderInput } from "~/services/checkout/checkout.server";
import { cartWith, shownFingerprint, TEST_MAIL_FRAME, TOKYO_ADDRESS } from "../support/orders";
import { platformTest, type TestPlatform, seedClock } from "../support/platform-test";

const now = seedClock();
const it = platformTest();

const actorFor = (platform: TestPlatform, owner: CartActor["owner"]): CartActor => ({ db: platform.db, owner, session: {}, now });

async function guestOrder(platform: TestPlatform, cartId: string, email: string, extra: Partial<PlaceOrderInput> = {}) {
  const paymentMethod = extra.paymentMethod ?? "bank_transfer";
  return placeOrder(actorFor(platform, { cartId }), {
    placementToken: crypto.randomUUID(),
    shown: await shownFingerprint(platform.db, { cartId }),
    guest: { email, lastname: "佐藤", firstname: "一郎", lastnameJp: "サトウ", firstnameJp: "イチロウ" },
    address: { address: TOKYO_ADDRESS, save: false },
    paymentMethod,
    deliveryDate: null,
    deliveryTimeSlot: "午前中",
    mailFrame: TEST_MAIL_FRAME,
    ...extra,
  });
}

async function mailsTo(platform: TestPlatform, email: string) {
  return platform.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.id);
}

describe("the order confirmation e-mail", () => {
  it("is written for a guest in the order's batch, with every figure of the order and where to pay", async ({ platform }) => {
    const cartId = await cartWith(platform.db, {}, "DEMO-SIMPLE", 2);
    const result = await guestOrder(platform, cartId, "guest-mail@example.jp");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const order = (await platform.db.select().from(orders).where(eq(orders.id, result.orderId)).get())!;
    const [mail, ...others] = await mailsTo(platform, "guest-mail@example.jp");
    expect(others).toEqual([]);
    expect(result.mailKeys).toEqual([`order-confirmation:${order.number}`]);
    expect(mail).toMatchObject({
      key: `order-confirmation:${order.number}`,
      kind: "order_confirmation",
      userId: null,
      status: "pending",
      sensitive: false,
      subject: `【ご注文確認】ご注文ありがとうございます（注文番号 ${order.number}）`,
      createdAt: now,
      nextAttemptAt: now,
    });
    const yen = (value: number) => `${value.toLocaleString("ja-JP")}円`;
    for (const fact of [
      "佐藤 一郎 様",
      `注文番号：${order.number}`,
      `× 2点 ＝ ${yen(order.subtotal)}`,
      `商品小計：${yen(order.subtotal)}`,
      `送料：${yen(order.shippingFee)}`,
      `お支払い合計：${yen(order.total)}（税込）`,
      `（10%対象 ${yen(order.taxable10)} 内消費税 ${yen(order.tax10)}）`,
      "銀行振込（前払い）",
      "■ お振込先",
      `お振込金額：${yen(order.total)}`,
      "お振込期限：",
      "お届け希望日時：午前中",
      "〒100-0001 東京都千代田区千代田 1-1 千代田ハイツ101",
      "■ 発送・お届けの時期",
      cancellationTerms(DEFAULT_SHOP_SETTINGS)[0]!,
      // A guest has no order history: the mail points to the order lookup, at the shop's own origin.
      "ご注文の照会（http://shop.test/order-lookup）",
      "特定商取引法に基づく表記（http://shop.test/legal/tokushoho）",
    ]) {
      expect(mail!.textBody).toContain(fact);
    }
    expect(mail!.html).toContain('<a href="http://shop.test/legal/tokushoho#returns">');
    // A guest has no お知らせ list: only the e-mail.
    expect(await platform.db.select().from(notificationMails).where(eq(notificationMails.title, mail!.subject))).toEqual([]);
  });

  it("is written for a member beside the in-app お知らせ, linking to their order history", async ({ platform }) => {
    await platform.db.delete(cartLines).where(eq(cartLines.cartId, await ensureCart(platform.db, { userId: MEMBER_ID })));
    await cartWith(platform.db, { userId: MEMBER_ID }, "DEMO-SIMPLE", 1);
    const member = (await platform.db.select().from(users).where(eq(users.id, MEMBER_ID)).get())!;
    const result = await placeOrder(actorFor(platform, { userId: MEMBER_ID }), {
      placementToken: crypto.randomUUID(),
      // What the page showed with コンビニ後払い chosen (its fee included).
      shown: orderFingerprint((await loadCart(platform.db, { userId: MEMBER_ID }, {}, now, { paymentMethod: "konbini_postpay" })).cart),
      address: { address: TOKYO_ADDRESS, save: false },
      paymentMethod: "konbini_postpay",
      deliveryDate: null,
      deliveryTimeSlot: null,
      mailFrame: TEST_MAIL_FRAME,
    });
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    const mail = (await platform.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `order-confirmation:${result.orderNumber}`))
      .get())!;
    expect(mail).toMatchObject({ toAddress: member.email, userId: MEMBER_ID, kind: "order_confirmation" });
    expect(mail.textBody).toContain("■ コンビニ後払いのお支払いについて");
    expect(mail.textBody).toContain("お支払い期限：商品到着後14日以内");
    expect(mail.textBody).toContain("マイページの「注文履歴」（http://shop.test/user/orders）");
    const notice = await platform.db
      .select()
      .from(notificationMails)
      .where(and(eq(notificationMails.userId, MEMBER_ID), eq(notificationMails.title, mail.subject)));
    expect(notice).toHaveLength(1);
  });

  it("comes with the welcome e-mail when a guest registers at checkout, both for the new account", async ({ platform }) => {
    const cartId = await cartWith(platform.db, {}, "DEMO-SIMPLE", 1);
    const result = await guestOrder(platform, cartId, "joins@example.jp", { registration: { password: "password1234", newsletter: true } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const mails = await mailsTo(platform, "joins@example.jp");
    expect(mails.map((mail) => [mail.kind, mail.userId])).toEqual([
      ["order_confirmation", result.newUserId],
      ["welcome", result.newUserId],
    ]);
    expect(result.mailKeys).toEqual(mails.map((mail) => mail.key));
    expect(mails[1]!.subject).toBe("【ひなた市場】会員登録が完了しました");
    expect(mails[1]!.textBody).toContain("メールマガジン：受け取る");
  });
});

describe("a refused order", () => {
  it("writes no e-mail: under a rush for the last units, only the order placed has one", async ({ platform }) => {
    const item = (await platform.db.select().from(products).where(eq(products.sku, "DEMO-LOWSTOCK")).get())!;
    await platform.db.update(products).set({ inventory: 3 }).where(eq(products.id, item.id));
    const carts = await Promise.all(Array.from({ length: 5 }, () => cartWith(platform.db, {}, "DEMO-LOWSTOCK", 2)));
    const emails = carts.map((_, index) => `rush-mail-${index}@example.jp`);
    const results = await Promise.all(carts.map((cartId, index) => guestOrder(platform, cartId, emails[index]!)));
    const placed = results.flatMap((result, index) => (result.ok ? [emails[index]] : []));
    expect(placed).toHaveLength(1);
    const mails = await platform.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, emails));
    expect(mails.map((mail) => mail.toAddress)).toEqual(placed);
  });

  it("writes no e-mail when the cart changed after the page was shown (sold out meanwhile)", async ({ platform }) => {
    const cartId = await cartWith(platform.db, {}, "DEMO-SIMPLE", 1);
    const shown = await shownFingerprint(platform.db, { cartId });
    await platform.db.update(products).set({ inventory: 0 }).where(eq(products.sku, "DEMO-SIMPLE"));
    const result = await guestOrder(platform, cartId, "too-late@example.jp", { shown });
    expect(result.ok).toBe(false);
    expect(await mailsTo(platform, "too-late@example.jp")).toEqual([]);
  });
});
