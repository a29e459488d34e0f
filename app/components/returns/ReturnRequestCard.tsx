import type { ReactNode } from "react";
import { formatDateJa, formatDateTime, isoDateTime } from "~/core/dates";
import { RETURN_KINDS, returnReasonLabel } from "~/core/returns/return-labels";
import { refundNotice } from "~/core/returns/return-refunds";
import { REPLACEMENT_STATUS_LABELS } from "~/core/returns/staff-returns";
import type { ReplacementView, ReturnRequestView } from "~/web/types/returns";
import { island } from "../island";
import { ReturnStatusBadge } from "./ReturnStatusBadge";

// The photos' previewer hooks hydrate after the page; each thumbnail links to its image meanwhile.
const Gallery = island(() => import("../images/Gallery").then((module) => module.Gallery));

/**
 * One return or exchange request as the shopper and staff read it: kind, reason and state, the lines,
 * the shopper's words and photos, staff's message, an exchange's replacement and the refund once recorded
 * (worded by its method). `children`: staff's forms.
 */
export function ReturnRequestCard({ request, children }: { request: ReturnRequestView; children?: ReactNode }) {
  return (
    <article
      className="grid gap-2 rounded border border-solid border-gray-200 p-3"
      data-testid="return-request"
      aria-label={`${RETURN_KINDS[request.kind]}のお申し込み`}
    >
      <p className="m-0 flex flex-wrap items-center gap-2">
        <strong>{`${RETURN_KINDS[request.kind]}（${returnReasonLabel(request.reason)}）`}</strong>
        <ReturnStatusBadge status={request.status} />
        {request.recordedByStaff ? <span className="text-xs text-gray-700">（担当者がお電話などで承りました）</span> : null}
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
      {request.replacement ? <ReplacementStatus replacement={request.replacement} /> : null}
      {request.refund ? (
        <p className="m-0 text-sm" data-testid="return-refund">
          {refundNotice(request.refund.method, request.refund.amount)}
        </p>
      ) : null}
      {children}
    </article>
  );
}

/** Where an exchange's replacement stands: being prepared, shipped (carrier, tracking linked), or refunded instead. */
function ReplacementStatus({ replacement }: { replacement: ReplacementView }) {
  return (
    <div className="rounded bg-gray-50 p-2 text-sm" data-testid="return-replacement">
      <p className="m-0 font-bold">{REPLACEMENT_STATUS_LABELS[replacement.status]}</p>
      {replacement.status === "shipped" ? (
        <p className="m-0">
          {replacement.shippedAt ? (
            <>
              <time dateTime={isoDateTime(replacement.shippedAt)}>{formatDateJa(replacement.shippedAt)}</time>に発送
            </>
          ) : null}
          {replacement.carrierLabel ? `（${replacement.carrierLabel}` : "（"}
          {" お問い合わせ番号 "}
          {replacement.trackingUrl ? (
            <a href={replacement.trackingUrl} rel="noreferrer" target="_blank" data-testid="return-replacement-tracking">
              {replacement.trackingNumber}
            </a>
          ) : (
            replacement.trackingNumber
          )}
          ）
        </p>
      ) : null}
    </div>
  );
}
