import type { ReactNode } from "react";
import type { AddressJson } from "~/core/address/address-form";
import { AddressSummary } from "./AddressSummary";

/** A no-JS button of the checkout form that leads to an address page (core/checkout/checkout-draft). */
const leaveFor = (path: string) => ({ type: "submit" as const, name: "leaveTo", value: path, className: "btn-link" });

/**
 * The chooser without JS: the addresses as an inline radio list (name = `name`) in the checkout form, with
 * buttons of that form to the plain add, edit and delete pages (the checkout keeps what was typed).
 */
export function AddressRadioList({
  list,
  chosen,
  name,
  errorId,
  errorText,
}: {
  list: AddressJson[];
  chosen: number | null;
  name: string;
  /** The message's id when there is one, for the fieldset's description. */
  errorId: string | undefined;
  errorText: ReactNode;
}) {
  return (
    <fieldset className="m-0 grid gap-3 border-0 p-0" aria-describedby={errorId}>
      <legend className="mb-2 font-bold">お届け先を選ぶ</legend>
      {list.map((address) => (
        <div key={address.id} className="card flex items-start gap-2 p-3">
          <input
            type="radio"
            id={`${name}-${address.id}`}
            name={name}
            value={address.id}
            defaultChecked={address.id === chosen}
            aria-describedby={`${name}-${address.id}-summary`}
            className="mt-1.5"
          />
          <div className="grid gap-2">
            <AddressSummary address={address} labelFor={`${name}-${address.id}`} id={`${name}-${address.id}-summary`} />
            <p className="m-0 flex gap-3 text-sm">
              <button {...leaveFor(`/user/profile/addresses/${address.id}/edit`)} aria-label={`${address.lastname} ${address.firstname} 様のお届け先を編集`}>
                編集
              </button>
              <button {...leaveFor(`/user/profile/addresses/${address.id}/delete`)} aria-label={`${address.lastname} ${address.firstname} 様のお届け先を削除`}>
                削除
              </button>
            </p>
          </div>
        </div>
      ))}
      <p className="m-0">
        <button {...leaveFor("/user/profile/addresses/new")}>＋ 新しいお届け先を追加</button>
      </p>
      {errorText}
    </fieldset>
  );
}
