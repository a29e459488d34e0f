/**
 * /user/profile/addresses: the member's address book (spec §2 screen 10). GET with Accept:
 * application/json is the JSON list instead (spec §7; see app/core/site/content-negotiation.ts).
 * The action takes one change naming its address (addressBookAction): add, edit (id, version), delete
 * (id, version), set_default (id). Fetchers get JSON; plain posts (no JS) get 303 back here.
 */
import { redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/web/account/auth.server";
import { AddressBook } from "~/components/address/AddressBook";
import { JSON_ALTERNATES, NEGOTIATED_VARY, prefersJson } from "~/core/site/content-negotiation";
import { redirectedNotice } from "~/web/input.server";
import { ADDRESS_BOOK_PATH, addressBookAction } from "~/web/address/addresses.server";
import { listAddresses } from "~/services/address/addresses.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `お届け先住所の管理 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

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

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  return addressBookAction(request, context, user.id);
}

export { clientAction, clientLoader, shouldRevalidate } from "~/components/connection/route-handlers";

export default function AddressBookPage() {
  const { addresses, notice } = useLoaderData<typeof loader>();
  return <AddressBook key={notice ?? ""} addresses={addresses} notice={notice} />;
}
