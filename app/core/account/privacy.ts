/**
 * プライバシーポリシー: what the shop collects and why, how long it keeps it (the withdrawal rule included),
 * who else receives it, cookies, and the 外部送信 notice (電気通信事業法 §27の12). The cookie and session
 * figures come from the session settings, and the notice describes what the code does: every page loads
 * scripts, styles, images and data from this site only (the document CSP's `default-src 'self'`,
 * app/security.server.ts, enforces it) — no analytics, advertising, fonts or CDNs. Pure.
 */
import { DAY_MS } from "../dates";
import { LEGAL_PAGES, link, pageLink, type LegalDocument, type LegalSection } from "../site/legal-document";
import { WITHDRAWAL_MAIL_RETENTION_DAYS, WITHDRAWN_PERSON } from "./withdrawal";
import { SESSION_COOKIE_MAX_AGE_SECONDS, SESSION_COOKIE_NAME, SESSION_IDLE_MS } from "./sessions";
import { FEEDBACK_SURVEY_URL, JAPAN_POST_SEARCH_URL, PRIVACY_MANAGER } from "../site/site";
import { sellerAddressText, type SellerFacts } from "../settings/shop-settings";

/**
 * Order records kept after an account is withdrawn (or a guest's order is done with): what accounting needs
 * — order number, dates, amounts, tax per rate, payment method — for this many years (法人税法 §126,
 * 同施行規則 §59: books and vouchers for 7 years; 電子帳簿保存法 keeps the same period for electronic records).
 * Everything else about the person is deleted or anonymised at withdrawal (app/services/account/withdrawal-statements.server.ts).
 */
export const ACCOUNTING_RECORD_RETENTION_YEARS = 7;

/** The policy, naming the seller of the shop settings in force. */
export function privacyPolicyDocument(seller: SellerFacts): LegalDocument {
  return {
    title: LEGAL_PAGES.privacy.title,
    lead: [
      `${seller.sellerName}（以下「当社」）は、${seller.shopName}（以下「当ショップ」）をご利用になるお客様の個人情報を、個人情報の保護に関する法律その他の法令に従い、以下のとおり取り扱います。`,
    ],
    sections: [
      collectedSection(),
      purposesSection(),
      retentionSection(),
      thirdPartiesSection(),
      outsourcingSection(),
      securitySection(),
      cookiesSection(),
      externalTransmissionSection(),
      requestsSection(),
      contactSection(seller),
      changesSection(),
    ],
    history: ["2026年4月1日 制定", "2026年11月24日 改定（外部送信・退会時の取り扱いを追記）"],
  };
}

function collectedSection(): LegalSection {
  return {
    id: "collected",
    title: "1. 取得する情報",
    blocks: [
      {
        kind: "list",
        items: [
          "会員登録時：氏名・フリガナ、メールアドレス、パスワード（復元できない形に変換して保存し、当社の従業員も読むことはできません）、メールマガジン配信のご希望",
          "会員が登録したお届け先：登録名（「自宅」など）、氏名・フリガナ、住所、電話番号",
          "ご注文時：ご注文者のメールアドレス、お届け先の氏名・フリガナ・住所・電話番号、ご注文内容、お支払い方法、お届け希望日時、備考欄のご記入内容、領収書の宛名",
          "お問い合わせ時：お問い合わせの内容、添付された画像、ご連絡方法のご希望",
          "会員のご利用履歴：ポイント・クーポンの利用履歴、お気に入り、再入荷リクエスト、あとで買う商品、レビュー（ニックネーム・本文・写真）",
          "技術的な情報：Cookieに保存する識別子、ログインやクーポン入力の試行回数を数えるためのIPアドレス",
        ],
      },
      { kind: "paragraphs", paragraphs: ["クレジットカード情報は取り扱っていません（当ショップではクレジットカード決済を提供していません）。"] },
    ],
  };
}

function purposesSection(): LegalSection {
  return {
    id: "purposes",
    title: "2. 利用目的",
    blocks: [
      {
        kind: "list",
        items: [
          "ご注文の受付、商品の発送、代金の請求・返金、ポイントの付与",
          "会員の認証、マイページ（注文履歴・お届け先・お知らせ）の提供",
          "お問い合わせへの回答、ご注文・サービスに関するご連絡",
          "メールマガジンによる新商品・キャンペーンのご案内（ご希望の方のみ。いつでも停止できます）",
          "不正ログイン・不正注文の防止、サービスの安全な運営",
          "サービスの改善のための統計（個人を特定できない形に加工して利用します）",
        ],
      },
    ],
  };
}

function retentionSection(): LegalSection {
  const loginDays = SESSION_IDLE_MS.customer / DAY_MS;
  return {
    id: "retention",
    title: "3. 保存期間と退会時の取り扱い",
    blocks: [
      {
        kind: "list",
        items: [
          [
            "会員情報は、退会されるまで保存します。退会はマイページの",
            link("/user/withdraw", "退会手続き"),
            "からいつでもできます（お届けが完了していないご注文や、ご利用中の定期便がある間を除きます）。",
          ],
          "退会と同時に削除する情報：パスワード、登録されたお届け先、お気に入り、あとで買う商品、再入荷のお知らせの登録、カートの中身、マイページのお知らせ、ログイン状態、お問い合わせに添付された画像、これまでにお送りしたメールの控え。保有ポイントは失効します。",
          "退会と同時に匿名化する情報：氏名・フリガナ、メールアドレス、電話番号、ニックネーム、ご注文のお届け先・連絡先・備考・領収書の宛名、お問い合わせでお客様がお書きになった内容（当社の回答に含まれるお名前・連絡先も伏せます）。匿名化した後は、当社でもお客様を特定できません。同じメールアドレスで、あらためて会員登録いただけます。",
          `退会後も保存する情報：ご注文の記録のうち会計・税務に必要な情報（注文番号、ご注文日、ご購入商品と金額、送料・手数料、税率ごとの消費税額、お支払い方法、ポイント・クーポンの利用額）は、法人税法・電子帳簿保存法が定める帳簿書類の保存期間に従い、退会後も${ACCOUNTING_RECORD_RETENTION_YEARS}年間保存し、その後削除します。会員登録をせずにご注文いただいた場合も同じです。`,
          `お問い合わせの記録は、本文を削除・匿名化したうえで、種類・日時などを対応品質の統計のために保存します。投稿されたレビューは、ニックネームを「${WITHDRAWN_PERSON.reviewNickname}」に置き換えて掲載を続けます（本文・写真の削除をご希望の場合は、退会の前にお問い合わせください）。`,
          `退会手続き完了のお知らせは、退会前のメールアドレスにお送りします。そのメールの控え（宛先を含みます）は、お問い合わせに備えて${WITHDRAWAL_MAIL_RETENTION_DAYS}日間保存した後に削除します。`,
          `ログイン状態は、最後のご利用から${loginDays}日で終了します。ログアウトすると直ちに終了します。`,
        ],
      },
    ],
  };
}

function thirdPartiesSection(): LegalSection {
  return {
    id: "third-parties",
    title: "4. 第三者への提供",
    blocks: [
      {
        kind: "paragraphs",
        paragraphs: [
          "当社は、法令に基づく場合を除き、お客様の同意なく個人情報を第三者に提供しません。ただし、ご注文の履行に必要な範囲で、次の事業者に提供します。",
        ],
      },
      {
        kind: "facts",
        rows: [
          { label: "配送業者", lines: ["ヤマト運輸株式会社、日本郵便株式会社：お届け先の氏名・住所・電話番号、お届け希望日時、代金引換の金額"] },
          { label: "出店者", lines: ["出店者から直送する商品のご注文：その出店者に、お届け先の氏名・住所・電話番号、ご注文内容、出店者への備考"] },
          {
            label: "後払い決済事業者",
            lines: ["コンビニ後払いのご注文：決済を委託する事業者に、ご注文者の氏名・住所・電話番号・メールアドレス、ご注文の金額（与信審査と請求のため）"],
          },
        ],
      },
    ],
  };
}

function outsourcingSection(): LegalSection {
  return {
    id: "outsourcing",
    title: "5. 業務の委託と外国での取り扱い",
    blocks: [
      {
        kind: "paragraphs",
        paragraphs: [
          "当ショップのサーバー、データベース、画像の保存、メールの送信は、Cloudflare, Inc.（米国）に委託しています。お客様の情報は同社のデータセンター（日本国外を含みます）で保存・処理されます。",
          "同社とは、個人情報の保護に関する法律に定める措置に相当する措置を継続的に講じることを契約で定めています。米国の個人情報保護制度については、個人情報保護委員会のウェブサイトで公開されている情報をご参照ください。",
        ],
      },
    ],
  };
}

function securitySection(): LegalSection {
  return {
    id: "security",
    title: "6. 安全管理のための措置",
    blocks: [
      {
        kind: "list",
        items: [
          "通信はすべて暗号化（HTTPS）しています。",
          "パスワードは復元できない形（ハッシュ値）でのみ保存します。ログイン状態は当社サーバーで管理し、ログアウトやパスワードの変更で直ちに無効にします。",
          "お客様の情報を閲覧できる従業員を、カスタマーサービスなど業務に必要な者に限っています。",
        ],
      },
    ],
  };
}

function cookiesSection(): LegalSection {
  const sessionDays = SESSION_COOKIE_MAX_AGE_SECONDS / (DAY_MS / 1000);
  return {
    id: "cookies",
    title: "7. Cookie等の利用",
    blocks: [
      {
        kind: "paragraphs",
        paragraphs: [
          `当ショップが使うCookieは、ログイン状態とカートを保つための「${SESSION_COOKIE_NAME}」の1つだけです。ログインの識別子、ゲストのカートの識別子、クーポンリンク・限定商品リンクの情報を、改ざんを防ぐ署名付きで保存します。有効期間は${sessionDays}日です。`,
          "このCookieは当ショップのサーバーにのみ送られ、JavaScriptからは読み取れない設定（HttpOnly）です。広告やアクセス解析のためのCookieは使用していません。Cookieを無効にすると、ログインとカートをご利用いただけません。",
          "ご注文手続きのページに表示するアンケートのご案内を閉じると、再び表示しないための目印をブラウザ（ローカルストレージ）に保存します。この目印が当社や第三者に送られることはありません。",
        ],
      },
    ],
  };
}

function externalTransmissionSection(): LegalSection {
  return {
    id: "external-transmission",
    title: "8. 外部送信について（電気通信事業法に基づく公表事項）",
    blocks: [
      {
        kind: "paragraphs",
        paragraphs: [
          "当ショップのウェブページには、お客様の端末から当社以外の事業者へ情報を送信させるプログラム（アクセス解析・広告のタグ、SNSボタン、外部のフォント・CDN・地図など）を組み込んでいません。ページ、画像、スタイル、プログラムはすべて当ショップのサーバーから配信しています。",
          "郵便番号からの住所の自動入力も当ショップのサーバーで処理しており、お客様の端末が外部の郵便番号サービスへ直接問い合わせることはありません。",
          "したがって、現在、外部送信の対象となる送信先はありません。外部送信を行うプログラムを導入する場合は、送信先・送信する情報・利用目的を本項に記載してから導入します。",
        ],
      },
      {
        kind: "paragraphs",
        paragraphs: [
          "当ショップには、お客様が選んで開く外部サイトへのリンクがあります。リンクは新しいタブで開き、どのページから移動したかの情報（リファラー）は送りません。移動先での情報の取り扱いは、各サイトの方針によります。",
        ],
      },
      {
        kind: "list",
        items: [
          ["郵便番号の検索（日本郵便株式会社）：", link(JAPAN_POST_SEARCH_URL, JAPAN_POST_SEARCH_URL)],
          ["ご注文手続きのアンケート（アンケートフォーム）：", link(FEEDBACK_SURVEY_URL, FEEDBACK_SURVEY_URL)],
        ],
      },
    ],
  };
}

function requestsSection(): LegalSection {
  return {
    id: "requests",
    title: "9. 開示・訂正・利用停止などのご請求",
    blocks: [
      {
        kind: "paragraphs",
        paragraphs: [
          "ご本人から、保有個人データの利用目的の通知、開示、訂正・追加・削除、利用の停止・消去、第三者への提供の停止、第三者提供の記録の開示のご請求があった場合は、ご本人であることを確認のうえ、法令に従い遅滞なく対応します。手数料はいただきません。",
          "お届け先は、会員の方ご自身でマイページから変更・削除できます。そのほかの登録情報の変更や退会は、マイページまたは下記の窓口で承ります。",
        ],
      },
    ],
  };
}

function contactSection(seller: SellerFacts): LegalSection {
  return {
    id: "contact",
    title: "10. お問い合わせ窓口",
    blocks: [
      {
        kind: "facts",
        rows: [
          { label: "事業者", lines: [seller.sellerName, sellerAddressText(seller), `代表者：${seller.representative}`] },
          { label: "窓口", lines: [PRIVACY_MANAGER] },
          { label: "メール", lines: [seller.supportEmail] },
          { label: "電話", lines: [`${seller.phone}（${seller.supportHours}、${seller.closedDays}を除く）`] },
        ],
      },
    ],
  };
}

function changesSection(): LegalSection {
  return {
    id: "changes",
    title: "11. 改定",
    blocks: [
      {
        kind: "paragraphs",
        paragraphs: [["本ポリシーを改定する場合は、このページでお知らせします。ご注文時の表示事項は", pageLink("tokushoho"), "をご覧ください。"]],
      },
    ],
  };
}
