/** What the account settings page (/user/profile) and its forms share: types only. */
import type { SubmissionResult } from "@conform-to/react";
import type { SettingsIntent } from "~/core/account/account-settings";
import type { AccountSettings } from "~/services/account/account-settings.server";

/** A refused submit: which form, and Conform's reply (its values and messages). */
export interface SettingsActionData {
  intent: SettingsIntent;
  result: SubmissionResult<string[]>;
}

/** The page's data: the member's settings as stored, and the notice of the change just made. */
export type AccountSettingsView = AccountSettings & { notice: string | null };

/** The e-mail change link's page: the new address to confirm, or why the link cannot be used. */
export type EmailChangeLinkView = { ok: true; email: string } | { ok: false; error: string };

/** The newsletter's unsubscribe page: the member's current choice, or why the link is refused. */
export type UnsubscribeView = { ok: true; subscribed: boolean; notice: string | null } | { ok: false; error: string };
