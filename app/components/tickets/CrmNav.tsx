import { Link, NavLink, useLocation, useRouteLoaderData } from "@remix-run/react";
import { CUSTOMERS_PATH } from "~/core/customers/customer-paths";
import { DASHBOARD_PATH, SALES_REPORT_PATH } from "~/core/reports/report-paths";
import { SHOP_SETTINGS_PATH } from "~/core/settings/settings-path";
import { currentNavPath } from "~/core/site/navigation";
import { EMPTY_SHELL, type ShellState } from "~/core/site/shell";
import { DESK_SETTINGS_PATH } from "~/core/tickets/desk-calendar";
import { APPROVALS_PATH } from "~/core/tickets/reply-drafts";
import { PRODUCT_APPROVALS_PATH } from "~/core/product-approvals/product-approvals";
import { OVERDUE_VIEW_HREF } from "~/core/tickets/ticket-listing";
import { NOTICES_PATH } from "~/core/tickets/ticket-notes";
import { usePageShell } from "../layout/usePageShell";

const LINK = "rounded px-3 py-1 text-sm no-underline";

const DESK_LINKS = [
  { to: DASHBOARD_PATH, label: "ダッシュボード", end: true },
  { to: SALES_REPORT_PATH, label: "売上レポート" },
  { to: "/crm/tickets", label: "お問い合わせ" },
  { to: "/crm/tickets/report", label: "対応レポート" },
  { to: "/crm/inbound", label: "受信メール" },
  { to: "/crm/templates", label: "返信テンプレート" },
  { to: APPROVALS_PATH, label: "返信の承認" },
  { to: DESK_SETTINGS_PATH, label: "営業時間・対応期限" },
  { to: "/crm/orders", label: "注文管理" },
  { to: CUSTOMERS_PATH, label: "顧客管理" },
  { to: "/crm/products", label: "商品管理" },
  { to: "/crm/products/import", label: "商品CSV" },
  { to: PRODUCT_APPROVALS_PATH, label: "商品の承認" },
  { to: "/crm/returns", label: "返品・交換" },
  { to: "/crm/reviews", label: "レビュー返信" },
  { to: "/crm/mail-outbox", label: "メール送信履歴" },
  { to: "/crm/newsletter", label: "メールマガジン" },
  { to: "/crm/coupons", label: "クーポン" },
  { to: "/crm/coupon-campaigns", label: "クーポンキャンペーン" },
  { to: "/crm/point-promos", label: "ポイントキャンペーン" },
  { to: "/crm/merchants", label: "出店者管理" },
  { to: SHOP_SETTINGS_PATH, label: "設定" },
];

/** The staff desk's navigation (/crm) on every back-office page, with the viewer's unread notices and the overdue tickets (read with the session). */
export function CrmNav() {
  const root = useRouteLoaderData("root") as { shell?: ShellState } | undefined;
  const { staffNotices, overdueTickets, pendingApprovals, pendingProductReviews } = usePageShell(root?.shell ?? EMPTY_SHELL);
  const current = currentNavPath(DESK_LINKS, useLocation().pathname);
  return (
    <nav aria-label="カスタマーサービス" className="mb-4 mt-4 flex flex-wrap items-center gap-2 border-b border-b-solid border-gray-200 pb-2">
      <span className="mr-2 text-sm font-bold text-gray-700">カスタマーサービス</span>
      {DESK_LINKS.map((link) => (
        <Link
          key={link.to}
          to={link.to}
          aria-current={link.to === current ? "page" : undefined}
          className={`${LINK} ${link.to === current ? "bg-brand text-white" : "text-gray-800"}`}
        >
          {link.label}
        </Link>
      ))}
      {pendingApprovals > 0 ? (
        <Link to={APPROVALS_PATH} className={`${LINK} bg-amber-100 text-amber-900`} data-testid="crm-approval-badge">
          承認待ち {pendingApprovals}件
        </Link>
      ) : null}
      {pendingProductReviews > 0 ? (
        <Link to={PRODUCT_APPROVALS_PATH} className={`${LINK} bg-amber-100 text-amber-900`} data-testid="crm-product-review-badge">
          商品の承認待ち {pendingProductReviews}件
        </Link>
      ) : null}
      {overdueTickets > 0 ? (
        <Link to={OVERDUE_VIEW_HREF} className={`${LINK} bg-red-100 text-red-800`} data-testid="crm-overdue-badge">
          期限切れ {overdueTickets}件
        </Link>
      ) : null}
      <NavLink
        to={NOTICES_PATH}
        className={({ isActive }) => `${LINK} ${isActive ? "bg-brand text-white" : "text-gray-800"}`}
        aria-label={staffNotices > 0 ? `お知らせ（未読${staffNotices}件）` : undefined}
      >
        お知らせ
        {staffNotices > 0 ? (
          <span className="ml-1 rounded-full bg-brand px-2 text-xs text-white" data-testid="crm-notice-badge">
            {staffNotices}
          </span>
        ) : null}
      </NavLink>
    </nav>
  );
}
