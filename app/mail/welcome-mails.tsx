/**
 * The e-mails of registration (/user/register, or registering at checkout): the new member's welcome, and —
 * when the address already has an account — the mail telling its owner that someone asked to register it.
 */
import { formatYen } from "~/core/money";
import { PASSWORD_RESET_PATH } from "~/core/account/password-reset";
import { POINT_EARNING_UNIT } from "~/core/member/points";
import { useShopName } from "./shop-name";
import { Greeting, Lines } from "./parts";
import type { MailTemplate } from "./render.server";

interface WelcomeProps {
  name: string;
  email: string;
  newsletter: boolean;
  /** The shop's origin: the links are absolute (an e-mail is read outside the shop). */
  origin: string;
}

function Welcome({ name, email, newsletter, origin }: WelcomeProps) {
  const shopName = useShopName();
  return (
    <>
      <Greeting name={name} />
      <p>{shopName}への会員登録ありがとうございます。会員登録が完了しました。ご登録のメールアドレスとパスワードでログインしてご利用ください。</p>
      <p>
        <a href={`${origin}/login`}>ログインはこちら</a>
      </p>
      <h3>ご登録内容</h3>
      <Lines items={[`お名前：${name} 様`, `メールアドレス：${email}`, `メールマガジン：${newsletter ? "受け取る" : "受け取らない"}`]} />
      <h3>会員の方ができること</h3>
      <ul>
        <li>{`お買い物${formatYen(POINT_EARNING_UNIT)}ごとにポイントが貯まり、次のお買い物に使えます。`}</li>
        <li>お届け先を保存して、次回からのご注文を簡単にできます。</li>
        <li>注文履歴・領収書の確認、お気に入り、再入荷のお知らせ、定期便をご利用いただけます。</li>
      </ul>
      <p>
        <a href={`${origin}/user`}>マイページはこちら</a>
      </p>
      <p>ご登録内容の変更やメールマガジンの配信停止は、マイページからいつでも行えます。</p>
      <p>このメールにお心当たりのない場合は、お手数ですが下記のお問い合わせ先までご連絡ください。</p>
    </>
  );
}

export function welcomeMail(props: WelcomeProps): MailTemplate {
  return { brand: "shop", subject: `会員登録が完了しました`, body: <Welcome {...props} /> };
}

interface RegistrationAttemptProps {
  /** The owner of the address, as their account names them. */
  name: string;
  /** Where it was asked: the registration page, or 会員登録 ticked with an order (placed as a guest's). */
  during: "register" | "checkout";
  origin: string;
}

/** What was asked, that nothing changed, and the ways in for the owner (log in, or set a new password). */
function RegistrationAttempt({ name, during, origin }: RegistrationAttemptProps) {
  const shopName = useShopName();
  return (
    <>
      <Greeting name={name} />
      <p>
        {during === "checkout"
          ? `${shopName}でのご注文の際に、このメールアドレスで会員登録のお申し込みがありました。`
          : `${shopName}で、このメールアドレスによる会員登録のお申し込みがありました。`}
        このメールアドレスはすでに会員としてご登録いただいているため、新たな登録は行っていません。ご登録の内容やパスワードは変更されていません。
      </p>
      {during === "checkout" ? <p>ご注文は会員登録なしのご注文としてお受けしています（ご注文確認のメールを別にお送りしています）。</p> : null}
      <p>ご本人のお申し込みでしたら、ご登録のメールアドレスとパスワードでログインしてください。パスワードをお忘れの場合は、再設定してください。</p>
      <p>
        <a href={`${origin}/login`}>ログインはこちら</a>
        <br />
        <a href={`${origin}${PASSWORD_RESET_PATH}`}>パスワードの再設定はこちら</a>
      </p>
      <h3>お心当たりのない場合</h3>
      <p>どなたかがメールアドレスを誤って入力された可能性があります。このメールは破棄してください。これまでどおりご利用いただけます。</p>
    </>
  );
}

export function registrationAttemptMail(props: RegistrationAttemptProps): MailTemplate {
  return { brand: "shop", subject: `会員登録のお申し込みについて`, body: <RegistrationAttempt {...props} /> };
}
