/**
 * A delivery address has three spellings: the spec's field names (forms and JSON: `postal_code`,
 * `lastname_jp`), the database's columns (`postalCode`, `lastnameJp`: an address-book row, the address
 * an order is placed with) and an order's copy of it (`shipPostalCode` …). These are the only
 * conversions between them, one per direction. Pure.
 */
import { addressVersion } from "./address-book";
import type { AddressInput, AddressJson } from "./address-form";

/** An address as the database keeps it (an address-book row without its owner, title and default flag). */
export interface AddressColumns {
  lastname: string;
  firstname: string;
  lastnameJp: string;
  firstnameJp: string;
  postalCode: string;
  /** 1 (北海道) … 47 (沖縄県). */
  prefecture: number;
  city: string;
  district: string;
  address1: string;
  address2: string;
  phone: string;
}

/** An order's copy of the address it ships to (orders.ship_*). */
export interface ShipColumns {
  shipLastname: string;
  shipFirstname: string;
  shipLastnameJp: string;
  shipFirstnameJp: string;
  shipPostalCode: string;
  shipPrefecture: number;
  shipCity: string;
  shipDistrict: string;
  shipAddress1: string;
  shipAddress2: string;
  shipPhone: string;
}

/** Form or JSON fields → columns. The title is the address book's own; the caller adds it where it is kept. */
export function addressColumns(input: AddressInput): AddressColumns {
  return {
    lastname: input.lastname,
    firstname: input.firstname,
    lastnameJp: input.lastname_jp,
    firstnameJp: input.firstname_jp,
    postalCode: input.postal_code,
    prefecture: input.prefecture,
    city: input.city,
    district: input.district ?? "",
    address1: input.address1,
    address2: input.address2 ?? "",
    phone: input.phone,
  };
}

/** An address-book row → the spec's JSON (spec §3 Address), with the version a change of it names (address-book.ts). */
export function addressJson(row: AddressColumns & { id: number; title: string; isDefault: boolean }): AddressJson {
  const fields = {
    title: row.title,
    lastname: row.lastname,
    firstname: row.firstname,
    lastname_jp: row.lastnameJp,
    firstname_jp: row.firstnameJp,
    postal_code: row.postalCode,
    prefecture: row.prefecture,
    city: row.city,
    district: row.district,
    address1: row.address1,
    address2: row.address2,
    phone: row.phone,
  };
  return { id: row.id, ...fields, default: row.isDefault, version: addressVersion(fields) };
}

/** The address an order ships to, as the order keeps its own copy. */
export function shipColumns(address: AddressColumns): ShipColumns {
  return {
    shipLastname: address.lastname,
    shipFirstname: address.firstname,
    shipLastnameJp: address.lastnameJp,
    shipFirstnameJp: address.firstnameJp,
    shipPostalCode: address.postalCode,
    shipPrefecture: address.prefecture,
    shipCity: address.city,
    shipDistrict: address.district,
    shipAddress1: address.address1,
    shipAddress2: address.address2,
    shipPhone: address.phone,
  };
}
