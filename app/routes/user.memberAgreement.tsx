import type { MetaFunction } from "@remix-run/cloudflare";
import { SHOP_NAME } from "~/core/site";

export const meta: MetaFunction = () => [{ title: `会員規約 | ${SHOP_NAME}` }];

const ARTICLES: { title: string; body: string[] }[] = [
  {
    title: "第1条（適用）",
    body: [
      `本規約は、${SHOP_NAME}（以下「当ショップ」）が提供するオンラインショッピングサービス（以下「本サービス」）の会員登録および利用に関する条件を定めるものです。`,
    ],
  },
  {
    title: "第2条（会員登録）",
    body: [
      "会員登録を希望する方は、本規約に同意のうえ、当ショップ所定の方法により登録を申請するものとします。",
      "登録情報に虚偽、誤記または記入漏れがあった場合、当ショップは登録を承認しないことがあります。",
    ],
  },
  {
    title: "第3条（メールアドレスおよびパスワードの管理）",
    body: [
      "会員は、自己の責任においてメールアドレスおよびパスワードを管理するものとし、第三者に利用させてはなりません。",
      "不正利用のおそれがある場合は、直ちにカスタマーサービスへご連絡ください。",
    ],
  },
  {
    title: "第4条（ポイント）",
    body: [
      "会員は、当ショップ所定の条件によりポイントを獲得し、1回のご注文につき1,000ポイントを上限としてお支払いに利用できます。",
      "ポイントの有効期限、付与率は当ショップが別途定めるところによります。ポイントを現金と交換することはできません。",
    ],
  },
  {
    title: "第5条（クーポン）",
    body: ["クーポンは、それぞれに定める利用条件・有効期限の範囲内でご利用いただけます。一部対象外の商品があります。"],
  },
  {
    title: "第6条（定期便）",
    body: [
      "定期便は、お申し込みいただいた周期で商品をお届けするサービスです。",
      "お届けのスキップおよび解約は、マイページより、所定の締切日以降のお届け分から承ります。",
    ],
  },
  {
    title: "第7条（禁止事項）",
    body: [
      "会員は、法令または公序良俗に違反する行為、当ショップや第三者の権利を侵害する行為、本サービスの運営を妨げる行為をしてはなりません。",
    ],
  },
  {
    title: "第8条（個人情報の取扱い）",
    body: ["当ショップは、会員の個人情報を、別途定めるプライバシーポリシーに従い適切に取り扱います。"],
  },
  {
    title: "第9条（退会）",
    body: ["会員は、カスタマーサービスへのお問い合わせによりいつでも退会できます。退会時、保有ポイントは失効します。"],
  },
  {
    title: "第10条（規約の変更）",
    body: ["当ショップは、必要と判断した場合、会員に通知のうえ本規約を変更できるものとします。"],
  },
];

export default function MemberAgreement() {
  return (
    <article className="mx-auto max-w-2xl py-6 text-sm leading-7">
      <h1 className="text-xl">会員規約</h1>
      {ARTICLES.map((article) => (
        <section key={article.title}>
          <h2 className="text-base">{article.title}</h2>
          {article.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <p className="text-right text-gray-600">2026年4月1日 制定</p>
    </article>
  );
}
