/** What the /crm/merchants pages answer and the merchant components read (types only). */
import type { SubmissionResult } from "@conform-to/react";
import type { findMerchant } from "~/services/merchant/merchant-accounts.server";
import type { findMerchantAlertSettings } from "~/services/alerts/merchant-alerts.server";

export type { MerchantLoginRow, MerchantLoginState, MerchantRow } from "~/services/merchant/merchant-accounts.server";

/** The edit page's merchant, its version and logins (dates as the loader's JSON sends them). */
export type MerchantEditorData = NonNullable<Awaited<ReturnType<typeof findMerchant>>>;

/** A form's answer: Conform's reply (per-field messages, what was typed), or a refusal of the whole post. */
export type MerchantActionData =
  | { intent: "save" | "invite"; reply: SubmissionResult<string[]> }
  | MerchantAlertActionData
  | CommissionActionData
  | { intent: "disable" | "malformed"; error: string };

/** The commission section's forms: the merchant's rate and a category's (their messages), or a removal refused. */
export type CommissionActionData =
  { intent: "commission" | "commission-category"; reply: SubmissionResult<string[]> } | { intent: "commission-remove" | "malformed"; error: string };

/** 支払済みにする on a statement: the form's messages, or why it was refused. */
export type PayoutActionData = { intent: "payout"; reply: SubmissionResult<string[]> };

/** The alert settings form's refusal (its messages and what was typed), on /merchant/settings and /crm/merchants/{id}. */
export type MerchantAlertActionData = { intent: "alerts"; reply: SubmissionResult<string[]> };

/** A merchant's alert settings as the form starts them, with the addresses in force (the contact's when none are listed). */
export type MerchantAlertSettingsData = NonNullable<Awaited<ReturnType<typeof findMerchantAlertSettings>>>;

/** A merchant's statements (decision 0060): a month's, and the list's rows; the commission section's settings. */
export type { Statement, StatementLine, StatementSummary } from "~/services/merchant/merchant-statements.server";
export type { CommissionSettings } from "~/services/merchant/merchant-commissions.server";
