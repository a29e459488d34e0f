/**
 * Staff approval of merchant product changes (issue 38 item 7, decision 0066), pure: the states of a
 * submission, what each is called, the messages, and the staff's decision form. With the owner's setting
 * `merchantProductApproval` on, a merchant's save of a product (editor, new product, CSV import) becomes a
 * submission (承認待ち) that staff approve (公開: the payload is saved as the editor saves it) or return
 * (差戻し, with a comment); the merchant may withdraw it (取り下げ), and a newer save withdraws the older.
 */
import * as v from "valibot";
import { IdSchema, MALFORMED_INPUT_MESSAGE } from "../validation";

export const PRODUCT_APPROVALS_PATH = "/crm/product-approvals";

export type SubmissionStatus = "pending" | "approved" | "returned" | "withdrawn";
export type SubmissionKind = "new" | "edit";

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  pending: "承認待ち",
  approved: "公開（承認済み）",
  returned: "差戻し",
  withdrawn: "取り下げ",
};

export const SUBMISSION_KIND_LABELS: Record<SubmissionKind, string> = { new: "新規登録", edit: "変更" };

/** A product never on sale is submitted as new: its approval puts it on sale. One sold before is an edit. */
export function submissionKindOf(product: { publishedAt: Date | string | null }): SubmissionKind {
  return product.publishedAt == null ? "new" : "edit";
}

export const COMMENT_MAX = 1000;

export const PRODUCT_APPROVAL_TEXT = {
  commentRequired: "差戻しの理由（出品者へのコメント）を入力してください",
  commentTooLong: `コメントは${COMMENT_MAX.toLocaleString("ja-JP")}文字以内で入力してください`,
  notFound: "この申請は見つかりません。",
  alreadyDecided: (status: SubmissionStatus) =>
    `この申請はほかのスタッフがすでに処理しました（${SUBMISSION_STATUS_LABELS[status]}）。一覧を読み込み直してください。`,
  replaced: "この申請は出品者が新しい内容で申請し直したため、処理できません。新しい申請を確認してください。",
  withdrawn: "この申請は出品者が取り下げたため、処理できません。",
  productChanged: "申請の後に商品が変更されたため、このまま承認すると変更を上書きしてしまいます。差戻して、出品者に申請し直してもらってください。",
  invalidPayload: (reason: string) => `申請の内容が現在の商品の条件に合わないため承認できません（${reason}）。差戻してください。`,
  cannotPublish: (reason: string) => `申請の内容では商品を公開できないため承認できません（${reason}）。差戻してください。`,
  busy: "ほかの操作と重なったため承認できませんでした。もう一度お試しください。",
  // The merchant's side.
  submitted: "変更を申請しました。スタッフの承認後にショップに反映されます（承認待ち）。",
  submittedNew: "商品を登録し、公開の承認を申請しました。スタッフの承認後にショップに公開されます。",
  unchanged: "変更がないため、申請しませんでした。",
  withdrawnNotice: "申請を取り下げました。",
  nothingToWithdraw: "取り下げられる申請はありません。ページを読み込み直してください。",
  awaitingFirstApproval: "この商品はスタッフの承認後に公開されます。内容を保存すると公開の承認を申請します。",
  approvalTurnedOn: "この間に承認制に切り替わりました。もう一度保存すると承認を申請します。",
} as const;

/** The staff's decision on one submission, posted from the review page (JS on or off). */
export const DecisionFormSchema = v.variant(
  "intent",
  [
    v.object({ intent: v.literal("approve"), submissionId: IdSchema }),
    v.object({
      intent: v.literal("return"),
      submissionId: IdSchema,
      // Conform sends an empty textarea as no value at all: that too is "enter a comment".
      comment: v.pipe(
        v.optional(v.string(PRODUCT_APPROVAL_TEXT.commentRequired), ""),
        v.trim(),
        v.nonEmpty(PRODUCT_APPROVAL_TEXT.commentRequired),
        v.maxLength(COMMENT_MAX, PRODUCT_APPROVAL_TEXT.commentTooLong),
      ),
    }),
  ],
  MALFORMED_INPUT_MESSAGE,
);

export type DecisionInput = v.InferOutput<typeof DecisionFormSchema>;

export const PRODUCT_APPROVAL_NOTICES = {
  approved: "申請を承認し、ショップに反映しました。出品者にメールでお知らせしました。",
  returned: "申請を差戻しました。出品者にコメントをメールでお知らせしました。",
} as const;
