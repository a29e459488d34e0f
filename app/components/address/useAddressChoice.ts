import { useEffect, useRef, useState } from "react";
import { listWithSaved } from "~/core/address-book";
import type { AddressInput, AddressJson } from "~/core/address-form";
import type { ShippingRecheck } from "./address-client";
import type { ChooserMode } from "./AddressChooserDialog";
import type { SaveOutcome } from "./AddressEditor";

const addressClient = () => import("./address-client");

/** The initial choice: the given id when it is one of the addresses, else the first. */
export function initialChoice(addresses: AddressJson[], selectedId: number | null | undefined): number | null {
  if (selectedId != null && addresses.some((address) => address.id === selectedId)) return selectedId;
  return addresses[0]?.id ?? null;
}

/**
 * The chooser's state with JS: the member's list (saved as a whole on each add, edit or delete), the
 * chosen address (each choice rechecks the shipping), the open modal's mode and a delete's refusal.
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

  return { list, chosen, mode, setMode, problem, choose, save, remove };
}
