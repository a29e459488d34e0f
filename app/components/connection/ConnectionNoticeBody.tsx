import { CONNECTION_FAILED_TEXT, RETRY_LABEL } from "~/core/site/connection-texts";

export interface ConnectionNoticeBodyProps {
  /** Sends the same request again (a fetcher's `retry`); a form posted as a navigation has none: its own button sends it again, with what is typed. */
  onRetry?: () => void;
  className?: string;
}

/** What ConnectionNotice shows (its code loads only when a request failed: see there). */
export function ConnectionNoticeBody({ onRetry, className = "" }: ConnectionNoticeBodyProps) {
  return (
    <p
      role="alert"
      className={`m-0 flex flex-wrap items-center gap-2 rounded bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`}
      data-testid="connection-failed"
    >
      <span>{CONNECTION_FAILED_TEXT}</span>
      {onRetry ? (
        <button type="button" className="btn-secondary min-h-11 text-sm" onClick={onRetry}>
          {RETRY_LABEL}
        </button>
      ) : null}
    </p>
  );
}
