import { useEffect, useRef, useState } from "react";
import type { AddressChange } from "~/core/address/address-changes";
import type { AddressInput, AddressJson } from "~/core/address/address-form";
import type { ChangeAnswer, ShippingRecheck } from "./address-client";
import type { ChooserMode } from "./AddressChooserDialog";
import type { SaveOutcome } from "./AddressEditor";

const addressClient = () => import("./address-client");

/** The initial choice: the given id when it is one of the addresses, else the first. */
export function initialChoice(addresses: AddressJson[], selectedId: number | null | undefined): number | null {
  if (selectedId != null && addresses.some((address) => address.id === selectedId)) return selectedId;
  return addresses[0]?.id ?? null;
}

/**
 * The open modal over a fresh book: an address being edited or deleted is shown as it now is (its new
 * version, so the shopper's next try applies to what they see), or the list when it is gone.
 */
function modeOver(mode: ChooserMode | null, addresses: AddressJson[]): ChooserMode | null {
  if (mode?.mode !== "edit" && mode?.mode !== "delete") return mode;
  const fresh = addresses.find((address) => address.id === mode.address.id);
  return fresh ? { ...mode, address: fresh } : { mode: "list" };
}

/**
 * The chooser's state with JS: the member's book (each add, edit or delete is sent as one change naming
 * its address and the version shown, and the book comes back as it then is), the chosen address (each
 * choice rechecks the shipping), the open modal's mode and a refusal to show.
 */
export function useAddressChoice({
  addresses,
  selectedId,
  onSelect,
  onAddressesChange,
  onShippingChange,
  returnTo,
}: {
  addresses: AddressJson[];
  selectedId?: number | null;
  onSelect?: (address: AddressJson | null) => void;
  onAddressesChange?: (addresses: AddressJson[]) => void;
  onShippingChange?: (result: ShippingRecheck) => void;
  returnTo: string;
}) {
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

  /** Sends one change; the book that comes back (after it, or as it is when refused) replaces the shown one. */
  async function send(change: Exclude<AddressChange, { intent: "replace_list" }>, pick: (answer: Extract<ChangeAnswer, { ok: true }>) => AddressJson | null) {
    const answer = await (await addressClient()).sendAddressChange(change);
    if (answer.addresses) {
      const book = answer.addresses;
      setList(book);
      onAddressesChange?.(book);
      setChosen((current) => initialChoice(book, current));
    }
    if (!answer.ok) {
      if (answer.loginRequired) window.location.assign(`/login?show=1&redirectTo=${encodeURIComponent(returnTo)}`);
      const next = answer.addresses ? modeOver(mode, answer.addresses) : mode;
      setMode(next);
      // The form that was refused is gone with its address: the list says why.
      if (next?.mode === "list" && mode?.mode !== "list") setProblem(answer.error);
      return { ok: false, error: answer.error } as const;
    }
    setProblem(null);
    choose(pick(answer));
    setMode(null);
    return { ok: true } as const;
  }

  // The address added or edited becomes the chosen one.
  const save = (editing: AddressJson | null, value: AddressInput): Promise<SaveOutcome> =>
    send(
      editing ? { intent: "edit", id: editing.id, version: editing.version, address: value } : { intent: "add", address: value },
      (answer) => answer.address,
    );

  async function remove(address: AddressJson) {
    setProblem(null);
    const outcome = await send(
      { intent: "delete", id: address.id, version: address.version },
      (answer) => answer.addresses.find((entry) => entry.default) ?? answer.addresses[0] ?? null,
    );
    if (!outcome.ok) setProblem(outcome.error);
  }

  return { list, chosen, mode, setMode, problem, choose, save, remove };
}
