/**
 * /support/rating/{ticketId}?e=…&s=…&c=…: the satisfaction mail's one-click links (decision 0048). Opening
 * a link only shows the clicked answer picked; 「送信」 records the one vote (app/web/tickets/satisfaction.server.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { RESOLVED_CHOICES, SATISFACTION_COMMENT_MAX, SATISFACTION_SCORES } from "~/core/tickets/satisfaction";
import { surveyAction, surveyPage } from "~/web/tickets/satisfaction.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `お問い合わせのアンケート | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return surveyPage(request, context, params.ticketId);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return surveyAction(request, context, params.ticketId);
}

export default function SatisfactionSurveyPage() {
  const page = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md px-2 py-6">
      <h1 className="text-xl">お問い合わせのアンケート</h1>
      {!page.ok ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="survey-refused">
          {page.error}
        </p>
      ) : page.notice ? (
        <Notice text={page.notice} />
      ) : (
        // The link's own URL (with its signature) is where the form posts.
        <Form method="post" className="grid gap-4" aria-describedby={refusal ? "survey-error" : undefined}>
          <p className="m-0">{`お問い合わせ（#${page.ticketId}）について、ご回答をお選びのうえ「送信」を押してください。`}</p>
          {refusal ? (
            <p id="survey-error" role="alert" className="m-0 rounded bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="survey-error">
              {refusal.error}
            </p>
          ) : null}
          <fieldset className="m-0 grid gap-1 border-none p-0">
            <legend className="mb-1 font-bold">解決しましたか？</legend>
            {RESOLVED_CHOICES.map((choice) => (
              <label key={choice.value} className="flex items-center gap-2">
                <input type="radio" name="resolved" value={choice.value} defaultChecked={page.resolved === choice.value} />
                {choice.label}
              </label>
            ))}
          </fieldset>
          <fieldset className="m-0 grid gap-1 border-none p-0">
            <legend className="mb-1 font-bold">
              対応はいかがでしたか？<span className="ml-1 text-sm text-red-700">※必須</span>
            </legend>
            {SATISFACTION_SCORES.map((choice) => (
              <label key={choice.score} className="flex items-center gap-2">
                <input type="radio" name="score" value={choice.score} required defaultChecked={page.score === choice.score} />
                {`${choice.score} ${choice.label}`}
              </label>
            ))}
          </fieldset>
          <label className="grid gap-1">
            <span className="font-bold">コメント（任意）</span>
            <textarea name="comment" rows={4} maxLength={SATISFACTION_COMMENT_MAX} className="field" />
          </label>
          <div>
            <button type="submit" className="btn-primary" disabled={submitting}>
              送信
            </button>
          </div>
        </Form>
      )}
    </div>
  );
}
