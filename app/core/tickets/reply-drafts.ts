/**
 * Approval before send (issue 36 item 8, as Re:lation and メールディーラー have it): a staff account can be set
 * so that its replies wait as 承認待ち; a colleague whose own replies need no approval sends them as written,
 * edits and sends them, or returns them with a comment (差戻し). The writer can withdraw one still waiting.
 */
export type DraftStatus = "pending" | "approved" | "returned" | "withdrawn";

export const DRAFT_STATUS_LABELS: Record<DraftStatus, string> = {
  pending: "承認待ち",
  approved: "承認済み（送信済み）",
  returned: "差戻し",
  withdrawn: "取り下げ",
};

export const APPROVALS_PATH = "/crm/approvals";

/** A return's comment: required, so the writer knows what to change. */
export const DRAFT_COMMENT_MAX_LENGTH = 1000;

export const DRAFT_TEXT = {
  pending: "返信を承認待ちにしました。承認されるとお客様に送信されます。",
  approved: "返信を承認し、お客様に送信しました。",
  returned: "返信を差し戻しました。",
  withdrawn: "承認待ちの返信を取り下げました。",
  notPending: "この返信はすでに承認・差戻し・取り下げのいずれかが済んでいます。",
  notFound: "承認待ちの返信が見つかりません。",
  notApprover: "返信を承認できるのは、返信に承認が不要なスタッフだけです。",
  ownDraft: "自分の返信は承認できません。ほかのスタッフに承認を依頼してください。",
  notAuthor: "取り下げられるのは自分の返信だけです。",
  commentRequired: "差戻しの理由を入力してください。",
  commentTooLong: `差戻しの理由は${DRAFT_COMMENT_MAX_LENGTH}文字以内で入力してください。`,
  approvalSet: (name: string, needs: boolean) => (needs ? `${name}さんの返信は承認が必要になりました。` : `${name}さんの返信は承認なしで送信されます。`),
  selfApproval: "自分の承認設定は変更できません。",
  staffNotFound: "スタッフが見つかりません。",
} as const;
