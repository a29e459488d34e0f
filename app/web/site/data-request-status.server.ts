/**
 * A fetcher's expected refusal (a wrong password, an unknown coupon, a quantity over the stock) is data the
 * page shows where the shopper looks, not a failed request; yet the browser logs every 4xx answer as
 * "Failed to load resource", which buries the errors that matter (issue 34). Remix's client reads a data
 * request's outcome from its body: a thrown 4xx travels inside it as an error response with its status,
 * and an action's returned data is shown as it is. So a data request (`*.data`) answers 200 and names the
 * status it stands for in `X-Shop-Status` (logs, tests). Documents keep their status: without JS the status
 * is the browser's only signal, and crawlers read it. A 5xx stays a 5xx: it is a failure (connection
 * handling, components/connection).
 */
export const SHOP_STATUS_HEADER = "X-Shop-Status";

export function refusalAsData(response: Response): Response {
  if (response.status < 400 || response.status >= 500) return response;
  const headers = new Headers(response.headers);
  headers.set(SHOP_STATUS_HEADER, String(response.status));
  return new Response(response.body, { status: 200, headers });
}
