/**
 * The merchant's mails about a product change it submitted for approval (issue 38 item 7, decision 0066):
 * approved (公開) with the changes that went live, or returned (差戻し) with the staff's comment. Written to
 * the outbox in the decision's own batch.
 */
import type { FieldChange } from "~/core/product-approvals/submission-changes";
import { Greeting, Lines } from "./parts";
import type { MailTemplate } from "./render.server";

export interface ProductReviewMailFacts {
  /** Who submitted (the merchant's login), or the merchant's name when that login is gone. */
  name: string;
  productTitle: string;
  kind: "new" | "edit";
  changes: FieldChange[];
  /** The product's page in the merchant portal (absolute). */
  editorUrl: string;
}

const changeLines = (changes: FieldChange[]) => changes.map((change) => `${change.label}：${change.before} → ${change.after}`);

export function productApprovedMail(facts: ProductReviewMailFacts): MailTemplate {
  return {
    brand: "shop",
    subject: `商品の${facts.kind === "new" ? "登録" : "変更"}を承認しました（${facts.productTitle}）`,
    body: (
      <>
        <Greeting name={facts.name} />
        <p>{`申請いただいた商品「${facts.productTitle}」の${facts.kind === "new" ? "登録を承認し、ショップに公開しました" : "変更を承認し、ショップに反映しました"}。`}</p>
        {facts.changes.length > 0 ? (
          <>
            <h3>反映した内容</h3>
            <Lines items={changeLines(facts.changes)} />
          </>
        ) : null}
        <p>
          <a href={facts.editorUrl}>商品の管理画面を開く</a>
        </p>
      </>
    ),
  };
}

export function productReturnedMail(facts: ProductReviewMailFacts & { comment: string }): MailTemplate {
  return {
    brand: "shop",
    subject: `商品の${facts.kind === "new" ? "登録" : "変更"}の申請を差戻しました（${facts.productTitle}）`,
    body: (
      <>
        <Greeting name={facts.name} />
        <p>{`申請いただいた商品「${facts.productTitle}」の${facts.kind === "new" ? "登録" : "変更"}を差戻しました。ショップの商品は変わっていません。`}</p>
        <h3>スタッフからのコメント</h3>
        <p style={{ whiteSpace: "pre-wrap" }}>{facts.comment}</p>
        <p>内容を修正して、管理画面からもう一度保存すると、改めて申請されます。</p>
        <p>
          <a href={facts.editorUrl}>商品の管理画面を開く</a>
        </p>
      </>
    ),
  };
}
