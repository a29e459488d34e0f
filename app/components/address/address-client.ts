/**
 * Browser-side calls of the address widgets: the postal-code lookup (GET /api/postal/{prefix}, cached
 * per prefix in memory for the page's lifetime), the shipping-fee recheck (POST /api/shipping-fee/check),
 * server validation (POST /user/profile/validationAddress) and a change of a member's book
 * (POST /user/profile/checkout/editAddress: add, edit or delete, naming the address and its version). Only called from event handlers, never during render, so
 * the widgets import it dynamically: it is fetched with the first lookup, off the page's first load.
 */
import { addressChangeFields } from "~/core/address/address-book";
import type { AddressChange } from "~/core/address/address-changes";
import type { AddressFormErrors, AddressJson } from "~/core/address/address-form";
import { EMPTY_POSTAL_RESULT, postalCodeToLookUp, postalPrefix, type PostalLookupResult } from "~/core/address/postal";
import { lookUpPostalCode, parsePostalPrefixData, type PostalPrefixData } from "~/core/address/postal-data";

const prefixCache = new Map<string, Promise<PostalPrefixData>>();

/** One request per prefix per page: later lookups in the same prefix are answered from memory. */
export function loadPostalPrefix(prefix: string): Promise<PostalPrefixData> {
  let pending = prefixCache.get(prefix);
  if (!pending) {
    pending = fetch(`/api/postal/${prefix}`, { headers: { Accept: "application/json" } }).then(async (response) => {
      if (!response.ok) throw new Error(`postal ${prefix}: ${response.status}`);
      return parsePostalPrefixData(await response.text(), prefix) ?? {};
    });
    // A failure is not remembered: the next change tries again.
    pending.catch(() => prefixCache.delete(prefix));
    prefixCache.set(prefix, pending);
  }
  return pending;
}

/** The address for what the postal-code input holds (the empty address when no lookup applies). */
export async function lookUpPostalInput(input: string): Promise<PostalLookupResult> {
  const code = postalCodeToLookUp(input);
  if (!code) return EMPTY_POSTAL_RESULT;
  return lookUpPostalCode(await loadPostalPrefix(postalPrefix(code)), code);
}

/** The cart's shipping figures for an address, as /api/shipping-fee/check answers them. */
export interface ShippingFigures {
  shipping_fee: number;
  coldshipping_total: number;
  split_shipping_fee: number;
  shipments: unknown[];
  total: number;
}

export type ShippingRecheck = ({ ok: true } & ShippingFigures) | { ok: false; error: string };

const NETWORK_ERROR = "通信できませんでした。電波の良い場所でもう一度お試しください。";

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export async function recheckShipping(address: { postal_code: string; prefecture: string | number }, signal?: AbortSignal): Promise<ShippingRecheck> {
  try {
    const response = await fetch("/api/shipping-fee/check", {
      method: "POST",
      body: new URLSearchParams({ postal_code: address.postal_code, prefecture: String(address.prefecture) }),
      headers: { Accept: "application/json" },
      signal,
    });
    const body = await readJson(response);
    if (!response.ok) return { ok: false, error: typeof body.error === "string" ? body.error : NETWORK_ERROR };
    return { ok: true, ...(body as unknown as ShippingFigures) };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, error: NETWORK_ERROR };
  }
}

export type Validation = { valide: true } | { valide: false; errors: AddressFormErrors; error?: string };

/** Server validation of one address form (spec §4: "validate on the server"). */
export async function validateOnServer(formData: FormData): Promise<Validation> {
  try {
    const response = await fetch("/user/profile/validationAddress", { method: "POST", body: formData, headers: { Accept: "application/json" } });
    const body = (await readJson(response)) as { valide?: boolean; form?: { errors?: AddressFormErrors }; error?: string };
    if (response.ok && body.valide) return { valide: true };
    return { valide: false, errors: body.form?.errors ?? {}, error: body.error };
  } catch {
    return { valide: false, errors: {}, error: NETWORK_ERROR };
  }
}

/** What the endpoint answered: the book after the change (and the address saved), or why not with the book as it is now. */
export type ChangeAnswer =
  { ok: true; addresses: AddressJson[]; address: AddressJson | null } | { ok: false; error: string; addresses: AddressJson[] | null; loginRequired?: boolean };

/** Sends one change naming its address (POST /user/profile/checkout/editAddress, core/address/address-changes). */
export async function sendAddressChange(change: Exclude<AddressChange, { intent: "replace_list" }>): Promise<ChangeAnswer> {
  try {
    const response = await fetch("/user/profile/checkout/editAddress", {
      method: "POST",
      body: new URLSearchParams(addressChangeFields(change)),
      headers: { Accept: "application/json" },
    });
    const body = (await readJson(response)) as { addresses?: AddressJson[]; address?: AddressJson | null; error?: string; login_required?: boolean };
    const addresses = Array.isArray(body.addresses) ? body.addresses : null;
    if (response.ok && addresses) return { ok: true, addresses, address: body.address ?? null };
    return { ok: false, error: body.error ?? NETWORK_ERROR, addresses, loginRequired: body.login_required === true };
  } catch {
    return { ok: false, error: NETWORK_ERROR, addresses: null };
  }
}
