/** What /crm/product-approvals answers and its components read (types only). */
import type { SubmissionResult } from "@conform-to/react";
import type { DecidedSubmission, PendingSubmission } from "~/services/product-approvals/submission-reads.server";

export interface ProductApprovalsPageData {
  pending: (Omit<PendingSubmission, "submittedAt"> & { submittedAt: string })[];
  recent: (Omit<DecidedSubmission, "decidedAt"> & { decidedAt: string | null })[];
  notice: string | null;
}

/** A decision that did not go through: at its submission (null when the post named none), the form's reply with the message. */
export interface ProductApprovalActionData {
  submissionId: number | null;
  lastResult: SubmissionResult<string[]>;
}
