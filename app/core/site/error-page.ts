import { errorPageTitle } from "./error-page-title";

/** The error page's Japanese texts by status (components/GeneralErrorBoundary); its titles are root's too. */
const BODIES: Record<number, string> = {
  400: "入力内容をご確認のうえ、もう一度お試しください。",
  403: "ログインしているアカウントをご確認ください。",
  404: "お探しのページは移動または削除された可能性があります。",
  405: "ページを再読み込みしてからもう一度お試しください。",
};
const FALLBACK_BODY = "時間をおいてもう一度お試しください。解決しない場合はお問い合わせください。";

/** The status and Japanese heading and text of the error page for a response status (500: anything unexpected). */
export function errorPageText(status: number): { status: number; title: string; body: string } {
  return { status, title: errorPageTitle(status), body: BODIES[status] ?? FALLBACK_BODY };
}

/**
 * The error page when the page itself could not be fetched (no connection, an answer cut off): the shopper
 * can reload it once connected. The status shown is the one a gateway gives for it.
 */
export const CONNECTION_ERROR_PAGE = { status: 503, title: "通信できませんでした", body: "電波の良い場所で、ページを再読み込みしてください。" } as const;
export const RELOAD_PAGE_LABEL = "再読み込みする";
