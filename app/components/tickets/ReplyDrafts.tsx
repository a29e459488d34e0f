import { Form } from "@remix-run/react";
import { useId } from "react";
import { formatDateTime, isoDateTime } from "~/core/dates";
import { DRAFT_COMMENT_MAX_LENGTH, DRAFT_STATUS_LABELS } from "~/core/tickets/reply-drafts";
import { TICKET_MESSAGE_MAX_LENGTH } from "~/core/limits";
import type { ReplyDraft, ThreadActionData } from "~/web/types/tickets";
import { island } from "../island";

// The previewer's code loads after the page, as the thread's galleries do (MessageList).
const Gallery = island(() => import("../images/Gallery").then((module) => module.Gallery));

const DRAFT_INTENTS = ["approve_draft", "return_draft", "withdraw_draft"];

/** One waiting reply: its text (editable by an approver), images, and the decisions the viewer may take. */
function PendingDraft({ draft, action, canApprove, isAuthor }: { draft: ReplyDraft; action: string; canApprove: boolean; isAuthor: boolean }) {
  const textId = useId();
  const commentId = useId();
  return (
    <li className="card grid gap-2 p-3" data-testid="reply-draft">
      <p className="m-0 text-xs text-gray-700">
        <span className="badge mr-2 bg-amber-100 text-amber-900">{DRAFT_STATUS_LABELS.pending}</span>
        {draft.author}・<time dateTime={isoDateTime(draft.createdAt)}>{formatDateTime(draft.createdAt)}</time>
      </p>
      {draft.images.length > 0 ? <Gallery items={draft.images} label={`${draft.author}の返信の添付画像`} /> : null}
      {canApprove ? (
        <>
          <Form method="post" action={action} className="grid gap-2">
            <input type="hidden" name="intent" value="approve_draft" />
            <input type="hidden" name="draft" value={draft.id} />
            <label htmlFor={textId} className="text-sm font-bold">
              返信の内容（直してから送信することもできます）
            </label>
            <textarea id={textId} name="message" rows={5} maxLength={TICKET_MESSAGE_MAX_LENGTH} defaultValue={draft.message} className="field" />
            <button type="submit" className="btn-primary w-fit">
              承認して送信する
            </button>
          </Form>
          <Form method="post" action={action} className="grid gap-2">
            <input type="hidden" name="intent" value="return_draft" />
            <input type="hidden" name="draft" value={draft.id} />
            <label htmlFor={commentId} className="text-sm font-bold">
              差戻しの理由
            </label>
            <textarea id={commentId} name="comment" rows={2} maxLength={DRAFT_COMMENT_MAX_LENGTH} className="field" />
            <button type="submit" className="btn-secondary w-fit">
              差し戻す
            </button>
          </Form>
        </>
      ) : (
        <p className="m-0 whitespace-pre-wrap text-sm">{draft.message}</p>
      )}
      {isAuthor ? (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="withdraw_draft" />
          <input type="hidden" name="draft" value={draft.id} />
          <button type="submit" className="btn-link">
            取り下げる
          </button>
        </Form>
      ) : null}
    </li>
  );
}

/**
 * Staff's replies on this ticket that wait for approval, and the latest decided ones (issue 36 item 8): an
 * approver sends one as written or edited, or returns it with a reason; its writer can withdraw it. Never
 * shown to the customer. Plain form posts (JS on and off).
 */
export function ReplyDrafts({
  drafts,
  viewerId,
  viewerNeedsApproval,
  action,
  pageError,
}: {
  drafts: ReplyDraft[];
  viewerId: number;
  viewerNeedsApproval: boolean;
  action: string;
  pageError: ThreadActionData | null;
}) {
  const error = pageError && !pageError.ok && DRAFT_INTENTS.includes(pageError.intent) ? pageError.error : null;
  const pending = drafts.filter((draft) => draft.status === "pending");
  const decided = drafts.filter((draft) => draft.status === "returned" || draft.status === "approved").slice(0, 5);
  if (drafts.length === 0 && !viewerNeedsApproval && !error) return null;
  return (
    <section id="drafts" aria-label="承認待ちの返信" className="mb-3 grid gap-2">
      <h2 className="m-0 text-base">承認待ちの返信{pending.length > 0 ? `（${pending.length}件）` : ""}</h2>
      {viewerNeedsApproval ? (
        <p className="m-0 text-xs text-gray-700" data-testid="approval-needed">
          あなたの返信は、ほかのスタッフが承認してからお客様に送信されます。
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="field-error m-0" data-testid="draft-error">
          {error}
        </p>
      ) : null}
      {pending.length > 0 ? (
        <ul className="m-0 grid list-none gap-2 p-0">
          {pending.map((draft) => (
            <PendingDraft
              key={draft.id}
              draft={draft}
              action={action}
              canApprove={!viewerNeedsApproval && draft.authorId !== viewerId}
              isAuthor={draft.authorId === viewerId}
            />
          ))}
        </ul>
      ) : null}
      {decided.length > 0 ? (
        <ul className="m-0 grid list-none gap-1 p-0 text-xs" data-testid="decided-drafts">
          {decided.map((draft) => (
            <li key={draft.id} className="rounded bg-gray-50 px-2 py-1">
              <span className="font-bold">{DRAFT_STATUS_LABELS[draft.status]}</span>（{draft.author}の返信{draft.reviewer ? `、${draft.reviewer}` : ""}）
              {draft.status === "returned" ? (
                <>
                  <span className="block whitespace-pre-wrap">理由：{draft.reviewComment}</span>
                  <span className="block whitespace-pre-wrap text-gray-700">{draft.message}</span>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
