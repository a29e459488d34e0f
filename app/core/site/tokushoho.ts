/**
 * 特定商取引法に基づく表記 (特定商取引法 §11, 通信販売の広告表示): who sells, how to reach them, what
 * everything costs, how and when it is paid and delivered, and the return/cancellation terms — from the
 * shop settings in force (app/core/settings/shop-settings.ts) and the constants the checkout applies. Pure.
 */
import { LEGAL_PAGES, pageLink, RETURNS_SECTION_ID, type LegalDocument } from "./legal-document";
import { PAYMENT_METHOD_ORDER, PAYMENT_METHODS } from "../checkout/payment-methods";
import { returnsSection } from "../returns/returns";
import {
  deliveryTimingLines,
  deliveryWishLines,
  extraFeeLines,
  merchantShippingText,
  paymentTiming,
  quantityLimitText,
  shippingDetailsLink,
  warehouseShippingText,
  type MerchantShippingRate,
} from "./shop-policies";
import { sellerAddressText, supportHoursText, type SellerFacts, type ShopSettings } from "../settings/shop-settings";

/** The seller's own rows (also the contact block of mails). */
export function sellerRows(seller: SellerFacts): { label: string; lines: string[] }[] {
  return [
    { label: "販売業者", lines: [seller.sellerName] },
    { label: "運営統括責任者", lines: [seller.representative] },
    { label: "所在地", lines: [sellerAddressText(seller)] },
    { label: "電話番号", lines: [seller.phone, `受付時間：${supportHoursText(seller)}`] },
    { label: "メールアドレス", lines: [seller.supportEmail, "お問い合わせは24時間受け付けています。ご返信は営業時間内に順次いたします。"] },
    { label: "適格請求書発行事業者登録番号", lines: [seller.registrationNumber] },
  ];
}

export function tokushohoDocument(merchantRates: MerchantShippingRate[], shop: ShopSettings): LegalDocument {
  const merchantShipping = merchantShippingText(merchantRates);
  const timing = paymentTiming(shop.bankTransferDays);
  return {
    title: LEGAL_PAGES.tokushoho.title,
    lead: [`${shop.shopName}（以下「当ショップ」）の通信販売についての表示です。出店者から直送する商品も、販売業者は当社です。`],
    sections: [
      { id: "seller", title: "事業者の情報", blocks: [{ kind: "facts", rows: sellerRows(shop) }] },
      {
        id: "terms-of-sale",
        title: "販売条件",
        blocks: [
          {
            kind: "facts",
            rows: [
              { label: "販売価格", lines: ["各商品ページに表示しています。表示価格はすべて消費税込みです。"] },
              {
                label: "送料",
                lines: [warehouseShippingText(), ...(merchantShipping ? [merchantShipping] : []), shippingDetailsLink()],
              },
              { label: "商品代金以外の必要料金", lines: ["送料のほか、ご利用内容に応じて次の料金がかかります（すべて税込）。", ...extraFeeLines()] },
              { label: "お支払い方法", lines: [PAYMENT_METHOD_ORDER.map((method) => PAYMENT_METHODS[method].label).join("、")] },
              { label: "お支払い時期", lines: PAYMENT_METHOD_ORDER.map((method) => `${PAYMENT_METHODS[method].label}：${timing[method]}`) },
              {
                label: "お申し込みの有効期限",
                lines: [`銀行振込は、ご注文日から${shop.bankTransferDays}日以内にご入金がない場合、ご注文をキャンセルとさせていただきます。`],
              },
              { label: "商品の引き渡し時期", lines: [...deliveryTimingLines(), ...deliveryWishLines()] },
              { label: "販売数量", lines: [quantityLimitText()] },
              {
                label: "返品・キャンセル",
                lines: [
                  [
                    "返品の条件・送料のご負担・キャンセルの方法は、",
                    pageLink("tokushoho", RETURNS_SECTION_ID, "下記「返品・交換・キャンセルについて」"),
                    "をご覧ください。",
                  ],
                ],
              },
            ],
          },
        ],
      },
      returnsSection(shop),
      {
        id: "environment",
        title: "動作環境",
        blocks: [
          {
            kind: "paragraphs",
            paragraphs: [
              "Google Chrome、Safari、Microsoft Edge、Firefox の最新版でご利用いただけます（スマートフォンは iOS・Android の標準ブラウザの最新版）。",
              "ログイン・カートのご利用にはCookieを有効にしてください。JavaScriptを無効にした状態でも、ご注文を含むすべての機能をご利用いただけます。",
              ["お客様の情報の取り扱いについては", pageLink("privacy"), "をご覧ください。"],
            ],
          },
        ],
      },
    ],
  };
}
