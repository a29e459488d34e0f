/** The two mails of an e-mail change: the link to the NEW address, and afterwards a notice to the OLD one. */
import { formatDateTime } from "~/core/dates";
import type { ShopSettings } from "~/core/settings/shop-settings";
import { useShopName } from "./shop-name";
import { Greeting, Lines } from "./parts";
import type { MailTemplate } from "./render.server";

interface VerifyProps {
  name: string;
  newEmail: string;
  link: string;
  expiresAt: Date;
}

function EmailChangeVerify({ name, newEmail, link, expiresAt }: VerifyProps) {
  const shopName = useShopName();
  return (
    <>
      <Greeting name={name} />
      <p>{`${shopName}の会員情報で、メールアドレスを「${newEmail}」へ変更するお手続きを承りました。`}</p>
      <p>下記のリンクを開き、「メールアドレスを変更する」ボタンを押すと変更が完了します。</p>
      <p>
        <a href={link}>{link}</a>
      </p>
      <p>{`リンクの有効期限は${formatDateTime(expiresAt)}までです。期限を過ぎた場合は、お手数ですがマイページからもう一度お手続きください。`}</p>
      <p>お手続きに心当たりがない場合は、このメールを破棄してください。メールアドレスは変更されません。</p>
    </>
  );
}

/** To the new address: the single-use link that makes the change. */
export function emailChangeVerifyMail(props: VerifyProps): MailTemplate {
  return { brand: "shop", subject: `メールアドレス変更のご確認`, body: <EmailChangeVerify {...props} /> };
}

interface NoticeProps {
  name: string;
  newEmail: string;
  changedAt: Date;
  /** Customer service as the shop settings in force name it. */
  contact: Pick<ShopSettings, "supportEmail" | "phone" | "supportHours" | "closedDays">;
}

function EmailChangeNotice({ name, newEmail, changedAt, contact }: NoticeProps) {
  const shopName = useShopName();
  return (
    <>
      <Greeting name={name} />
      <p>{`${formatDateTime(changedAt)}に、${shopName}の会員情報のメールアドレスが「${newEmail}」へ変更されました。今後のお知らせは新しいメールアドレスへお送りします。`}</p>
      <p>
        このお手続きに心当たりがない場合は、第三者がアカウントを利用しているおそれがあります。お手数ですが、すぐに下記のカスタマーサービスまでご連絡ください。
      </p>
      <Lines items={[`メール：${contact.supportEmail}`, `お電話：${contact.phone}（${contact.supportHours}、${contact.closedDays}を除く）`]} />
    </>
  );
}

/** To the old address, written by the same batch as the change: it was changed, and whom to call if it was not you. */
export function emailChangeNoticeMail(props: NoticeProps): MailTemplate {
  return { brand: "shop", subject: `メールアドレス変更完了のお知らせ`, body: <EmailChangeNotice {...props} /> };
}
