/** What a member is told about their subscription (定期便, spec §9). */
import type { ReactNode } from "react";
import { formatDateJa } from "~/core/dates";
import { formatYen } from "~/core/money";
import { Lines, ThanksGreeting } from "./parts";
import type { MailTemplate } from "./render.server";

/** What the mails say about the subscription. */
export interface SubscriptionFacts {
  id: number;
  title: string;
  quantity: number;
  amount: number;
  nextShippingDate: string;
  nextPaymentDate: string;
  changeAllowed: boolean;
}

interface SubscriptionMailProps {
  name: string;
  subscription: SubscriptionFacts;
}

function SubscriptionMail({ name, subscription, children }: SubscriptionMailProps & { children: ReactNode }) {
  return (
    <>
      <ThanksGreeting name={name} />
      {children}
      <p>
        定期便の内容は<a href={`/user/subscriptions/${subscription.id}`}>マイページの「定期便」</a>
        {"からご確認いただけます。ご不明な点はカスタマーサービスまでお問い合わせください（電話番号はページ下部に記載しています）。"}
      </p>
    </>
  );
}

type SkippedProps = SubscriptionMailProps & { skipped: string; next: { nextShippingDate: string; nextPaymentDate: string } };

function Skipped({ skipped, next, ...props }: SkippedProps) {
  const { subscription } = props;
  return (
    <SubscriptionMail {...props}>
      <p>{`「${subscription.title}」の定期便について、${formatDateJa(skipped)}のお届けをスキップしました。この回のお届けとご請求はありません。`}</p>
      <Lines
        items={[
          `次回のお届け予定日：${formatDateJa(next.nextShippingDate)}`,
          `次回のお支払い予定日：${formatDateJa(next.nextPaymentDate)}`,
          `数量：${subscription.quantity}点`,
          `お支払い金額：${formatYen(subscription.amount)}（税込）`,
        ]}
      />
    </SubscriptionMail>
  );
}

/** One delivery skipped: the next dates. */
export function skippedMail(props: SkippedProps): MailTemplate {
  return { subject: `【定期便】${formatDateJa(props.skipped)}のお届けをスキップしました`, body: <Skipped {...props} /> };
}

function Cancelled(props: SubscriptionMailProps) {
  const { subscription } = props;
  return (
    <SubscriptionMail {...props}>
      <p>{`「${subscription.title}」の定期便の解約を承りました。${formatDateJa(subscription.nextShippingDate)}以降のお届けとご請求はありません。`}</p>
      <p>これまでご利用いただき、誠にありがとうございました。またのご利用をお待ちしております。</p>
    </SubscriptionMail>
  );
}

/** The subscription is cancelled. */
export function cancelledMail(props: SubscriptionMailProps): MailTemplate {
  return { subject: `【定期便】「${props.subscription.title}」の定期便を解約しました`, body: <Cancelled {...props} /> };
}

function Upcoming(props: SubscriptionMailProps) {
  const { subscription } = props;
  return (
    <SubscriptionMail {...props}>
      <p>次回の定期便のお届け予定をお知らせします。</p>
      <Lines
        items={[
          `商品：${subscription.title}`,
          `お届け予定日：${formatDateJa(subscription.nextShippingDate)}`,
          `お支払い予定日：${formatDateJa(subscription.nextPaymentDate)}`,
          `数量：${subscription.quantity}点`,
          `お支払い金額：${formatYen(subscription.amount)}（税込）`,
        ]}
      />
      {subscription.changeAllowed ? <p>この回のお届けが不要な場合は、マイページからスキップできます。</p> : null}
    </SubscriptionMail>
  );
}

/** The next delivery is coming (UPCOMING_REMINDER_DAYS before it ships). */
export function upcomingMail(props: SubscriptionMailProps): MailTemplate {
  return {
    subject: `【定期便】「${props.subscription.title}」を${formatDateJa(props.subscription.nextShippingDate)}にお届けします`,
    body: <Upcoming {...props} />,
  };
}
