import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

const MESSAGES: Record<number, { title: string; body: string }> = {
  400: { title: "リクエストが正しくありません", body: "入力内容をご確認のうえ、もう一度お試しください。" },
  403: { title: "このページを表示する権限がありません", body: "ログインしているアカウントをご確認ください。" },
  404: { title: "ページが見つかりません", body: "お探しのページは移動または削除された可能性があります。" },
  405: { title: "この操作は利用できません", body: "ページを再読み込みしてからもう一度お試しください。" },
};
const FALLBACK = { title: "エラーが発生しました", body: "時間をおいてもう一度お試しください。解決しない場合はお問い合わせください。" };

/** The status and Japanese heading and text of the error page for what a loader or action threw. */
export function errorPageText(error: unknown): { status: number; title: string; body: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return { status, ...(MESSAGES[status] ?? FALLBACK) };
}

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
  const { status, title, body } = errorPageText(error);
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
