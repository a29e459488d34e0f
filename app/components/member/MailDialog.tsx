import { Link } from "@remix-run/react";
import { useEffect } from "react";
import { ConnectionNotice } from "../connection/ConnectionNotice";
import { useShopFetcher } from "../connection/useShopFetcher";
import { Dialog } from "../Dialog";
import { formatDateTime, isoDateTime } from "~/core/dates";

/** What POST /user/mails/read/{id} answers a fetcher (spec §3 mail fields). */
export interface MailReadResponse {
  ok?: boolean;
  error?: string;
  mail?: { id: number; title: string; content: string; date_created: string; readed: string | null };
}

/**
 * The mail detail modal (spec screen 13), with JS only: opening it posts POST /user/mails/read/{id}, which
 * marks an unread mail read and answers its sanitised content; the page's loaders then revalidate, so the
 * row and the header badge show it read. Without JS the title links to the detail page /user/mails/{id}.
 */
export function MailDialog({ mailId, title, detailHref, onClose }: { mailId: number; title: string; detailHref: string; onClose: () => void }) {
  const fetcher = useShopFetcher<MailReadResponse>();
  const { submit } = fetcher;
  useEffect(() => {
    submit(null, { method: "post", action: `/user/mails/read/${mailId}` });
  }, [mailId, submit]);
  const mail = fetcher.data?.mail?.id === mailId ? fetcher.data?.mail : undefined;
  const failed = fetcher.state === "idle" && fetcher.data != null && !fetcher.data.ok;
  return (
    <Dialog onClose={onClose} title={mail?.title ?? title} testId="mail-dialog" closeOnBackdrop>
      {mail ? (
        <>
          <p className="m-0 text-xs text-gray-600">
            受信日時：<time dateTime={isoDateTime(mail.date_created)}>{formatDateTime(mail.date_created)}</time>
          </p>
          <div className="mail-content overflow-y-auto break-words text-sm leading-relaxed" dangerouslySetInnerHTML={{ __html: mail.content }} />
        </>
      ) : fetcher.failed ? (
        <ConnectionNotice failed onRetry={fetcher.retry} />
      ) : failed ? (
        <p role="alert" className="field-error m-0">
          {fetcher.data?.error ?? "お知らせを読み込めませんでした。"}
        </p>
      ) : (
        <p role="status" className="m-0 text-sm text-gray-600">
          読み込み中…
        </p>
      )}
      <p className="m-0 text-right text-xs">
        <Link to={detailHref}>このお知らせのページを開く</Link>
      </p>
    </Dialog>
  );
}
