import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/auth.server";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import type { ThreadActionData } from "~/components/tickets/ReplyForm";
import { TicketThreadView } from "~/components/tickets/TicketThreadView";
import { MEDIA_TEXT } from "~/core/images";
import { SHOP_NAME } from "~/core/site";
import { ticketNoticeText, TICKET_TEXT } from "~/core/tickets";
import { idParam, isNavigation, readFormData } from "~/http.server";
import { loadThread, threadIntent } from "~/services/tickets.server";

export const meta: MetaFunction = ({ params }) => [{ title: `お問い合わせ #${params.ticketId ?? ""} | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

const notFound = () => new Response(TICKET_TEXT.ticketNotFound, { status: 404 });

/** The customer's own ticket only (as a customer even when staff open it: staff use /crm/tickets/{id}). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const ticketId = idParam(params.ticketId, "お問い合わせID");
  const thread = await loadThread(context.db, ticketId, { id: user.id, role: "customer" });
  if (!thread) throw notFound();
  const url = new URL(request.url);
  return {
    thread,
    notice: ticketNoticeText(url.searchParams.get("notice")),
    error: ticketNoticeText(url.searchParams.get("error"), MEDIA_TEXT),
    renderedAt: Date.now(),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const ticketId = idParam(params.ticketId, "お問い合わせID");
  const form = await readFormData(request);
  const result = await threadIntent(context.db, context.cloudflare.env.ATTACHMENTS, { id: user.id, role: "customer" }, ticketId, form);
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data<ThreadActionData>({ ok: false, intent: result.intent, field: result.field, error: result.error, message: result.message }, { status: result.status });
  }
  if (isNavigation(request)) throw redirect(`/user/support/${ticketId}?notice=${result.notice}${result.intent === "send" ? "#latest" : ""}`, 303);
  return data<ThreadActionData>({ ok: true, intent: result.intent });
}

export default function SupportThread() {
  const { thread, notice, error, renderedAt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <TicketThreadView
      thread={thread}
      viewer="customer"
      actionPath={`/user/support/${thread.ticket.id}`}
      notice={notice}
      error={error}
      actionData={actionData ?? null}
      reloadHref={`/user/support/${thread.ticket.id}?t=${renderedAt}#latest`}
      backLink={{ to: "/user/support", label: "お問い合わせ一覧" }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
