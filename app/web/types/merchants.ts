/** What the /crm/merchants pages answer and the merchant components read (types only). */
import type { SubmissionResult } from "@conform-to/react";
import type { findMerchant } from "~/services/merchant/merchant-accounts.server";

export type { MerchantLoginRow, MerchantLoginState, MerchantRow } from "~/services/merchant/merchant-accounts.server";

/** The edit page's merchant, its version and logins (dates as the loader's JSON sends them). */
export type MerchantEditorData = NonNullable<Awaited<ReturnType<typeof findMerchant>>>;

/** A form's answer: Conform's reply (per-field messages, what was typed), or a refusal of the whole post. */
export type MerchantActionData = { intent: "save" | "invite"; reply: SubmissionResult<string[]> } | { intent: "disable" | "malformed"; error: string };
