import { useEffect, useId, useRef, useState } from "react";
import { TICKET_MESSAGE_MAX_LENGTH } from "~/core/limits";
import { messageProblem } from "~/core/tickets/tickets";
import type { ThreadActionData } from "~/web/types/tickets";
import { ConnectionNotice } from "../connection/ConnectionNotice";
import { useShopFetcher } from "../connection/useShopFetcher";
import { AttachmentField } from "../images/AttachmentField";
import type { UploadItem } from "../images/upload-item";
import { useHydrated } from "../forms/useHydrated";

/**
 * The reply box (spec screen 2): a textarea, up to 3 images and a send button. Without JS it is a plain
 * multipart POST to the thread page (the action redirects back); with JS a fetcher, and the images are
 * uploaded by the widget beforehand. Hidden by the caller when the ticket is closed.
 */
export function ReplyForm({
  action,
  pageError,
  sendLabel = "送信する",
  seen,
  onSent,
}: {
  action: string;
  pageError: ThreadActionData | null;
  sendLabel?: string;
  /** Staff's page: the newest message shown, so a reply after a newer one from someone else is stopped (issue 36). */
  seen?: number;
  /** Called once a reply went (with JS: the page stays, and an earlier notice is out of date). */
  onSent?: () => void;
}) {
  const fetcher = useShopFetcher<ThreadActionData>();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [attached, setAttached] = useState(0);
  const [clientError, setClientError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const messageId = useId();
  const errorId = useId();

  const result = fetcher.data ?? (pageError?.intent === "send" ? pageError : null);
  const serverError = result && !result.ok ? result : null;
  const error = clientError ?? (serverError && serverError.field === "message" ? serverError.error : null);
  const fileError = serverError && serverError.field !== "message" ? serverError.error : null;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      formRef.current?.reset();
      setResetKey((key) => key + 1);
      setAttached(0);
      onSent?.();
    }
  }, [fetcher.state, fetcher.data, onSent]);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      className="card grid gap-3 p-3"
      id="reply"
      aria-label="返信"
      onSubmit={(event) => {
        const text = String(new FormData(event.currentTarget).get("message") ?? "");
        const problem = messageProblem(text, attached);
        setClientError(problem);
        if (problem || busy) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="send" />
      {seen != null ? <input type="hidden" name="seen" value={seen} /> : null}
      <div className="grid gap-1">
        <label htmlFor={messageId} className="text-sm font-bold">
          メッセージ
        </label>
        <textarea
          id={messageId}
          name="message"
          rows={4}
          maxLength={TICKET_MESSAGE_MAX_LENGTH}
          defaultValue={serverError?.message ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="field"
          onInput={() => setClientError(null)}
        />
        {error ? (
          <p id={errorId} role="alert" className="field-error m-0">
            {error}
          </p>
        ) : null}
      </div>
      <AttachmentField
        kept={serverError?.kept}
        resetKey={resetKey}
        onBusyChange={setBusy}
        onChange={(items: UploadItem[]) => setAttached(items.filter((item) => item.fetchStatus === "success").length)}
        error={fileError}
      />
      <div className="flex items-center gap-3">
        <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle" || busy}>
          {busy ? "画像をアップロード中…" : fetcher.state !== "idle" ? "送信中…" : sendLabel}
        </button>
        {!hydrated && serverError && serverError.field === "file" ? <span className="text-xs text-gray-600">画像をもう一度選択してください。</span> : null}
      </div>
      <ConnectionNotice failed={fetcher.failed} onRetry={fetcher.retry} />
    </fetcher.Form>
  );
}
