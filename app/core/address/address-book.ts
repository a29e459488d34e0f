/**
 * The address book's pure rules (spec §4, §5), shared by the server and the browser without Valibot:
 * the deletion confirmation, exactly one default, the versions that keep a stale page from overwriting
 * or deleting what it did not show, and the one-line summary. The form schema and the parsing of posted
 * changes are in address-form.ts.
 */
import type { AddressInput, AddressJson } from "~/core/address/address-form";
import { formatPostalCode, prefectureName } from "~/core/address/postal";

/** The confirmation before an address is deleted (spec §5). */
export const ADDRESS_DELETE_CONFIRMATION = "この配送先を本当に削除しますか？";

/**
 * Exactly one default when any address exists: the first entry marked default wins, the others are
 * unmarked; with none marked, the first entry becomes the default.
 */
export function withOneDefault<T extends { default: boolean }>(list: T[]): T[] {
  const chosen = Math.max(
    0,
    list.findIndex((entry) => entry.default),
  );
  return list.map((entry, index) => ({ ...entry, default: index === chosen }));
}

/**
 * A short, stable fingerprint of a text (cyrb53: 53 bits, base 36). It tells "as the page showed it" from
 * "changed since"; it is no secret and guards nothing by itself (ownership is checked apart).
 */
function fingerprint(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The fields an address's version covers: everything the page shows of it but the default flag, which the book moves. */
const VERSIONED_FIELDS = [
  "title",
  "lastname",
  "firstname",
  "lastname_jp",
  "firstname_jp",
  "postal_code",
  "prefecture",
  "city",
  "district",
  "address1",
  "address2",
  "phone",
] as const satisfies readonly (keyof AddressInput)[];

/**
 * An address's version (issue 34 item 2): an edit or a delete names the version the page showed, and is
 * refused when the address changed since (saved from another tab or device), so nothing is overwritten or
 * deleted unseen. Making another address the default does not change it.
 */
export function addressVersion(address: Pick<AddressInput, (typeof VERSIONED_FIELDS)[number]>): string {
  return fingerprint(JSON.stringify(VERSIONED_FIELDS.map((field) => address[field] ?? "")));
}

/**
 * The whole book's version: each address's id, version and default flag. A list saved as a whole replaces
 * the book only when it is still the one the page showed (an address added elsewhere is never deleted
 * for being left out).
 */
export function addressListVersion(list: readonly { id: number; version: string; default: boolean }[]): string {
  const entries = [...list].sort((a, b) => a.id - b.id).map((address) => `${address.id}:${address.version}:${address.default ? 1 : 0}`);
  return fingerprint(entries.join(","));
}

/** What a version looks like (a form's or JSON's `version`): text nothing else is accepted for. */
export const ADDRESS_VERSION_PATTERN = /^[0-9a-z]{1,12}$/;

/**
 * The form fields that post a change naming one address (what the pages' scripts send; read by
 * core/address/address-changes, which holds the schema: this module stays free of Valibot for the browser).
 */
export function addressChangeFields(change: { intent: string; id?: number; version?: string; address?: AddressInput }): Record<string, string> {
  const fields: Record<string, string> = { intent: change.intent };
  if (change.id != null) fields.id = String(change.id);
  if (change.version != null) fields.version = change.version;
  if (change.address) {
    for (const field of VERSIONED_FIELDS) fields[field] = String(change.address[field] ?? "");
    fields.default = change.address.default ? "1" : "0";
  }
  return fields;
}

/** The book as a change answers it: the addresses (the default first) and the whole book's version. */
export interface AddressBookState {
  addresses: AddressJson[];
  version: string;
}

export function addressBookState(addresses: AddressJson[]): AddressBookState {
  return { addresses, version: addressListVersion(addresses) };
}

/** The address for summaries: { postal: "〒100-0001", street: "東京都千代田区千代田 1-1 ○○ビル 3階" }. */
export function describeAddress(address: Pick<AddressInput, "postal_code" | "prefecture" | "city" | "district" | "address1" | "address2">): {
  postal: string;
  street: string;
} {
  const street = [`${prefectureName(address.prefecture)}${address.city}${address.district}`, address.address1, address.address2].filter(Boolean).join(" ");
  return { postal: `〒${formatPostalCode(address.postal_code)}`, street };
}

/** An order's stored delivery address (its ship* columns) for the shopper: { name, postal, street }. */
export function describeShipTo(order: {
  shipLastname: string;
  shipFirstname: string;
  shipPostalCode: string;
  shipPrefecture: number;
  shipCity: string;
  shipDistrict?: string | null;
  shipAddress1: string;
  shipAddress2?: string | null;
}): { name: string; postal: string; street: string } {
  return {
    name: `${order.shipLastname} ${order.shipFirstname}`,
    ...describeAddress({
      postal_code: order.shipPostalCode,
      prefecture: order.shipPrefecture,
      city: order.shipCity,
      district: order.shipDistrict ?? "",
      address1: order.shipAddress1,
      address2: order.shipAddress2 ?? "",
    }),
  };
}
