/**
 * 利用規約 — the shop's terms of use, which are also the membership terms (会員規約) registration asks
 * to accept: one text, shown at /terms and at the spec's /user/memberAgreement. Limits are the ones the
 * shop applies (limits.ts), the seller the shop settings'. Pure.
 */
import { LEGAL_PAGES, pageLink, RETURNS_SECTION_ID, type LegalDocument, type LegalSection, type Text } from "./legal-document";
import { MAX_POINTS_PER_ORDER } from "../limits";
import type { SellerFacts } from "../settings/shop-settings";

function article(number: number, title: string, paragraphs: Text[]): LegalSection {
  return { id: `article-${number}`, title: `第${number}条（${title}）`, blocks: [{ kind: "paragraphs", paragraphs }] };
}

type Article = [title: string, paragraphs: Text[]];

/** Whom the terms bind (the seller of the shop settings), and the member's account (第1–3条). */
function membershipArticles(seller: SellerFacts): Article[] {
  return [
    [
      "適用",
      [
        `本規約は、${seller.sellerName}（以下「当社」）が運営するオンラインショッピングサービス「${seller.shopName}」（以下「当ショップ」）の利用条件と、会員登録および会員サービスの利用に関する条件を定めるものです。`,
        "会員登録をせずにご注文いただくお客様にも、会員に関する条項を除いて本規約が適用されます。",
      ],
    ],
    [
      "会員登録",
      [
        "会員登録を希望する方は、本規約に同意のうえ、当ショップ所定の方法により登録を申請するものとします。",
        "登録情報に虚偽、誤記または記入漏れがあった場合、当ショップは登録を承認しないことがあります。",
      ],
    ],
    [
      "メールアドレスおよびパスワードの管理",
      [
        "会員は、自己の責任においてメールアドレスおよびパスワードを管理するものとし、第三者に利用させてはなりません。",
        "不正利用のおそれがある場合は、直ちにカスタマーサービスへご連絡ください。",
      ],
    ],
  ];
}

/** Ordering, paying and returning (第4–6条). */
function orderArticles(): Article[] {
  return [
    [
      "ご注文と売買契約の成立",
      [
        "お客様がご注文手続きの最終確認画面で「注文を確定する」を押し、当ショップがご注文を受け付けた時点で、売買契約が成立します。",
        "在庫切れ、価格の誤表示その他やむを得ない事情によりご注文をお受けできない場合は、ご連絡のうえ、ご注文を取り消すことがあります。",
      ],
    ],
    ["代金とお支払い", [["商品代金、送料、手数料、お支払い方法およびお支払い時期は、", pageLink("tokushoho"), "に定めるとおりとします。"]]],
    [
      "返品・キャンセル",
      [
        [
          "返品・交換・キャンセルの条件は、",
          pageLink("tokushoho", RETURNS_SECTION_ID, "特定商取引法に基づく表記の「返品・交換・キャンセルについて」"),
          "に定めるとおりとします。",
        ],
      ],
    ],
  ];
}

/** The member services: points, coupons and subscriptions (第7–9条). */
function memberServiceArticles(): Article[] {
  return [
    [
      "ポイント",
      [
        `会員は、当ショップ所定の条件によりポイントを獲得し、1回のご注文につき${MAX_POINTS_PER_ORDER.toLocaleString("ja-JP")}ポイントを上限としてお支払いに利用できます。`,
        ["ポイントの付与率および利用の条件は", pageLink("guide", "points"), "に定めるとおりとします。ポイントを現金と交換することはできません。"],
      ],
    ],
    ["クーポン", ["クーポンは、それぞれに定める利用条件・有効期限の範囲内でご利用いただけます。一部対象外の商品があります。"]],
    [
      "定期便",
      [
        "定期便は、お申し込みいただいた周期で商品をお届けするサービスです。",
        "お届けのスキップおよび解約は、マイページより、所定の締切日以降のお届け分から承ります。",
      ],
    ],
  ];
}

/** Conduct, personal data, withdrawal, liability and the terms themselves (第10–15条). */
function generalArticles(): Article[] {
  return [
    [
      "禁止事項",
      [
        "会員およびお客様は、法令または公序良俗に違反する行為、当ショップや第三者の権利を侵害する行為、本サービスの運営を妨げる行為をしてはなりません。",
        "転売を目的とした大量のご注文、虚偽の情報によるご注文、当ショップのシステムへの不正なアクセスを禁止します。",
      ],
    ],
    ["個人情報の取扱い", [["当ショップは、会員およびお客様の個人情報を、", pageLink("privacy"), "に従い適切に取り扱います。"]]],
    [
      "退会",
      [
        "会員は、当ショップ所定の手続きによりいつでも退会できます。ただし、お届けが完了していないご注文や継続中の定期便がある間は退会できません。",
        "退会時、保有ポイントは失効し、登録されたお届け先・お気に入りなどの情報は削除されます。",
      ],
    ],
    [
      "免責",
      [
        "当ショップは、通信回線やシステムの障害、天災その他当社の責めに帰さない事由により生じた損害について、責任を負いません。",
        "当社の責めに帰すべき事由によりお客様に損害が生じた場合、当社の責任は、当該ご注文の代金額を上限とします（当社に故意または重大な過失がある場合を除きます）。",
      ],
    ],
    ["規約の変更", ["当ショップは、必要と判断した場合、変更の内容と効力発生日をこのページで事前にお知らせしたうえで、本規約を変更できるものとします。"]],
    ["準拠法・管轄裁判所", ["本規約は日本法に準拠します。本サービスに関して紛争が生じた場合は、東京地方裁判所を第一審の専属的合意管轄裁判所とします。"]],
  ];
}

export function termsDocument(seller: SellerFacts): LegalDocument {
  const articles = [...membershipArticles(seller), ...orderArticles(), ...memberServiceArticles(), ...generalArticles()];
  return {
    title: `${LEGAL_PAGES.terms.title}（会員規約）`,
    sections: articles.map(([title, paragraphs], index) => article(index + 1, title, paragraphs)),
    history: ["2026年4月1日 制定", "2026年11月24日 改定"],
  };
}
