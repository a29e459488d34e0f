/**
 * /user/profile/addresses: the member's address book (spec §2 screen 10). GET with Accept:
 * application/json is the JSON list instead (spec §7; see app/core/content-negotiation.ts).
 * The action takes `intent`: save_list (the whole list as JSON text in `addresses`, posted by the page
 * with JS), delete (id), set_default (id). Fetchers get JSON; plain posts (no JS) get 303 back here.
 */
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import * as v from "valibot";
import { requireUser } from "~/web/auth.server";
import { AddressBook, type AddressBookActionData } from "~/components/address/AddressBook";
import { ADDRESS_FORM_MESSAGES, parseAddressListJson, validateAddressList } from "~/core/address-form";
import { JSON_ALTERNATES, NEGOTIATED_VARY, prefersJson } from "~/core/content-negotiation";
import { SHOP_NAME } from "~/core/site";
import { IdSchema } from "~/core/validation";
import { isNavigation, readFormData, redirectWithNotice } from "~/web/http.server";
import { readInput, redirectedNotice } from "~/web/input.server";
import { ADDRESS_BOOK_PATH } from "~/web/addresses.server";
import { deleteAddress, listAddresses, saveAddressList, setDefaultAddress } from "~/services/addresses.server";

export const meta: MetaFunction = () => [{ title: `お届け先住所の管理 | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => ({ Vary: NEGOTIATED_VARY, "Cache-Control": "private, no-store" });

const NOTICES: Record<string, string> = {
  added: "お届け先を追加しました。",
  updated: "お届け先を更新しました。",
  deleted: "お届け先を削除しました。",
  default: "いつものお届け先を変更しました。",
  saved: "お届け先を保存しました。",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The Worker entry already serves JSON callers from the JSON route; `remix vite:dev` has no such
  // entry, so there the same request is redirected to it.
  if (prefersJson(request.headers.get("Accept"), request.headers.get("X-Requested-With"))) {
    throw redirect(JSON_ALTERNATES[ADDRESS_BOOK_PATH] ?? ADDRESS_BOOK_PATH, { headers: { Vary: NEGOTIATED_VARY } });
  }
  const user = await requireUser(request, context);
  const notice = redirectedNotice(request, NOTICES);
  return { addresses: await listAddresses(context.db, user.id), notice };
}

/** The book's controls: the whole list (JSON text, from the page with JS), or one address's delete / default. */
const AddressBookIntentSchema = v.variant("intent", [
  v.object({ intent: v.literal("save_list"), addresses: v.string() }),
  v.object({ intent: v.picklist(["delete", "set_default"]), id: IdSchema }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await readFormData(request);
  const read = readInput(AddressBookIntentSchema, form);
  const intent = read.ok ? read.input.intent : "";
  const answer = (result: AddressBookActionData, notice: string, failure: 400 | 404 | 409 = 400) => {
    if (isNavigation(request)) {
      if (result.ok) throw redirectWithNotice(ADDRESS_BOOK_PATH, notice);
      throw new Response(result.error, { status: failure });
    }
    return data<AddressBookActionData>(result, { status: result.ok ? 200 : failure });
  };
  if (!read.ok) return answer({ ok: false, intent, error: read.error }, "saved");
  const input = read.input;
  switch (input.intent) {
    case "save_list": {
      const rows = parseAddressListJson(input.addresses);
      if (!rows) return answer({ ok: false, intent, error: ADDRESS_FORM_MESSAGES.listInvalid }, "saved");
      const validation = validateAddressList(rows);
      if (!validation.ok) return answer({ ok: false, intent, error: validation.error, errors: validation.errors }, "saved");
      const saved = await saveAddressList(context.db, user.id, validation.entries);
      if (!saved.ok) return answer({ ok: false, intent, error: saved.error }, "saved", saved.status);
      return answer({ ok: true, intent, addresses: saved.value }, "saved");
    }
    case "delete":
    case "set_default": {
      const result = input.intent === "delete" ? await deleteAddress(context.db, user.id, input.id) : await setDefaultAddress(context.db, user.id, input.id);
      if (!result.ok) return answer({ ok: false, intent, error: ADDRESS_FORM_MESSAGES.notFound }, "", 404);
      return answer({ ok: true, intent }, input.intent === "delete" ? "deleted" : "default");
    }
  }
}

export { clientAction, clientLoader, shouldRevalidate } from "~/components/connection/route-handlers";

export default function AddressBookPage() {
  const { addresses, notice } = useLoaderData<typeof loader>();
  return <AddressBook key={notice ?? ""} addresses={addresses} notice={notice} />;
}
