/**
 * The error page's title by status (root's meta, on every page's first load), kept apart from the page's
 * texts (core/site/error-page.ts), which load with the error page itself.
 */
const TITLES: Record<number, string> = {
  400: "リクエストが正しくありません",
  403: "このページを表示する権限がありません",
  404: "ページが見つかりません",
  405: "この操作は利用できません",
};

/** The error page's Japanese heading for a response status (500: anything unexpected). */
export function errorPageTitle(status: number): string {
  return TITLES[status] ?? "エラーが発生しました";
}
