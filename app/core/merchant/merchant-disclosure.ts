/**
 * What shoppers read about a merchant on a product page (特定商取引法): the shipping line, the legal
 * details and what a suspended merchant's products and portal say. Apart from the merchant back office's schemas (app/core/merchant/merchant-accounts.ts) so the product
 * page's browser code does not load them.
 */
import { formatPostalCode } from "../address/postal";

export interface MerchantDisclosure {
  name: string;
  legalName: string;
  representative: string;
  postalCode: string;
  address: string;
  phone: string;
  email: string;
}

/** The shipping notice's line: the merchant's shop name, with its legal name when that differs. */
export function merchantShippingLine(merchant: Pick<MerchantDisclosure, "name" | "legalName">): string {
  const seller = merchant.legalName && merchant.legalName !== merchant.name ? `${merchant.name}（${merchant.legalName}）` : merchant.name;
  return `この商品は出店者の${seller}から直送します。`;
}

/** The rows of the merchant's 特定商取引法 details on a product page (empty fields are left out). */
export function merchantDisclosureRows(merchant: MerchantDisclosure): { label: string; value: string }[] {
  return [
    { label: "事業者名", value: merchant.legalName || merchant.name },
    { label: "代表者", value: merchant.representative },
    { label: "所在地", value: merchant.address ? `〒${formatPostalCode(merchant.postalCode)} ${merchant.address}` : "" },
    { label: "電話番号", value: merchant.phone },
    { label: "メールアドレス", value: merchant.email },
  ].filter((row) => row.value !== "");
}

/** What a suspended merchant's products say instead of their buy buttons. */
export const MERCHANT_SUSPENDED_TEXT = {
  product: "出店者の都合により、この商品は現在ご購入いただけません。",
  portal:
    "現在、このショップは販売を停止しています。商品は一覧・検索に表示されず、ご注文も受け付けていません（受付済みのご注文の発送はお願いします）。詳しくは運営までお問い合わせください。",
} as const;
