/** The e-mail a new member gets when their account is made (/user/register, or registering at checkout). */
import { formatYen } from "~/core/money";
import { POINT_EARNING_UNIT } from "~/core/points";
import { SHOP_NAME } from "~/core/site";
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
  return (
    <>
      <Greeting name={name} />
      <p>{SHOP_NAME}への会員登録ありがとうございます。会員登録が完了しました。次回からはメールアドレスとパスワードでログインしてご利用いただけます。</p>
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
  return { subject: `【${SHOP_NAME}】会員登録が完了しました`, body: <Welcome {...props} /> };
}
