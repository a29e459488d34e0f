/**
 * The commission section of /crm/merchants/{id} (staff; decision 0060): the merchant's own rate, a category's
 * rate added or changed, and one taken away — three plain forms with per-field Japanese messages and PRG.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { CategoryCommissionSchema, COMMISSION_TEXT, MerchantCommissionSchema, RemoveCategoryCommissionSchema } from "~/core/merchant/merchant-statement-forms";
import { STATEMENT_TEXT } from "~/core/merchant/merchant-statements";
import { MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import { removeCategoryCommission, saveCategoryCommission, saveMerchantCommission } from "~/services/merchant/merchant-commissions.server";
import { parseSubmission } from "../form-submission.server";
import { invariantResponse, withNotice } from "../http.server";
import { readInput } from "../input.server";
import type { CommissionActionData } from "../types/merchants";

export const COMMISSION_INTENTS = ["commission", "commission-category", "commission-remove"] as const;
export type CommissionIntent = (typeof COMMISSION_INTENTS)[number];

export const isCommissionIntent = (intent: string): intent is CommissionIntent => (COMMISSION_INTENTS as readonly string[]).includes(intent);

/** The notices the forms come back with (?notice=…). */
export const COMMISSION_NOTICES = {
  commissionSaved: COMMISSION_TEXT.saved,
  categoryCommissionSaved: COMMISSION_TEXT.categorySaved,
  categoryCommissionRemoved: COMMISSION_TEXT.categoryRemoved,
} as const;

/** Applies one of the section's forms for `merchantId` and goes back to `path` (303), or answers the form's messages. */
export async function commissionAction(form: FormData, context: AppLoadContext, merchantId: number, intent: CommissionIntent, path: string) {
  if (intent === "commission") {
    const submission = parseSubmission(form, { schema: MerchantCommissionSchema });
    if (submission.status !== "success") return data<CommissionActionData>({ intent, reply: submission.reply() }, { status: 400 });
    invariantResponse(await saveMerchantCommission(context.db, merchantId, submission.value.commission), STATEMENT_TEXT.merchantNotFound, { status: 404 });
    throw redirect(withNotice(path, "commissionSaved"), 303);
  }
  if (intent === "commission-category") {
    const submission = parseSubmission(form, { schema: CategoryCommissionSchema });
    if (submission.status !== "success") return data<CommissionActionData>({ intent, reply: submission.reply() }, { status: 400 });
    const saved = await saveCategoryCommission(context.db, merchantId, submission.value.categoryId, submission.value.commission);
    invariantResponse(saved !== "no_merchant", STATEMENT_TEXT.merchantNotFound, { status: 404 });
    if (saved === "no_category")
      return data<CommissionActionData>(
        { intent, reply: submission.reply({ fieldErrors: { categoryId: [COMMISSION_TEXT.unknownCategory] } }) },
        { status: 400 },
      );
    throw redirect(withNotice(path, "categoryCommissionSaved"), 303);
  }
  const removal = readInput(RemoveCategoryCommissionSchema, form);
  if (!removal.ok) return data<CommissionActionData>({ intent: "malformed", error: MALFORMED_INPUT_MESSAGE }, { status: 400 });
  if (!(await removeCategoryCommission(context.db, merchantId, removal.input.categoryId)))
    return data<CommissionActionData>({ intent, error: COMMISSION_TEXT.categoryNotSet }, { status: 404 });
  throw redirect(withNotice(path, "categoryCommissionRemoved"), 303);
}
