/**
 * /newsletter/unsubscribe?u=…&s=…: the signed link in every newsletter (app/web/mail/newsletter.server.ts).
 * Opening it changes nothing; its button, or the mail client's one-click POST, stops the newsletter.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { FROM_PAGE_FIELD, NEWSLETTER_MESSAGES, ONE_CLICK_FIELD } from "~/core/mail/newsletter";
import { Notice } from "~/components/member/Notice";
import { unsubscribeAction, unsubscribePage } from "~/web/mail/newsletter.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `メールマガジンの配信停止 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return unsubscribePage(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return unsubscribeAction(request, context);
}

export default function NewsletterUnsubscribePage() {
  const page = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-md py-6">
      <h1 className="text-xl">メールマガジンの配信停止</h1>
      {!page.ok ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="unsubscribe-refused">
          {page.error}
        </p>
      ) : page.notice ? (
        <Notice text={page.notice} />
      ) : page.subscribed ? (
        // The link's own URL (with its signature) is where the button posts.
        <Form method="post" className="grid gap-4">
          <input type="hidden" name={ONE_CLICK_FIELD.name} value={ONE_CLICK_FIELD.value} />
          <input type="hidden" name={FROM_PAGE_FIELD} value="1" />
          <p className="m-0">{NEWSLETTER_MESSAGES.confirm}新商品・セール情報のメールが届かなくなります。ご注文に関するメールは引き続きお送りします。</p>
          <div>
            <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
              配信を停止する
            </button>
          </div>
        </Form>
      ) : (
        <p className="m-0" data-testid="unsubscribe-state">
          {NEWSLETTER_MESSAGES.alreadyStopped}
        </p>
      )}
      <p className="mt-6 text-sm">
        会員の方は、<Link to="/user/profile">会員情報の変更</Link>からいつでも配信を再開できます。
      </p>
    </div>
  );
}
