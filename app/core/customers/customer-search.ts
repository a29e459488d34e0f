/**
 * Finding a customer (/crm/customers, decision 0056): one search box that looks in every key staff have at
 * hand — the name (漢字), its reading (カナ, typed in hiragana or katakana), the e-mail, a phone number (its
 * digits, however it is written) and an order number (the member who placed it) — beside the listing's
 * status, newsletter and registration-day filters. Guests are found by e-mail and order number. Pure.
 */
import { normalizePhone } from "../address/address-form";
import { hiraganaToKatakana } from "../kana";
import { labelledChoices, type ListingDefinition } from "../search/listing";
import { CUSTOMER_STATUS_LABELS } from "./customer-records";

export type CustomerSort = "created" | "kana";

export const CUSTOMER_LISTING = {
  orderby: ["created", "kana"],
  defaultOrderby: "created",
  defaultOrdersens: "DESC",
  pageSize: 30,
  filters: [
    { name: "q", label: "検索", operator: "LIKE", type: "text", placeholder: "お名前・フリガナ・メールアドレス・電話番号・注文番号" },
    { name: "status", label: "状態", operator: "=", type: "choice", choices: labelledChoices(CUSTOMER_STATUS_LABELS) },
    {
      name: "newsletter",
      label: "メールマガジン",
      operator: "=",
      type: "choice",
      choices: [
        { value: "1", label: "購読中" },
        { value: "0", label: "購読していない" },
      ],
    },
    { name: "date_created", label: "登録日", operator: "BETWEEN", type: "date" },
  ],
} as const satisfies ListingDefinition<CustomerSort>;

/** Fewest digits a search is read as a phone number with (fewer would match almost everyone). */
export const PHONE_SEARCH_MIN_DIGITS = 4;
/** Most guests (e-mail addresses) a search lists; a narrower search finds the rest. */
export const GUEST_MATCHES_SHOWN = 20;

/** What one search text is compared with, key by key. */
export interface CustomerSearchTerms {
  /** Lower-cased, as e-mail addresses are kept: a part of an address. */
  email: string;
  /** Whether the text could be (part of) an e-mail address — printable ASCII, no spaces: only then are guests' orders searched. */
  emailLike: boolean;
  /** Without spaces, as a name is joined (姓名): 「山田 花子」 finds 山田花子. */
  name: string;
  /** The reading folded to katakana, without spaces: 「やまだ はなこ」 finds ヤマダハナコ. */
  kana: string;
  /** A phone number's digits (hyphens, spaces and brackets ignored); null when the text is not a phone number. */
  phoneDigits: string | null;
  /** An order number (20261119-482913, the hyphen optional); null when the text is not one. */
  orderNumber: string | null;
}

/** Digits with the separators people write phone numbers with, and nothing else. */
const PHONE_LIKE = /^[\d\s\-()（）+ー－‐]+$/u;
const ORDER_NUMBER = /^(\d{8})[-\s]?(\d{4,6})$/;
/** At least three printable ASCII characters without a space. */
const EMAIL_PART = /^[!-~]{3,}$/;

/**
 * The terms of a search text as the listing read it (normaliseSearchText: NFKC, spaces collapsed), or null
 * for an empty one.
 */
export function customerSearchTerms(text: string): CustomerSearchTerms | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const compact = trimmed.replace(/\s+/gu, "");
  const digits = PHONE_LIKE.test(trimmed) ? normalizePhone(trimmed).replace(/\D/g, "") : "";
  const order = ORDER_NUMBER.exec(trimmed);
  return {
    email: trimmed.toLowerCase(),
    emailLike: EMAIL_PART.test(trimmed),
    name: compact,
    kana: hiraganaToKatakana(compact),
    phoneDigits: digits.length >= PHONE_SEARCH_MIN_DIGITS ? digits : null,
    orderNumber: order ? `${order[1]}-${order[2]}` : null,
  };
}
