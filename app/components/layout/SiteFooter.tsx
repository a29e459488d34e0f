import { Link } from "@remix-run/react";
import { LEGAL_PAGES } from "~/core/site/legal-document";
import { ORDER_LOOKUP_PATH } from "~/core/orders/order-lookup";
import type { SiteFacts } from "~/core/settings/shop-settings";
import { ConnectionBanner } from "../connection/ConnectionBanner";

/**
 * The foot of every page: the guide's links and the seller (the shop settings', from the root loader; none
 * on the error page of a root that could not load), and at the foot of the screen, while the page's data
 * cannot be reloaded, the banner saying so (it rides with the footer's code, which every page loads once it
 * has hydrated).
 */
export function SiteFooter({ site }: { site: SiteFacts | null }) {
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
          {site ? (
            <>
              <p className="m-0">
                カスタマーサービス {site.phone}（{site.supportHours}）
              </p>
              <p className="m-0 text-xs text-gray-500">
                © {site.shopName}（運営：{site.sellerName}）
              </p>
            </>
          ) : null}
        </div>
      </footer>
    </>
  );
}
