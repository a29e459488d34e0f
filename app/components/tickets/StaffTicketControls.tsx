import { CONFIRMATION_LABELS } from "~/core/tickets/ticket-labels";
import { confirmationRequestProblem } from "~/core/tickets/tickets";
import type { ThreadActionData as ReplyActionData } from "~/web/types/tickets";
import { ConnectionNotice } from "../connection/ConnectionNotice";
import { useShopFetcher } from "../connection/useShopFetcher";
import type { LiveTicket } from "./useLiveThread";

/**
 * Staff controls on a thread: ask the customer to confirm the resolution (confirmation waiting) and close
 * the ticket. Fetcher forms with JS, plain posts without (the action redirects back).
 */
export function StaffTicketControls({
  ticket,
  guest,
  action,
  pageError,
}: {
  ticket: LiveTicket;
  /** A guest's ticket: no page to answer a confirmation request on. */
  guest: boolean;
  action: string;
  pageError: ReplyActionData | null;
}) {
  const request = useShopFetcher<ReplyActionData>();
  const close = useShopFetcher<ReplyActionData>();
  const failed = [request.data, close.data, pageError].find((result) => result && !result.ok && result.intent !== "send");
  const canRequest = confirmationRequestProblem(ticket, guest) == null;
  return (
    <section aria-labelledby="staff-controls-heading" className="card grid gap-2 p-3" data-testid="staff-controls">
      <h2 id="staff-controls-heading" className="m-0 text-base">
        対応状況
      </h2>
      <p className="m-0 text-sm">
        解決確認：
        <span data-testid="staff-confirmation">{ticket.confirmation ? CONFIRMATION_LABELS[ticket.confirmation] : "未依頼"}</span>
      </p>
      {ticket.status === "doing" ? (
        <div className="flex flex-wrap gap-2">
          {canRequest ? (
            <request.Form method="post" action={action}>
              <input type="hidden" name="intent" value="request_confirmation" />
              <button type="submit" className="btn-secondary" disabled={request.state !== "idle"}>
                お客様に解決の確認を依頼する
              </button>
            </request.Form>
          ) : null}
          <close.Form method="post" action={action}>
            <input type="hidden" name="intent" value="close" />
            <button type="submit" className="btn-secondary" disabled={close.state !== "idle"}>
              対応を終了する
            </button>
          </close.Form>
        </div>
      ) : null}
      <ConnectionNotice failed={request.failed} onRetry={request.retry} />
      <ConnectionNotice failed={close.failed} onRetry={close.retry} />
      {failed && !failed.ok ? (
        <p role="alert" className="field-error m-0">
          {failed.error}
        </p>
      ) : null}
    </section>
  );
}
