import { Link } from "@remix-run/react";
import { DeskPanel } from "~/components/crm/orders/DeskForm";
import { describeAddress } from "~/core/address/address-book";
import type { AddressJson } from "~/core/address/address-form";
import { customerAddressPath } from "~/core/customers/customer-paths";

/** The member's address book, each with 修正 (staff's correction, recorded in the log). */
export function CustomerAddresses({ customerId, addresses, canChange }: { customerId: number; addresses: AddressJson[]; canChange: boolean }) {
  return (
    <DeskPanel id="customer-addresses" title={`お届け先（${addresses.length}件）`} testId="customer-addresses">
      {addresses.length === 0 ? (
        <p className="m-0 text-gray-700">登録されたお届け先はありません。</p>
      ) : (
        <ul className="m-0 grid list-none gap-2 p-0">
          {addresses.map((address) => {
            const { postal, street } = describeAddress(address);
            const name = `${address.lastname} ${address.firstname}`;
            return (
              <li key={address.id} className="grid gap-0.5 border-b border-b-solid border-gray-100 pb-2" data-testid="customer-address">
                <p className="m-0 flex flex-wrap items-center gap-2">
                  <span className="font-bold">{address.title || name}</span>
                  {address.default ? <span className="badge bg-emerald-600 text-white">いつものお届け先</span> : null}
                  {canChange ? (
                    <Link to={customerAddressPath(customerId, address.id)} className="ml-auto text-xs" aria-label={`${address.title || name}のお届け先を修正`}>
                      修正
                    </Link>
                  ) : null}
                </p>
                <p className="m-0 text-xs">{`${name}（${address.lastname_jp} ${address.firstname_jp}）`}</p>
                <p className="m-0 text-xs">{`${postal} ${street}`}</p>
                <p className="m-0 text-xs">電話番号：{address.phone}</p>
              </li>
            );
          })}
        </ul>
      )}
    </DeskPanel>
  );
}
