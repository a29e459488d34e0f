/** What the customer pages (/crm/customers) answer and their components read (types only). */
import type { SubmissionResult } from "@conform-to/react";

export type { CustomerRow, GuestMatch } from "~/services/customers/customer-search.server";
export type { CustomerOrder, CustomerReturn, CustomerTicket } from "~/services/customers/customer-activity.server";
export type { CustomerChangeLine, CustomerLedgerLine, CustomerLogin, CustomerProfile, CustomerRecord } from "~/services/customers/customer-record.server";
export type { GuestRecord } from "~/services/customers/guest-record.server";

/** The customer page's forms' answers: Conform's reply for the form posted, or a post no page sends. */
export type CustomerActionData = { intent: "adjust_points" | "suspend" | "resume"; reply: SubmissionResult<string[]> } | { intent: "malformed"; error: string };
