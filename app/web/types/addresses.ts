/** What the address pages' routes answer and their components read (types only: the browser bundle imports it). */
import type { SubmissionResult } from "@conform-to/react";

/** The add/edit address form's action data: Conform's reply, and the no-JS 住所を検索 outcome. */
export interface AddressFormActionData {
  lastResult: SubmissionResult<string[]>;
  lookup: { tone: "info" | "error"; text: string } | null;
}

/** The address book page's answer to a fetcher: the change it applied, or why not (field messages for a typed address). */
export type AddressBookActionData = { ok: true; intent: string } | { ok: false; intent: string; error: string; errors?: Record<string, string[] | undefined> };

/** The delete page's answer when nothing was deleted (the address changed since the page showed it). */
export interface DeleteAddressActionData {
  error: string;
}
