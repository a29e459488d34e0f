import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Notice } from "~/components/member/Notice";
import { formatDateTime } from "~/core/dates";
import { MAIL_OUTBOX_TEXT, MAIL_STATUS_LABELS, mailKindLabel } from "~/core/mail/mail-outbox";
import type { OutboxMessage } from "~/web/types/mail";
import { MailStatusBadge } from "./MailStatusBadge";
import { ResendMailForm } from "./ResendMailForm";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-bold">{label}</dt>
      <dd className="m-0 break-all">{children}</dd>
    </div>
  );
}

/**
 * One outbox message: its delivery record, then — unless withheld from staff (a sensitive message) — the
 * HTML part as the recipient sees it (sanitised on the server, like the member's お知らせ), the links it
 * carries (opened in this tab: the e2e tests follow them), the plain-text part and the HTML source.
 */
export function MailMessageView({
  message,
  path,
  back,
  notice,
  error,
  resendAction,
}: {
  message: OutboxMessage;
  /** This message's own page. */
  path: string;
  back: { to: string; label: string };
  notice: string | null;
  error: string | null;
  resendAction?: string;
}) {
  const { body } = message;
  return (
    <article className="grid gap-4" data-testid="mail-message">
      <p className="m-0 text-sm">
        <Link to={back.to}>← {back.label}</Link>
      </p>
      <h1 className="m-0 break-words text-xl" data-testid="mail-subject">
        {message.subject}
      </h1>
      <Notice text={notice} />
      <Notice text={error} tone="error" />
      <MailDeliveryFacts message={message} path={path} resendAction={resendAction} />
      {body ? (
        <MailBody body={body} />
      ) : (
        <p className="card m-0 p-3 text-sm" data-testid="mail-body-hidden">
          {MAIL_OUTBOX_TEXT.sensitiveHidden}
        </p>
      )}
    </article>
  );
}

/** How the message went: recipient, kind, state (with resend when it failed), attempts, error, times, ids. */
function MailDeliveryFacts({ message, path, resendAction }: { message: OutboxMessage; path: string; resendAction?: string }) {
  return (
    <dl className="card m-0 grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 p-3 text-sm">
      <Fact label="宛先">
        <span data-testid="mail-to">{message.toAddress}</span>
      </Fact>
      {message.replyTo ? (
        <Fact label="返信先">
          <span data-testid="mail-reply-to">{message.replyTo}</span>
        </Fact>
      ) : null}
      <Fact label="種類">{mailKindLabel(message.kind)}</Fact>
      <Fact label="状態">
        <span className="flex flex-wrap items-center gap-2">
          <MailStatusBadge status={message.status} label={MAIL_STATUS_LABELS[message.status]} />
          {resendAction && message.status === "failed" ? <ResendMailForm id={message.id} action={resendAction} back={path} /> : null}
        </span>
      </Fact>
      <Fact label="試行回数">{`${message.attempts}回`}</Fact>
      {message.lastError ? (
        <Fact label="最後のエラー">
          <span className="text-red-800" data-testid="mail-error">
            {message.lastError}
          </span>
        </Fact>
      ) : null}
      <Fact label="作成日時">{formatDateTime(message.createdAt)}</Fact>
      <Fact label="送信日時">{message.sentAt ? formatDateTime(message.sentAt) : "—"}</Fact>
      {message.status === "pending" && message.attempts > 0 ? <Fact label="次回の送信">{formatDateTime(message.nextAttemptAt)}</Fact> : null}
      <Fact label="送信ID">
        <span data-testid="mail-provider-id">{message.providerMessageId ?? "—"}</span>
      </Fact>
      <Fact label="識別キー">{message.key}</Fact>
    </dl>
  );
}

/** The bodies: the HTML part as the recipient sees it, its links, the plain-text part and the HTML source. */
function MailBody({ body }: { body: NonNullable<OutboxMessage["body"]> }) {
  return (
    <>
      <section aria-labelledby="mail-html-heading" className="grid gap-2">
        <h2 id="mail-html-heading" className="m-0 text-base">
          HTMLメール
        </h2>
        <div
          className="mail-content card break-words p-3 text-sm leading-relaxed"
          dangerouslySetInnerHTML={{ __html: body.rendered }}
          data-testid="mail-html"
        />
      </section>
      {body.links.length > 0 ? (
        <section aria-labelledby="mail-links-heading" className="grid gap-1">
          <h2 id="mail-links-heading" className="m-0 text-base">
            メール内のリンク
          </h2>
          <ul className="m-0 grid gap-1 pl-5 text-sm" data-testid="mail-links">
            {body.links.map((link, index) => (
              <li key={index}>
                <a href={link.href} className="break-all">
                  {link.text === link.href ? link.href : `${link.text}（${link.href}）`}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="mail-text-heading" className="grid gap-2">
        <h2 id="mail-text-heading" className="m-0 text-base">
          テキストパート
        </h2>
        <pre className="card m-0 whitespace-pre-wrap break-words p-3 text-sm" data-testid="mail-text">
          {body.text}
        </pre>
      </section>
      <details className="text-sm">
        <summary>HTMLソース</summary>
        <pre className="m-0 mt-2 whitespace-pre-wrap break-all rounded bg-gray-50 p-3 text-xs" data-testid="mail-html-source">
          {body.html}
        </pre>
      </details>
    </>
  );
}
