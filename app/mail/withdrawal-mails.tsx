/** The mail that confirms an account was closed (退会), sent to the address the member had. */
import { formatDateTime } from "~/core/dates";
import { LEGAL_PAGES } from "~/core/site/legal-document";
import { ACCOUNTING_RECORD_RETENTION_YEARS } from "~/core/account/privacy";
import type { ShopSettings } from "~/core/settings/shop-settings";
import { useShopName } from "./shop-name";
import { Greeting, Lines } from "./parts";
import type { MailTemplate } from "./render.server";

export interface WithdrawalMailFacts {
  /** As the member was greeted before the name was removed. */
  customerName: string;
  /** The point balance that lapsed with the account. */
  points: number;
  withdrawnAt: Date;
  /** The shop's origin, for the link to the privacy policy. */
  origin: string;
  /** Customer service as the shop settings in force name it. */
  contact: Pick<ShopSettings, "phone" | "supportEmail">;
}

function WithdrawalDone({ customerName, points, withdrawnAt, origin, contact }: WithdrawalMailFacts) {
  const shopName = useShopName();
  const policy = `${origin}${LEGAL_PAGES.privacy.path}#retention`;
  return (
    <>
      <Greeting name={customerName} />
      <p>{`これまで${shopName}をご利用いただき、誠にありがとうございました。${formatDateTime(withdrawnAt)}に退会のお手続きが完了しましたので、お知らせいたします。`}</p>
      <h3>削除・匿名化した情報</h3>
      <ul>
        <li>会員情報（氏名・フリガナ、メールアドレス、電話番号、パスワード）</li>
        <li>登録されたお届け先、お気に入り、あとで買う商品、再入荷のお知らせの登録、カートの中身</li>
        <li>マイページのお知らせ、お問い合わせでお客様がお書きになった内容と添付画像</li>
        <li>{points > 0 ? `保有ポイント（${points.toLocaleString("ja-JP")}pt）：退会により失効しました` : "保有ポイント：退会により失効しました"}</li>
        <li>メールマガジンの配信：停止しました</li>
      </ul>
      <h3>保存する情報</h3>
      <p>
        {`ご注文の記録のうち、会計・税務に必要な情報（注文番号、ご注文日、ご購入商品と金額、消費税額、お支払い方法）は、法令に基づき${ACCOUNTING_RECORD_RETENTION_YEARS}年間保存した後に削除します。お届け先・お名前など、お客様を特定できる情報は匿名化しました。`}
        <br />
        <a href={policy}>{LEGAL_PAGES.privacy.title}（保存期間と退会時の取り扱い）</a>
      </p>
      <p>同じメールアドレスで、いつでもあらためて会員登録いただけます（これまでの注文履歴やポイントは引き継がれません）。</p>
      <p>このお手続きにお心当たりがない場合は、お手数ですが下記までご連絡ください。</p>
      <Lines items={[`お電話：${contact.phone}`, `メール：${contact.supportEmail}`]} />
    </>
  );
}

export function withdrawalDoneMail(facts: WithdrawalMailFacts): MailTemplate {
  return { brand: "shop", subject: `退会手続き完了のお知らせ`, body: <WithdrawalDone {...facts} /> };
}
