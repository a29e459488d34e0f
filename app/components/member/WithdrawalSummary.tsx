import { Link } from "@remix-run/react";
import { supportFormPath } from "~/core/site/guide";
import { ORDER_STATUS_LABELS } from "~/core/orders/orders";
import { ACCOUNTING_RECORD_RETENTION_YEARS } from "~/core/account/privacy";
import { WITHDRAWAL_MESSAGES } from "~/core/account/withdrawal";
import type { WithdrawalView } from "~/web/types/withdrawal";

const count = (n: number, unit = "件") => `${n.toLocaleString("ja-JP")}${unit}`;

/** What closing the account takes away, with the member's own figures. */
export function WithdrawalLosses({ view }: { view: WithdrawalView }) {
  const items: { label: string; value: string; testId: string }[] = [
    { label: "保有ポイント", value: `${count(view.points, "pt")}（退会と同時に失効します）`, testId: "loss-points" },
    { label: "登録済みのお届け先", value: count(view.addresses), testId: "loss-addresses" },
    { label: "お気に入り", value: count(view.favorites), testId: "loss-favorites" },
    { label: "あとで買う", value: count(view.buyLater), testId: "loss-buy-later" },
    { label: "再入荷のお知らせ登録", value: count(view.stockRequests), testId: "loss-stock-requests" },
    { label: "マイページのお知らせ", value: count(view.mails), testId: "loss-mails" },
    {
      label: "メールでのご案内",
      value: view.newsletter ? "メールマガジンとお知らせメールの配信を停止します" : "お知らせメールの配信を停止します",
      testId: "loss-newsletter",
    },
    {
      label: "注文履歴",
      value: `${count(view.orders)}のご注文と領収書を、マイページで確認できなくなります`,
      testId: "loss-orders",
    },
  ];
  return (
    <section aria-labelledby="withdraw-losses" className="card mt-4 p-4">
      <h2 id="withdraw-losses" className="m-0 text-base">
        退会すると、次の情報とサービスがご利用いただけなくなります
      </h2>
      <dl className="m-0 mt-3 grid gap-2 text-sm">
        {items.map((item) => (
          <div key={item.label} className="grid gap-0.5 sm:grid-cols-[11rem_1fr] sm:gap-3">
            <dt className="font-bold">{item.label}</dt>
            <dd className="m-0" data-testid={item.testId}>
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="m-0 mt-3 text-xs text-gray-700">
        退会後に元に戻すことはできません。お名前・メールアドレス・電話番号・お届け先などは直ちに匿名化し、ご注文の記録（注文番号・日付・金額・税額・お支払い方法）のみ法令に基づき
        {ACCOUNTING_RECORD_RETENTION_YEARS}年間保存します（
        <Link to="/privacy#retention">プライバシーポリシー「保存期間と退会時の取り扱い」</Link>
        ）。同じメールアドレスで、あらためて会員登録していただくことはできます。
      </p>
    </section>
  );
}

/** Why the account cannot be closed yet, each reason with where to settle it. */
export function WithdrawalBlockers({ view }: { view: WithdrawalView }) {
  return (
    <section
      role="alert"
      aria-labelledby="withdraw-blocked"
      className="mt-4 rounded border border-solid border-amber-300 bg-amber-50 p-4 text-sm"
      data-testid="withdraw-blocked"
    >
      <h2 id="withdraw-blocked" className="m-0 text-base">
        現在、退会のお手続きはできません
      </h2>
      {view.blockers.includes("unfinishedOrders") ? (
        <div className="mt-2">
          <p className="m-0">{WITHDRAWAL_MESSAGES.unfinishedOrders}</p>
          <ul className="m-0 mt-1 pl-5">
            {view.unfinishedOrders.map((order) => (
              <li key={order.id}>
                <Link to={`/user/orders/${order.id}`}>注文番号 {order.number}</Link>（{ORDER_STATUS_LABELS[order.status]}）
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {view.blockers.includes("activeSubscriptions") ? (
        <div className="mt-2">
          <p className="m-0">{WITHDRAWAL_MESSAGES.activeSubscriptions}</p>
          <p className="m-0 mt-1">
            <Link to="/user/subscriptions">定期便の管理へ（ご利用中 {count(view.activeSubscriptions)}）</Link>
          </p>
        </div>
      ) : null}
      <p className="m-0 mt-2 text-xs text-gray-700">
        ご不明な点は<Link to={supportFormPath("退会について", "その他")}>お問い合わせフォーム</Link>からご連絡ください。
      </p>
    </section>
  );
}
