import { Link } from "@remix-run/react";
import { CARRIERS, isCarrier } from "~/core/orders/carriers";
import { formatDateTime } from "~/core/dates";
import { deliveryWish, MERCHANT_TAB_ORDER, MERCHANT_TABS, merchantShipmentPath, merchantSlipsPath, type MerchantTab } from "~/core/merchant/merchant-portal";
import { MERCHANT_PORTAL_PATH } from "~/core/site/site";
import { prefectureName } from "~/core/address/postal";
import type { MerchantShipmentPage } from "~/web/types/merchant";

function tabHref(tab: MerchantTab, cursor?: { before?: number; after?: number }): string {
  const params = new URLSearchParams({ tab });
  if (cursor?.before != null) params.set("before", String(cursor.before));
  if (cursor?.after != null) params.set("after", String(cursor.after));
  return `${MERCHANT_PORTAL_PATH}?${params}`;
}

/** The tabs (with the waiting counts), one page of shipments, and the newer/older links. */
export function MerchantShipmentList({ tab, page }: { tab: MerchantTab; page: MerchantShipmentPage }) {
  return (
    <section className="grid gap-3">
      <nav aria-label="配送の状態" className="flex flex-wrap gap-2">
        {MERCHANT_TAB_ORDER.map((key) => {
          const count = key === "to_ship" || key === "awaiting_payment" ? page.counts[key] : null;
          return (
            <Link
              key={key}
              to={tabHref(key)}
              aria-current={key === tab ? "page" : undefined}
              className={`rounded px-3 py-1 text-sm no-underline ${key === tab ? "bg-brand text-white" : "bg-gray-100 text-gray-800"}`}
            >
              {MERCHANT_TABS[key].label}
              {count != null ? `（${count}件）` : ""}
            </Link>
          );
        })}
      </nav>
      {tab === "to_ship" && page.counts.to_ship > 0 ? (
        <p className="m-0 text-sm">
          <Link to={merchantSlipsPath(null)} data-testid="merchant-packing-slips">
            発送待ちの納品書をまとめて印刷
          </Link>
        </p>
      ) : null}
      {tab === "awaiting_payment" ? (
        <p className="m-0 text-sm text-gray-700">お客様のご入金を確認してから発送できます。入金が確認されると「発送待ち」に移ります。</p>
      ) : null}
      {page.rows.length === 0 ? (
        <p className="card m-0 p-3 text-sm" data-testid="merchant-empty">
          {MERCHANT_TABS[tab].label}の配送はありません。
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm" data-testid="merchant-shipments">
            <thead>
              <tr className="border-b border-b-solid border-gray-300 text-left">
                <th className="p-2">注文番号・注文日</th>
                <th className="p-2">お届け先</th>
                <th className="p-2">商品</th>
                <th className="p-2">お届け希望</th>
                <th className="p-2">{tab === "shipped" || tab === "delivered" ? "発送" : ""}</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
                <tr key={row.id} className="border-b border-b-solid border-gray-200 align-top" data-testid="merchant-shipment-row">
                  <td className="p-2">
                    <Link to={merchantShipmentPath(row.id)}>{row.orderNumber}</Link>
                    <br />
                    <span className="text-gray-600">{formatDateTime(row.orderedAt)}</span>
                  </td>
                  <td className="p-2">
                    {row.recipient} 様<br />
                    <span className="text-gray-600">{prefectureName(row.prefecture)}</span>
                  </td>
                  <td className="p-2">{row.items}</td>
                  <td className="p-2">{deliveryWish(row.deliveryDate, row.deliveryTimeSlot)}</td>
                  <td className="p-2">
                    {row.carrier && isCarrier(row.carrier) ? `${CARRIERS[row.carrier].label} ${row.trackingNumber ?? ""}` : ""}
                    {row.shippedAt ? (
                      <>
                        <br />
                        <span className="text-gray-600">{formatDateTime(row.shippedAt)}</span>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="ページ" className="flex gap-3 text-sm">
        {page.newerCursor != null ? <Link to={tabHref(tab, { after: page.newerCursor })}>← 新しい注文</Link> : null}
        {page.olderCursor != null ? <Link to={tabHref(tab, { before: page.olderCursor })}>古い注文 →</Link> : null}
      </nav>
    </section>
  );
}
