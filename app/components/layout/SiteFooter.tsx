import { Link } from "@remix-run/react";
import { LEGAL_PAGES } from "~/core/site/legal-document";
import { ORDER_LOOKUP_PATH } from "~/core/orders/order-lookup";
import { SELLER_NAME, SHOP_NAME, SUPPORT_HOURS, SUPPORT_PHONE } from "~/core/site/site";
import { ConnectionBanner } from "../connection/ConnectionBanner";

/**
 * The foot of every page: the guide's links and the seller, and at the foot of the screen, while the page's
 * data cannot be reloaded, the banner saying so (it rides with the footer's code, which every page loads
 * once it has hydrated).
 */
export function SiteFooter() {
  return (
    <>
      <ConnectionBanner />
      <footer className="mt-12 border-t border-t-solid border-gray-200 bg-gray-50 py-6 text-sm text-gray-700">
        <div className="mx-auto grid max-w-5xl gap-2 px-3">
          <nav aria-label="ご利用案内" className="flex flex-wrap gap-x-4 gap-y-2">
            {Object.values(LEGAL_PAGES).map((page) => (
              <Link key={page.path} to={page.path}>
                {page.title}
              </Link>
            ))}
            <Link to={ORDER_LOOKUP_PATH}>ご注文状況の確認</Link>
            <Link to="/user/support">お問い合わせ</Link>
            <Link to="/cart">カート</Link>
          </nav>
          <p className="m-0">
            カスタマーサービス {SUPPORT_PHONE}（{SUPPORT_HOURS}）
          </p>
          <p className="m-0 text-xs text-gray-500">
            © {SHOP_NAME}（運営：{SELLER_NAME}）
          </p>
        </div>
      </footer>
    </>
  );
}
