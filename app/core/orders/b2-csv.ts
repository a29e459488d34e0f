/**
 * ヤマト運輸 送り状発行システム B2クラウド「外部データから発行」: the shipments to ship as the import file
 * B2 reads — one record per parcel in the 95 columns of B2's 送り状発行データレイアウト (入出力用, the
 * official template newb2web_template1), a header row of the column names first. B2 checks each field's
 * width in Shift_JIS bytes (全角 2, 半角 1); fields are fitted here, an address spilling over its field
 * continues in the next address fields rather than being cut. What shoppers and merchants typed is defused
 * against spreadsheet formulas (app/core/csv.ts) before it is fitted, so the defusing apostrophe counts in
 * the width. Pure; the Shift_JIS bytes are app/core/text-encoding.ts.
 */
import Encoding from "encoding-japanese";
import type { DeliveryTimeSlot } from "../checkout/checkout";
import { csvText, defuseFormula } from "../csv";
import { toFullWidthKatakana } from "../kana";
import { formatPostalCode } from "../address/postal";

export const B2_COLUMNS = [
  "お客様管理番号",
  "送り状種類",
  "クール区分",
  "伝票番号",
  "出荷予定日",
  "お届け予定日",
  "配達時間帯",
  "お届け先コード",
  "お届け先電話番号",
  "お届け先電話番号枝番",
  "お届け先郵便番号",
  "お届け先住所",
  "お届け先アパートマンション名",
  "お届け先会社・部門１",
  "お届け先会社・部門２",
  "お届け先名",
  "お届け先名(ｶﾅ)",
  "敬称",
  "ご依頼主コード",
  "ご依頼主電話番号",
  "ご依頼主電話番号枝番",
  "ご依頼主郵便番号",
  "ご依頼主住所",
  "ご依頼主アパートマンション",
  "ご依頼主名",
  "ご依頼主名(ｶﾅ)",
  "品名コード１",
  "品名１",
  "品名コード２",
  "品名２",
  "荷扱い１",
  "荷扱い２",
  "記事",
  "ｺﾚｸﾄ代金引換額（税込)",
  "内消費税額等",
  "止置き",
  "営業所コード",
  "発行枚数",
  "個数口表示フラグ",
  "請求先顧客コード",
  "請求先分類コード",
  "運賃管理番号",
  "クロネコwebコレクトデータ登録",
  "クロネコwebコレクト加盟店番号",
  "クロネコwebコレクト申込受付番号１",
  "クロネコwebコレクト申込受付番号２",
  "クロネコwebコレクト申込受付番号３",
  "お届け予定ｅメール利用区分",
  "お届け予定ｅメールe-mailアドレス",
  "入力機種",
  "お届け予定ｅメールメッセージ",
  "お届け完了ｅメール利用区分",
  "お届け完了ｅメールe-mailアドレス",
  "お届け完了ｅメールメッセージ",
  "クロネコ収納代行利用区分",
  "予備",
  "収納代行請求金額(税込)",
  "収納代行内消費税額等",
  "収納代行請求先郵便番号",
  "収納代行請求先住所",
  "収納代行請求先住所（アパートマンション名）",
  "収納代行請求先会社・部門名１",
  "収納代行請求先会社・部門名２",
  "収納代行請求先名(漢字)",
  "収納代行請求先名(カナ)",
  "収納代行問合せ先名(漢字)",
  "収納代行問合せ先郵便番号",
  "収納代行問合せ先住所",
  "収納代行問合せ先住所（アパートマンション名）",
  "収納代行問合せ先電話番号",
  "収納代行管理番号",
  "収納代行品名",
  "収納代行備考",
  "複数口くくりキー",
  "検索キータイトル1",
  "検索キー1",
  "検索キータイトル2",
  "検索キー2",
  "検索キータイトル3",
  "検索キー3",
  "検索キータイトル4",
  "検索キー4",
  "検索キータイトル5",
  "検索キー5",
  "予備",
  "予備",
  "投函予定メール利用区分",
  "投函予定メールe-mailアドレス",
  "投函予定メールメッセージ",
  "投函完了メール（お届け先宛）利用区分",
  "投函完了メール（お届け先宛）e-mailアドレス",
  "投函完了メール（お届け先宛）メールメッセージ",
  "投函完了メール（ご依頼主宛）利用区分",
  "投函完了メール（ご依頼主宛）e-mailアドレス",
  "投函完了メール（ご依頼主宛）メールメッセージ",
] as const;

type B2Column = (typeof B2_COLUMNS)[number];

/** 送り状種類: 0 発払い (prepaid or paid later), 2 コレクト (代金引換: the driver collects the amount). */
export const B2_SLIP_TYPES = { prepaid: "0", collect: "2" } as const;

/** クール区分: 0 通常, 2 クール冷蔵 — the shop's cold shipping is refrigerated (要冷蔵). */
export const B2_COOL = { none: "0", refrigerated: "2" } as const;

/**
 * 配達時間帯 codes of the shop's time slots (app/core/checkout/checkout.ts). ヤマト's slots since 2017: 午前中 0812,
 * 1416, 1618, 1820, 1921 (12–14 and 20–21 were withdrawn).
 */
export const B2_TIME_SLOT_CODES: Record<DeliveryTimeSlot, string> = {
  午前中: "0812",
  "14:00〜16:00": "1416",
  "16:00〜18:00": "1618",
  "18:00〜20:00": "1820",
  "19:00〜21:00": "1921",
};

/**
 * The shop's contract with ヤマト運輸 printed into every record (B2 refuses a 発払い record without them).
 * DEMO VALUES — replace with the 請求先顧客コード (10 digits + 2-digit 枝番) and 運賃管理番号 of the contract.
 */
export const B2_CONTRACT = { billingCustomerCode: "000000000000", billingClassCode: "", freightManagementNumber: "01" } as const;

/** Field widths in Shift_JIS bytes (全角 = 2), from B2's layout. */
const WIDTH = {
  address: 64,
  building: 32,
  company: 50,
  name: 32,
  kana: 50,
  senderName: 32,
  itemName: 50,
  article: 44,
} as const;

/** The B2 code of a delivery time slot as the shop records it; "" for none (or a slot B2 does not have). */
export function b2TimeSlotCode(slot: string | null): string {
  return slot != null && Object.hasOwn(B2_TIME_SLOT_CODES, slot) ? B2_TIME_SLOT_CODES[slot as DeliveryTimeSlot] : "";
}

/** "2026-11-24" → "2026/11/24" (B2's date format); null → "". */
export function b2Date(isoDate: string | null): string {
  return isoDate == null ? "" : isoDate.replaceAll("-", "/");
}

/** Bytes of the text in Shift_JIS: ASCII and half-width kana 1, everything else 2. */
export function shiftJisWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /^[\u0020-\u007e\uff61-\uff9f]$/.test(char) ? 1 : 2;
  return width;
}

/** The longest start of `text` within `width` bytes, and the rest. */
function splitAtWidth(text: string, width: number): [string, string] {
  let used = 0;
  let end = 0;
  for (const char of text) {
    const next = shiftJisWidth(char);
    if (used + next > width) break;
    used += next;
    end += char.length;
  }
  return [text.slice(0, end), text.slice(end)];
}

/** `text` cut to `width` bytes. */
export function fitWidth(text: string, width: number): string {
  return splitAtWidth(text, width)[0];
}

/** Typed text as a field of `width` bytes: defused against formulas, then fitted. */
function fieldText(text: string, width: number): string {
  return fitWidth(defuseFormula(text), width);
}

/**
 * Text spilling over a field of `width` bytes, split so the rest — the next field's start — is not read
 * as a formula (a 番地 「1-2-3」 split before 「-2-3」 would be): the split moves back a character or more.
 */
function spillAt(text: string, width: number): [string, string] {
  const [head, rest] = splitAtWidth(text, width);
  const kept = [...head];
  let spilled = rest;
  while (kept.length > 1 && defuseFormula(spilled) !== spilled) spilled = kept.pop()! + spilled;
  // Only formula characters to move: split where the width does, and the next field defuses its start.
  return defuseFormula(spilled) === spilled ? [kept.join(""), spilled] : [head, rest];
}

/** A reading in half-width katakana (B2's お届け先名(ｶﾅ)): ヤマダ タロウ → ﾔﾏﾀﾞ ﾀﾛｳ. */
export function halfWidthKana(text: string): string {
  return Encoding.toHankakuSpace(Encoding.toHankanaCase(toFullWidthKatakana(text)));
}

/** Telephone numbers as B2 takes them: half-width digits and hyphens. */
function phoneField(phone: string): string {
  return phone.normalize("NFKC").replace(/[^\d-]/g, "");
}

export interface B2Address {
  phone: string;
  /** 7 digits (with or without the hyphen). */
  postalCode: string;
  /** 都道府県・市区町村・番地. */
  address: string;
  /** Building and room; may be empty. */
  building: string;
  name: string;
}

export interface B2Parcel {
  /** お客様管理番号: the shipment's id — B2's printed-slip export carries it back with the 伝票番号. */
  shipmentId: number;
  orderNumber: string;
  /** 代金引換 to collect with this parcel (tax included, and the tax within it); null = 発払い. */
  collect: { amount: number; tax: number } | null;
  cold: boolean;
  /** お届け希望日 (YYYY-MM-DD) and time slot label, as the shopper chose them; null for none. */
  deliveryDate: string | null;
  deliveryTimeSlot: string | null;
  recipient: B2Address & { kana: string };
  sender: B2Address;
  /** The parcel's goods, in order. */
  items: { title: string; quantity: number }[];
}

/** 品名１ and 品名２: the goods as 「title ×qty」, the second field carrying on, 「ほかN点」 when more remain. */
export function b2ItemNames(items: B2Parcel["items"]): [string, string] {
  const labels = items.map((item) => defuseFormula(item.quantity > 1 ? `${item.title} ×${item.quantity}` : item.title));
  const [first = "", ...rest] = labels;
  if (rest.length === 0) return [fitWidth(first, WIDTH.itemName), ""];
  const more = `ほか${rest.length}点`;
  const second =
    rest.length === 1 && shiftJisWidth(rest[0]!) <= WIDTH.itemName ? rest[0]! : `${fitWidth(rest[0]!, WIDTH.itemName - shiftJisWidth(` ${more}`))} ${more}`;
  return [fitWidth(first, WIDTH.itemName), second];
}

/**
 * The recipient's address in B2's fields: 住所 (64 bytes), アパートマンション名 (32), then the two 会社・部門
 * lines (50 each), which print above the name — so a long address is printed whole rather than cut.
 */
function addressFields(
  address: B2Address,
): Pick<Record<B2Column, string>, "お届け先住所" | "お届け先アパートマンション名" | "お届け先会社・部門１" | "お届け先会社・部門２"> {
  const [street, streetRest] = spillAt(defuseFormula(address.address), WIDTH.address);
  const [building, buildingRest] = spillAt(defuseFormula([streetRest, address.building].filter(Boolean).join(" ")), WIDTH.building);
  const [company1, company1Rest] = spillAt(defuseFormula(buildingRest), WIDTH.company);
  return {
    お届け先住所: street,
    お届け先アパートマンション名: building,
    "お届け先会社・部門１": company1,
    "お届け先会社・部門２": fieldText(company1Rest, WIDTH.company),
  };
}

/** One parcel's record, in B2_COLUMNS order; `shipDate` (YYYY-MM-DD) is the 出荷予定日. */
export function b2Record(parcel: B2Parcel, shipDate: string): string[] {
  const [item1, item2] = b2ItemNames(parcel.items);
  const fields: Partial<Record<B2Column, string>> = {
    お客様管理番号: String(parcel.shipmentId),
    送り状種類: parcel.collect ? B2_SLIP_TYPES.collect : B2_SLIP_TYPES.prepaid,
    クール区分: parcel.cold ? B2_COOL.refrigerated : B2_COOL.none,
    出荷予定日: b2Date(shipDate),
    お届け予定日: b2Date(parcel.deliveryDate),
    配達時間帯: b2TimeSlotCode(parcel.deliveryTimeSlot),
    お届け先電話番号: phoneField(parcel.recipient.phone),
    お届け先郵便番号: formatPostalCode(parcel.recipient.postalCode.replace("-", "")),
    ...addressFields(parcel.recipient),
    お届け先名: fieldText(parcel.recipient.name, WIDTH.name),
    "お届け先名(ｶﾅ)": fieldText(halfWidthKana(parcel.recipient.kana), WIDTH.kana),
    敬称: "様",
    ご依頼主電話番号: phoneField(parcel.sender.phone),
    ご依頼主郵便番号: formatPostalCode(parcel.sender.postalCode.replace("-", "")),
    ご依頼主住所: fieldText(parcel.sender.address, WIDTH.address),
    ご依頼主アパートマンション: fieldText(parcel.sender.building, WIDTH.building),
    ご依頼主名: fieldText(parcel.sender.name, WIDTH.senderName),
    品名１: item1,
    品名２: item2,
    記事: fitWidth(`ご注文番号 ${parcel.orderNumber}`, WIDTH.article),
    "ｺﾚｸﾄ代金引換額（税込)": parcel.collect ? String(parcel.collect.amount) : "",
    内消費税額等: parcel.collect ? String(parcel.collect.tax) : "",
    発行枚数: "1",
    請求先顧客コード: B2_CONTRACT.billingCustomerCode,
    請求先分類コード: B2_CONTRACT.billingClassCode,
    運賃管理番号: B2_CONTRACT.freightManagementNumber,
  };
  return B2_COLUMNS.map((column) => fields[column] ?? "");
}

/** The import file's text: the header row, then one record per parcel (CRLF, every field defused; encode as Shift_JIS). */
export function b2Csv(parcels: readonly B2Parcel[], shipDate: string): string {
  return csvText([[...B2_COLUMNS], ...parcels.map((parcel) => b2Record(parcel, shipDate))]);
}

/** The download's file name: 「b2-{who}-{YYYYMMDD}.csv」. */
export function b2FileName(who: string, shipDate: string): string {
  return `b2-${who}-${shipDate.replaceAll("-", "")}.csv`;
}
