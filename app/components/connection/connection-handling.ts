/**
 * The shop's one way of keeping a page when one of its requests fails (issue 34): the client handlers every
 * route a fetcher posts to (`clientAction`) and every page with fetchers or reloads of its own
 * (`clientLoader`) export through ./route-handlers, which loads this module when they first run.
 *
 * What is a failure: no answer (offline, the connection cut, the request aborted by the network), an answer
 * that cannot be read, or a 5xx. What is not: the shop's deliberate answers — a redirect, a 4xx refusal —
 * which the router handles as before (a 404 still shows the error page).
 */
import { isRouteErrorResponse, type ClientActionFunctionArgs, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { CONNECTION_FAILURE_STATUS, type ConnectionFailure } from "~/core/site/connection";
import { keepFailedPost, type FailedPost } from "./failed-posts";
import { reloadFailed, reloadSettled, waitToReload } from "./reload-status";

/** A redirect (thrown as a Response) or a 4xx error response: the shop answered on purpose. */
function isDeliberate(error: unknown): boolean {
  if (error instanceof Response) return error.status < 500;
  return isRouteErrorResponse(error) && error.status < 500;
}

/** The post as a fetcher can send it again (the request's body is read from a copy made before it was sent). */
async function postOf(request: Request, sent: Pick<Request, "formData">): Promise<FailedPost> {
  const url = new URL(request.url);
  const multipart = request.headers.get("Content-Type")?.startsWith("multipart/form-data") ?? false;
  return {
    formData: await sent.formData().catch(() => new FormData()),
    action: url.pathname + url.search,
    method: request.method.toLowerCase() as FailedPost["method"],
    encType: multipart ? "multipart/form-data" : "application/x-www-form-urlencoded",
  };
}

/**
 * A fetcher's post: the action's answer, or — when the request failed — the connection failure, which the
 * fetcher's component shows beside its control with a retry (ConnectionNotice) of the same post. It is
 * reported with a 503 status, so the page's data is not reloaded after it (React Router skips revalidation
 * after a 4xx/5xx action): that reload would fail too, and nothing changed.
 */
export async function answerKeepingPage({ request, serverAction }: ClientActionFunctionArgs): Promise<unknown> {
  const sent = request.clone();
  try {
    return await serverAction();
  } catch (error) {
    // A newer submission of the same fetcher cancelled this one: the router drops it anyway.
    if (isDeliberate(error) || request.signal.aborted) throw error;
    const failure: ConnectionFailure = { connectionFailed: true, post: keepFailedPost(await postOf(request, sent)) };
    // JSON the fetcher receives as its data, with a status that keeps the router from reloading the page's data.
    return new Response(JSON.stringify(failure), { status: CONNECTION_FAILURE_STATUS, headers: { "Content-Type": "application/json" } });
  }
}

/** Whether a load is the page being shown (a reload after a post, a revalidation), not a navigation. */
function isShownPage(request: Request): boolean {
  const url = new URL(request.url);
  return url.pathname === window.location.pathname && url.search === window.location.search;
}

/**
 * A load of the page's data. A reload of the page being shown that fails keeps the page as it is — its
 * inputs with it — and is tried again (when the browser is back online, on the banner's 「もう一度試す」, or
 * after a growing wait) while the banner says so; the router waits for it meanwhile, so nothing on the page
 * moves. A navigation to another page that fails shows the error page, which says the connection failed.
 */
export async function reloadKeepingPage({ request, serverLoader }: ClientLoaderFunctionArgs): Promise<unknown> {
  const load = {};
  try {
    for (let failures = 1; ; failures++) {
      try {
        return await serverLoader();
      } catch (error) {
        if (isDeliberate(error) || request.signal.aborted || !isShownPage(request)) throw error;
        reloadFailed(load);
        await waitToReload(failures, request.signal);
      }
    }
  } finally {
    reloadSettled(load);
  }
}
