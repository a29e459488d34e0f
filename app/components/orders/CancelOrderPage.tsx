import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { isConnectionFailure, type ConnectionFailure } from "~/core/site/connection";
import { formatYen } from "~/core/money";
import type { CancelPageData } from "~/web/types/orders";
import { CancelOrderForm } from "./CancelOrder";

/**
 * The confirmation step as its own page (the order page's dialog without JS, or a reload of it): the order,
 * what cancelling does, and the final button — or, when it can no longer be cancelled, why.
 */
export function CancelOrderPage({
  page,
  refused,
  heading,
}: {
  page: CancelPageData;
  /** The cancellation post's answer: a refusal, or a post that got no answer (components/connection). */
  refused: { error?: string | null } | ConnectionFailure | undefined;
  heading: ReactNode;
}) {
  const error = refused && !isConnectionFailure(refused) ? (refused.error ?? null) : null;
  const { order, offer, backHref } = page;
  // Refused on the post (shipped meanwhile): the reloaded page knows why, or the post said it.
  const refusal = page.refusal ?? error;
  return (
    <>
      {heading}
      <section className="card mt-4 grid max-w-2xl gap-3 p-4" data-testid="cancel-page">
        <p className="m-0 text-sm">
          ご注文番号 {order.number}（{order.statusLabel}・{formatYen(order.total)}）
        </p>
        {offer ? (
          <>
            <p className="m-0 text-sm">このご注文をキャンセルします。内容をご確認のうえ「キャンセルを確定する」を押してください。</p>
            <CancelOrderForm offer={offer} error={error} connectionFailed={isConnectionFailure(refused)} backHref={backHref} />
          </>
        ) : (
          <>
            <p role="alert" className="m-0 rounded bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="cancel-error">
              {refusal}
            </p>
            <p className="m-0 text-sm">
              <Link to={backHref}>ご注文の詳細へ戻る</Link>
            </p>
          </>
        )}
      </section>
    </>
  );
}
