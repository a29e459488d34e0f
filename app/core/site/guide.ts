/**
 * ご利用ガイド: shipping fees (the warehouse's and every merchant's), payment methods with their fees,
 * delivery days and time slots, gift wrapping, points, returns, and answers to common questions with a
 * link to the support form, prefilled with the matching category and trouble. Figures come from the
 * same constants the checkout charges by (shop-policies.ts), the shop's contact from its settings. Pure.
 */
import { LEGAL_PAGES, link, pageLink, type LegalDocument, type LegalSection, type Text } from "./legal-document";
import { ORDER_LOOKUP_PATH } from "../orders/order-lookup";
import { returnsSection } from "../returns/returns";
import {
  deliveryTimingLines,
  deliveryWishLines,
  extraFeeLines,
  paymentRows,
  pointLines,
  shippingFeeTable,
  shippingRuleLines,
  wrappingLines,
  type MerchantShippingRate,
} from "./shop-policies";
import { supportHoursText, type ShopSettings } from "../settings/shop-settings";
import type { TicketCategory } from "../tickets/ticket-categories";
import type { TicketTrouble } from "../tickets/tickets";

/** The member support form, opened with a category and trouble chosen. */
export function supportFormPath(category: TicketCategory, trouble: TicketTrouble): string {
  return `/user/support?${new URLSearchParams({ category, trouble })}`;
}

function question(id: string, title: string, answer: Text[], support?: [TicketCategory, TicketTrouble]): LegalSection {
  const ask: Text[] = support ? [["解決しない場合は", link(supportFormPath(...support), "お問い合わせフォーム"), "からご連絡ください（会員の方）。"]] : [];
  return { id, title, blocks: [{ kind: "paragraphs", paragraphs: [...answer, ...ask] }] };
}

function faqSection(): LegalSection {
  return {
    id: "faq",
    title: "よくあるご質問",
    blocks: [],
    sections: [
      question(
        "faq-cancel",
        "注文を変更・キャンセルしたい",
        [
          "発送前のご注文は、マイページの注文履歴（会員登録せずにご購入の方は「ご注文状況の確認」）のご注文詳細からキャンセルできます。ご注文内容の変更は、お早めにカスタマーサービスへご連絡ください。発送後のキャンセルはできません。",
        ],
        ["過去の注文について", "注文内容を変更・キャンセルしたい"],
      ),
      question(
        "faq-when",
        "注文した商品はいつ届きますか",
        [["マイページの", link("/user/orders", "注文履歴"), "で、ご注文ごとの発送状況をご確認いただけます。発送の目安は各商品ページに表示しています。"]],
        ["過去の注文について", "商品がいつ届くか知りたい"],
      ),
      question(
        "faq-damaged",
        "届いた商品が破損していた・注文と違う商品が届いた",
        ["大変申し訳ございません。商品の状態がわかる写真を添えてご連絡ください。送料は当社負担で、交換または返金いたします。"],
        ["過去の注文について", "届いた商品に破損・不具合がある"],
      ),
      question(
        "faq-receipt",
        "領収書はもらえますか",
        [["お支払いの確認後、マイページの", link("/user/orders", "注文履歴"), "から領収書（適格請求書）を発行できます。宛名も指定できます。"]],
        ["過去の注文について", "領収書がほしい"],
      ),
      question("faq-guest-order", "会員登録せずに購入した注文の状況を確認したい", [
        [link(ORDER_LOOKUP_PATH, "ご注文状況の確認"), "ページで、注文番号とご注文時のメールアドレスを入力すると、ご注文の状況・金額・お届け先を確認できます。"],
        "注文番号は、ご注文完了画面とご注文確認メールに記載しています。同じメールアドレスで会員登録すると、注文履歴の「ゲスト購入のご注文をアカウントに追加」から、これまでのご注文を注文履歴に追加できます。",
      ]),
      question("faq-guest", "会員登録をしなくても購入できますか", [
        "はい、メールアドレスを入力するだけでご購入いただけます。ポイントの獲得・利用、お届け先の保存、注文履歴の確認は会員の方のみご利用いただけます。",
        ["会員登録は", link("/user/register", "新規会員登録"), "から無料でできます（ご注文手続きの途中でも登録できます）。"],
      ]),
      question(
        "faq-withdraw",
        "退会したい",
        [
          [
            "マイページの",
            link("/user/withdraw", "退会手続き"),
            "からいつでも退会できます（お届けが完了していないご注文や、ご利用中の定期便がある間を除きます）。",
          ],
          [
            "退会すると保有ポイントは失効し、お届け先などの登録情報は削除されます。詳しくは",
            pageLink("privacy", "retention", "プライバシーポリシー「保存期間と退会時の取り扱い」"),
            "をご覧ください。",
          ],
        ],
        ["退会について", "その他"],
      ),
      question(
        "faq-newsletter",
        "メールマガジンを停止したい",
        ["メールマガジンの配信停止をご希望の場合は、お問い合わせの種類「メールマガジンの配信停止」でご連絡ください。"],
        ["メールマガジンの配信停止", "その他"],
      ),
    ],
  };
}

export function shoppingGuideDocument(merchantRates: MerchantShippingRate[], shop: ShopSettings): LegalDocument {
  return {
    title: LEGAL_PAGES.guide.title,
    lead: [`${shop.shopName}でのお買い物について、送料・お支払い・お届け・返品などをご案内します。金額はすべて税込です。`],
    sections: [
      {
        id: "shipping",
        title: "送料",
        blocks: [shippingFeeTable(merchantRates), { kind: "list", items: shippingRuleLines() }],
        sections: [{ id: "extra-fees", title: "送料以外にかかる料金", blocks: [{ kind: "list", items: extraFeeLines() }] }],
      },
      {
        id: "payment",
        title: "お支払い方法",
        blocks: [
          { kind: "facts", rows: paymentRows(shop.bankTransferDays) },
          {
            kind: "paragraphs",
            paragraphs: ["手数料はすべて税込です。銀行振込の振込手数料はお客様のご負担となります。クレジットカードでのお支払いには対応していません。"],
          },
        ],
      },
      {
        id: "delivery",
        title: "お届けについて",
        blocks: [],
        sections: [
          { id: "delivery-timing", title: "発送・お届けの時期", blocks: [{ kind: "list", items: deliveryTimingLines() }] },
          { id: "delivery-wish", title: "お届け日時のご指定", blocks: [{ kind: "list", items: deliveryWishLines() }] },
        ],
      },
      { id: "wrapping", title: "ギフトラッピング", blocks: [{ kind: "list", items: wrappingLines() }] },
      { id: "points", title: "ポイント", blocks: [{ kind: "list", items: pointLines() }] },
      returnsSection(shop),
      faqSection(),
      {
        id: "contact",
        title: "お問い合わせ",
        blocks: [
          {
            kind: "facts",
            rows: [
              { label: "お電話", lines: [shop.phone, supportHoursText(shop)] },
              { label: "メール", lines: [shop.supportEmail] },
              { label: "フォーム", lines: [["会員の方は", link("/user/support", "お問い合わせフォーム"), "からご連絡いただけます（24時間受付）。"]] },
            ],
          },
          { kind: "paragraphs", paragraphs: [["販売業者の情報は", pageLink("tokushoho"), "をご覧ください。"]] },
        ],
      },
    ],
  };
}
