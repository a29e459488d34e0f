import { Link } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { formatDateJa, formatShortDate } from "~/core/dates";
import { formatYen } from "~/core/money";
import { ORDER_STATUS_LABELS } from "~/core/orders/orders";
import { PENDING_POINTS_LABEL } from "~/core/member/points";
import type { MemberHubCounts, MemberHubData } from "~/web/types/member-hub";

interface Section {
  to: string;
  title: string;
  description: string;
  /** A count shown as a badge (unread, waiting …); none at 0. */
  badge?: { count: number; label: string };
  testId: string;
}

/** A link to every member section, with what is new or counted there. */
function hubSections(hub: MemberHubData, { unreadMails, unreadMessages }: MemberHubCounts): Section[] {
  return [
    {
      to: "/user/mails",
      title: "お知らせ",
      description: unreadMails > 0 ? `未読のお知らせが${unreadMails}件あります` : "ショップからのお知らせ",
      badge: { count: unreadMails, label: "未読" },
      testId: "hub-mails",
    },
    {
      to: "/user/orders",
      title: "注文履歴",
      description: hub.latestOrder
        ? `最新：${formatShortDate(hub.latestOrder.dateCreated)} ${formatYen(hub.latestOrder.total)}（${ORDER_STATUS_LABELS[hub.latestOrder.status]}）`
        : "ご注文の確認・領収書の発行",
      testId: "hub-orders",
    },
    {
      to: "/user/subscriptions",
      title: "定期便",
      description: hub.nextDelivery ? `次回のお届け：${formatDateJa(hub.nextDelivery.nextShippingDate)}` : "ご利用中の定期便はありません",
      testId: "hub-subscriptions",
    },
    {
      to: "/user/points",
      title: "ポイント",
      description: `${hub.points.toLocaleString("ja-JP")}pt ご利用いただけます${hub.pendingPoints > 0 ? `（ほかに${PENDING_POINTS_LABEL} ${hub.pendingPoints.toLocaleString("ja-JP")}pt）` : ""}`,
      testId: "hub-points",
    },
    { to: "/user/favorites", title: "お気に入り", description: `${hub.favorites}件の商品`, testId: "hub-favorites" },
    { to: "/user/buy-later", title: "あとで買う", description: `${hub.buyLater}件の商品`, testId: "hub-buy-later" },
    {
      to: "/user/stock-requests",
      title: "再入荷のお知らせ登録",
      description: hub.stockRequests > 0 ? `${hub.stockRequests}件の商品の入荷待ち` : "売り切れ商品の入荷をお知らせします",
      testId: "hub-stock-requests",
    },
    { to: "/user/profile", title: "会員情報の変更", description: "お名前・メールアドレス・パスワード・メールマガジン", testId: "hub-profile" },
    { to: "/user/profile/addresses", title: "お届け先住所", description: "住所の追加・変更・削除", testId: "hub-addresses" },
    {
      to: "/user/support",
      title: "お問い合わせ",
      description: unreadMessages > 0 ? `新着メッセージが${unreadMessages}件あります` : "カスタマーサービスへのご相談",
      badge: { count: unreadMessages, label: "新着" },
      testId: "hub-support",
    },
  ];
}

/** The member hub (マイページ): a greeting, the point balance and a link to every member section with its counts. */
export function MemberHubPage({ hub, counts }: { hub: MemberHubData; counts: MemberHubCounts }) {
  const sections = hubSections(hub, counts);
  return (
    <>
      <h1 className="mb-0 mt-4 text-xl">マイページ</h1>
      <Notice text={hub.notice} />
      <section aria-label="会員情報" className="card mt-3 flex flex-wrap items-center justify-between gap-3 p-4">
        <p className="m-0" data-testid="hub-greeting">
          {hub.name} 様、いつもご利用ありがとうございます。
        </p>
        <p className="m-0 text-sm">
          保有ポイント
          <Link to="/user/points" className="ml-2 text-2xl font-bold text-brand no-underline" data-testid="hub-point-balance">
            {hub.points.toLocaleString("ja-JP")}
            <span className="ml-0.5 text-sm">pt</span>
          </Link>
          {hub.pendingPoints > 0 ? (
            <span className="ml-2 text-xs text-gray-600" data-testid="hub-pending-points">
              （{PENDING_POINTS_LABEL} {hub.pendingPoints.toLocaleString("ja-JP")}pt）
            </span>
          ) : null}
        </p>
      </section>
      <nav aria-label="マイページのメニュー" className="mt-4">
        <ul className="m-0 grid gap-3 p-0 sm:grid-cols-2 md:grid-cols-3">
          {sections.map((section) => (
            <HubLink key={section.to} section={section} />
          ))}
        </ul>
      </nav>
      <p className="mt-6 text-right text-xs">
        <Link to="/user/withdraw" data-testid="hub-withdraw">
          退会をご希望の方はこちら
        </Link>
      </p>
    </>
  );
}

function HubLink({ section }: { section: Section }) {
  return (
    <li className="list-none">
      <Link to={section.to} className="card flex h-full items-start gap-2 p-4 text-gray-900 no-underline hover:border-brand" data-testid={section.testId}>
        <span className="grid flex-1 gap-1">
          <span className="font-bold">{section.title}</span>
          <span className="text-xs text-gray-700">{section.description}</span>
        </span>
        {section.badge && section.badge.count > 0 ? (
          <span className="badge shrink-0 bg-brand text-white">
            {section.badge.label} {section.badge.count > 99 ? "99+" : section.badge.count}
          </span>
        ) : null}
      </Link>
    </li>
  );
}
