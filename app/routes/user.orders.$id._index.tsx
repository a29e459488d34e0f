import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/web/account/auth.server";
import { MemberHeading } from "~/components/member/MemberHeading";
import { Notice } from "~/components/member/Notice";
import { keepPageWhileCancelRefused } from "~/components/orders/cancel-revalidation";
import { island } from "~/components/island";
import { OrderDetailView } from "~/components/member/OrderDetailView";
import { bankTransferFacts } from "~/core/checkout/bank-transfer";
import { receiptAvailable } from "~/core/orders/orders";
import { supportPathForOrder } from "~/core/tickets/ticket-categories";
import { invariantResponse } from "~/web/http.server";
import { idParam, redirectedNotice } from "~/web/input.server";
import { CANCELLATION_NOTICES, cancellationOffer, memberOfferPlace } from "~/web/orders/order-cancellation.server";
import { loadOrder, ORDER_NOT_FOUND_MESSAGE } from "~/services/orders/orders.server";
import { orderReturnsView } from "~/web/returns/returns.server";
import { settingsInForce } from "~/web/settings/shop-settings.server";
import { memberChangePath, shopperMayChange } from "~/web/orders/shopper-order-change.server";
import { shopNameOf } from "~/components/layout/page-title";

// The offer's link works as plain HTML (the confirmation page) until its dialog's code arrives.
const CancelOrderOffer = island(() => import("~/components/orders/CancelOrder").then((module) => module.CancelOrderOffer));
// The returns section below the order (a link, the requests made) loads after it.
const OrderReturnsSection = island(() => import("~/components/returns/OrderReturnsSection").then((module) => module.OrderReturnsSection));

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => [
  { title: `ご注文 ${loaded?.order.number ?? ""} | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const orderId = idParam(params.id, "注文ID");
  // The returns section reads the member's own order by itself: beside the order, not after it (one sequential round trip).
  const [detail, shop, returns] = await Promise.all([
    loadOrder(context.db, user.id, orderId),
    settingsInForce(context),
    orderReturnsView(context.db, request, user.id, orderId),
  ]);
  invariantResponse(detail, ORDER_NOT_FOUND_MESSAGE, { status: 404 });
  const bankTransfer = bankTransferFacts(detail.order, shop.bank);
  // Staff and merchant accounts cancel at their desks, not here.
  const cancellation = user.role === "customer" ? cancellationOffer(detail, memberOfferPlace(orderId)) : null;
  // Within the shop's window the member changes the delivery themselves (issue 38).
  const changeHref =
    user.role === "customer" && (await shopperMayChange(context, { ...detail.order, shipments: detail.shipments })) ? memberChangePath(orderId) : null;
  const notice = redirectedNotice(request, CANCELLATION_NOTICES);
  return data(
    { ...detail, bankTransfer, cancellation, changeHref, notice, returns, hasReceipt: receiptAvailable(detail.order.status) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const shouldRevalidate = keepPageWhileCancelRefused;

export { clientLoader } from "~/components/connection/route-handlers";

export default function OrderDetailPage() {
  const { bankTransfer, cancellation, changeHref, notice, returns, hasReceipt, ...detail } = useLoaderData<typeof loader>();
  return (
    <>
      <MemberHeading title={`ご注文 ${detail.order.number}`} trail={[{ to: "/user/orders", label: "注文履歴" }]} />
      <Notice text={notice} />
      <OrderDetailView
        detail={detail}
        bankTransfer={bankTransfer}
        aside={
          <>
            {hasReceipt ? (
              <Link to={`/user/orders/${detail.order.id}/receipt`} className="btn-primary no-underline" data-testid="receipt-link">
                領収書を表示
              </Link>
            ) : null}
            <Link to={supportPathForOrder(detail.order.id)} className="btn-secondary no-underline" data-testid="order-support-link">
              このご注文について問い合わせる
            </Link>
            {changeHref ? (
              <Link to={changeHref} className="btn-secondary no-underline" data-testid="order-change-link">
                お届け先・お届け日時を変更
              </Link>
            ) : null}
            {cancellation ? <CancelOrderOffer offer={cancellation} /> : null}
          </>
        }
      />
      <OrderReturnsSection returns={returns} />
      <p className="mt-4">
        <Link to="/user/orders">注文履歴へ戻る</Link>
      </p>
    </>
  );
}
