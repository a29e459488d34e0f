import { Form } from "@remix-run/react";
import { formatDateTime } from "~/core/dates";
import { SUBMISSION_KIND_LABELS } from "~/core/product-approvals/product-approvals";
import type { ProductEditorData } from "~/web/types/catalogue-editor";

/**
 * A merchant's product editor while approval is on (decision 0066): what its save does, and the product's
 * open submission — 承認待ち (the form shows what was submitted; it may be withdrawn) or 差戻し with the
 * staff's comment (the form shows what was submitted, to correct and save again).
 */
export function ProductReviewBanner({ approval, isNew }: { approval: ProductEditorData["approval"]; isNew: boolean }) {
  const { review, required } = approval;
  if (review?.status === "returned") {
    return (
      <section className="mt-4 grid gap-2 rounded bg-red-50 p-3 text-sm text-red-900" data-testid="product-review" data-review-status="returned">
        <p className="m-0 font-bold">
          差戻し：{SUBMISSION_KIND_LABELS[review.kind]}の申請が差戻されました{review.decidedAt ? `（${formatDateTime(review.decidedAt)}）` : ""}
        </p>
        <p className="m-0">スタッフからのコメント：</p>
        <p className="m-0 whitespace-pre-wrap rounded bg-white p-2" data-testid="product-review-comment">
          {review.staffComment}
        </p>
        <p className="m-0">下のフォームは申請した内容です。修正して保存すると、もう一度申請されます。ショップの商品は変わっていません。</p>
      </section>
    );
  }
  if (review?.status === "pending") {
    return (
      <section className="mt-4 grid gap-2 rounded bg-amber-50 p-3 text-sm text-amber-900" data-testid="product-review" data-review-status="pending">
        <p className="m-0 font-bold">
          承認待ち：{SUBMISSION_KIND_LABELS[review.kind]}の申請をスタッフが確認しています（{formatDateTime(review.submittedAt)} 申請）
        </p>
        <p className="m-0">下のフォームは申請中の内容です。保存し直すと、申請が新しい内容に置き換わります。承認されるまでショップの商品は変わりません。</p>
        <Form method="post">
          <input type="hidden" name="intent" value="withdraw" />
          <button type="submit" className="btn-secondary text-sm" data-testid="product-review-withdraw">
            申請を取り下げる
          </button>
        </Form>
      </section>
    );
  }
  if (!required) return null;
  return (
    <p className="m-0 mt-4 rounded bg-gray-50 p-3 text-sm" data-testid="product-review-hint">
      {isNew
        ? "登録した商品は、スタッフの承認後にショップに公開されます。"
        : "保存した変更は、スタッフの承認後にショップに反映されます（在庫の調整と商品画像はすぐに反映されます）。"}
    </p>
  );
}
