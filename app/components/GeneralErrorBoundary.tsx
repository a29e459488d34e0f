import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { errorPageText } from "~/core/error-page";

/** The Japanese message a 4xx carried: its text, or the `error` of a JSON answer (a route id's 400). */
function errorMessageOf(data: unknown): string | null {
  if (typeof data === "string") return data;
  const message = data != null && typeof data === "object" ? (data as { error?: unknown }).error : null;
  return typeof message === "string" ? message : null;
}

/**
 * The Japanese error page: root's ErrorBoundary renders it inside the shop's layout for every route (a
 * route adds its own boundary only when it has more to show than this).
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { status, title, body } = errorPageText(isRouteErrorResponse(error) ? error.status : 500);
  const detail = status < 500 && isRouteErrorResponse(error) ? errorMessageOf(error.data) : null;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="mx-auto max-w-xl px-3 py-12 text-center">
      <p className="m-0 text-5xl font-bold text-gray-500">{status}</p>
      <h1 className="text-xl">{title}</h1>
      <p>{detail ?? body}</p>
      <p>
        <Link to="/" className="btn-primary no-underline">
          トップページへ戻る
        </Link>
      </p>
    </section>
  );
}
