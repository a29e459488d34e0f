import { Link } from "@remix-run/react";
import { useCallback, useState } from "react";
import { RESULT_ANCHOR } from "~/core/site/result-anchor";
import type { FilledTemplate, Thread, ThreadActionData } from "~/web/types/tickets";
import { island } from "../island";
import { MessageList } from "./MessageList";
import { TicketHeader } from "./TicketHeader";
import { useLiveThread } from "./useLiveThread";

// The reply form (its attachments' previewer, its checks), the customer's confirmation buttons and staff's
// status controls matter once someone acts: their code (and the ticket rules it uses) loads after the page,
// the server's forms posting as plain HTML meanwhile.
const ReplyForm = island(() => import("./ReplyForm").then((module) => module.ReplyForm));
const ConfirmationBox = island(() => import("./ConfirmationBox").then((module) => module.ConfirmationBox));
const StaffTicketControls = island(() => import("./StaffTicketControls").then((module) => module.StaffTicketControls));
// Polling for new messages starts a moment after the page; the reload link stands in until then (and without JS).
const ThreadPolling = island(() => import("./ThreadPolling").then((module) => module.ThreadPolling));

/**
 * A ticket's thread page (spec screens 2 and 3) for its customer or for staff: the header, the
 * confirmation box (customer) or status controls (staff), the messages kept fresh by 5-second polling
 * with JS (a reload link without), and the reply box unless the ticket is closed.
 */
export function TicketThreadView({
  thread,
  viewer,
  actionPath,
  notice,
  error,
  actionData,
  reloadHref,
  backLink,
  templates = null,
  replyDraft = null,
  sendLabel,
}: {
  thread: Thread;
  viewer: "customer" | "staff";
  actionPath: string;
  notice: string | null;
  error: string | null;
  actionData: ThreadActionData | null;
  reloadHref: string;
  backLink: { to: string; label: string };
  /** Staff's page: reply templates filled for this ticket, and the draft a template chosen without JS left. */
  templates?: FilledTemplate[] | null;
  replyDraft?: string | null;
  /** The reply button's words when not the usual (staff whose replies wait for approval). */
  sendLabel?: string;
}) {
  const live = useLiveThread({ messages: thread.messages, ticket: thread.ticket });
  const ticket = { ...thread.ticket, status: live.ticket.status, confirmation: live.ticket.confirmation };
  const answeredNotice = notice && viewer === "customer" && ticket.confirmation && ticket.confirmation !== "waiting" ? notice : null;
  // The page's notice is about the post that led here (「受け付けました」…): a reply sent since (JS) outdates it.
  const [replied, setReplied] = useState(false);
  const onSent = useCallback(() => setReplied(true), []);
  return (
    <div className="mx-auto grid max-w-2xl gap-4 py-6">
      <p className="m-0 text-sm">
        <Link to={backLink.to}>← {backLink.label}</Link>
      </p>
      {notice && !answeredNotice && !replied ? (
        <p id={RESULT_ANCHOR} role="status" className="m-0 rounded bg-green-50 px-3 py-2 text-sm text-green-800" data-testid="thread-notice">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="field-error m-0" data-testid="thread-error">
          {error}
        </p>
      ) : null}
      <TicketHeader ticket={ticket} forStaff={viewer === "staff"} />
      {viewer === "customer" ? (
        <ConfirmationBox ticketId={ticket.id} state={live.ticket} notice={answeredNotice} />
      ) : (
        <StaffTicketControls ticket={live.ticket} guest={ticket.customer.id == null} action={actionPath} pageError={actionData} />
      )}
      <MessageList messages={live.messages} />
      <ThreadPolling ticketId={ticket.id} since={live.since} updated={live.ticket.updated} reloadHref={reloadHref} onReceive={live.receive} />
      {ticket.status === "doing" ? (
        <ReplyForm
          action={actionPath}
          pageError={actionData}
          sendLabel={sendLabel ?? (viewer === "staff" ? "カスタマーサービスとして返信する" : "送信する")}
          seen={viewer === "staff" ? live.messages.reduce((newest, message) => Math.max(newest, message.id), 0) : undefined}
          templates={templates}
          draft={replyDraft}
          onSent={onSent}
        />
      ) : (
        <p className="m-0 rounded bg-gray-100 px-3 py-2 text-sm" data-testid="ticket-closed">
          このお問い合わせは終了しました。
          {viewer === "customer" ? (
            <>
              ご不明な点がございましたら、<Link to="/user/support">新しいお問い合わせ</Link>をお送りください。
            </>
          ) : null}
        </p>
      )}
    </div>
  );
}
