/**
 * The order's delivery address as a parcel label needs it (the B2 file, a merchant's shipment page, the
 * 納品書): the columns of the order's own copy, selected under one set of names wherever a parcel is
 * labelled; and the merchant's sender facts for its parcels.
 */
import type { MerchantSenderFacts } from "~/core/orders/parcel-sender";
import { aliased } from "~/db/client.server";
import { merchants, orders } from "~/db/schema";

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

/**
 * The merchant's sender facts where a parcel is labelled (left-joined on the shipment's merchant: all null
 * for the warehouse's parcel). Aliased: a D1 batch reads rows by column name, and "name" or "phone" clash.
 */
export const merchantSenderColumns = {
  merchantName: aliased(merchants.name, "merchant_name"),
  merchantLegalName: aliased(merchants.legalName, "merchant_legal_name"),
  merchantPostalCode: aliased(merchants.postalCode, "merchant_postal_code"),
  merchantAddress: aliased(merchants.address, "merchant_address"),
  merchantPhone: aliased(merchants.phone, "merchant_phone"),
};

type MerchantSenderRow = {
  merchantName: string | null;
  merchantLegalName: string | null;
  merchantPostalCode: string | null;
  merchantAddress: string | null;
  merchantPhone: string | null;
};

/** The merchant's sender facts of a row selected with `merchantSenderColumns`; null for the warehouse's parcel. */
export function merchantSenderOf(row: MerchantSenderRow): MerchantSenderFacts | null {
  if (row.merchantName == null) return null;
  return {
    name: row.merchantName,
    legalName: row.merchantLegalName ?? "",
    postalCode: row.merchantPostalCode ?? "",
    address: row.merchantAddress ?? "",
    phone: row.merchantPhone ?? "",
  };
}
