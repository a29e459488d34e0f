/** The password-reset mail (「パスワードをお忘れの方」): the link to set a new password. */
import { formatDateTime } from "~/core/dates";
import { RESET_LINK_MINUTES } from "~/core/account/password-reset";
import { useShopName } from "./shop-name";
import { Greeting, Lines } from "./parts";
import type { MailTemplate } from "./render.server";

interface PasswordResetProps {
  name: string;
  /** The absolute link with the token (app/core/account/password-reset.ts newPasswordUrl). */
  link: string;
  requestedAt: Date;
  expiresAt: Date;
}

/**
 * What was asked and when, the link with how long and how often it works, and what to do when the member
 * did not ask: nothing changes unless the link is opened.
 */
function PasswordReset({ name, link, requestedAt, expiresAt }: PasswordResetProps) {
  const shopName = useShopName();
  return (
    <>
      <Greeting name={name} />
      <p>{`${shopName}をご利用いただきありがとうございます。${formatDateTime(requestedAt)}に、パスワード再設定のお申し込みを受け付けました。`}</p>
      <p>下記のリンクを開き、新しいパスワードを設定してください。</p>
      <p>
        <a href={link}>新しいパスワードを設定する</a>
      </p>
      <Lines
        items={[
          `有効期限：${formatDateTime(expiresAt)}まで（お申し込みから${RESET_LINK_MINUTES}分間）`,
          "リンクは一度だけご利用いただけます。期限が切れた場合は、お手数ですがもう一度お申し込みください。",
          "新しいパスワードを設定すると、ほかの端末でのログインはすべて終了します。",
        ]}
      />
      <h3>お心当たりのない場合</h3>
      <p>
        どなたかがメールアドレスを誤って入力された可能性があります。このメールは破棄してください。リンクを開かない限りパスワードは変更されず、これまでどおりご利用いただけます。
      </p>
    </>
  );
}

export function passwordResetMail(props: PasswordResetProps): MailTemplate {
  return { brand: "shop", subject: `パスワード再設定のご案内`, body: <PasswordReset {...props} /> };
}
