import type { AddressJson } from "~/core/address/address-form";
import { describeAddress } from "~/core/address/address-book";

/**
 * A saved address as the shopper reads it: name, 〒, address, phone; the default marked.
 * `labelFor` makes the name the <label> of a control (the chooser's radio without JS); `id` is set on the
 * whole summary, for aria-describedby.
 */
export function AddressSummary({
  address,
  headingLevel = 3,
  labelFor,
  id,
}: {
  address: AddressJson;
  headingLevel?: 2 | 3 | 4;
  labelFor?: string;
  id?: string;
}) {
  const { postal, street } = describeAddress(address);
  const Heading = `h${headingLevel}` as const;
  const name = `${address.lastname} ${address.firstname} 様`;
  return (
    <div id={id} className="grid gap-0.5 text-sm">
      <Heading className="m-0 flex flex-wrap items-center gap-2 text-base">
        {labelFor ? <label htmlFor={labelFor}>{name}</label> : <span>{name}</span>}
        {address.title ? <span className="text-sm font-normal text-gray-600">（{address.title}）</span> : null}
        {address.default ? <span className="badge bg-brand text-white">既定</span> : null}
      </Heading>
      <p className="m-0 text-gray-600">
        {address.lastname_jp} {address.firstname_jp}
      </p>
      <p className="m-0">
        {postal}
        <br />
        {street}
      </p>
      <p className="m-0">電話番号: {address.phone}</p>
    </div>
  );
}

/** The edit and delete controls of a saved address (the address page's links, the chooser's buttons). */
export const ADDRESS_ACTIONS = { edit: "編集", delete: "削除" } as const;

/** A control's name for screen readers: whose address it edits or deletes. */
export function addressActionLabel(address: AddressJson, action: keyof typeof ADDRESS_ACTIONS): string {
  return `${address.lastname} ${address.firstname} 様のお届け先を${ADDRESS_ACTIONS[action]}`;
}
