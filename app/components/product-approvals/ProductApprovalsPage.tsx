import { Form, Link, useNavigation } from "@remix-run/react";
import { ConnectionNotice } from "~/components/connection/ConnectionNotice";
import { useFormPostFailed } from "~/components/connection/useFormPostFailed";
import { Notice } from "~/components/member/Notice";
import { formatDateTime, isoDateTime } from "~/core/dates";
import { SUBMISSION_KIND_LABELS, SUBMISSION_STATUS_LABELS } from "~/core/product-approvals/product-approvals";
import type { FieldChange } from "~/core/product-approvals/submission-changes";
import type { ProductApprovalActionData, ProductApprovalsPageData as PageData } from "~/web/types/product-approvals";

type Pending = PageData["pending"][number];

/** Each changed field of a submission: before → after. */
export function ChangeTable({ changes }: { changes: FieldChange[] }) {
  if (changes.length === 0) return <p className="m-0 text-sm text-gray-700">内容の変更はありません（公開の申請のみ）。</p>;
  return (
    <table className="w-full text-sm" data-testid="submission-changes">
      <thead>
        <tr className="text-left text-xs text-gray-700">
          <th scope="col" className="w-40 pr-2">
            項目
          </th>
          <th scope="col" className="pr-2">
            変更前
          </th>
          <th scope="col">変更後</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change, index) => (
          <tr key={index} className="align-top" data-testid="change-row">
            <th scope="row" className="pr-2 text-left font-bold">
              {change.label}
            </th>
            <td className="whitespace-pre-wrap break-all pr-2 text-gray-700" data-testid="change-before">
              {change.before}
            </td>
            <td className="whitespace-pre-wrap break-all" data-testid="change-after">
              {change.after}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SubmissionCard({ entry, refused }: { entry: Pending; refused: ProductApprovalActionData | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const mine = refused?.submissionId === entry.id ? refused.lastResult : null;
  const formErrors = mine?.error?.[""] ?? [];
  const commentErrors = mine?.error?.comment ?? [];
  const typedComment = typeof mine?.initialValue?.comment === "string" ? mine.initialValue.comment : "";
  // Approve or return sent with no answer: the page is kept, the comment typed stays, and the button sends it again.
  const failed = useFormPostFailed(undefined, { submissionId: String(entry.id) });
  return (
    <li className="card grid gap-3 p-4" data-testid="pending-submission" data-submission-id={entry.id}>
      <div className="grid gap-1">
        <span className="text-xs font-bold text-amber-800">
          {SUBMISSION_KIND_LABELS[entry.kind]}
          {entry.source === "csv" ? "（CSV取り込み）" : ""}
        </span>
        <Link to={`/crm/products/${entry.productId}`} className="text-base font-bold">
          {entry.productTitle}
        </Link>
        <span className="text-xs text-gray-700">
          {entry.sku}・{entry.merchantName}・申請者 {entry.submittedByName}・
          <time dateTime={isoDateTime(entry.submittedAt)}>{formatDateTime(entry.submittedAt)}</time>
        </span>
      </div>
      {entry.productChanged ? (
        <p className="m-0 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900">
          申請の後に商品が変更されています。承認すると上書きになるため、差戻してください。
        </p>
      ) : null}
      <ChangeTable changes={entry.changes} />
      {formErrors.map((message) => (
        <p key={message} role="alert" className="field-error m-0" data-testid="decision-error">
          {message}
        </p>
      ))}
      <ConnectionNotice failed={failed} />
      <div className="flex flex-wrap items-start gap-4">
        <Form method="post">
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="submissionId" value={entry.id} />
          <button type="submit" className="btn-primary" disabled={busy} data-testid="approve-submission">
            承認して反映する
          </button>
        </Form>
        <Form method="post" className="grid min-w-72 flex-1 gap-1">
          <input type="hidden" name="intent" value="return" />
          <input type="hidden" name="submissionId" value={entry.id} />
          <label htmlFor={`comment-${entry.id}`} className="text-sm font-bold">
            差戻しの理由（出品者に送られます）
          </label>
          <textarea
            id={`comment-${entry.id}`}
            name="comment"
            rows={2}
            className="field"
            defaultValue={typedComment}
            aria-invalid={commentErrors.length > 0 || undefined}
            aria-describedby={commentErrors.length > 0 ? `comment-${entry.id}-error` : undefined}
            data-testid="return-comment"
          />
          {commentErrors.length > 0 ? (
            <p id={`comment-${entry.id}-error`} className="field-error m-0" data-testid="comment-error">
              {commentErrors.join(" ")}
            </p>
          ) : null}
          <div>
            <button type="submit" className="btn-secondary" disabled={busy} data-testid="return-submission">
              差戻す
            </button>
          </div>
        </Form>
      </div>
    </li>
  );
}

/** /crm/product-approvals: the merchants' pending product changes, oldest first, and the latest decisions. */
export function ProductApprovalsPage({ data, refused }: { data: PageData; refused: ProductApprovalActionData | null }) {
  const stray = refused && !data.pending.some((entry) => entry.id === refused.submissionId) ? Object.values(refused.lastResult.error ?? {}).flat() : [];
  return (
    <div className="grid gap-4">
      <h1 className="m-0 text-xl">商品の承認</h1>
      <p className="m-0 text-sm text-gray-700">
        出店者が登録・変更した商品は、承認するまでショップに反映されません（設定「出店者の商品」）。承認すると申請の内容がそのまま保存され、新規の商品は公開されます。
      </p>
      <Notice text={data.notice} />
      {stray.map((message) => (
        <p key={message} role="alert" className="field-error m-0" data-testid="decision-error">
          {message}
        </p>
      ))}
      <h2 className="m-0 text-lg">承認待ち（{data.pending.length}件）</h2>
      {data.pending.length > 0 ? (
        <ul className="m-0 grid list-none gap-3 p-0" data-testid="pending-submissions">
          {data.pending.map((entry) => (
            <SubmissionCard key={entry.id} entry={entry} refused={refused} />
          ))}
        </ul>
      ) : (
        <p className="m-0 text-sm" data-testid="no-pending">
          承認待ちの申請はありません。
        </p>
      )}
      <h2 className="m-0 text-lg">最近の処理</h2>
      {data.recent.length > 0 ? (
        <table className="text-sm" data-testid="recent-decisions">
          <thead>
            <tr className="text-left text-xs text-gray-700">
              <th scope="col">商品</th>
              <th scope="col">出店者</th>
              <th scope="col">結果</th>
              <th scope="col">コメント</th>
              <th scope="col">処理</th>
            </tr>
          </thead>
          <tbody>
            {data.recent.map((entry) => (
              <tr key={entry.id} className="align-top">
                <td className="pr-2">
                  <Link to={`/crm/products/${entry.productId}`}>{entry.productTitle}</Link>（{SUBMISSION_KIND_LABELS[entry.kind]}）
                </td>
                <td className="pr-2">{entry.merchantName}</td>
                <td className="whitespace-nowrap pr-2">{SUBMISSION_STATUS_LABELS[entry.status]}</td>
                <td className="whitespace-pre-wrap break-all pr-2">{entry.staffComment}</td>
                <td className="whitespace-nowrap text-xs text-gray-700">
                  {entry.decidedByName}
                  {entry.decidedAt ? (
                    <>
                      ・<time dateTime={isoDateTime(entry.decidedAt)}>{formatDateTime(entry.decidedAt)}</time>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="m-0 text-sm">まだありません。</p>
      )}
    </div>
  );
}
