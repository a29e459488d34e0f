/**
 * The plain add/edit address page (/user/profile/addresses/new, …/{id}/edit): the page without JS, and
 * a direct link with JS. Saving posts to the page's action; 住所を検索 (no JS) posts intent=postal_lookup
 * and the action re-renders the form with the looked-up address.
 */
import { Link, useActionData } from "@remix-run/react";
import type { AddressJson } from "~/core/address/address-form";
import { island } from "~/components/island";
import type { AddressFormActionData } from "~/web/types/addresses";

// The form's validation (Conform, Valibot) loads after the page; the server's form works meanwhile.
const AddressPageForm = island(() => import("./AddressPageForm").then((module) => module.AddressPageForm));

export function AddressFormPage({ address, redirectTo }: { address: AddressJson | null; redirectTo: string | null }) {
  const actionData = useActionData<AddressFormActionData>();
  const title = address ? "お届け先を編集" : "お届け先を追加";
  return (
    <div className="mx-auto grid max-w-xl gap-4 py-6">
      <p className="m-0 text-sm">
        <Link to={redirectTo ?? "/user/profile/addresses"}>← {redirectTo ? "戻る" : "お届け先住所の管理へ戻る"}</Link>
      </p>
      <h1 className="m-0 text-xl">{title}</h1>
      <AddressPageForm address={address} redirectTo={redirectTo} actionData={actionData ?? null} />
    </div>
  );
}
