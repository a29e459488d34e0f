import type { ReactNode } from "react";
import { formatDateTime, isoDateTime } from "~/core/dates";
import { formatYen } from "~/core/money";
import { REFUND_METHOD_LABELS, type RefundMethod } from "~/core/orders/order-desk";
import { RETURN_KINDS, returnReasonLabel } from "~/core/returns/return-labels";
import type { ReturnRequestView } from "~/web/types/returns";
import { island } from "../island";
import { ReturnStatusBadge } from "./ReturnStatusBadge";

// The photos' previewer hooks hydrate after the page; each thumbnail links to its image meanwhile.
const Gallery = island(() => import("../images/Gallery").then((module) => module.Gallery));

/**
 * One return or exchange request as the shopper and staff read it: kind, reason and state, the lines,
 * the shopper's words and photos, staff's message and the refund once recorded. `children`: staff's forms.
 */
export function ReturnRequestCard({ request, children }: { request: ReturnRequestView; children?: ReactNode }) {
  const method =
    request.refund && Object.hasOwn(REFUND_METHOD_LABELS, request.refund.method) ? REFUND_METHOD_LABELS[request.refund.method as RefundMethod] : "";
  return (
    <article
      className="grid gap-2 rounded border border-solid border-gray-200 p-3"
      data-testid="return-request"
      aria-label={`${RETURN_KINDS[request.kind]}のお申し込み`}
    >
      <p className="m-0 flex flex-wrap items-center gap-2">
        <strong>{`${RETURN_KINDS[request.kind]}（${returnReasonLabel(request.reason)}）`}</strong>
        <ReturnStatusBadge status={request.status} />
        <span className="text-xs text-gray-700">
          お申し込み <time dateTime={isoDateTime(request.createdAt)}>{formatDateTime(request.createdAt)}</time>
        </span>
      </p>
      <ul className="m-0 pl-5 text-sm">
        {request.lines.map((line) => (
          <li key={line.orderLineId}>{`${line.title} × ${line.quantity}`}</li>
        ))}
      </ul>
      {request.details ? <p className="m-0 whitespace-pre-wrap text-sm">{request.details}</p> : null}
      <Gallery items={request.photos} label="お申し込みの写真" />
      {request.staffMessage ? (
        <div className="rounded bg-gray-50 p-2 text-sm">
          <p className="m-0 font-bold">担当者からのメッセージ</p>
          <p className="m-0 whitespace-pre-wrap" data-testid="return-staff-message">
            {request.staffMessage}
          </p>
        </div>
      ) : null}
      {request.refund ? (
        <p className="m-0 text-sm" data-testid="return-refund">
          {`返金額 ${formatYen(request.refund.amount)}（${method}）を記録しました。`}
        </p>
      ) : null}
      {children}
    </article>
  );
}
