import { NavLink } from "@remix-run/react";
import { MERCHANT_STATEMENTS_PATH } from "~/core/merchant/merchant-statements";
import { MERCHANT_SALES_PATH } from "~/core/reports/report-paths";
import { MERCHANT_PORTAL_PATH } from "~/core/site/site";

const LINK = "rounded px-3 py-1 text-sm no-underline";

/** The merchant portal's navigation (/merchant) on every portal page. */
export function MerchantNav() {
  return (
    <nav aria-label="出品者メニュー" className="mb-4 mt-4 flex flex-wrap items-center gap-2 border-b border-b-solid border-gray-200 pb-2">
      <span className="mr-2 text-sm font-bold text-gray-700">出品者メニュー</span>
      {[
        { to: MERCHANT_PORTAL_PATH, label: "配送一覧", end: true },
        { to: MERCHANT_SALES_PATH, label: "売上", end: false },
        { to: MERCHANT_STATEMENTS_PATH, label: "支払明細", end: false },
        { to: `${MERCHANT_PORTAL_PATH}/tracking-import`, label: "送り状CSV・伝票番号の取り込み", end: false },
        { to: "/merchant/products", label: "商品管理", end: false },
        { to: `${MERCHANT_PORTAL_PATH}/products/import`, label: "商品CSV", end: false },
        { to: `${MERCHANT_PORTAL_PATH}/settings`, label: "通知の設定", end: false },
      ].map((link) => (
        <NavLink key={link.to} to={link.to} end={link.end} className={({ isActive }) => `${LINK} ${isActive ? "bg-brand text-white" : "text-gray-800"}`}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
