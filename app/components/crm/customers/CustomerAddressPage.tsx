/**
 * /crm/customers/{id}/addresses/{addressId}: staff correct one of the member's addresses with the member's
 * own address form (住所を検索 without JS included); the correction is recorded in the record's log.
 */
import { Link, useActionData } from "@remix-run/react";
import { ConnectionNotice } from "~/components/connection/ConnectionNotice";
import { useFormPostFailed } from "~/components/connection/useFormPostFailed";
import { AddressPageForm } from "~/components/address/AddressPageForm";
import { CrmNav } from "~/components/tickets/CrmNav";
import type { AddressJson } from "~/core/address/address-form";
import { CUSTOMERS_PATH, customerPath } from "~/core/customers/customer-paths";
import type { AddressFormActionData } from "~/web/types/addresses";

export function CustomerAddressPage({ customer, address }: { customer: { id: number; name: string }; address: AddressJson }) {
  const actionData = useActionData<AddressFormActionData>();
  const back = customerPath(customer.id);
  const failed = useFormPostFailed();
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-xs">
        <Link to={CUSTOMERS_PATH}>顧客管理</Link> › <Link to={back}>{customer.name} 様</Link> ›
      </p>
      <div className="mx-auto mt-2 grid max-w-xl gap-4">
        <h1 className="m-0 text-xl">お届け先の修正</h1>
        <p className="m-0 text-sm text-gray-700">修正内容（変更前・変更後）は会員の変更履歴に記録されます。</p>
        <AddressPageForm address={address} redirectTo={back} actionData={actionData ?? null} />
        <ConnectionNotice failed={failed} />
      </div>
    </div>
  );
}
