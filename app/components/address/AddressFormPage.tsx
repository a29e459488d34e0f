/**
 * The plain add/edit address page (/user/profile/addresses/new, …/{id}/edit): the page without JS, and
 * a direct link with JS. Saving posts to the page's action; 住所を検索 (no JS) posts intent=postal_lookup
 * and the action re-renders the form with the looked-up address.
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import type { AddressJson } from "~/core/address-form";
import { FormErrors } from "~/components/forms/FormErrors";
import type { AddressFormActionData } from "~/web/types/addresses";
import { AddressForm } from "./AddressForm";
import { addressDefaultValue, useAddressForm } from "./useAddressForm";

export function AddressFormPage({ address, redirectTo }: { address: AddressJson | null; redirectTo: string | null }) {
  const actionData = useActionData<AddressFormActionData>();
  const navigation = useNavigation();
  const [form, fields] = useAddressForm({
    id: `address-${address?.id ?? "new"}`,
    defaultValue: addressDefaultValue(address),
    lastResult: actionData?.lastResult,
  });
  const title = address ? "お届け先を編集" : "お届け先を追加";
  return (
    <div className="mx-auto grid max-w-xl gap-4 py-6">
      <p className="m-0 text-sm">
        <Link to={redirectTo ?? "/user/profile/addresses"}>← {redirectTo ? "戻る" : "お届け先住所の管理へ戻る"}</Link>
      </p>
      <h1 className="m-0 text-xl">{title}</h1>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <AddressForm fields={fields} lookupMessage={actionData?.lookup ?? null} defaultLocked={address?.default === true} />
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={redirectTo ?? "/user/profile/addresses"} className="btn-secondary no-underline">
            キャンセル
          </Link>
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={navigation.state === "submitting"}>
            保存する
          </button>
        </div>
      </Form>
    </div>
  );
}
