/** What the page says when one of its requests failed (core/site/connection), and how it tries again. */

/** Said beside the control whose request failed; the button beside it sends the same request again. */
export const CONNECTION_FAILED_TEXT = "通信できませんでした。電波の良い場所で、もう一度お試しください。";
export const RETRY_LABEL = "もう一度試す";

/** Said while the page's own data could not be reloaded: the page stays, and is reloaded once it can be. */
export const RELOAD_FAILED_TEXT = "通信できませんでした。つながり次第、最新の内容に更新します。";

/** The longest wait between two attempts to reload the page's data while it cannot be reached. */
export const RELOAD_RETRY_MAX_MS = 30_000;

/** The wait before the attempt after `failures` failed ones: 2, 4, 8 … seconds, at most RELOAD_RETRY_MAX_MS. */
export function reloadRetryDelayMs(failures: number): number {
  return Math.min(RELOAD_RETRY_MAX_MS, 1000 * 2 ** Math.max(1, failures));
}
