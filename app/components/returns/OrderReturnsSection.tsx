import { Link } from "@remix-run/react";
import type { OrderReturnsView } from "~/web/types/returns";
import { Notice } from "../member/Notice";
import { ReturnRequestCard } from "./ReturnRequestCard";

/**
 * The shopper's order page: 「返品・交換を申し込む」 while something delivered can still go back, and the
 * requests made with their state, staff's messages and refunds.
 */
export function OrderReturnsSection({ returns }: { returns: OrderReturnsView }) {
  if (!returns.canRequest && returns.requests.length === 0 && !returns.notice) return null;
  return (
    <section aria-labelledby="order-returns-heading" className="mt-6 grid gap-3" data-testid="order-returns">
      <h2 id="order-returns-heading" className="m-0 text-lg">
        返品・交換
      </h2>
      <Notice text={returns.notice} />
      {returns.canRequest ? (
        <p className="m-0">
          <Link to={`/user/orders/${returns.orderId}/return`} className="btn-secondary no-underline" data-testid="return-link">
            返品・交換を申し込む
          </Link>
        </p>
      ) : null}
      {returns.requests.map((request) => (
        <ReturnRequestCard key={request.id} request={request} />
      ))}
    </section>
  );
}
