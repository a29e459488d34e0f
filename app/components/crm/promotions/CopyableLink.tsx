import { useState } from "react";
import { useHydrated } from "~/components/forms/useHydrated";

/**
 * A link staff hand out (a campaign's /coupon-get/{code}): shown in a read-only field, selected on focus so
 * it can be copied by hand without JS; with JS a コピー button puts it on the clipboard and says so.
 */
export function CopyableLink({ url, label }: { url: string; label: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <span className="flex items-center gap-2">
      <input
        readOnly
        value={url}
        aria-label={label}
        onFocus={(event) => event.currentTarget.select()}
        className="field min-w-0 flex-1 font-mono text-xs"
        data-testid="campaign-url"
      />
      {hydrated ? (
        <button
          type="button"
          className="btn-secondary whitespace-nowrap py-1 text-xs"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          {copied ? "コピーしました" : "コピー"}
        </button>
      ) : null}
    </span>
  );
}
