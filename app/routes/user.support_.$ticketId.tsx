import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/web/account/auth.server";
import { TicketThreadView } from "~/components/tickets/TicketThreadView";
import { loadThreadPage, threadPageAction } from "~/web/tickets/tickets.server";
import { shopNameOf } from "~/components/layout/page-title";

const pagePath = (ticketId: number) => `/user/support/${ticketId}`;
export const meta: MetaFunction = ({ params, matches }) => [
  { title: `お問い合わせ #${params.ticketId ?? ""} | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

/** The customer's own ticket only (as a customer even when staff open it: staff use /crm/tickets/{id}). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return loadThreadPage(request, context, { id: user.id, role: "customer" }, params.ticketId, pagePath);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  return threadPageAction(request, context, { id: user.id, role: "customer" }, params.ticketId, pagePath);
}

export { clientAction, clientLoader, shouldRevalidate } from "~/components/connection/route-handlers";

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
