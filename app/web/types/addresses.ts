/** What the address pages' routes answer and their components read (types only: the browser bundle imports it). */
import type { SubmissionResult } from "@conform-to/react";

/** The add/edit address form's action data: Conform's reply, and the no-JS 住所を検索 outcome. */
export interface AddressFormActionData {
  lastResult: SubmissionResult<string[]>;
  lookup: { tone: "info" | "error"; text: string } | null;
}
