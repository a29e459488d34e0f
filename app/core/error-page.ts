/** The error page's Japanese texts by status (components/GeneralErrorBoundary, root's title). */
const MESSAGES: Record<number, { title: string; body: string }> = {
  400: { title: "リクエストが正しくありません", body: "入力内容をご確認のうえ、もう一度お試しください。" },
  403: { title: "このページを表示する権限がありません", body: "ログインしているアカウントをご確認ください。" },
  404: { title: "ページが見つかりません", body: "お探しのページは移動または削除された可能性があります。" },
  405: { title: "この操作は利用できません", body: "ページを再読み込みしてからもう一度お試しください。" },
};
const FALLBACK = { title: "エラーが発生しました", body: "時間をおいてもう一度お試しください。解決しない場合はお問い合わせください。" };

/** The status and Japanese heading and text of the error page for a response status (500: anything unexpected). */
export function errorPageText(status: number): { status: number; title: string; body: string } {
  return { status, ...(MESSAGES[status] ?? FALLBACK) };
}
