/**
 * The shop's return and cancellation terms (返品特約, 特定商取引法 §15の3: a mail-order seller that states
 * its own terms is not held to the statutory 8-day return). The legal pages, the checkout's final
 * confirmation and the order pages state them from here, so they never say two things. Pure.
 */
import { RETURNS_SECTION_ID, type LegalSection } from "../site/legal-document";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../orders/orders";
import type { ShopSettings } from "../settings/shop-settings";

/** What the terms name of the shop settings: the contact, and the days a 銀行振込 order waits. */
export type ReturnTermsFacts = Pick<ShopSettings, "phone" | "supportEmail" | "bankTransferDays">;

/** A damaged, defective or wrong item is reported within this many days of delivery (the shop pays the return). */
export const DEFECT_REPORT_DAYS = 8;
/** Chilled/frozen deliveries spoil: their damage or defect is reported within this many days of delivery. */
export const COLD_DEFECT_REPORT_DAYS = 2;
/** A return for the customer's own reasons is asked for within this many days of delivery (unopened goods only). */
export const CUSTOMER_RETURN_DAYS = 8;
/** Refunds are paid within this many days of the returned item (or the cancellation) reaching the shop. */
export const REFUND_DAYS = 10;

/** Orders not yet shipped: the customer may still cancel them (on the order pages, or through customer service). */
export const CANCELLABLE_ORDER_STATUSES = ["pending_payment", "paid", "preparing"] as const satisfies readonly OrderStatus[];

/** Goods that are never taken back for the customer's own reasons, by what makes them so. */
export const CUSTOMER_RETURN_EXCLUSIONS = {
  perishable: "食品・飲料（品質保持のため）、冷蔵・冷凍便でお届けした商品",
  opened: "開封・使用された商品、お客様のもとで傷や汚れが付いた商品",
  digital: "ダウンロード商品",
  subscription: "定期便でお届けした商品（次回以降のお届けはマイページからスキップ・解約できます）",
  wrapped: "ギフトラッピング済みの商品（ラッピング料金も返金の対象外です）",
} as const;

export type CustomerReturnExclusion = keyof typeof CUSTOMER_RETURN_EXCLUSIONS;

/** How to reach customer service to cancel or return, as the legal pages and the checkout say it. */
function returnContact(shop: ReturnTermsFacts): string {
  return `カスタマーサービス（お問い合わせフォーム、お電話 ${shop.phone}、メール ${shop.supportEmail}）へご連絡ください`;
}

/** Where shoppers cancel an unshipped order themselves (the order pages' 「この注文をキャンセルする」). */
const SELF_SERVICE_CANCELLATION = "マイページの注文履歴（会員登録せずにご購入の方は「ご注文状況の確認」）のご注文詳細から、お客様ご自身でお手続きいただけます";

/** The cancellation terms, one sentence each. */
export function cancellationTerms(shop: ReturnTermsFacts): string[] {
  const statuses = CANCELLABLE_ORDER_STATUSES.map((status) => `「${ORDER_STATUS_LABELS[status]}」`).join("");
  return [
    `ご注文状況が${statuses}のご注文（発送前）は、キャンセルを承ります。${SELF_SERVICE_CANCELLATION}。お手続きが難しい場合は、${returnContact(shop)}。`,
    "発送後のキャンセルはお受けできません。商品到着後に返品の条件に沿ってお手続きください。ダウンロード商品は、ご注文後のキャンセルをお受けできません。",
    `銀行振込のご注文で、ご注文日から${shop.bankTransferDays}日以内にご入金を確認できない場合は、キャンセルとさせていただきます。`,
    "キャンセルされたご注文でご利用のポイント・クーポンはお戻しします。お支払い済みの代金は全額返金します。",
  ];
}

/** The return terms for damaged, defective or wrong items (the shop's fault). */
function defectReturnTerms(shop: ReturnTermsFacts): string[] {
  return [
    `お届けした商品に破損・不良があった場合や、ご注文と異なる商品が届いた場合は、商品到着後${DEFECT_REPORT_DAYS}日以内（冷蔵・冷凍便の商品は${COLD_DEFECT_REPORT_DAYS}日以内）に${returnContact(shop)}。`,
    "送料は当社負担で、良品との交換または返金をいたします（在庫がない場合は返金となります）。",
  ];
}

/** The return terms when the customer changes their mind. */
function customerReturnTerms(): string[] {
  return [
    `お客様のご都合による返品は、未開封・未使用の商品に限り、商品到着後${CUSTOMER_RETURN_DAYS}日以内にご連絡いただいた場合に承ります。`,
    "返品の送料はお客様のご負担となります。返金するのは商品代金で、送料・各種手数料は返金の対象外です。",
  ];
}

/** What the refund is paid with and when. */
function refundTerms(): string[] {
  return [
    `お支払い済みの代金の返金は、返品商品の到着（キャンセルの場合はキャンセルの確定）から${REFUND_DAYS}日以内に、お客様ご指定の銀行口座へのお振り込みでいたします（振込手数料は当社負担）。`,
    "コンビニ後払いのご注文、および代金引換でまだお受け取り前のお荷物は、お振り込みによる返金ではなく、返品分のご請求を取り消します（お手元の払込票は破棄してください。差し引き後のご請求は改めてご案内します）。",
  ];
}

/**
 * The terms in two sentences, for the checkout's final confirmation (特定商取引法 §12の6: the screen
 * that places the order states the cancellation terms), beside a link to the full section.
 */
export function returnsSummary(): string[] {
  return [
    "発送前のご注文はキャンセルを承ります（マイページの注文履歴、または「ご注文状況の確認」からお手続きいただけます。カスタマーサービスでも承ります）。発送後のキャンセルはできません。",
    `お客様のご都合による返品は、未開封・未使用の商品に限り到着後${CUSTOMER_RETURN_DAYS}日以内に承ります（返送料はお客様のご負担。食品・冷蔵冷凍便の商品などは対象外）。不良品・誤配送は送料当社負担で交換・返金します。`,
  ];
}

/** The return and cancellation terms, as their own section (the checkout links to it). */
export function returnsSection(shop: ReturnTermsFacts): LegalSection {
  return {
    id: RETURNS_SECTION_ID,
    title: "返品・交換・キャンセルについて",
    blocks: [],
    sections: [
      { id: "returns-defect", title: "不良品・誤配送の場合", blocks: [{ kind: "paragraphs", paragraphs: defectReturnTerms(shop) }] },
      { id: "returns-customer", title: "お客様のご都合による返品", blocks: [{ kind: "paragraphs", paragraphs: customerReturnTerms() }] },
      {
        id: "returns-excluded",
        title: "お客様のご都合で返品できない商品",
        blocks: [{ kind: "list", items: Object.values(CUSTOMER_RETURN_EXCLUSIONS) }],
      },
      { id: "returns-refund", title: "返金について", blocks: [{ kind: "paragraphs", paragraphs: refundTerms() }] },
      {
        id: "cancellation",
        title: "ご注文のキャンセル",
        blocks: [{ kind: "paragraphs", paragraphs: cancellationTerms(shop) }],
      },
    ],
  };
}
