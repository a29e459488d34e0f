import { useEffect, useId, useRef, useState } from "react";
import { TICKET_MESSAGE_MAX_LENGTH } from "~/core/limits";
import { messageProblem } from "~/core/tickets/tickets";
import type { FilledTemplate, ThreadActionData } from "~/web/types/tickets";
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
  templates,
  draft,
  onSent,
}: {
  action: string;
  pageError: ThreadActionData | null;
  sendLabel?: string;
  /** Staff's page: the newest message shown, so a reply after a newer one from someone else is stopped (issue 36). */
  seen?: number;
  /** Staff's page: reply templates filled for this ticket, offered above the box. */
  templates?: FilledTemplate[] | null;
  /** The reply's starting text (a template chosen without JS). */
  draft?: string | null;
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
  const textRef = useRef<HTMLTextAreaElement>(null);
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
    <>
      {templates && templates.length > 0 ? (
        <TemplatePicker action={action} templates={templates} hydrated={hydrated} onChoose={(text) => insertText(textRef.current, text)} />
      ) : null}
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
            ref={textRef}
            defaultValue={serverError?.message ?? draft ?? ""}
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
    </>
  );
}

/** Puts a template's text in the reply box: as the text when the box is empty, else after what is there. */
function insertText(box: HTMLTextAreaElement | null, text: string) {
  if (!box) return;
  box.value = box.value.trim() === "" ? text : `${box.value.trimEnd()}\n\n${text}`;
  box.focus();
}

/**
 * The reply templates (staff): choosing one puts it, filled for this ticket, in the reply box — at once with
 * JS, and without by loading the page again with it as the reply's draft (`?template=`).
 */
function TemplatePicker({
  action,
  templates,
  hydrated,
  onChoose,
}: {
  action: string;
  templates: FilledTemplate[];
  hydrated: boolean;
  onChoose: (text: string) => void;
}) {
  const selectId = useId();
  return (
    <form
      method="get"
      action={`${action}#reply`}
      className="flex flex-wrap items-end gap-2 text-sm"
      aria-label="返信テンプレート"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        const chosen = templates.find((template) => String(template.id) === new FormData(event.currentTarget).get("template"));
        if (chosen) onChoose(chosen.text);
      }}
    >
      <label htmlFor={selectId} className="grid gap-1">
        返信テンプレート
        <select id={selectId} name="template" className="input">
          {templates.map((template) => (
            <option key={template.id} value={template.id}>
              {template.title}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-secondary">
        テンプレートを使う
      </button>
    </form>
  );
}
