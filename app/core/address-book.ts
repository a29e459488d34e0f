/**
 * The address book's pure rules (spec §4, §5), shared by the server and the browser without Valibot:
 * the deletion confirmation, exactly one default, the editor's save into the list and the
 * one-line summary. The form schema and list parsing are in address-form.ts.
 */
import type { AddressInput } from "~/core/address-form";
import { formatPostalCode, prefectureName } from "~/core/postal";

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
 * The editor's save (spec §4): the list with `value` replacing the address `editingId`, or appended when
 * adding; when `value` is marked default, the others are unmarked.
 */
export function listWithSaved<T extends AddressInput & { id?: number }>(
  list: T[],
  value: AddressInput,
  editingId: number | null,
): (AddressInput & { id?: number })[] {
  const entry: AddressInput & { id?: number } = editingId == null ? { ...value } : { ...value, id: editingId };
  const next: (AddressInput & { id?: number })[] = editingId == null ? [...list, entry] : list.map((address) => (address.id === editingId ? entry : address));
  return value.default ? next.map((address) => ({ ...address, default: address === entry })) : next;
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
