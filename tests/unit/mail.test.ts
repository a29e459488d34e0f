import { describe, expect, it } from "vitest";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { transferLapsedAlertMail } from "~/mail/alert-mails";
import { renderEmail } from "~/mail/email-layout";
import { paymentConfirmedMail } from "~/mail/order-lifecycle-mails";
import { orderConfirmationMail, type OrderMailFacts } from "~/mail/order-mails";
import { mailHtmlToText, renderMail } from "~/mail/render.server";
import { restockMail } from "~/mail/restock-mails";
import { cancelledMail, skippedMail, upcomingMail } from "~/mail/subscription-mails";
import { autoClosedMail, confirmationRequestMail, staffReplyMail, ticketClosedMail } from "~/mail/ticket-mails";

const customer = { lastname: "山田", firstname: "花子" };

describe("renderMail", () => {
  it("escapes what members and merchants typed, and reads it back as typed in the text part", () => {
    const mail = renderMail(
      staffReplyMail({ ticketId: 3, customer: { lastname: "<b>山田", firstname: "花子\"'" }, message: "<script>alert(1)</script> & 終わり" }),
    );
    expect(mail.subject).toBe("【お問い合わせ #3】カスタマーサービスから返信があります");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; 終わり");
    expect(mail.text).toContain("<b>山田 花子\"' 様");
    expect(mail.text).toContain("> <script>alert(1)</script> & 終わり");
  });

  it("gives every mail a plain-text part: paragraphs apart, links with their address", () => {
    const mail = renderMail(ticketClosedMail({ ticketId: 12, customer }));
    expect(mail.text).toBe(
      "山田 花子 様\n\nお問い合わせ（#12）への対応を終了しました。ご不明な点がございましたら、新しいお問い合わせをお送りください。\n\nお問い合わせを確認する（/user/support/12）",
    );
  });
});

describe("mailHtmlToText", () => {
  it("reads the elements mail templates use", () => {
    expect(
      mailHtmlToText(
        '<h3>お届け先</h3><p>一行目<br/>二行目</p><ul><li>一つ目</li><li><a href="/a?b=1&amp;c=2">二つ目</a></li></ul><blockquote>引用<br/>二行</blockquote>',
      ),
    ).toBe("■ お届け先\n\n一行目\n二行目\n\n・一つ目\n・二つ目（/a?b=1&c=2）\n\n> 引用\n> 二行");
  });

  it("decodes each entity once", () => {
    expect(mailHtmlToText("<p>&amp;lt; &lt;&gt; &quot;&#x27;</p>")).toBe("&lt; <> \"'");
  });

  it("writes a link that reads as its own address once", () => {
    expect(mailHtmlToText('<p><a href="https://shop.example/?a=1&amp;b=2">https://shop.example/?a=1&amp;b=2</a></p>')).toBe("https://shop.example/?a=1&b=2");
  });
});

describe("the shop's mails", () => {
  it("tells a ticket's customer about replies, closing and the confirmation request, each linking to the ticket", () => {
    for (const template of [
      staffReplyMail({ ticketId: 5, customer, message: "" }),
      ticketClosedMail({ ticketId: 5, customer }),
      confirmationRequestMail({ ticketId: 5, customer }),
      autoClosedMail({ ticketId: 5, customer }),
    ]) {
      const mail = renderMail(template);
      expect(mail.subject).toMatch(/^【お問い合わせ #5】/);
      expect(mail.html).toMatch(/^<p>山田 花子 様<\/p>/);
      expect(mail.html).toContain('<a href="/user/support/5">お問い合わせを確認する</a>');
    }
    expect(renderMail(staffReplyMail({ ticketId: 5, customer, message: " " })).html).toContain("<p>画像が添付されています。</p>");
  });

  it("words subscription changes with their days and amounts", () => {
    const subscription = {
      id: 4,
      title: "深蒸し茶",
      quantity: 2,
      amount: 3240,
      nextShippingDate: "2026-02-10",
      nextPaymentDate: "2026-02-08",
      changeAllowed: true,
    };
    const skipped = renderMail(skippedMail({ name: "山田 花子", subscription, skipped: "2026-01-10", next: subscription }));
    expect(skipped.subject).toBe("【定期便】2026年1月10日のお届けをスキップしました");
    expect(skipped.html).toContain("次回のお届け予定日：2026年2月10日<br/>次回のお支払い予定日：2026年2月8日<br/>数量：2点<br/>お支払い金額：3,240円（税込）");
    expect(renderMail(cancelledMail({ name: "山田 花子", subscription })).subject).toBe("【定期便】「深蒸し茶」の定期便を解約しました");
    const upcoming = renderMail(upcomingMail({ name: "山田 花子", subscription }));
    expect(upcoming.subject).toBe("【定期便】「深蒸し茶」を2026年2月10日にお届けします");
    expect(upcoming.html).toContain('<a href="/user/subscriptions/4">マイページの「定期便」</a>からご確認いただけます。');
    expect(renderMail(upcomingMail({ name: "山田 花子", subscription: { ...subscription, changeAllowed: false } })).html).not.toContain("スキップできます");
  });

  it("links a restocked product", () => {
    const mail = renderMail(restockMail({ name: "山田 花子", product: { title: "備前焼 ビアマグ", url: "/category/tableware/DEMO-SOLDOUT" } }));
    expect(mail.subject).toBe("【再入荷のお知らせ】「備前焼 ビアマグ」が再入荷しました");
    expect(mail.html).toContain('<ul><li><a href="/category/tableware/DEMO-SOLDOUT">備前焼 ビアマグ</a></li></ul>');
  });

  it("confirms an order with every figure of its total and, for 銀行振込, where to pay", () => {
    const order: OrderMailFacts = {
      number: "20260101-000001",
      paymentMethod: "bank_transfer",
      subtotal: 3000,
      shippingFee: 600,
      wrappingFee: 500,
      discountCoupon: 300,
      pointsUsed: 100,
      pointsEarned: 30,
      total: 3700,
      createdAt: new Date("2026-01-01T03:00:00Z"),
      paymentDueOn: "2026-01-08",
      shipLastname: "山田",
      shipFirstname: "花子",
      shipPostalCode: "1000001",
      shipPrefecture: 13,
      shipCity: "千代田区",
      shipDistrict: "千代田",
      shipAddress1: "1-1",
      shipAddress2: "",
      deliveryDate: null,
      deliveryTimeSlot: null,
    };
    const mail = renderMail(orderConfirmationMail(order, [{ title: "深蒸し茶", quantity: 2, total: 2000 }], "山田 花子", DEFAULT_SHOP_SETTINGS));
    expect(mail.subject).toBe("【ご注文確認】ご注文ありがとうございます（注文番号 20260101-000001）");
    for (const fact of [
      "商品小計：3,000円",
      "送料：600円",
      "ギフトラッピング：500円",
      "クーポン割引：−300円",
      "ポイント利用：−100円",
      "<strong>お支払い合計：3,700円（税込）</strong>",
      "30ポイントを獲得予定",
      "<li>深蒸し茶 × 2（2,000円）</li>",
      "お振込期限：2026年1月8日まで",
      "〒100-0001 東京都千代田区千代田 1-1",
      "お届け希望日時：指定なし",
    ]) {
      expect(mail.html).toContain(fact);
    }
    expect(mail.html).not.toContain("手数料");
    expect(mail.text).toContain("■ お振込先");
  });
});

describe("the shop's name in force (decision 0057)", () => {
  const renamed = { origin: "https://shop.test", shop: { ...DEFAULT_SHOP_SETTINGS, shopName: "ひなた商店" } };
  const addressee = { customerName: "山田 花子", orderNumber: "20261130-0001", orderId: 1, guest: false, origin: "https://shop.test" };

  it("opens an e-mail's subject and greeting with the saved name, and an in-app お知らせ's subject with none", () => {
    const template = paymentConfirmedMail(addressee, 3960);
    const mail = renderEmail(template, renamed);
    expect(mail.subject).toBe("【ひなた商店】ご入金を確認しました（ご注文番号 20261130-0001）");
    expect(mail.text).toContain("いつもひなた商店をご利用いただきありがとうございます。");
    expect(mail.text).not.toContain(`いつも${DEFAULT_SHOP_SETTINGS.shopName}を`);
    expect(renderMail(template).subject).toBe("ご入金を確認しました（ご注文番号 20261130-0001）");
  });

  it("marks a staff alert 【店名 管理】 with the saved name", () => {
    const mail = renderEmail(
      transferLapsedAlertMail({
        orderNumber: "20261130-0001",
        customer: "山田 花子",
        total: 3960,
        placedAt: new Date(),
        orderUrl: "https://shop.test/crm/orders/1",
      }),
      renamed,
    );
    expect(mail.subject).toBe("【ひなた商店 管理】入金期限切れでキャンセルしました（ご注文番号 20261130-0001）");
    expect(mail.text).toContain("ひなた商店 スタッフの皆さま");
  });
});
