/** Staff replies to reviews (/crm/reviews): the list's filter and the reply's limits and messages. Pure. */

export const REVIEW_REPLY_MAX_LENGTH = 2000;
export const REVIEWS_ADMIN_PAGE_SIZE = 20;

export const REVIEW_REPLY_TEXT = {
  empty: "返信を入力してください",
  tooLong: `返信は${REVIEW_REPLY_MAX_LENGTH}文字以内で入力してください`,
  notFound: "レビューが見つかりません。",
  saved: "返信を保存しました。商品ページに「スタッフ」として表示されます。",
  removed: "返信を削除しました。",
} as const;

export type ReviewFilter = "unreplied" | "replied" | "all";
export const REVIEW_FILTERS: { value: ReviewFilter; label: string }[] = [
  { value: "unreplied", label: "未返信" },
  { value: "replied", label: "返信済み" },
  { value: "all", label: "すべて" },
];

/** The list's `filter` parameter; anything else shows the reviews still waiting for a reply. */
export function reviewFilter(value: string | null): ReviewFilter {
  return value === "replied" || value === "all" ? value : "unreplied";
}
