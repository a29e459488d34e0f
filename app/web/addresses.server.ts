/**
 * What the address pages and the address JSON endpoints share: the member guard for JSON callers,
 * reading a posted list, the owner-checked address of the edit/delete pages, the add/edit form action
 * (save or 住所を検索 without JS), and the answers.
 */
import { parseSubmission } from "~/web/form-submission.server";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { getOptionalUser } from "~/web/auth.server";
import { ADDRESS_FORM_MESSAGES, AddressSchema, parseAddressListJson, readAddressList, validateAddressList } from "~/core/address-form";
import { IdSchema, ReturnPathSchema, ReturnToSchema, TextOrNullSchema } from "~/core/validation";
import { invariantJson, invariantResponse, loginRequired, readApiFormData, readFormData, withNotice } from "~/web/http.server";
import { parseInput, parseQuery } from "~/web/input.server";
import type { SessionUser } from "~/services/sessions.server";
import { addAddress, findAddress, saveAddressList, updateAddress } from "~/services/addresses.server";
import { completePrefecture, lookUpPostalForm, postalDepsFor } from "~/web/postal.server";
import type { AddressFormActionData } from "~/web/types/addresses";

type Context = Pick<AppLoadContext, "db" | "sessionStorage" | "cloudflare">;

export const ADDRESS_BOOK_PATH = "/user/profile/addresses";
/** Largest list body read (20 addresses are about 10 KB). */
const MAX_LIST_BODY = 64 * 1024;

/** The id in an address page's URL; a malformed one is the same 404 as another member's. */
export function ownedAddressId(value: string | undefined): number {
  const id = v.safeParse(IdSchema, value);
  invariantResponse(id.success, ADDRESS_FORM_MESSAGES.notFound, { status: 404 });
  return id.output;
}

/**
 * The edit and delete pages' loader data: the member's own address (404 for anyone else's) and where
 * to come back to (only a local path).
 */
export async function loadOwnedAddressPage(request: Request, context: Context, userId: number, rawId: string | undefined) {
  const address = await findAddress(context.db, userId, ownedAddressId(rawId));
  invariantResponse(address, ADDRESS_FORM_MESSAGES.notFound, { status: 404 });
  return { address, redirectTo: parseQuery(request, ReturnToSchema).redirectTo };
}

/** The member calling a JSON endpoint; a guest gets 401 JSON (a plain form post goes to /login). */
export async function requireMemberForApi(request: Request, context: Context, returnTo = ADDRESS_BOOK_PATH): Promise<SessionUser> {
  const user = await getOptionalUser(request, context);
  if (!user) throw loginRequired(request, returnTo);
  return user;
}

/** A list posted as JSON (`[...]` or `{ addresses: [...] }`) or as a form (`addresses` JSON text, or addresses[0][field]). */
export async function readPostedAddressList(request: Request): Promise<Record<string, string>[]> {
  const type = request.headers.get("Content-Type") ?? "";
  let rows: Record<string, string>[] | null;
  if (/^application\/json\b/i.test(type)) {
    const text = await request.text().catch(() => "");
    rows = text.length > MAX_LIST_BODY ? null : parseAddressListJson(text);
  } else {
    rows = readAddressList((await readApiFormData(request)).entries());
  }
  invariantJson(rows, ADDRESS_FORM_MESSAGES.listInvalid);
  return rows;
}

/** Saves a posted list for the member: `{ addresses }` (the saved list), or 4xx `{ error, form, valide }`. */
export async function saveListAnswer(userId: number, context: Context, rows: Record<string, string>[]): Promise<Response> {
  const validation = validateAddressList(rows);
  if (!validation.ok) {
    return Response.json({ error: validation.error, form: { errors: validation.errors }, valide: false }, { status: 400 });
  }
  const saved = await saveAddressList(context.db, userId, validation.entries);
  if (!saved.ok) return Response.json({ error: saved.error }, { status: saved.status });
  return Response.json({ addresses: saved.value }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * The action of /user/profile/addresses/new and …/{id}/edit (plain forms, JS or not):
 * `intent=postal_lookup` re-renders the form with the looked-up address; otherwise the address is
 * validated (prefecture completed from the postal code when missing) and saved, then 303 back.
 */
/** The add/edit form's own fields beside the address (which Conform reads): the 住所を検索 button and the way back. */
const AddressFormControlsSchema = v.object({ intent: TextOrNullSchema, redirectTo: ReturnPathSchema });

export async function addressFormAction(
  request: Request,
  context: Context,
  userId: number,
  addressId: number | null,
): Promise<ReturnType<typeof data<AddressFormActionData>> | Response> {
  const form = await readFormData(request);
  const deps = postalDepsFor(context, request);
  const { intent, redirectTo } = parseInput(AddressFormControlsSchema, form);
  if (intent === "postal_lookup") {
    const lookup = await lookUpPostalForm(deps, form);
    // Only the values: no field messages for a form the shopper has not submitted yet.
    const { initialValue } = parseSubmission(lookup.formData, { schema: AddressSchema }).reply();
    return data<AddressFormActionData>({
      lastResult: { initialValue },
      lookup: { tone: lookup.status === "found" ? "info" : "error", text: lookup.message },
    });
  }
  const submission = parseSubmission(await completePrefecture(deps, form), { schema: AddressSchema });
  if (submission.status !== "success") {
    return data<AddressFormActionData>({ lastResult: submission.reply(), lookup: null }, { status: 400 });
  }
  const result =
    addressId == null ? await addAddress(context.db, userId, submission.value) : await updateAddress(context.db, userId, addressId, submission.value);
  if (!result.ok) {
    invariantResponse(result.status !== 404, result.error, { status: 404 });
    return data<AddressFormActionData>({ lastResult: submission.reply({ formErrors: [result.error] }), lookup: null }, { status: result.status });
  }
  const notice = addressId == null ? "added" : "updated";
  throw redirect(returnPath(redirectTo, notice), 303);
}

/** Where a no-JS address page goes after saving or deleting: redirectTo (same-site), else the list with a notice. */
export function returnPath(redirectTo: string | null, notice: string): string {
  return redirectTo || withNotice(ADDRESS_BOOK_PATH, notice);
}
