import { startTransition, useEffect, useState } from "react";
import { RELOAD_FAILED_TEXT, RETRY_LABEL } from "~/core/site/connection-texts";
import { loadConnectionNotice } from "./ConnectionNotice";
import { isReloadFailing, onReloadFailing, retryReloads } from "./reload-status";
import { loadConnectionHandling } from "./route-handlers";

/**
 * Said at the foot of the screen while the page's own data could not be reloaded (connection-handling.ts):
 * the page stays as it is and is updated once it can be; 「もう一度試す」 tries at once.
 *
 * It also fetches, once the page has hydrated, the code a failed request needs — the handling, the notice
 * beside a control and the error page — so it is there when the connection drops.
 */
export function ConnectionBanner() {
  const [failing, setFailing] = useState(isReloadFailing);
  useEffect(() => onReloadFailing((now) => startTransition(() => setFailing(now))), []);
  useEffect(() => {
    void loadConnectionHandling();
    void loadConnectionNotice();
    void import("../GeneralErrorBoundary");
  }, []);
  if (!failing) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-0 bottom-0 z-50 flex flex-wrap items-center justify-center gap-2 bg-red-800 px-3 py-2 text-sm text-white"
      data-testid="reload-failed"
    >
      <span>{RELOAD_FAILED_TEXT}</span>
      <button type="button" className="btn-secondary min-h-11 text-sm" onClick={retryReloads}>
        {RETRY_LABEL}
      </button>
    </div>
  );
}
