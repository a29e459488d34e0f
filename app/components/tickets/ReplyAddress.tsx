import { Form, useActionData } from "@remix-run/react";
import { TICKET_TEXT } from "~/core/tickets/tickets";
import type { ThreadActionData } from "~/web/types/tickets";

/**
 * Staff's view of where the customer's e-mail answers go: the ticket's own address (the Reply-To of its
 * mails), and a way to issue a new one when the old got out (a forwarded mail). A plain form, JS on or off.
 */
export function ReplyAddress({ address, action }: { address: string; action: string }) {
  // With JS the form's answer stays on the page (without JS the page comes back with the notice at its top).
  const answer = useActionData<ThreadActionData>();
  const reissued = answer?.ok === true && answer.intent === "reissue_reply_address";
  return (
    <details className="mb-3 text-sm" data-testid="reply-address">
      <summary>メール返信の宛先</summary>
      <p className="m-0 my-1 break-all">
        このお問い合わせへのメール返信は <code data-testid="reply-address-value">{address}</code> に届きます。
      </p>
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="reissue_reply_address" />
        <button type="submit" className="btn-secondary">
          返信用アドレスを新しくする
        </button>
      </Form>
      {reissued ? (
        <p role="status" className="m-0 mt-1">
          {TICKET_TEXT.replyAddressReissued}
        </p>
      ) : null}
    </details>
  );
}
