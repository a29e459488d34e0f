/**
 * Who sends a parcel (ご依頼主 on the carrier's label, 差出人 on the 納品書): the shop for the warehouse's
 * parcels, the merchant for its own — its legal name (else its shop name), address and phone as stored at
 * /crm/merchants. What a merchant has not stored is taken from the shop (the settings in force), part by
 * part, and said so (`fallback`), so a label is never printed without an address or a phone. Pure.
 */
import { formatPostalCode, normalizePostalCode } from "../address/postal";
import type { SellerFacts } from "../settings/shop-settings";

/** A merchant's sender facts as stored (merchants.name, legal_name, postal_code, address, phone). */
export interface MerchantSenderFacts {
  name: string;
  legalName: string;
  postalCode: string;
  address: string;
  phone: string;
}

/** What the merchant has not stored, and so is the shop's on its parcels. */
export type SenderGap = "address" | "phone";

export interface ParcelSender {
  /** The name on the label: the shop's, or the merchant's legal name (its shop name when none). */
  name: string;
  /** The merchant's shop name when it differs from `name` (shown beside it on the slip); null otherwise. */
  shopName: string | null;
  /** "150-0041". */
  postalCode: string;
  /** 都道府県・市区町村・番地, then the building (the part after the first space), as the label's two fields. */
  address: string;
  building: string;
  phone: string;
  /** The parts taken from the shop because the merchant has none stored (empty for the shop's own parcels). */
  fallback: SenderGap[];
}

/** An address typed on one line split where the label's building field starts: at the first space. */
export function splitBuilding(address: string): { address: string; building: string } {
  const [street = "", ...building] = address.trim().split(/[ \u3000]+/);
  return { address: street, building: building.join(" ") };
}

/** The sender facts a merchant lacks: an address needs both its postal code and its street. */
export function merchantSenderGaps(merchant: Pick<MerchantSenderFacts, "postalCode" | "address" | "phone">): SenderGap[] {
  const gaps: SenderGap[] = [];
  if (normalizePostalCode(merchant.postalCode) === "" || merchant.address.trim() === "") gaps.push("address");
  if (merchant.phone.trim() === "") gaps.push("phone");
  return gaps;
}

/** The sender of a parcel: `merchant` null for the warehouse's; `seller` is the shop settings in force. */
export function parcelSender(merchant: MerchantSenderFacts | null, seller: Pick<SellerFacts, "shopName" | "postalCode" | "address" | "phone">): ParcelSender {
  const shopAddress = { postalCode: formatPostalCode(normalizePostalCode(seller.postalCode)), ...splitBuilding(seller.address) };
  if (merchant == null) return { name: seller.shopName, shopName: null, ...shopAddress, phone: seller.phone, fallback: [] };
  const fallback = merchantSenderGaps(merchant);
  const name = merchant.legalName.trim() || merchant.name;
  const address = fallback.includes("address")
    ? shopAddress
    : { postalCode: formatPostalCode(normalizePostalCode(merchant.postalCode)), ...splitBuilding(merchant.address) };
  return {
    name,
    shopName: name === merchant.name ? null : merchant.name,
    ...address,
    phone: fallback.includes("phone") ? seller.phone : merchant.phone.trim(),
    fallback,
  };
}

/** What the merchant's edit page says about the sender of its parcels, given what it lacks. */
export function senderFallbackNotice(gaps: readonly SenderGap[]): string | null {
  if (gaps.length === 0) return null;
  const parts = gaps.map((gap) => (gap === "address" ? "郵便番号・所在地" : "電話番号")).join("と");
  return `${parts}が未登録のため、この出店者の荷物の送り状（B2クラウドCSV）と納品書には、当社（ショップ設定）の${parts}を差出人として印字します。`;
}
