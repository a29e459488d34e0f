import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { AddressJson } from "~/core/address/address-form";
import { FormErrors } from "~/components/forms/FormErrors";
import type { AddressFormActionData } from "~/web/types/addresses";
import { AddressForm } from "./AddressForm";
import { addressDefaultValue, useAddressForm } from "./useAddressForm";

/** The add/edit address page's form (an island: its validation loads after the page). */
export function AddressPageForm({
  address,
  redirectTo,
  actionData,
}: {
  address: AddressJson | null;
  redirectTo: string | null;
  actionData: AddressFormActionData | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useAddressForm({
    id: `address-${address?.id ?? "new"}`,
    defaultValue: addressDefaultValue(address),
    lastResult: actionData?.lastResult,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {/* The address as this page shows it: a save over a version changed meanwhile is refused, not applied. */}
      {address ? <input type="hidden" name="version" value={address.version} /> : null}
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
  );
}
