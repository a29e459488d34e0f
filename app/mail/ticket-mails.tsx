/** What a customer is told about their support ticket (spec §3 notification mails, §9). */
import type { ReactNode } from "react";
import { excerpt } from "~/core/tickets/tickets";
import { Greeting } from "./parts";
import type { MailTemplate } from "./render.server";

interface TicketMailProps {
  ticketId: number;
  customer: { lastname: string; firstname: string };
}

function TicketMail({ ticketId, customer, children }: TicketMailProps & { children: ReactNode }) {
  return (
    <>
      <Greeting name={`${customer.lastname} ${customer.firstname}`} />
      {children}
      <p>
        <a href={`/user/support/${ticketId}`}>お問い合わせを確認する</a>
      </p>
    </>
  );
}

function StaffReply({ message, ...ticket }: TicketMailProps & { message: string }) {
  return (
    <TicketMail {...ticket}>
      <p>{`お問い合わせ（#${ticket.ticketId}）に、カスタマーサービスから返信がありました。`}</p>
      {message.trim() ? <blockquote>{excerpt(message, 200)}</blockquote> : <p>画像が添付されています。</p>}
    </TicketMail>
  );
}

/** Staff replied: the start of the reply, or that it brings images. */
export function staffReplyMail(props: TicketMailProps & { message: string }): MailTemplate {
  return { subject: `【お問い合わせ #${props.ticketId}】カスタマーサービスから返信があります`, body: <StaffReply {...props} /> };
}

function TicketClosed(ticket: TicketMailProps) {
  return (
    <TicketMail {...ticket}>
      <p>{`お問い合わせ（#${ticket.ticketId}）への対応を終了しました。ご不明な点がございましたら、新しいお問い合わせをお送りください。`}</p>
    </TicketMail>
  );
}

/** Staff closed the ticket. */
export function ticketClosedMail(props: TicketMailProps): MailTemplate {
  return { subject: `【お問い合わせ #${props.ticketId}】対応を終了しました`, body: <TicketClosed {...props} /> };
}

function ConfirmationRequest(ticket: TicketMailProps) {
  return (
    <TicketMail {...ticket}>
      <p>{`お問い合わせ（#${ticket.ticketId}）の件は解決しましたでしょうか。お問い合わせページの「解決した」「解決していない」からお知らせください。`}</p>
      <p>7日間ご回答がない場合は、解決したものとしてお問い合わせを終了いたします。</p>
    </TicketMail>
  );
}

/** Staff ask whether the problem is solved. */
export function confirmationRequestMail(props: TicketMailProps): MailTemplate {
  return { subject: `【お問い合わせ #${props.ticketId}】問題は解決しましたか？`, body: <ConfirmationRequest {...props} /> };
}

function AutoClosed(ticket: TicketMailProps) {
  return (
    <TicketMail {...ticket}>
      <p>{`お問い合わせ（#${ticket.ticketId}）について、解決確認のお願いから7日間ご回答がなかったため、お問い合わせを終了しました。引き続きお困りの場合は、新しいお問い合わせをお送りください。`}</p>
    </TicketMail>
  );
}

/** The ticket closed itself after 7 days without an answer to the confirmation request. */
export function autoClosedMail(props: TicketMailProps): MailTemplate {
  return { subject: `【お問い合わせ #${props.ticketId}】お問い合わせを終了しました`, body: <AutoClosed {...props} /> };
}
