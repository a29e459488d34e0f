import { useEffect } from "react";
import { Link, useRevalidator } from "@remix-run/react";
import type { ImportProgress } from "~/web/types/catalogue-csv";

/** How often a running import's page looks again (JS: revalidation; no JS: the meta refresh). */
const REFRESH_SECONDS = 3;

const STATE_STYLES: Record<ImportProgress["state"], string> = {
  checked: "bg-gray-50 text-gray-700",
  waiting: "bg-yellow-50 text-yellow-900",
  running: "bg-blue-50 text-blue-900",
  done: "bg-green-50 text-green-800",
  partial: "bg-red-50 text-red-800",
  failed: "bg-red-50 text-red-800",
};

/** Reloads the page's data every few seconds while the import runs (stops when it is over or the page is left). */
function useRefreshWhileRunning(running: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [running, revalidator]);
}

/**
 * The apply's state: 適用待ち / 適用中（n / 全行・%） / 完了 / 一部失敗, announced politely as it changes. With JS
 * the page's data refreshes itself; without JS a meta refresh (inside noscript, so it never reloads a page
 * that refreshes itself) and the 「更新」 link do it.
 */
export function CatalogueImportProgress({ progress, path }: { progress: ImportProgress; path: string }) {
  useRefreshWhileRunning(progress.running);
  if (progress.state === "checked") return null;
  return (
    <section className="grid gap-2" aria-labelledby="catalogue-progress-heading" data-testid="catalogue-progress" data-state={progress.state}>
      {progress.running ? (
        <noscript>
          {/* To the page's own path: a refresh to the URL as opened (…#result) would only move to the fragment. */}
          <meta httpEquiv="refresh" content={`${REFRESH_SECONDS}; url=${path}`} />
        </noscript>
      ) : null}
      <h2 id="catalogue-progress-heading" className="m-0 text-base">
        反映の状況
      </h2>
      <div role="status" aria-live="polite" aria-atomic="true" className="grid gap-1">
        <p className="m-0">
          <span className={`rounded px-2 py-0.5 ${STATE_STYLES[progress.state]}`} data-testid="catalogue-progress-state">
            {progress.label}
          </span>{" "}
          <span data-testid="catalogue-progress-count">
            {progress.done.toLocaleString("ja-JP")} / {progress.total.toLocaleString("ja-JP")}行（{progress.percent}%）
          </span>
          {progress.refused > 0 ? <span>・反映できなかった行 {progress.refused.toLocaleString("ja-JP")}行</span> : null}
        </p>
      </div>
      <progress className="w-full" max={Math.max(progress.total, 1)} value={progress.done} aria-labelledby="catalogue-progress-heading" />
      {progress.running ? (
        <p className="m-0 text-sm">
          反映はサーバーで続いています。このページを閉じても止まりません。{" "}
          <Link to={path} reloadDocument data-testid="catalogue-progress-refresh">
            更新
          </Link>
        </p>
      ) : null}
      {progress.state === "failed" ? <p className="m-0 text-sm">反映が中断されました。反映されなかった行は下の表のとおりです。</p> : null}
    </section>
  );
}
