/**
 * What the address pages and the address JSON endpoints share: the member guard for JSON callers,
 * reading a posted change (one address, or the spec's list) and answering it, the owner-checked address
 * of the edit/delete pages, their actions (save or 住所を検索 without JS, delete), and where they go back to.
 */
import { parseSubmission } from "~/web/form-submission.server";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { getOptionalUser } from "~/web/account/auth.server";
import {
  parseAddressChangeJson,
  readAddressChange,
  readAddressChangeForm,
  type AddressChange,
  type AddressChangeBody,
  type AddressChangeRead,
} from "~/core/address/address-changes";
import { ADDRESS_FORM_MESSAGES, AddressSchema, type AddressInput } from "~/core/address/address-form";
import { CHOSEN_ADDRESS_PARAM } from "~/core/checkout/checkout-draft";
import { IdSchema, MALFORMED_INPUT_MESSAGE, ReturnPathSchema, ReturnToSchema, TextOrNullSchema } from "~/core/validation";
import {
  invariantJson,
  invariantResponse,
  isNavigation,
  loginRequired,
  readApiFormData,
  readFormData,
  redirectWithNotice,
  withNotice,
  withQueryParam,
} from "~/web/http.server";
import { parseInput, parseQuery } from "~/web/input.server";
import type { SessionUser } from "~/services/account/sessions.server";
import { changeAddressBook, findAddress } from "~/services/address/addresses.server";
import { completePrefecture, lookUpPostalForm, postalDepsFor } from "~/web/address/postal.server";
import type { AddressBookActionData, AddressFormActionData } from "~/web/types/addresses";

type Context = Pick<AppLoadContext, "db" | "sessionStorage" | "cloudflare">;

export const ADDRESS_BOOK_PATH = "/user/profile/addresses";
/** Largest JSON body read (a list of 20 addresses is about 10 KB). */
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

/**
 * The change a body names (core/address/address-changes): a form (one change's fields, or the spec's list) or JSON.
 * A body that cannot be read at all is a thrown 400; what it names is validated by the caller's answer.
 */
export async function readPostedAddressChange(request: Request): Promise<AddressChangeRead> {
  const type = request.headers.get("Content-Type") ?? "";
  let body: AddressChangeBody | null;
  if (/^application\/json\b/i.test(type)) {
    const text = await request.text().catch(() => "");
    body = text.length > MAX_LIST_BODY ? null : parseAddressChangeJson(text);
  } else {
    body = readAddressChangeForm((await readApiFormData(request)).entries());
  }
  invariantJson(body, ADDRESS_FORM_MESSAGES.listInvalid);
  return readAddressChange(body);
}

/**
 * The JSON endpoints' answer to a posted change: 200 `{ addresses, version, address }` (the book after it,
 * the whole book's version, the address added or edited); 400 `{ error, form, valide }` for a typed
 * address's messages or `{ error }` for what no page sends; 404/409 `{ error, addresses, version }` with
 * the book as it is now, so a page can show it.
 */
export async function addressChangeAnswer(userId: number, context: Context, read: AddressChangeRead): Promise<Response> {
  if (!read.ok) {
    const fields = Object.keys(read.errors).length > 0 ? { form: { errors: read.errors }, valide: false } : {};
    return Response.json({ error: read.error, ...fields }, { status: 400 });
  }
  const result = await changeAddressBook(context.db, userId, read.change);
  const headers = { "Cache-Control": "private, no-store" };
  if (!result.ok) return Response.json({ error: result.error, ...result.book }, { status: result.status, headers });
  return Response.json({ ...result.book, address: result.address }, { headers });
}

/** The notice a plain post's redirect back to the book shows, per change. */
const CHANGE_NOTICES: Record<AddressChange["intent"], string> = {
  add: "added",
  edit: "updated",
  delete: "deleted",
  set_default: "default",
  replace_list: "saved",
};

/**
 * The book page's action (/user/profile/addresses): one change naming its address (the modal's add and
 * edit, the delete dialog, いつものお届け先にする; see core/address/address-changes). A fetcher gets
 * AddressBookActionData (the page's loader then reloads the book); a plain post (no JS) 303s back with a notice.
 */
export async function addressBookAction(request: Request, context: Context, userId: number) {
  const body = readAddressChangeForm((await readFormData(request)).entries());
  const read: AddressChangeRead = body ? readAddressChange(body) : { ok: false, error: MALFORMED_INPUT_MESSAGE, errors: {} };
  const intent = read.ok ? read.change.intent : "";
  const answer = (result: AddressBookActionData, status: number) => {
    if (isNavigation(request)) {
      if (result.ok && read.ok) throw redirectWithNotice(ADDRESS_BOOK_PATH, CHANGE_NOTICES[read.change.intent]);
      throw new Response(result.ok ? "" : result.error, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    return data<AddressBookActionData>(result, { status });
  };
  if (!read.ok) return answer({ ok: false, intent, error: read.error, errors: read.errors }, 400);
  const result = await changeAddressBook(context.db, userId, read.change);
  return result.ok ? answer({ ok: true, intent }, 200) : answer({ ok: false, intent, error: result.error }, result.status);
}

/** The add/edit form's own fields beside the address (which Conform reads): the 住所を検索 button, the way back and the version shown. */
const AddressFormControlsSchema = v.object({ intent: TextOrNullSchema, redirectTo: ReturnPathSchema, version: TextOrNullSchema });

type AddressFormAnswer = ReturnType<typeof data<AddressFormActionData>>;

/** An add/edit address form as posted: already answered (住所を検索, or the form's messages), or an address to save. */
export type AddressFormPost =
  | { ok: false; answer: AddressFormAnswer }
  | {
      ok: true;
      address: AddressInput;
      /** The version of the address the page showed (an edit names it). */
      version: string | null;
      redirectTo: string | null;
      /** The form again, what was typed kept, with why the save was refused. */
      refused: (error: string, status: 409) => AddressFormAnswer;
    };

/**
 * Reads a posted address form (the member's pages and staff's correction, JS or not): `intent=postal_lookup`
 * answers the form with the looked-up address; otherwise the address is validated (prefecture completed
 * from the postal code when missing), its messages answered with 400.
 */
export async function readAddressFormPost(request: Request, context: Context): Promise<AddressFormPost> {
  const form = await readFormData(request);
  const deps = postalDepsFor(context, request);
  const { intent, redirectTo, version } = parseInput(AddressFormControlsSchema, form);
  if (intent === "postal_lookup") {
    const lookup = await lookUpPostalForm(deps, form);
    // Only the values: no field messages for a form the shopper has not submitted yet.
    const { initialValue } = parseSubmission(lookup.formData, { schema: AddressSchema }).reply();
    return {
      ok: false,
      answer: data<AddressFormActionData>({
        lastResult: { initialValue },
        lookup: { tone: lookup.status === "found" ? "info" : "error", text: lookup.message },
      }),
    };
  }
  const submission = parseSubmission(await completePrefecture(deps, form), { schema: AddressSchema });
  if (submission.status !== "success") {
    return { ok: false, answer: data<AddressFormActionData>({ lastResult: submission.reply(), lookup: null }, { status: 400 }) };
  }
  return {
    ok: true,
    address: submission.value,
    version,
    redirectTo,
    refused: (error, status) => data<AddressFormActionData>({ lastResult: submission.reply({ formErrors: [error] }), lookup: null }, { status }),
  };
}

/**
 * The action of /user/profile/addresses/new and …/{id}/edit (plain forms, JS or not): the form read by
 * readAddressFormPost, then saved — an edit only over the version the page showed (else the form comes
 * back, what was typed kept, saying so) — then 303 back.
 */
export async function addressFormAction(request: Request, context: Context, userId: number, addressId: number | null): Promise<AddressFormAnswer | Response> {
  const post = await readAddressFormPost(request, context);
  if (!post.ok) return post.answer;
  invariantResponse(addressId == null || post.version != null, MALFORMED_INPUT_MESSAGE);
  const change: AddressChange =
    addressId == null ? { intent: "add", address: post.address } : { intent: "edit", id: addressId, version: post.version ?? "", address: post.address };
  const result = await changeAddressBook(context.db, userId, change);
  if (!result.ok) {
    invariantResponse(result.status !== 404, result.error, { status: 404 });
    return post.refused(result.error, result.status);
  }
  throw redirect(returnPath(post.redirectTo, addressId == null ? "added" : "updated", result.address?.id), 303);
}

/**
 * The delete page's action (no JS): deletes the address over the version the confirmation showed; 404 for
 * another member's; a stale page is shown again (the address as it is now) with why nothing was deleted.
 */
export async function deleteAddressAction(request: Request, context: Context, userId: number, addressId: number) {
  const { redirectTo, version } = parseInput(v.object({ redirectTo: ReturnPathSchema, version: TextOrNullSchema }), await readFormData(request));
  invariantResponse(version != null, MALFORMED_INPUT_MESSAGE);
  const result = await changeAddressBook(context.db, userId, { intent: "delete", id: addressId, version });
  if (!result.ok) {
    invariantResponse(result.status !== 404, result.error, { status: 404 });
    return data({ error: result.error }, { status: result.status });
  }
  throw redirect(returnPath(redirectTo, "deleted"), 303);
}

/**
 * Where a no-JS address page goes after saving or deleting: redirectTo (same-site; naming the address it
 * saved, so the checkout comes back with it chosen), else the list with a notice.
 */
export function returnPath(redirectTo: string | null, notice: string, savedId?: number): string {
  if (!redirectTo) return withNotice(ADDRESS_BOOK_PATH, notice);
  return savedId == null ? redirectTo : withQueryParam(redirectTo, CHOSEN_ADDRESS_PARAM, String(savedId));
}
