import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/web/account/auth.server";
import { Listing, type ListingColumn } from "~/components/listing/Listing";
import { MemberHeading } from "~/components/member/MemberHeading";
import { formatShortDate, isoDateTime } from "~/core/dates";
import { MAX_POINTS_PER_ORDER } from "~/core/limits";
import { parseListingQuery } from "~/core/search/listing-query";
import { POINT_LISTING } from "~/core/member/member-point-listing";
import { POINT_KIND_LABELS, signedPoints } from "~/core/member/point-ledger";
import { PENDING_POINTS_LABEL, POINT_EARNING_UNIT, POINTS_USABLE_RULE } from "~/core/member/points";
import { canonicalListingRedirect } from "~/web/search/listing.server";
import { loadPoints } from "~/services/member/member-points.server";
import { shopNameOf } from "~/components/layout/page-title";

const PATH = "/user/points";

export const meta: MetaFunction = ({ matches }) => [{ title: `ポイント | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const query = parseListingQuery(POINT_LISTING, url.searchParams);
  const canonical = canonicalListingRedirect(url, POINT_LISTING, query);
  if (canonical) throw canonical;
  return data(await loadPoints(context.db, user.id, query), { headers: { "Cache-Control": "private, no-store" } });
}

type Entry = ReturnType<typeof useLoaderData<typeof loader>>["page"]["rows"][number];

const columns: ListingColumn<Entry>[] = [
  {
    key: "date_created",
    label: "日付",
    sort: "date_created",
    firstDirection: "DESC",
    className: "w-24 text-xs",
    render: (entry) => <time dateTime={isoDateTime(entry.dateCreated)}>{formatShortDate(entry.dateCreated)}</time>,
  },
  {
    key: "note",
    label: "内容",
    rowHeader: true,
    render: (entry) => (
      <span className="grid gap-0.5">
        <span className="badge w-fit bg-gray-100 text-gray-800">{POINT_KIND_LABELS[entry.kind]}</span>
        <span className="break-words">
          {entry.orderId != null && entry.orderNumber ? (
            <Link to={`/user/orders/${entry.orderId}`}>{entry.note || `ご注文 ${entry.orderNumber}`}</Link>
          ) : (
            entry.note
          )}
        </span>
        {entry.expiresAt && entry.amount > 0 ? <span className="text-xs text-gray-600">有効期限：{formatShortDate(entry.expiresAt)}</span> : null}
      </span>
    ),
  },
  {
    key: "amount",
    label: "ポイント",
    sort: "amount",
    firstDirection: "DESC",
    className: "w-20 whitespace-nowrap text-right",
    render: (entry) => <span className={entry.amount < 0 ? "text-gray-700" : "font-bold text-brand"}>{signedPoints(entry.amount)}</span>,
  },
];

/** Points of orders not paid for yet: shown with when they become usable, never counted in the balance. */
function PendingPoints({ pending, orders }: { pending: number; orders: ReturnType<typeof useLoaderData<typeof loader>>["pendingOrders"] }) {
  if (pending <= 0) return null;
  return (
    <section aria-labelledby="points-pending" className="card mt-3 grid gap-1 p-4">
      <h2 id="points-pending" className="m-0 text-sm text-gray-700">
        {PENDING_POINTS_LABEL}のポイント
      </h2>
      <p className="m-0 text-xl font-bold" data-testid="points-pending">
        {pending.toLocaleString("ja-JP")}
        <span className="ml-1 text-sm">pt</span>
      </p>
      <p className="m-0 text-xs text-gray-600">
        ご注文のお支払いが済むと、ご利用いただけるポイントになります。キャンセル・返品されたご注文のポイントは付与されません。
      </p>
      <ul className="m-0 grid gap-1 p-0 text-sm list-none">
        {orders.map((order) => (
          <li key={order.orderId} data-testid="points-pending-order">
            <Link to={`/user/orders/${order.orderId}`}>ご注文 {order.orderNumber}</Link>：{order.points.toLocaleString("ja-JP")}pt（{order.condition}）
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Points() {
  const { balance, pending, pendingOrders, page } = useLoaderData<typeof loader>();
  return (
    <>
      <MemberHeading title="ポイント" />
      <section aria-labelledby="points-balance" className="card mt-4 grid gap-1 p-4">
        <h2 id="points-balance" className="m-0 text-sm text-gray-700">
          ご利用いただけるポイント
        </h2>
        <p className="m-0 text-3xl font-bold text-brand" data-testid="points-balance">
          {balance.toLocaleString("ja-JP")}
          <span className="ml-1 text-base">pt</span>
        </p>
        <p className="m-0 text-xs text-gray-600">
          1ポイント＝1円としてご利用いただけます（1回のご注文で最大{MAX_POINTS_PER_ORDER.toLocaleString("ja-JP")}ポイント）。お支払い金額{POINT_EARNING_UNIT}
          円ごとに1ポイントが貯まり、{POINTS_USABLE_RULE}。
        </p>
      </section>
      <PendingPoints pending={pending} orders={pendingOrders} />
      <h2 className="mb-0 mt-6 text-base">ポイント履歴</h2>
      <div className="mt-2">
        <Listing
          path={PATH}
          definition={POINT_LISTING}
          page={page}
          columns={columns}
          rowKey={(entry) => entry.id}
          rowTestId="point-entry"
          caption="ポイント履歴"
          emptyText="ポイントの履歴はまだありません。"
        />
      </div>
    </>
  );
}
