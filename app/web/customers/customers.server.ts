/**
 * /crm/customers over HTTP (staff only: each route calls requireStaff first; suspend and resume call
 * requireOwner): the search read from the URL, a member's record with its forms (points adjustment,
 * suspension, resumption; Conform replies with Japanese messages, PRG with a notice), staff's address
 * correction and a guest's page. Every form works as a plain post without JS.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { PointAdjustmentSchema, SuspensionSchema, CustomerIntentSchema, GuestQuerySchema } from "~/core/customers/customer-forms";
import { customerPath } from "~/core/customers/customer-paths";
import { CUSTOMER_MESSAGES } from "~/core/customers/customer-records";
import { CUSTOMER_LISTING } from "~/core/customers/customer-search";
import { ADDRESS_FORM_MESSAGES } from "~/core/address/address-form";
import { parseListingQuery } from "~/core/search/listing-query";
import { IdSchema, MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import type { SessionUser } from "~/services/account/sessions.server";
import { adjustCustomerPoints, correctCustomerAddress, setCustomerSuspension } from "~/services/customers/customer-changes.server";
import { loadCustomerAddress, loadCustomerRecord } from "~/services/customers/customer-record.server";
import { searchCustomers } from "~/services/customers/customer-search.server";
import { loadGuestRecord } from "~/services/customers/guest-record.server";
import { requireOwner } from "../account/auth.server";
import { readAddressFormPost } from "../address/addresses.server";
import { parseSubmission } from "../form-submission.server";
import { invariantResponse, readFormData, withNotice } from "../http.server";
import { readInput, redirectedNotice } from "../input.server";
import { canonicalListingRedirect } from "../search/listing.server";
import type { CustomerActionData } from "../types/customers";

type Context = AppLoadContext;

const NO_STORE = { "Cache-Control": "private, no-store" } as const;

const NOTICES = {
  points_added: CUSTOMER_MESSAGES.pointsAdded,
  points_taken: CUSTOMER_MESSAGES.pointsTaken,
  suspended: CUSTOMER_MESSAGES.suspended,
  resumed: CUSTOMER_MESSAGES.resumed,
  address_corrected: CUSTOMER_MESSAGES.addressCorrected,
} as const;

/** A member's id from the URL: a malformed one is the same 404 as an id no member has. */
function customerIdOf(rawId: string | undefined): number {
  const id = v.safeParse(IdSchema, rawId);
  invariantResponse(id.success, CUSTOMER_MESSAGES.notFound, { status: 404 });
  return id.output;
}

export async function loadCustomerSearch(request: Request, context: Context) {
  const url = new URL(request.url);
  const query = parseListingQuery(CUSTOMER_LISTING, url.searchParams);
  const canonical = canonicalListingRedirect(url, CUSTOMER_LISTING, query);
  if (canonical) throw canonical;
  const found = await searchCustomers(context.db, query);
  // The listing's definition comes with the data: the page loads neither it nor its choices.
  return data({ definition: CUSTOMER_LISTING, ...found }, { headers: NO_STORE });
}

/** A member's record (404 for any other account); `viewer` decides whether the owner's controls show. */
export async function loadCustomerPage(request: Request, context: Context, viewer: SessionUser, rawId: string | undefined, now = new Date()) {
  const record = await loadCustomerRecord(context.db, customerIdOf(rawId), now);
  invariantResponse(record, CUSTOMER_MESSAGES.notFound, { status: 404 });
  return data({ record, isOwner: viewer.isOwner, notice: redirectedNotice(request, NOTICES) }, { headers: NO_STORE });
}

/**
 * The record page's forms: 付与・差し引き of points (staff, within the owner's limit; the owner any amount),
 * and suspend / resume (the owner: plain staff are answered 403 before anything is read).
 */
export async function customerAction(request: Request, context: Context, staff: SessionUser, rawId: string | undefined, now = new Date()) {
  const customerId = customerIdOf(rawId);
  const form = await readFormData(request);
  const intent = readInput(CustomerIntentSchema, form);
  if (!intent.ok) return data<CustomerActionData>({ intent: "malformed", error: MALFORMED_INPUT_MESSAGE }, { status: 400 });
  const path = customerPath(customerId);

  if (intent.input.intent === "adjust_points") {
    const submission = parseSubmission(form, { schema: PointAdjustmentSchema });
    if (submission.status !== "success") return data<CustomerActionData>({ intent: "adjust_points", reply: submission.reply() }, { status: 400 });
    const outcome = await adjustCustomerPoints(context.db, staff, customerId, submission.value, now);
    if (!outcome.ok) {
      invariantResponse(outcome.status !== 404, outcome.error, { status: 404 });
      return data<CustomerActionData>({ intent: "adjust_points", reply: submission.reply({ formErrors: [outcome.error] }) }, { status: outcome.status });
    }
    throw redirect(withNotice(path, outcome.amount > 0 ? "points_added" : "points_taken"), 303);
  }

  const owner = await requireOwner(request, context);
  const submission = parseSubmission(form, { schema: SuspensionSchema });
  const which = intent.input.intent;
  if (submission.status !== "success") return data<CustomerActionData>({ intent: which, reply: submission.reply() }, { status: 400 });
  const outcome = await setCustomerSuspension(context.db, owner, customerId, { suspend: which === "suspend", reason: submission.value.reason }, now);
  if (!outcome.ok) {
    invariantResponse(outcome.status !== 404, outcome.error, { status: 404 });
    return data<CustomerActionData>({ intent: which, reply: submission.reply({ formErrors: [outcome.error] }) }, { status: outcome.status });
  }
  throw redirect(withNotice(path, which === "suspend" ? "suspended" : "resumed"), 303);
}

/** The address ids of staff's correction page; a malformed one is the same 404 as another member's. */
function addressIdOf(rawId: string | undefined): number {
  const id = v.safeParse(IdSchema, rawId);
  invariantResponse(id.success, ADDRESS_FORM_MESSAGES.notFound, { status: 404 });
  return id.output;
}

/** Staff's correction page: one address of the member's (404 for another member's, or no member). */
export async function loadCustomerAddressPage(context: Context, rawCustomerId: string | undefined, rawAddressId: string | undefined) {
  const found = await loadCustomerAddress(context.db, customerIdOf(rawCustomerId), addressIdOf(rawAddressId));
  invariantResponse(found, ADDRESS_FORM_MESSAGES.notFound, { status: 404 });
  return data(found, { headers: NO_STORE });
}

/**
 * Staff's correction: the member's own address form and rules (住所を検索 without JS included), saved over
 * the version the page showed and recorded in the audit log, then back to the record.
 */
export async function customerAddressAction(
  request: Request,
  context: Context,
  staff: SessionUser,
  rawCustomerId: string | undefined,
  rawAddressId: string | undefined,
  now = new Date(),
) {
  const customerId = customerIdOf(rawCustomerId);
  const addressId = addressIdOf(rawAddressId);
  const post = await readAddressFormPost(request, context);
  if (!post.ok) return post.answer;
  invariantResponse(post.version != null, MALFORMED_INPUT_MESSAGE);
  const outcome = await correctCustomerAddress(context.db, staff, { customerId, addressId, version: post.version }, post.address, now);
  if (!outcome.ok) {
    invariantResponse(outcome.status !== 404, outcome.error, { status: 404 });
    return post.refused(outcome.error, 409);
  }
  throw redirect(withNotice(customerPath(customerId), "address_corrected"), 303);
}

/** /crm/customers/guest?email=…: a malformed address is 400, one with no guest order or ticket 404. */
export async function loadGuestPage(request: Request, context: Context) {
  const query = readInput(GuestQuerySchema, new URL(request.url).searchParams);
  invariantResponse(query.ok, query.ok ? "" : query.error);
  const record = await loadGuestRecord(context.db, query.input.email);
  invariantResponse(record, CUSTOMER_MESSAGES.guestNotFound, { status: 404 });
  return data({ record }, { headers: NO_STORE });
}
