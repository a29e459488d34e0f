/**
 * The 納品書 (packing slip) put in a parcel (issue 38 item 5): one A4 page per order_shipments row with the
 * order, the recipient (and the orderer when someone else), the sender (app/core/orders/parcel-sender.ts),
 * the parcel's goods and — unless the order is a gift — their prices. A cancelled line is not in the
 * parcel; a cancelled parcel has no slip. Pure: the services read the rows, the pages print this.
 */
import { describeAddress } from "../address/address-book";
import type { AddressColumns } from "../address/address-records";
import { formatDateJa } from "../dates";
import type { SellerFacts } from "../settings/shop-settings";
import { supportHoursText } from "../settings/shop-settings";
import type { ShipmentStatus } from "./orders";
import { parcelSender, type MerchantSenderFacts, type ParcelSender } from "./parcel-sender";

/** The most parcels one slip page prints (a selection, a page of the desk, a merchant's parcels to ship). */
export const PACKING_SLIP_MAX = 100;

export const PACKING_SLIP_TEXT = {
  notFound: "納品書を印刷できる荷物が見つかりません。",
  noneSelected: "納品書を印刷する荷物を選んでください。",
  tooMany: `納品書は一度に${PACKING_SLIP_MAX}件まで印刷できます。`,
  cancelledLeftOut: (count: number) => `取り消された荷物${count}件には納品書がないため、除いています。`,
  giftNote: "ギフトのご注文のため、金額は記載しておりません。",
} as const;

/** One of the order's lines as stored (order_lines). */
export interface SlipLineRow {
  shipmentId: number | null;
  sku: string;
  title: string;
  choiceLabel: string;
  optionsLabel: string;
  quantity: number;
  unitPrice: number;
  total: number;
  wrapping: boolean;
  cancelled: boolean;
}

/** A parcel as the services read it: the shipment, its order and the order's lines (every parcel's). */
export interface SlipParcelRow {
  shipmentId: number;
  status: ShipmentStatus;
  orderNumber: string;
  orderedAt: Date | string;
  recipient: Omit<AddressColumns, "lastnameJp" | "firstnameJp">;
  /** The member's account name; null for a guest's order (the guest is who the order names). */
  ordererName: string | null;
  merchant: MerchantSenderFacts | null;
  /** Every line of the order: whether it is a gift is the order's, whichever parcel carries the wrapping. */
  orderLines: SlipLineRow[];
}

export interface PackingSlipItem {
  sku: string;
  title: string;
  /** The variation chosen (色・サイズ …), "" for none. */
  variation: string;
  /** The options chosen (のし, 名入れ …), "" for none. */
  options: string;
  wrapping: boolean;
  quantity: number;
  /** Tax included; null on a gift's slip. */
  unitPrice: number | null;
  total: number | null;
}

export interface PackingSlip {
  shipmentId: number;
  orderNumber: string;
  /** 「2026年5月1日」. */
  orderedOn: string;
  recipient: { name: string; postal: string; street: string; phone: string };
  /** The orderer's name when it is not the recipient's (a gift sent to someone else); null otherwise. */
  orderer: string | null;
  sender: ParcelSender;
  items: PackingSlipItem[];
  /** The goods' total (tax included); null on a gift's slip. */
  subtotal: number | null;
  gift: boolean;
  /** The thanks and where to ask: the shop answers the buyer, for every sender's parcel. */
  thanks: string;
  contact: string;
}

/** Option values that mean "none" (「のし：なし」 is not a gift). */
const NO_CHOICE = /^(なし|無し|不要|希望しない|必要なし)$/;

/** A line is a gift when it is wrapped or carries のし (an option named のし/熨斗 with a choice other than none). */
export function isGiftLine(line: Pick<SlipLineRow, "wrapping" | "optionsLabel">): boolean {
  if (line.wrapping) return true;
  return line.optionsLabel
    .split(" / ")
    .map((part) => part.split("："))
    .some(([option = "", choice = ""]) => /のし|熨斗/.test(option) && !NO_CHOICE.test(choice.trim()));
}

/** An order is a gift when any of its lines still ordered is: none of its slips then shows a price. */
export function isGiftOrder(lines: readonly Pick<SlipLineRow, "wrapping" | "optionsLabel" | "cancelled">[]): boolean {
  return lines.some((line) => !line.cancelled && isGiftLine(line));
}

/** The slip of a parcel, or null when the parcel was cancelled (or has no line left). */
export function packingSlip(row: SlipParcelRow, seller: SellerFacts): PackingSlip | null {
  if (row.status === "cancelled") return null;
  const lines = row.orderLines.filter((line) => line.shipmentId === row.shipmentId && !line.cancelled);
  if (lines.length === 0) return null;
  const gift = isGiftOrder(row.orderLines);
  const { recipient } = row;
  const recipientName = `${recipient.lastname} ${recipient.firstname}`;
  const address = describeAddress({
    postal_code: recipient.postalCode,
    prefecture: recipient.prefecture,
    city: recipient.city,
    district: recipient.district,
    address1: recipient.address1,
    address2: recipient.address2,
  });
  const sameName = (name: string) => name.replace(/[\s\u3000]/g, "") === recipientName.replace(/[\s\u3000]/g, "");
  return {
    shipmentId: row.shipmentId,
    orderNumber: row.orderNumber,
    orderedOn: formatDateJa(row.orderedAt),
    recipient: { name: recipientName, postal: address.postal, street: address.street, phone: recipient.phone },
    orderer: row.ordererName != null && !sameName(row.ordererName) ? row.ordererName : null,
    sender: parcelSender(row.merchant, seller),
    items: lines.map((line) => ({
      sku: line.sku,
      title: line.title,
      variation: line.choiceLabel,
      options: line.optionsLabel,
      wrapping: line.wrapping,
      quantity: line.quantity,
      unitPrice: gift ? null : line.unitPrice,
      total: gift ? null : line.total,
    })),
    subtotal: gift ? null : lines.reduce((sum, line) => sum + line.total, 0),
    gift,
    thanks: `このたびは${seller.shopName}をご利用いただき、誠にありがとうございます。ご注文の商品をお届けいたします。お品物をご確認ください。`,
    contact: `商品に関するお問い合わせは、${seller.shopName}（電話 ${seller.phone}・${supportHoursText(seller)}／${seller.supportEmail}）までご連絡ください。`,
  };
}
