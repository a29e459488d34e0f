/**
 * /crm/mail-outbox (staff only): every e-mail the shop wrote, newest first, filtered by status and
 * recipient; a failed one is resent from its row. Bodies are on each message's page (never a sensitive one's).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { OutboxListing } from "~/components/mail/OutboxListing";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import { requireStaff } from "~/web/account/auth.server";
import { loadOutboxListing, resendMailAction } from "~/web/mail/mail-desk.server";
import { shopNameOf } from "~/components/layout/page-title";

const PATH = "/crm/mail-outbox";

export const meta: MetaFunction = ({ matches }) => [{ title: `メール送信履歴（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return data(await loadOutboxListing(request, context), { headers: { "Cache-Control": "private, no-store" } });
}

/** 再送する (intent=resend): back to the same view of the list with a notice. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaff(request, context);
  return resendMailAction(request, context, PATH);
}

export default function CrmMailOutbox() {
  const { definition, page, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="text-xl">メール送信履歴</h1>
      <Notice text={notice} />
      <Notice text={actionData?.error ?? null} tone="error" />
      <div className="mt-4">
        <OutboxListing path={PATH} definition={definition} page={page} caption="メール送信履歴" resendAction={`${PATH}?index`} />
      </div>
    </div>
  );
}
