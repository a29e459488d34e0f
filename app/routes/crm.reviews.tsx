import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConnectionNotice } from "~/components/connection/ConnectionNotice";
import { useShopFetcher } from "~/components/connection/useShopFetcher";
import * as v from "valibot";
import { requireStaff } from "~/web/account/auth.server";
import { Paginator } from "~/components/Paginator";
import { ReviewStars } from "~/components/ReviewStars";
import { CrmNav } from "~/components/tickets/CrmNav";
import { formatDateTime } from "~/core/dates";
import { paginatorPages } from "~/core/paginator";
import { IdSchema, OptionalTextSchema, PageSchema, ReturnPathSchema, TextOrNullSchema } from "~/core/validation";
import { isNavigation, readFormData } from "~/web/http.server";
import { parseQuery, readInput, redirectedNotice } from "~/web/input.server";
import { REVIEW_FILTERS, REVIEW_REPLY_MAX_LENGTH, REVIEW_REPLY_TEXT, reviewFilter } from "~/core/catalogue/review-replies";
import { listReviewsForReply, saveReviewReply, type AdminReview } from "~/services/catalogue/reviews-admin.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `レビュー返信（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

const NOTICES = { saved: REVIEW_REPLY_TEXT.saved, removed: REVIEW_REPLY_TEXT.removed } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const query = parseQuery(request, ReviewsQuerySchema);
  const filter = reviewFilter(query.filter);
  const listing = await listReviewsForReply(context.db, filter, query.page);
  return { ...listing, filter, notice: redirectedNotice(request, NOTICES) };
}

const ReviewsQuerySchema = v.object({ filter: TextOrNullSchema, page: PageSchema });

/** A reply saved (intent=save, the default) or removed, on the review named; `back` is the list view to return to. */
const ReviewReplySchema = v.object({
  review: IdSchema,
  intent: v.optional(v.picklist(["save", "remove"]), "save"),
  comment: OptionalTextSchema,
  back: ReturnPathSchema,
});

type ReviewActionData = { ok: true; reviewId: number; notice: string } | { ok: false; reviewId: number | null; error: string };

/** Save or remove staff's reply; a plain post (no JS) returns to the same list view. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const read = readInput(ReviewReplySchema, await readFormData(request));
  if (!read.ok) return data<ReviewActionData>({ ok: false, reviewId: null, error: read.error }, { status: 400 });
  const { review: reviewId, intent, comment } = read.input;
  const remove = intent === "remove";
  const result = await saveReviewReply(context.db, staff.id, reviewId, remove ? null : comment);
  if (!result.ok) return data<ReviewActionData>({ ok: false, reviewId, error: result.error }, { status: result.status });
  if (isNavigation(request)) {
    const back = new URL(read.input.back ?? "/crm/reviews", "http://local");
    const path = back.pathname === "/crm/reviews" ? back : new URL("/crm/reviews", "http://local");
    path.searchParams.set("notice", remove ? "removed" : "saved");
    throw redirect(`${path.pathname}${path.search}#review-${reviewId}`, 303);
  }
  return data<ReviewActionData>({ ok: true, reviewId, notice: result.notice });
}

function ReplyEditor({ review, back, pageResult }: { review: AdminReview; back: string; pageResult: ReviewActionData | null }) {
  const fetcher = useShopFetcher<ReviewActionData>();
  const result = fetcher.data ?? (pageResult && pageResult.reviewId === review.id ? pageResult : null);
  const fieldId = `comment-${review.id}`;
  return (
    <fetcher.Form method="post" className="mt-2 grid gap-2">
      <input type="hidden" name="review" value={review.id} />
      <input type="hidden" name="back" value={back} />
      <label htmlFor={fieldId} className="text-sm font-bold">
        ショップからの返信（スタッフとして表示）
      </label>
      <textarea id={fieldId} name="comment" rows={3} maxLength={REVIEW_REPLY_MAX_LENGTH} defaultValue={review.replyText} className="field" />
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={fetcher.state !== "idle"}>
          返信を保存
        </button>
        {review.replyHtml ? (
          <button type="submit" name="intent" value="remove" className="btn-secondary" disabled={fetcher.state !== "idle"}>
            返信を削除
          </button>
        ) : null}
        <ConnectionNotice failed={fetcher.failed} onRetry={fetcher.retry} />
        {result ? (
          <span role={result.ok ? "status" : "alert"} className={result.ok ? "text-sm text-green-800" : "field-error m-0"}>
            {result.ok ? result.notice : result.error}
          </span>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

export { clientAction, clientLoader, shouldRevalidate } from "~/components/connection/route-handlers";

export default function CrmReviews() {
  const { reviews, total, pages, page, filter, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() ?? null;
  const hrefFor = (target: number) => `/crm/reviews?filter=${filter}&page=${target}`;
  const back = hrefFor(page);
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="text-xl">レビュー返信</h1>
      {notice ? (
        <p role="status" className="rounded bg-green-50 px-3 py-2 text-sm text-green-800">
          {notice}
        </p>
      ) : null}
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
        <label className="grid gap-1 text-sm">
          表示
          <select name="filter" defaultValue={filter} className="field">
            {REVIEW_FILTERS.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-secondary">
          絞り込む
        </button>
        <span className="text-sm text-gray-700">{total}件</span>
      </Form>
      {reviews.length === 0 ? <p>該当するレビューはありません。</p> : null}
      <ul className="m-0 grid gap-4 p-0">
        {reviews.map((review) => (
          <li key={review.id} id={`review-${review.id}`} className="card list-none p-3" data-testid="admin-review">
            <p className="m-0 text-xs text-gray-600">
              <Link to={review.product.url}>{review.product.title}</Link>・{review.nickname}さん・{formatDateTime(review.createdAt)}
            </p>
            <p className="m-0 mt-1 text-sm">
              <ReviewStars average={review.rate} /> <strong>{review.title}</strong>
            </p>
            <div className="text-sm" dangerouslySetInnerHTML={{ __html: review.reviewHtml }} />
            <ReplyEditor review={review} back={back} pageResult={actionData} />
          </li>
        ))}
      </ul>
      <Paginator pages={paginatorPages(page, pages)} current={page} hrefFor={hrefFor} label="レビューのページ" />
    </div>
  );
}
