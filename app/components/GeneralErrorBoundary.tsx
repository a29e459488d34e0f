import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { CONNECTION_ERROR_PAGE, errorPageText, RELOAD_PAGE_LABEL } from "~/core/site/error-page";

/** The Japanese message a 4xx carried: its text, or the `error` of a JSON answer (a route id's 400). */
function errorMessageOf(data: unknown): string | null {
  if (typeof data === "string") return data;
  const message = data != null && typeof data === "object" ? (data as { error?: unknown }).error : null;
  return typeof message === "string" ? message : null;
}

/**
 * A page that could not be fetched in the browser: fetch's network error (a TypeError in every browser),
 * an answer cut off before Remix could read it, or a page's code that did not arrive.
 */
function isConnectionError(error: unknown): boolean {
  if (typeof document === "undefined" || !(error instanceof Error)) return false;
  return error instanceof TypeError || /turbo-stream|dynamically imported module/.test(error.message);
}

/**
 * The Japanese error page: root's ErrorBoundary renders it inside the shop's layout for every route (a
 * route adds its own boundary only when it has more to show than this).
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const connection = isConnectionError(error);
  const { status, title, body } = connection ? CONNECTION_ERROR_PAGE : errorPageText(isRouteErrorResponse(error) ? error.status : 500);
  const detail = status < 500 && isRouteErrorResponse(error) ? errorMessageOf(error.data) : null;
  if (!isRouteErrorResponse(error) && !connection) console.error(error);
  return (
    <section className="mx-auto max-w-xl px-3 py-12 text-center">
      <p className="m-0 text-5xl font-bold text-gray-500">{status}</p>
      <h1 className="text-xl">{title}</h1>
      <p>{detail ?? body}</p>
      <p className="flex flex-wrap justify-center gap-2">
        {connection ? (
          // A document load of the page the shopper asked for: it works whatever the app's state.
          <a href={location.pathname + location.search} className="btn-primary no-underline" data-testid="reload-page">
            {RELOAD_PAGE_LABEL}
          </a>
        ) : null}
        <Link to="/" className={`${connection ? "btn-secondary" : "btn-primary"} no-underline`}>
          トップページへ戻る
        </Link>
      </p>
    </section>
  );
}
