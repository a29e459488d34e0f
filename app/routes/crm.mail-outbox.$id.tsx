/** /crm/mail-outbox/{id} (staff only): one e-mail's delivery record and body — a sensitive one's body never. */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MailMessageView } from "~/components/mail/MailMessageView";
import { CrmNav } from "~/components/tickets/CrmNav";
import { requireStaff } from "~/web/account/auth.server";
import { loadOutboxMessage, resendMailAction } from "~/web/mail/mail-desk.server";
import { shopNameOf } from "~/components/layout/page-title";

const PATH = "/crm/mail-outbox";

export const meta: MetaFunction = ({ matches }) => [{ title: `メール（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return data(await loadOutboxMessage(request, context, params.id, { showSensitive: false }), { headers: { "Cache-Control": "private, no-store" } });
}

/** 再送する on a failed message: back to this page with a notice. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaff(request, context);
  return resendMailAction(request, context, PATH);
}

export default function CrmMailMessage() {
  const { message, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const path = `${PATH}/${message.id}`;
  return (
    <div className="py-2">
      <CrmNav />
      <MailMessageView
        message={message}
        path={path}
        back={{ to: PATH, label: "メール送信履歴" }}
        notice={notice}
        error={actionData?.error ?? null}
        resendAction={path}
      />
    </div>
  );
}
