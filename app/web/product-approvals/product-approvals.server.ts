/**
 * /crm/product-approvals over HTTP (staff, decision 0066): the merchants' pending product submissions with
 * their changes before → after, and the decision on one of them — 承認 or 差戻し with a comment — as a plain
 * POST read by Conform with the one schema (JS on or off). A refused decision comes back at its submission
 * with the typed comment and a Japanese message; a decision done redirects with a notice (PRG).
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { DecisionFormSchema, PRODUCT_APPROVAL_NOTICES, PRODUCT_APPROVALS_PATH } from "~/core/product-approvals/product-approvals";
import { approveSubmission, returnSubmission } from "~/services/product-approvals/submission-decisions.server";
import { loadReviewPage } from "~/services/product-approvals/submission-reads.server";
import type { CatalogueEditor } from "../account/auth.server";
import { parseSubmission } from "../form-submission.server";
import { readFormData, redirectWithNotice } from "../http.server";
import { redirectedNotice } from "../input.server";
import { mailFrame } from "../mail/mail.server";
import { purgeProductPages } from "../site/edge-cache.server";
import type { ProductApprovalActionData, ProductApprovalsPageData } from "../types/product-approvals";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loadProductApprovalsPage(request: Request, context: AppLoadContext) {
  const { pending, recent } = await loadReviewPage(context.db);
  return data<ProductApprovalsPageData>(
    {
      pending: pending.map((entry) => ({ ...entry, submittedAt: entry.submittedAt.toISOString() })),
      recent: recent.map((entry) => ({ ...entry, decidedAt: entry.decidedAt?.toISOString() ?? null })),
      notice: redirectedNotice(request, PRODUCT_APPROVAL_NOTICES),
    },
    { headers: NO_STORE },
  );
}

export async function productApprovalsAction(request: Request, context: AppLoadContext, staff: CatalogueEditor, now: Date = new Date()) {
  const form = await readFormData(request);
  const submission = parseSubmission(form, { schema: DecisionFormSchema });
  const postedId = Number(form.get("submissionId"));
  const at = { submissionId: Number.isSafeInteger(postedId) && postedId > 0 ? postedId : null };
  if (submission.status !== "success") return data<ProductApprovalActionData>({ ...at, lastResult: submission.reply() }, { status: 400 });
  const input = submission.value;
  const frame = await mailFrame(request, context);
  const result =
    input.intent === "approve"
      ? await approveSubmission(context.db, staff.actor, input.submissionId, frame, now)
      : await returnSubmission(context.db, staff.actor, input.submissionId, input.comment, frame, now);
  if (!result.ok) return data<ProductApprovalActionData>({ ...at, lastResult: submission.reply({ formErrors: [result.error] }) }, { status: result.status });
  if (input.intent === "approve") await purgeProductPages(context, [result.productId]);
  throw redirectWithNotice(PRODUCT_APPROVALS_PATH, input.intent === "approve" ? "approved" : "returned");
}
