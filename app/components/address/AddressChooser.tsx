/**
 * AddressChooser: the checkout's address block for a member (spec §2 screen 11, §4 address editor).
 * Render it inside the checkout's own <Form>; it submits the chosen address id under `name`.
 *
 * Props
 * - addresses: AddressJson[]         the member's saved addresses (listAddresses: the default first).
 * - selectedId?: number | null       the initial choice; when absent or unknown, the first address
 *                                    ("on load the first saved address is chosen").
 * - name?: string                    the submitted field with the chosen id (default "address_id").
 * - onSelect?(address | null)        after the shopper chooses, or after add/edit/delete changes the
 *                                    choice (null when no address is left).
 * - onAddressesChange?(addresses)    after an add / edit / delete (or its refusal), with the book as it now is.
 * - onShippingChange?(result)        the shipping recheck (POST /api/shipping-fee/check) that follows
 *                                    each choice and each save: `{ ok: true, shipping_fee, … }` or
 *                                    `{ ok: false, error }` (see ShippingRecheck in address-client.ts).
 * - returnTo?: string                where a login asked for by a save comes back to (default "/checkout").
 * - error?: string | null            a server message about the address (shown under the block).
 *
 * With JS: a summary of the chosen address and 「変更」, which opens a modal to choose another address,
 * add, edit (the editor validates with /user/profile/validationAddress and the change — naming the address
 * and the version shown — is sent to /user/profile/checkout/editAddress; the saved address is then chosen)
 * or delete (after 「この配送先を本当に削除しますか？」; the default, else the first, is chosen). An address
 * changed meanwhile in another tab is refused and shown as it now is; the book that comes back with every
 * answer replaces the one shown. The modal is portalled out of the checkout form, so its fields are never
 * submitted with the order.
 * Without JS: the addresses are an inline radio list (name = `name`) in the checkout form, with buttons
 * of that form (`leaveTo`, core/checkout/checkout-draft) to the plain pages /user/profile/addresses/new,
 * …/{id}/edit and …/{id}/delete: the checkout keeps what was typed meanwhile, and the pages come back
 * (with an added or edited address chosen).
 * With no saved address the chooser shows only the add link: a checkout page should then render
 * AddressForm for a new address instead.
 */
import { lazy, Suspense } from "react";
import type { AddressJson } from "~/core/address/address-form";
import { useHydrated } from "~/components/forms/useHydrated";
import type { ShippingRecheck } from "./address-client";
import { AddressRadioList } from "./AddressRadioList";
import { AddressSummary } from "./AddressSummary";
import { useAddressChoice } from "./useAddressChoice";

const loadDialog = () => import("./AddressChooserDialog");
const AddressChooserDialog = lazy(() => loadDialog().then((module) => ({ default: module.AddressChooserDialog })));

export interface AddressChooserProps {
  addresses: AddressJson[];
  selectedId?: number | null;
  name?: string;
  onSelect?: (address: AddressJson | null) => void;
  onAddressesChange?: (addresses: AddressJson[]) => void;
  onShippingChange?: (result: ShippingRecheck) => void;
  returnTo?: string;
  error?: string | null;
}

export function AddressChooser({ name = "address_id", returnTo = "/checkout", error, ...props }: AddressChooserProps) {
  const hydrated = useHydrated();
  const { list, chosen, mode, setMode, problem, choose, save, remove } = useAddressChoice({ ...props, returnTo });
  const current = list.find((address) => address.id === chosen) ?? null;
  const errorId = `${name}-error`;
  const errorText = error ? (
    <p id={errorId} role="alert" className="field-error m-0">
      {error}
    </p>
  ) : null;

  if (!hydrated) return <AddressRadioList list={list} chosen={chosen} name={name} errorId={error ? errorId : undefined} errorText={errorText} />;

  return (
    <div className="grid gap-2">
      <input type="hidden" name={name} value={chosen ?? ""} />
      <div className="card flex items-start justify-between gap-3 p-3">
        {current ? <AddressSummary address={current} /> : <p className="m-0 text-sm">お届け先が選ばれていません。</p>}
        <button
          type="button"
          className="btn-secondary shrink-0"
          aria-haspopup="dialog"
          aria-label={list.length ? "お届け先を変更" : "お届け先を追加"}
          // Fetch the modal's code as soon as the shopper reaches for the button.
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
          onClick={() => setMode(list.length ? { mode: "list" } : { mode: "add" })}
        >
          {list.length ? "変更" : "追加"}
        </button>
      </div>
      {errorText}

      {mode ? (
        <Suspense
          fallback={
            <p role="status" className="m-0 text-sm">
              読み込んでいます…
            </p>
          }
        >
          <AddressChooserDialog
            mode={mode}
            addresses={list}
            chosenId={chosen}
            problem={problem}
            onModeChange={setMode}
            onChoose={choose}
            onSave={save}
            onRemove={(address) => void remove(address)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
