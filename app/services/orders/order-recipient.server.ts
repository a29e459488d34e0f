/**
 * The order's delivery address as a parcel label needs it (the B2 file, a merchant's shipment page): the
 * columns of the order's own copy, selected under one set of names wherever a parcel is labelled.
 */
import { orders } from "~/db/schema";

export const recipientColumns = {
  lastname: orders.shipLastname,
  firstname: orders.shipFirstname,
  lastnameKana: orders.shipLastnameJp,
  firstnameKana: orders.shipFirstnameJp,
  postalCode: orders.shipPostalCode,
  prefecture: orders.shipPrefecture,
  city: orders.shipCity,
  district: orders.shipDistrict,
  address1: orders.shipAddress1,
  address2: orders.shipAddress2,
  phone: orders.shipPhone,
};

export type Recipient = { [K in keyof typeof recipientColumns]: (typeof recipientColumns)[K]["_"]["data"] };

/** Just the recipient's fields of a row selected with `recipientColumns`. */
export function recipientOf(row: Recipient): Recipient {
  const { lastname, firstname, lastnameKana, firstnameKana, postalCode, prefecture, city, district, address1, address2, phone } = row;
  return { lastname, firstname, lastnameKana, firstnameKana, postalCode, prefecture, city, district, address1, address2, phone };
}
