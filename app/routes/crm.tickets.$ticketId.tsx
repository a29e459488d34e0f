import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth/auth.server";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { CrmNav } from "~/components/tickets/CrmNav";
import type { ThreadActionData } from "~/components/tickets/ReplyForm";
import { StaffTicketControls } from "~/components/tickets/StaffTicketControls";
import { TicketThreadView } from "~/components/tickets/TicketThreadView";
import { MEDIA_TEXT } from "~/core/images";
import { SHOP_NAME } from "~/core/site";
import { ticketNoticeText, TICKET_TEXT } from "~/core/tickets";
import { idParam, isNavigation, readFormData } from "~/http.server";
import { loadThread, threadIntent } from "~/services/tickets.server";

export const meta: MetaFunction = ({ params }) => [{ title: `お問い合わせ #${params.ticketId ?? ""}（CS）| ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

const notFound = () => new Response(TICKET_TEXT.ticketNotFound, { status: 404 });

/** A ticket as staff see it: opening it marks the customer's messages read. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const ticketId = idParam(params.ticketId, "お問い合わせID");
  const thread = await loadThread(context.db, ticketId, staff);
  if (!thread) throw notFound();
  const url = new URL(request.url);
  return {
    thread,
    notice: ticketNoticeText(url.searchParams.get("notice")),
    error: ticketNoticeText(url.searchParams.get("error"), MEDIA_TEXT),
    renderedAt: Date.now(),
  };
}

/** Staff reply as カスタマーサービス (mailing the customer), ask for confirmation, or close. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const ticketId = idParam(params.ticketId, "お問い合わせID");
  const form = await readFormData(request);
  const result = await threadIntent(context.db, context.cloudflare.env.ATTACHMENTS, staff, ticketId, form);
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data<ThreadActionData>({ ok: false, intent: result.intent, field: result.field, error: result.error, message: result.message }, { status: result.status });
  }
  if (isNavigation(request)) throw redirect(`/crm/tickets/${ticketId}?notice=${result.notice}${result.intent === "send" ? "#latest" : ""}`, 303);
  return data<ThreadActionData>({ ok: true, intent: result.intent });
}

export default function StaffThread() {
  const { thread, notice, error, renderedAt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() ?? null;
  const path = `/crm/tickets/${thread.ticket.id}`;
  return (
    <>
      <CrmNav />
      <TicketThreadView
        thread={thread}
        viewer="staff"
        actionPath={path}
        notice={notice}
        error={error}
        actionData={actionData}
        reloadHref={`${path}?t=${renderedAt}#latest`}
        backLink={{ to: "/crm/tickets", label: "お問い合わせ一覧" }}
        staffControls={(ticket) => <StaffTicketControls ticket={ticket} action={path} pageError={actionData} />}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
