/** The mail a merchant's new login gets when staff add it (/crm/merchants/{id}): the link to set a password. */
import { formatDateTime } from "~/core/dates";
import { MERCHANT_INVITATION_DAYS } from "~/core/merchant/merchant-accounts";
import { useShopName } from "./shop-name";
import { Greeting, Lines } from "./parts";
import type { MailTemplate } from "./render.server";

interface MerchantInvitationProps {
  name: string;
  email: string;
  merchantName: string;
  /** The absolute link with the token (app/core/account/password-reset.ts newPasswordUrl). */
  link: string;
  /** The portal's absolute address, for signing in later. */
  portalUrl: string;
  expiresAt: Date;
}

function MerchantInvitation({ name, email, merchantName, link, portalUrl, expiresAt }: MerchantInvitationProps) {
  const shopName = useShopName();
  return (
    <>
      <Greeting name={name} />
      <p>{`${shopName}運営事務局です。${merchantName}の出店者管理画面（配送・商品の管理）のログインをご用意しました。`}</p>
      <p>下記のリンクを開き、パスワードを設定してください。設定後、すぐにご利用いただけます。</p>
      <p>
        <a href={link}>パスワードを設定する</a>
      </p>
      <Lines
        items={[
          `ログインID（メールアドレス）：${email}`,
          `有効期限：${formatDateTime(expiresAt)}まで（${MERCHANT_INVITATION_DAYS}日間）`,
          "リンクは一度だけご利用いただけます。期限が切れた場合は、運営事務局の担当者にご連絡ください。",
        ]}
      />
      <p>
        次回からは <a href={portalUrl}>{portalUrl}</a> からログインしてください。
      </p>
      <h3>お心当たりのない場合</h3>
      <p>このメールは破棄してください。リンクを開かない限り、ログインは使えるようになりません。</p>
    </>
  );
}

export function merchantInvitationMail(props: MerchantInvitationProps): MailTemplate {
  return { brand: "shop", subject: `出店者管理画面のログインのご案内`, body: <MerchantInvitation {...props} /> };
}
