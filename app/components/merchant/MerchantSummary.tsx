import { Link } from "@remix-run/react";
import { formatCount, formatYen } from "~/core/money";
import { MERCHANT_PORTAL_PATH } from "~/core/site/site";

const CARD = "card grid gap-1 p-3 no-underline text-gray-800";

/** The portal's first lines: parcels waiting to leave (→ the 発送待ち list) and this month's sales so far (→ the sales page). */
export function MerchantSummary({ toShip, monthSales }: { toShip: number; monthSales: { sales: number; orders: number; href: string } }) {
  return (
    <section aria-label="今の状況" className="mb-4 grid grid-cols-2 gap-2 sm:max-w-xl" data-testid="merchant-summary">
      <Link to={`${MERCHANT_PORTAL_PATH}?tab=to_ship`} className={CARD} data-testid="merchant-summary-to-ship">
        <span className="text-xs text-gray-700">発送待ちの荷物</span>
        <span className={`text-lg font-bold ${toShip > 0 ? "text-red-700" : ""}`}>{formatCount(toShip)}件</span>
      </Link>
      <Link to={monthSales.href} className={CARD} data-testid="merchant-summary-month">
        <span className="text-xs text-gray-700">今月の売上（税込）</span>
        <span className="text-lg font-bold">{formatYen(monthSales.sales)}</span>
        <span className="text-xs text-gray-700">{formatCount(monthSales.orders)}件の注文</span>
      </Link>
    </section>
  );
}
