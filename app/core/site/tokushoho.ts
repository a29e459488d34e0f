/**
 * 特定商取引法に基づく表記 (特定商取引法 §11, 通信販売の広告表示): who sells, how to reach them, what
 * everything costs, how and when it is paid and delivered, and the return/cancellation terms — from the
 * settings (site.ts) and the constants the checkout applies. Pure.
 */
import { LEGAL_PAGES, pageLink, RETURNS_SECTION_ID, type LegalDocument } from "./legal-document";
import { BANK_TRANSFER_DAYS, PAYMENT_METHOD_ORDER, PAYMENT_METHODS } from "../checkout/payment-methods";
import { returnsSection } from "../returns/returns";
import {
  deliveryTimingLines,
  deliveryWishLines,
  extraFeeLines,
  merchantShippingText,
  PAYMENT_TIMING,
  quantityLimitText,
  shippingDetailsLink,
  warehouseShippingText,
  type MerchantShippingRate,
} from "./shop-policies";
import {
  RESPONSIBLE_PERSON,
  SELLER_ADDRESS,
  SELLER_NAME,
  SELLER_POSTAL_CODE,
  SELLER_REGISTRATION_NUMBER,
  SHOP_NAME,
  SUPPORT_CLOSED_DAYS,
  SUPPORT_EMAIL,
  SUPPORT_HOURS,
  SUPPORT_PHONE,
} from "./site";

/** The seller's own rows (also the contact block of mails and the privacy policy). */
export function sellerRows(): { label: string; lines: string[] }[] {
  return [
    { label: "販売業者", lines: [SELLER_NAME] },
    { label: "運営統括責任者", lines: [RESPONSIBLE_PERSON] },
    { label: "所在地", lines: [`〒${SELLER_POSTAL_CODE} ${SELLER_ADDRESS}`] },
    { label: "電話番号", lines: [SUPPORT_PHONE, `受付時間：${SUPPORT_HOURS}（${SUPPORT_CLOSED_DAYS}を除く）`] },
    { label: "メールアドレス", lines: [SUPPORT_EMAIL, "お問い合わせは24時間受け付けています。ご返信は営業時間内に順次いたします。"] },
    { label: "適格請求書発行事業者登録番号", lines: [SELLER_REGISTRATION_NUMBER] },
  ];
}

export function tokushohoDocument(merchantRates: MerchantShippingRate[]): LegalDocument {
  const merchantShipping = merchantShippingText(merchantRates);
  return {
    title: LEGAL_PAGES.tokushoho.title,
    lead: [`${SHOP_NAME}（以下「当ショップ」）の通信販売についての表示です。出店者から直送する商品も、販売業者は当社です。`],
    sections: [
      { id: "seller", title: "事業者の情報", blocks: [{ kind: "facts", rows: sellerRows() }] },
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
              { label: "お支払い時期", lines: PAYMENT_METHOD_ORDER.map((method) => `${PAYMENT_METHODS[method].label}：${PAYMENT_TIMING[method]}`) },
              {
                label: "お申し込みの有効期限",
                lines: [`銀行振込は、ご注文日から${BANK_TRANSFER_DAYS}日以内にご入金がない場合、ご注文をキャンセルとさせていただきます。`],
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
      returnsSection(),
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
