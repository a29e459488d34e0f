import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/web/account/auth.server";
import { Listing, type ListingColumn } from "~/components/listing/Listing";
import { island } from "~/components/island";
import { MemberHeading } from "~/components/member/MemberHeading";
import { Notice } from "~/components/member/Notice";
import { formatShortDate, isoDateTime } from "~/core/dates";
import { parseListingQuery } from "~/core/search/listing-query";
import { ORDER_LISTING } from "~/core/member/member-order-listing";
import { formatYen } from "~/core/money";
import { ORDER_STATUS_LABELS } from "~/core/orders/orders";
import { canonicalListingRedirect } from "~/web/search/listing.server";
import { countClaimableOrders } from "~/services/orders/order-claim.server";
import { listOrders } from "~/services/orders/orders.server";
import { orderHistoryNotice } from "~/web/orders/order-claim.server";
import { shopNameOf } from "~/components/layout/page-title";

const PATH = "/user/orders";

// The offer to take in guest orders is a form beside the history: its code loads after the page.
const GuestOrderClaim = island(() => import("~/components/member/GuestOrderClaim").then((module) => module.GuestOrderClaim));

export const meta: MetaFunction = ({ matches }) => [{ title: `注文履歴 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const query = parseListingQuery(ORDER_LISTING, url.searchParams);
  const canonical = canonicalListingRedirect(url, ORDER_LISTING, query);
  if (canonical) throw canonical;
  const [page, claimable] = await Promise.all([listOrders(context.db, user.id, query), countClaimableOrders(context.db, user.id)]);
  // The listing's definition and the status labels come with the data: the page loads neither (nor the
  // choice labels they carry), and the definition keeps its identity for the filter island.
  return data(
    {
      definition: ORDER_LISTING,
      page: { ...page, rows: page.rows.map((order) => ({ ...order, statusLabel: ORDER_STATUS_LABELS[order.status] })) },
      claimable,
      email: user.email,
      notice: orderHistoryNotice(request),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type OrderRow = ReturnType<typeof useLoaderData<typeof loader>>["page"]["rows"][number];

function itemsLabel(order: OrderRow): string {
  const [first, ...rest] = order.items;
  if (!first) return "";
  return rest.length ? `${first.title} ほか${rest.length}点` : first.title;
}

const columns: ListingColumn<OrderRow>[] = [
  {
    key: "date_created",
    label: "注文日",
    sort: "date_created",
    firstDirection: "DESC",
    className: "w-24 text-xs",
    render: (order) => <time dateTime={isoDateTime(order.dateCreated)}>{formatShortDate(order.dateCreated)}</time>,
  },
  {
    key: "order",
    label: "ご注文",
    rowHeader: true,
    render: (order) => (
      <span className="grid gap-0.5">
        <Link to={`${PATH}/${order.id}`} className="font-bold">
          注文番号 {order.number}
        </Link>
        <span className="break-words text-xs text-gray-700">{itemsLabel(order)}</span>
      </span>
    ),
  },
  {
    key: "status",
    label: "状態",
    className: "w-20 text-xs",
    render: (order) => order.statusLabel,
  },
  {
    key: "total",
    label: "合計",
    sort: "total",
    firstDirection: "DESC",
    className: "w-20 text-right whitespace-nowrap",
    render: (order) => formatYen(order.total),
  },
];

export default function Orders() {
  const { definition, page, claimable, email, notice } = useLoaderData<typeof loader>();
  return (
    <>
      <MemberHeading title="注文履歴" />
      <Notice text={notice?.text ?? null} tone={notice?.tone} />
      {claimable > 0 ? <GuestOrderClaim count={claimable} email={email} /> : null}
      <div className="mt-4">
        <Listing
          path={PATH}
          definition={definition}
          page={page}
          columns={columns}
          rowKey={(order) => order.id}
          rowTestId="order-row"
          caption="注文履歴"
          emptyText="ご注文はまだありません。"
        />
      </div>
    </>
  );
}
