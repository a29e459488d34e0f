/** /dev/mailbox/{id} (local runs only): one e-mail with its HTML and text parts and its links. */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MailMessageView } from "~/components/mail/MailMessageView";
import { loadOutboxMessage } from "~/web/mail/mail-desk.server";
import { requireLocalMailbox } from "~/web/mail/mail.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => [
  { title: `${loaded?.message.subject ?? "メール"}（開発用メールボックス）| ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLocalMailbox(context);
  return data(await loadOutboxMessage(request, context, params.id, { showSensitive: true }), { headers: { "Cache-Control": "no-store" } });
}

export default function DevMailboxMessage() {
  const { message, notice } = useLoaderData<typeof loader>();
  return (
    <div className="py-2">
      <MailMessageView
        message={message}
        path={`/dev/mailbox/${message.id}`}
        back={{ to: "/dev/mailbox", label: "メールボックス" }}
        notice={notice}
        error={null}
      />
    </div>
  );
}
