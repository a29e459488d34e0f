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
 * - onAddressesChange?(addresses)    after the list was saved (add / edit / delete), with the saved list.
 * - onShippingChange?(result)        the shipping recheck (POST /api/shipping-fee/check) that follows
 *                                    each choice and each save: `{ ok: true, shipping_fee, … }` or
 *                                    `{ ok: false, error }` (see ShippingRecheck in address-client.ts).
 * - returnTo?: string                where a login asked for by a save comes back to (default "/checkout").
 * - error?: string | null            a server message about the address (shown under the block).
 *
 * With JS: a summary of the chosen address and 「変更」, which opens a modal to choose another address,
 * add, edit (the editor validates with /user/profile/validationAddress and the list is persisted with
 * /user/profile/checkout/editAddress; the saved address is then chosen) or delete (after
 * 「この配送先を本当に削除しますか？」; the first remaining address is chosen). The modal is portalled
 * out of the checkout form, so its fields are never submitted with the order.
 * Without JS: the addresses are an inline radio list (name = `name`) in the checkout form, with buttons
 * of that form (`leaveTo`, core/checkout-draft) to the plain pages /user/profile/addresses/new,
 * …/{id}/edit and …/{id}/delete: the checkout keeps what was typed meanwhile, and the pages come back.
 * With no saved address the chooser shows only the add link: a checkout page should then render
 * AddressForm for a new address instead.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { AddressInput, AddressJson } from "~/core/address-form";
import { listWithSaved } from "~/core/address-book";
import { useHydrated } from "~/components/forms/useHydrated";
import type { ShippingRecheck } from "./address-client";
import type { ChooserMode } from "./AddressChooserDialog";
import type { SaveOutcome } from "./AddressEditor";
import { AddressSummary } from "./AddressSummary";

const addressClient = () => import("./address-client");
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

/** The initial choice: the given id when it is one of the addresses, else the first. */
export function initialChoice(addresses: AddressJson[], selectedId: number | null | undefined): number | null {
  if (selectedId != null && addresses.some((address) => address.id === selectedId)) return selectedId;
  return addresses[0]?.id ?? null;
}

/** A no-JS button of the checkout form that leads to an address page (core/checkout-draft). */
const leaveFor = (path: string) => ({ type: "submit" as const, name: "leaveTo", value: path, className: "btn-link" });

export function AddressChooser({
  addresses,
  selectedId,
  name = "address_id",
  onSelect,
  onAddressesChange,
  onShippingChange,
  returnTo = "/checkout",
  error,
}: AddressChooserProps) {
  const hydrated = useHydrated();
  const [list, setList] = useState(addresses);
  const [chosen, setChosen] = useState(() => initialChoice(addresses, selectedId));
  const [mode, setMode] = useState<ChooserMode | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const recheckAbort = useRef<AbortController>();

  // New props (a revalidation after the order page's own actions) replace the local copy.
  useEffect(() => {
    setList(addresses);
    setChosen((current) => initialChoice(addresses, current));
  }, [addresses]);

  useEffect(() => () => recheckAbort.current?.abort(), []);

  function choose(address: AddressJson | null) {
    setChosen(address?.id ?? null);
    onSelect?.(address);
    if (!address || !onShippingChange) return;
    recheckAbort.current?.abort();
    const abort = new AbortController();
    recheckAbort.current = abort;
    addressClient()
      .then((client) => client.recheckShipping(address, abort.signal))
      .then(onShippingChange, () => undefined);
  }

  async function persist(next: (AddressInput & { id?: number })[], pick: (saved: AddressJson[]) => AddressJson | null): Promise<SaveOutcome> {
    const result = await (await addressClient()).saveAddressList(next);
    if (!result.ok) {
      if (result.loginRequired) window.location.assign(`/login?show=1&redirectTo=${encodeURIComponent(returnTo)}`);
      return { ok: false, error: result.error };
    }
    setList(result.addresses);
    onAddressesChange?.(result.addresses);
    choose(pick(result.addresses));
    setMode(null);
    return { ok: true };
  }

  const save = (editing: AddressJson | null, value: AddressInput) =>
    persist(listWithSaved(list, value, editing?.id ?? null), (saved) =>
      editing ? (saved.find((address) => address.id === editing.id) ?? null) : (saved[saved.length - 1] ?? null),
    );

  async function remove(address: AddressJson) {
    setProblem(null);
    const outcome = await persist(
      list.filter((entry) => entry.id !== address.id),
      (saved) => saved.find((entry) => entry.default) ?? saved[0] ?? null,
    );
    if (!outcome.ok) setProblem(outcome.error);
  }

  const current = list.find((address) => address.id === chosen) ?? null;
  const errorId = `${name}-error`;
  const errorText = error ? (
    <p id={errorId} role="alert" className="field-error m-0">
      {error}
    </p>
  ) : null;

  if (!hydrated) {
    return (
      <fieldset className="m-0 grid gap-3 border-0 p-0" aria-describedby={error ? errorId : undefined}>
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
        <Suspense fallback={<p role="status" className="m-0 text-sm">読み込んでいます…</p>}>
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
