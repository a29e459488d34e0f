/** What a customer is told about their support ticket (spec §3 notification mails, §9). */
import type { ReactNode } from "react";
import { formatDateTime } from "~/core/dates";
import { excerpt } from "~/core/tickets/tickets";
import { Greeting, Lines } from "./parts";
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

/** An earlier message of the thread, quoted below a reply. */
export interface QuotedMessage {
  name: string;
  date: Date;
  message: string;
}

interface StaffReplyEmailProps extends TicketMailProps {
  message: string;
  /** Signed links to the reply's images, and when they stop opening. */
  attachments: { urls: string[]; until: Date };
  /** The earlier messages, newest first. */
  quoted: QuotedMessage[];
  /** The thread page, for a member (absolute: the mail is read outside the shop); null for a guest, who answers by mail only. */
  threadUrl: string | null;
}

const lines = (text: string) => text.split("\n");

function StaffReplyEmail({ ticketId, customer, message, attachments, quoted, threadUrl }: StaffReplyEmailProps) {
  return (
    <>
      <Greeting name={`${customer.lastname} ${customer.firstname}`} />
      <p>{`お問い合わせ（#${ticketId}）について、カスタマーサービスよりご返信いたします。`}</p>
      {message ? <Lines items={lines(message)} /> : null}
      {attachments.urls.length > 0 ? (
        <>
          <h3>添付画像</h3>
          <ul>
            {attachments.urls.map((url, index) => (
              <li key={url}>
                <a href={url}>{`添付画像${index + 1}`}</a>
              </li>
            ))}
          </ul>
          <p>{`画像のリンクは${formatDateTime(attachments.until)}までご覧いただけます。`}</p>
        </>
      ) : null}
      <p>ご不明な点は、このメールにそのままご返信ください。お問い合わせに追記され、担当者よりご連絡いたします。</p>
      {threadUrl ? (
        <p>
          <a href={threadUrl}>お問い合わせページで確認する</a>
        </p>
      ) : null}
      {quoted.length > 0 ? (
        <>
          <h3>これまでのやりとり</h3>
          {quoted.map((earlier, index) => (
            <blockquote key={index}>
              {[`${formatDateTime(earlier.date)} ${earlier.name}`, ...lines(earlier.message)].map((line, lineIndex) => (
                <span key={lineIndex}>
                  {lineIndex > 0 ? <br /> : null}
                  {line}
                </span>
              ))}
            </blockquote>
          ))}
        </>
      ) : null}
    </>
  );
}

/** Staff replied, as the e-mail the customer answers: the whole reply, its images as links and the thread's last messages. */
export function staffReplyEmail(props: StaffReplyEmailProps): MailTemplate {
  return { subject: `【お問い合わせ #${props.ticketId}】カスタマーサービスからのご返信`, body: <StaffReplyEmail {...props} /> };
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

interface SatisfactionRequestProps extends TicketMailProps {
  /** The signed survey links, each opening the page with its choice picked (absolute: read outside the shop). */
  scoreLinks: { label: string; url: string }[];
  resolvedLinks: { label: string; url: string }[];
  until: Date;
}

function SatisfactionRequest({ ticketId, customer, scoreLinks, resolvedLinks, until }: SatisfactionRequestProps) {
  return (
    <>
      <Greeting name={`${customer.lastname} ${customer.firstname}`} />
      <p>{`お問い合わせ（#${ticketId}）をご利用いただき、ありがとうございました。よろしければ、アンケートにご協力ください（ログインは不要です）。`}</p>
      <h3>解決しましたか？</h3>
      <ul>
        {resolvedLinks.map((link) => (
          <li key={link.url}>
            <a href={link.url}>{link.label}</a>
          </li>
        ))}
      </ul>
      <h3>対応はいかがでしたか？</h3>
      <ul>
        {scoreLinks.map((link) => (
          <li key={link.url}>
            <a href={link.url}>{link.label}</a>
          </li>
        ))}
      </ul>
      <p>{`リンクを開くと回答ページが表示されます。コメントを添えて「送信」を押すと回答が届きます（回答は1回のみ、${formatDateTime(until)}まで）。`}</p>
    </>
  );
}

/** The ticket closed: the one 「解決しましたか／対応はいかがでしたか」 mail, with a signed link per answer. */
export function satisfactionRequestMail(props: SatisfactionRequestProps): MailTemplate {
  return { subject: `【お問い合わせ #${props.ticketId}】解決しましたか？対応はいかがでしたか？`, body: <SatisfactionRequest {...props} /> };
}
