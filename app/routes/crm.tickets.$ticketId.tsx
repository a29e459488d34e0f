import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/web/account/auth.server";
import { CustomerOrders } from "~/components/orders/CustomerOrders";
import { CallTask } from "~/components/tickets/CallTask";
import { CrmNav } from "~/components/tickets/CrmNav";
import { ReplyAddress } from "~/components/tickets/ReplyAddress";
import { island } from "~/components/island";
import { ReplyDrafts } from "~/components/tickets/ReplyDrafts";
import { TicketDuePanel } from "~/components/tickets/TicketDuePanel";
import { TicketNotes } from "~/components/tickets/TicketNotes";
import { TicketTags } from "~/components/tickets/TicketTags";
import { TicketMerge } from "~/components/tickets/TicketMerge";
import { TicketOwner } from "~/components/tickets/TicketOwner";
import { TicketRating } from "~/components/tickets/TicketRating";
import { TicketThreadView } from "~/components/tickets/TicketThreadView";
import { loadThreadPage, threadPageAction } from "~/web/tickets/tickets.server";
import { shopNameOf } from "~/components/layout/page-title";

const pagePath = (ticketId: number) => `/crm/tickets/${ticketId}`;
export const meta: MetaFunction = ({ params, matches }) => [
  { title: `お問い合わせ #${params.ticketId ?? ""}（CS）| ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

/** A ticket as staff see it: opening it marks the customer's messages read. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  return { ...(await loadThreadPage(request, context, staff, params.ticketId, pagePath)), viewerId: staff.id };
}

/** Staff reply as カスタマーサービス (mailing the customer, or owing a call), ask for confirmation, close, mark the call made, take / hand over / release the ticket, leave an internal note, tag it, or merge it into another of the customer's. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return threadPageAction(request, context, staff, params.ticketId, pagePath);
}

export { clientAction, clientLoader, shouldRevalidate } from "~/components/connection/route-handlers";

// Who else has the ticket open (JS only): its code loads after the page.
const TicketPresence = island(() => import("~/components/tickets/TicketPresence").then((module) => module.TicketPresence));

export default function StaffThread() {
  const {
    thread,
    customerOrders,
    notice,
    error,
    renderedAt,
    replyAddress,
    owners,
    notes,
    templates,
    replyDraft,
    tags,
    due,
    drafts,
    mergeTargets,
    rating,
    viewerId,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() ?? null;
  const path = `/crm/tickets/${thread.ticket.id}`;
  return (
    <>
      <CrmNav />
      <div className="mx-auto grid max-w-6xl gap-x-6 px-2 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div>
          <TicketPresence ticketId={thread.ticket.id} />
          {due ? <TicketDuePanel due={due} /> : null}
          {owners ? <TicketOwner owner={owners.owner} staff={owners.staff} viewerId={viewerId} action={path} /> : null}
          {tags ? <TicketTags tags={tags.tags} known={tags.known} action={path} pageError={actionData} /> : null}
          {rating ? <TicketRating rating={rating} /> : null}
          {thread.ticket.callRequestedAt ? <CallTask since={thread.ticket.callRequestedAt} phone={thread.ticket.customer.phone} action={path} /> : null}
          {replyAddress ? <ReplyAddress address={replyAddress} action={path} /> : null}
          {drafts ? (
            <ReplyDrafts drafts={drafts.items} viewerId={viewerId} viewerNeedsApproval={drafts.viewerNeedsApproval} action={path} pageError={actionData} />
          ) : null}
          {mergeTargets ? <TicketMerge ticketId={thread.ticket.id} targets={mergeTargets} action={path} pageError={actionData} /> : null}
          {notes && owners ? <TicketNotes notes={notes} colleagues={owners.staff} viewerId={viewerId} action={path} pageError={actionData} /> : null}
          <TicketThreadView
            thread={thread}
            viewer="staff"
            actionPath={path}
            notice={notice}
            error={error}
            actionData={actionData}
            reloadHref={`${path}?t=${renderedAt}#latest`}
            backLink={{ to: "/crm/tickets", label: "お問い合わせ一覧" }}
            templates={templates}
            replyDraft={replyDraft}
            sendLabel={drafts?.viewerNeedsApproval ? "承認を依頼する" : undefined}
          />
        </div>
        <CustomerOrders orders={customerOrders} />
      </div>
    </>
  );
}
