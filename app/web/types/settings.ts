/** What /crm/settings answers and its components read (types only). */
import type { SubmissionResult } from "@conform-to/react";
import type { ShopSettingsFormValues } from "~/core/settings/shop-settings-form";
import type { SettingsHistoryEntry } from "~/core/settings/shop-settings-history";

export type { SettingsHistoryEntry };

export interface ShopSettingsPageData {
  /** The settings in force, as the form starts them. */
  values: ShopSettingsFormValues;
  /** The version they are (0 before any save): a save based on an older one is refused. */
  basedOn: number;
  /** Only the owner may save; staff see the page read-only. */
  canEdit: boolean;
  history: SettingsHistoryEntry[];
  notice: string | null;
}

/** A refused save: Conform's reply (per-field messages and what was typed), or a malformed post. */
export type ShopSettingsActionData = { reply: SubmissionResult<string[]> } | { error: string };
