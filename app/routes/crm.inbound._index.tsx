/**
 * /crm/inbound (staff only): the mails that reached the support address (issue 36), held ones first — a
 * program's mail, a stranger answering a ticket, an unknown address — with why; staff add a held answer to
 * its ticket or discard it. Every mail is listed with what became of it, so none is lost unseen.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import { InboundMailList } from "~/components/tickets/InboundMailList";
import { INBOUND_PATH } from "~/core/tickets/inbound-mail";
import { requireStaff } from "~/web/account/auth.server";
import { inboundDeskAction, loadInboundDesk } from "~/web/tickets/inbound-desk.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `受信メール（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return data(await loadInboundDesk(request, context), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return inboundDeskAction(request, context, staff.id);
}

export default function CrmInbound() {
  const { rows, view, held, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const tab = (to: string, label: string, current: boolean) => (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`rounded px-3 py-1 text-sm no-underline ${current ? "bg-brand text-white" : "text-gray-800"}`}
    >
      {label}
    </Link>
  );
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="text-xl">受信メール</h1>
      <p className="m-0 text-sm text-gray-700">サポート宛てに届いたメールです。お問い合わせに入らなかったものは保留として理由とともに残ります。</p>
      <Notice text={notice} />
      <Notice text={actionData?.error ?? null} tone="error" />
      <nav aria-label="表示" className="my-3 flex gap-2">
        {tab(INBOUND_PATH, `保留（${held}件）`, view === "held")}
        {tab(`${INBOUND_PATH}?view=all`, "すべて", view === "all")}
      </nav>
      <InboundMailList rows={rows} view={view} action={`${INBOUND_PATH}?index`} />
    </div>
  );
}
