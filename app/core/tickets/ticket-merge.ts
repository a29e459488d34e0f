/**
 * Merging a duplicate ticket into another (issue 36 item 9, decision 0047), pure: which number staff typed,
 * whether the merge may happen, and what it says. The merge itself is one guarded D1 batch
 * (services/tickets/ticket-merge.server.ts).
 */

export const MERGE_TEXT = {
  merged: "お問い合わせを統合しました。統合元のメッセージ・メモ・タグはこちらに移りました。",
  mergedAway: "開いたお問い合わせは統合済みのため、統合先を表示しています。",
  targetRequired: "統合先のお問い合わせ番号を半角数字で入力してください（例：12）。",
  self: "同じお問い合わせには統合できません。別のお問い合わせの番号を入力してください。",
  targetNotFound: "統合先のお問い合わせが見つかりません。番号を確かめてください。",
  otherCustomer: "統合できるのは同じお客様のお問い合わせだけです。",
  sourceMerged: "このお問い合わせはすでに別のお問い合わせに統合されています。",
  targetMerged: "統合先のお問い合わせはすでに別のお問い合わせに統合されています。統合先の番号を入力してください。",
} as const;

/** The ticket number typed into 「別の問い合わせに統合」: 12, #12, ＃１２; null when it is not one. */
export function mergeTargetId(typed: string): number | null {
  const text = typed.normalize("NFKC").trim().replace(/^#/, "").trim();
  if (!/^\d{1,12}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The note the target keeps of a merged ticket's request, written above its text. */
export const mergeNoteHeading = (sourceId: number) => `#${sourceId} から統合：\n`;

export interface MergeSide {
  /** The member's, or for a guest's ticket null with the guest's address. */
  userId: number | null;
  guestEmail: string | null;
  mergedIntoId: number | null;
}

/** Why a merge of `source` into `target` cannot happen (as they stand); null when it can. */
export function mergeRefusal(sourceId: number, targetId: number, source: MergeSide | null, target: MergeSide | null): string | null {
  if (sourceId === targetId) return MERGE_TEXT.self;
  if (!target) return MERGE_TEXT.targetNotFound;
  if (source?.mergedIntoId != null) return MERGE_TEXT.sourceMerged;
  if (target.mergedIntoId != null) return MERGE_TEXT.targetMerged;
  if (source && (source.userId !== target.userId || source.guestEmail !== target.guestEmail)) return MERGE_TEXT.otherCustomer;
  return null;
}
