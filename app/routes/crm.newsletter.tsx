/** Staff only (/crm/newsletter): write a newsletter issue for every member who wants it. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import { newsletterDeskPage, sendNewsletterAction } from "~/web/mail/crm-newsletter.server";
import { NewsletterForm } from "~/components/crm/NewsletterForm";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `メールマガジンの配信 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return newsletterDeskPage(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return sendNewsletterAction(request, context);
}

export default function NewsletterDesk() {
  const { recipients, issue, notice } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div>
      <CrmNav />
      <h1 className="text-xl">メールマガジンの配信</h1>
      <Notice text={notice} />
      <p className="text-sm" data-testid="newsletter-recipients">
        配信対象：{recipients.toLocaleString("ja-JP")}名（メールマガジンの配信を希望している会員）。各メールには会員ごとの配信停止リンクが入ります。
      </p>
      <NewsletterForm issue={issue} recipients={recipients} lastResult={lastResult} />
    </div>
  );
}
