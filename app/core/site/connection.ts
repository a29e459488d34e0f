/**
 * A request of the page that got no usable answer — the connection dropped, the request was cut off, or the
 * server failed (5xx) — as opposed to an answer the shop gave on purpose (a refusal, a redirect). The page
 * stays as it was and says so where the shopper looks (components/connection; the texts and timings are
 * core/site/connection-texts.ts, which load only with what shows them).
 */

/** What a fetcher receives instead of its action's answer when the request failed (see above). */
export interface ConnectionFailure {
  readonly connectionFailed: true;
  /** The post that failed, kept in the browser to be sent again (components/connection/failed-posts). */
  readonly post?: number;
}

/**
 * The status the failure is reported with to the router: after a 4xx/5xx action answer it does not reload
 * the page's data, which would fail the same way (and did not change).
 */
export const CONNECTION_FAILURE_STATUS = 503;

export function isConnectionFailure(value: unknown): value is ConnectionFailure {
  return value != null && typeof value === "object" && (value as Partial<ConnectionFailure>).connectionFailed === true;
}
