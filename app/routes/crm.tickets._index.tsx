import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as v from "valibot";
import { requireStaff } from "~/web/account/auth.server";
import { Listing, type ListingColumn } from "~/components/listing/Listing";
import { formatDateTime, isoDateTime } from "~/core/dates";
import { CrmNav } from "~/components/tickets/CrmNav";
import { DueTime } from "~/components/tickets/DueTime";
import { StatusBadge } from "~/components/tickets/StatusBadge";
import { parseListingQuery } from "~/core/search/listing-query";
import { TICKET_LISTING } from "~/core/tickets/ticket-listing";
import { TICKET_TEXT } from "~/core/tickets/tickets";
import { TextOrNullSchema } from "~/core/validation";
import { isNavigation, listingReturnPath, readFormData } from "~/web/http.server";
import { parseInput, readInput } from "~/web/input.server";
import { listingJson } from "~/services/search/listing.server";
import { canonicalListingRedirect, confirmRemoveId, RemoveRowSchema } from "~/web/search/listing.server";
import { deleteTicket, listStaffTickets, type StaffTicketRow } from "~/services/tickets/ticket-desk.server";
import { ownerViewCounts } from "~/services/tickets/ticket-owners.server";
import { ownerViewTabs } from "~/web/tickets/ticket-views.server";
import { shopNameOf } from "~/components/layout/page-title";

const PATH = "/crm/tickets";

export const meta: MetaFunction = ({ matches }) => [{ title: `お問い合わせ一覧（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

/** The staff ticket list on the generic listing: sort, filter and page are GET parameters (works without JS). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const url = new URL(request.url);
  const query = parseListingQuery(TICKET_LISTING, url.searchParams);
  // A filter form sent without JS carries every field, empty ones too: answer with the clean URL.
  const canonical = canonicalListingRedirect(url, TICKET_LISTING, query);
  if (canonical) throw canonical;
  const [page, viewCounts] = await Promise.all([listStaffTickets(context.db, query, staff.id), ownerViewCounts(context.db, staff.id)]);
  // The listing's definition comes with the data: the page loads neither it nor the choices' labels.
  return data(
    { page, definition: TICKET_LISTING, confirmRemove: confirmRemoveId(url), views: ownerViewTabs(query, viewCounts) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const PostedIntentSchema = v.object({ intent: TextOrNullSchema });

type TicketsActionData = { ok: true } | { ok: false; error: string };

/**
 * Row removal (intent=remove, id, back: 303 back without JS, JSON for a fetcher); any other POST is the §7
 * listing call (query[page], query[orderby], query[ordersens], inputs[…], operators[…]) answered as JSON.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const form = await readFormData(request);
  if (parseInput(PostedIntentSchema, form).intent !== "remove") {
    const page = await listStaffTickets(context.db, parseListingQuery(TICKET_LISTING, form.entries()), staff.id);
    return Response.json(listingJson(TICKET_LISTING, page, (row) => row));
  }
  const read = readInput(RemoveRowSchema, form);
  if (!read.ok) return data<TicketsActionData>({ ok: false, error: read.error }, { status: 400 });
  if (!(await deleteTicket(context.db, read.input.id))) {
    return data<TicketsActionData>({ ok: false, error: TICKET_TEXT.ticketNotFound }, { status: 404 });
  }
  if (isNavigation(request)) throw redirect(listingReturnPath(read.input.back, PATH, "removed"), 303);
  return data<TicketsActionData>({ ok: true });
}

// Every column stays on a phone (staff sort by any of them); the table scrolls sideways there.
const columns: ListingColumn<StaffTicketRow>[] = [
  { key: "id", label: "番号", sort: "id", firstDirection: "DESC", className: "w-14 whitespace-nowrap", render: (ticket) => `#${ticket.id}` },
  {
    key: "subject",
    label: "お問い合わせ",
    rowHeader: true,
    className: "min-w-44",
    render: (ticket) => (
      <span className="grid gap-0.5">
        <Link to={`${PATH}/${ticket.id}`} className="font-bold" data-testid="ticket-link">
          {ticket.category}・{ticket.trouble}
        </Link>
        <span className="break-all text-xs text-gray-700" data-testid="ticket-customer">
          {ticket.customer === ticket.email ? ticket.email : `${ticket.customer}（${ticket.email}）`}
          {ticket.guest ? "・ゲスト" : null}
        </span>
        <span className="line-clamp-2 break-all text-xs text-gray-600">{ticket.lastMessage}</span>
      </span>
    ),
  },
  {
    key: "priority",
    label: "優先度",
    sort: "priority",
    firstDirection: "DESC",
    render: (ticket) => <span className={ticket.priority === "high" ? "font-bold text-brand" : ""}>{ticket.priorityLabel}</span>,
  },
  {
    key: "status",
    label: "状態",
    sort: "status",
    render: (ticket) => (
      <span className="flex flex-wrap gap-1">
        <StatusBadge status={ticket.status} label={ticket.statusLabel} />
        {ticket.confirmationLabel ? <span className="badge whitespace-nowrap bg-amber-100 text-amber-900">{ticket.confirmationLabel}</span> : null}
        {ticket.unread > 0 ? (
          <span className="badge whitespace-nowrap bg-brand text-white" data-testid="ticket-unread">
            未読 {ticket.unread}
          </span>
        ) : null}
      </span>
    ),
  },
  {
    key: "due",
    label: "期限",
    className: "whitespace-nowrap text-xs",
    render: (ticket) => <DueTime due={ticket.due} />,
  },
  {
    key: "owner",
    label: "担当",
    className: "whitespace-nowrap text-xs",
    render: (ticket) => <span data-testid="ticket-owner">{ticket.owner ?? "未割り当て"}</span>,
  },
  {
    key: "tags",
    label: "タグ",
    className: "text-xs",
    render: (ticket) => (
      <span className="flex flex-wrap gap-1" data-testid="ticket-row-tags">
        {ticket.tags.map((tag) => (
          <span key={tag} className="badge whitespace-nowrap bg-gray-100 text-gray-800">
            {tag}
          </span>
        ))}
      </span>
    ),
  },
  {
    key: "updated",
    label: "更新日時",
    sort: "updated",
    firstDirection: "DESC",
    className: "text-xs text-gray-700",
    render: (ticket) => <time dateTime={isoDateTime(ticket.updatedAt)}>{formatDateTime(ticket.updatedAt)}</time>,
  },
  {
    key: "date_created",
    label: "受付日時",
    sort: "date_created",
    firstDirection: "DESC",
    className: "text-xs text-gray-700",
    render: (ticket) => <time dateTime={isoDateTime(ticket.createdAt)}>{formatDateTime(ticket.createdAt)}</time>,
  },
];

export default function CrmTickets() {
  const { page, definition, confirmRemove, views } = useLoaderData<typeof loader>();
  // The JSON listing answer goes to API callers only; the page sees removal results.
  const actionData = useActionData<typeof action>() as TicketsActionData | undefined;
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="text-xl">お問い合わせ一覧</h1>
      <p className="m-0 text-sm">
        <Link to="/crm/tickets/report">対応レポート（応答時間・期限超過・満足度）</Link>
      </p>
      <nav aria-label="担当で絞り込む" className="my-2 flex flex-wrap gap-2">
        {views.map((view) => (
          <Link
            key={view.label}
            to={view.href}
            aria-current={view.current ? "page" : undefined}
            className={`rounded px-3 py-1 text-sm no-underline ${view.current ? "bg-brand text-white" : "bg-gray-100 text-gray-800"}`}
            data-testid="owner-view"
          >
            {view.label}（{view.count}）
          </Link>
        ))}
      </nav>
      {actionData && !actionData.ok ? (
        <p role="alert" className="field-error">
          {actionData.error}
        </p>
      ) : null}
      <Listing
        path={PATH}
        definition={definition}
        page={page}
        columns={columns}
        rowKey={(ticket) => ticket.id}
        rowTestId="ticket-row"
        caption="お問い合わせ一覧"
        emptyText="お問い合わせはありません。"
        removal={{
          confirmingId: confirmRemove,
          action: PATH,
          rowName: (ticket) => `お問い合わせ #${ticket.id}`,
          confirmText: (ticket) => `お問い合わせ #${ticket.id}（${ticket.customer}様）を削除しますか？メッセージと添付画像も削除されます。`,
          removedText: "お問い合わせを削除しました。",
        }}
      />
    </div>
  );
}
