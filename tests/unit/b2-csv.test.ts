import { describe, expect, it } from "vitest";
import {
  B2_COLUMNS,
  b2Csv,
  b2FileName,
  b2ItemNames,
  b2Record,
  b2TimeSlotCode,
  fitWidth,
  halfWidthKana,
  shiftJisWidth,
  type B2Parcel,
} from "~/core/orders/b2-csv";
import { DELIVERY_TIME_SLOTS } from "~/core/checkout/checkout";
import { codCollectingShipmentId } from "~/core/checkout/cod-collection";
import { csvText, parseCsv } from "~/core/csv";
import { decodeJapaneseText, encodeShiftJis } from "~/core/text-encoding";

const PARCEL: B2Parcel = {
  shipmentId: 10,
  orderNumber: "20261124-0007",
  collect: null,
  cold: false,
  deliveryDate: "2026-11-28",
  deliveryTimeSlot: "14:00〜16:00",
  recipient: {
    name: "佐藤 一郎",
    kana: "サトウ イチロウ",
    phone: "03-1234-5678",
    postalCode: "1000001",
    address: "東京都千代田区千代田1-1",
    building: "千代田ハイツ101",
  },
  sender: { name: "十勝しあわせ牧場", phone: "0120-123-456", postalCode: "150-0041", address: "東京都渋谷区神南0-0-0", building: "ひなたビル5階" },
  items: [{ title: "十勝 ナチュラルチーズ 食べ比べ 3種セット", quantity: 1 }],
};

const field = (record: string[], column: (typeof B2_COLUMNS)[number]) => record[B2_COLUMNS.indexOf(column)];

describe("B2クラウド import layout", () => {
  it("has the 95 columns of B2's template, お客様管理番号 first and 伝票番号 fourth", () => {
    expect(B2_COLUMNS).toHaveLength(95);
    expect(B2_COLUMNS.slice(0, 7)).toEqual(["お客様管理番号", "送り状種類", "クール区分", "伝票番号", "出荷予定日", "お届け予定日", "配達時間帯"]);
    expect(B2_COLUMNS[33]).toBe("ｺﾚｸﾄ代金引換額（税込)");
    expect(B2_COLUMNS[41]).toBe("運賃管理番号");
  });

  it("maps every time slot the checkout offers to ヤマト's code", () => {
    expect(DELIVERY_TIME_SLOTS.map(b2TimeSlotCode)).toEqual(["0812", "1416", "1618", "1820", "1921"]);
    expect(b2TimeSlotCode(null)).toBe("");
    expect(b2TimeSlotCode("12:00〜14:00")).toBe("");
  });

  it("writes a prepaid parcel: the shipment id, dates in B2's format, recipient, sender, goods", () => {
    const record = b2Record(PARCEL, "2026-11-25");
    expect(record).toHaveLength(95);
    expect(field(record, "お客様管理番号")).toBe("10");
    expect(field(record, "送り状種類")).toBe("0");
    expect(field(record, "クール区分")).toBe("0");
    expect(field(record, "伝票番号")).toBe("");
    expect(field(record, "出荷予定日")).toBe("2026/11/25");
    expect(field(record, "お届け予定日")).toBe("2026/11/28");
    expect(field(record, "配達時間帯")).toBe("1416");
    expect(field(record, "お届け先電話番号")).toBe("03-1234-5678");
    expect(field(record, "お届け先郵便番号")).toBe("100-0001");
    expect(field(record, "お届け先住所")).toBe("東京都千代田区千代田1-1");
    expect(field(record, "お届け先アパートマンション名")).toBe("千代田ハイツ101");
    expect(field(record, "お届け先名")).toBe("佐藤 一郎");
    expect(field(record, "お届け先名(ｶﾅ)")).toBe("ｻﾄｳ ｲﾁﾛｳ");
    expect(field(record, "敬称")).toBe("様");
    expect(field(record, "ご依頼主名")).toBe("十勝しあわせ牧場");
    expect(field(record, "ご依頼主郵便番号")).toBe("150-0041");
    expect(field(record, "品名１")).toBe("十勝 ナチュラルチーズ 食べ比べ 3種セット");
    expect(field(record, "記事")).toBe("ご注文番号 20261124-0007");
    expect(field(record, "ｺﾚｸﾄ代金引換額（税込)")).toBe("");
    expect(field(record, "運賃管理番号")).toBe("01");
  });

  it("writes a 代金引換 parcel as コレクト with the amount and its tax, and a cold parcel as クール冷蔵", () => {
    const record = b2Record({ ...PARCEL, collect: { amount: 12_980, tax: 1_080 }, cold: true, deliveryDate: null, deliveryTimeSlot: null }, "2026-11-25");
    expect(field(record, "送り状種類")).toBe("2");
    expect(field(record, "ｺﾚｸﾄ代金引換額（税込)")).toBe("12980");
    expect(field(record, "内消費税額等")).toBe("1080");
    expect(field(record, "クール区分")).toBe("2");
    expect(field(record, "お届け予定日")).toBe("");
    expect(field(record, "配達時間帯")).toBe("");
  });

  it("carries a long address over into the next address fields instead of cutting it", () => {
    const address = "北海道河東郡音更町字下士幌北七線西二十八番地の百二十三ひなた牧場事務所棟";
    const record = b2Record({ ...PARCEL, recipient: { ...PARCEL.recipient, address, building: "2階" } }, "2026-11-25");
    const street = field(record, "お届け先住所")!;
    expect(shiftJisWidth(street)).toBeLessThanOrEqual(64);
    expect(shiftJisWidth(field(record, "お届け先アパートマンション名")!)).toBeLessThanOrEqual(32);
    const printed = [street, field(record, "お届け先アパートマンション名"), field(record, "お届け先会社・部門１")].join("");
    expect(printed.replace(/ /g, "")).toBe(`${address}2階`);
  });

  it("defuses what shoppers and merchants typed, within each field's width", () => {
    const recipient = { ...PARCEL.recipient, name: '=HYPERLINK("http://evil","x")', address: "@SUM(1)", building: "+cmd|' /C calc'!A0" };
    const record = b2Record({ ...PARCEL, recipient, sender: { ...PARCEL.sender, name: "-2+3" }, items: [{ title: "=1+1", quantity: 2 }] }, "2026-11-25");
    expect(field(record, "お届け先名")).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(field(record, "お届け先住所")).toBe("'@SUM(1)");
    expect(field(record, "お届け先アパートマンション名")).toBe("'+cmd|' /C calc'!A0");
    expect(field(record, "ご依頼主名")).toBe("'-2+3");
    expect(field(record, "品名１")).toBe("'=1+1 ×2");
    const long = b2Record({ ...PARCEL, recipient: { ...PARCEL.recipient, name: `=${"A".repeat(40)}` } }, "2026-11-25");
    expect(field(long, "お届け先名")).toBe(`'=${"A".repeat(30)}`);
    const [header, ...records] = parseCsv(b2Csv([{ ...PARCEL, recipient }], "2026-11-25"));
    expect(header).toEqual([...B2_COLUMNS]);
    expect(records[0]![B2_COLUMNS.indexOf("お届け先名")]).toBe(`'=HYPERLINK("http://evil","x")`);
  });

  it("never starts a spilled address field with a formula character: the split moves before the 番地's hyphen", () => {
    // 30 full-width characters (60 bytes) and 「1234-5-6」: the 64-byte street field would end before 「-5-6」.
    const address = `${"あ".repeat(30)}1234-5-6`;
    const record = b2Record({ ...PARCEL, recipient: { ...PARCEL.recipient, address, building: "" } }, "2026-11-25");
    expect(field(record, "お届け先住所")).toBe(`${"あ".repeat(30)}123`);
    expect(field(record, "お届け先アパートマンション名")).toBe("4-5-6");
    const hyphens = b2Record({ ...PARCEL, recipient: { ...PARCEL.recipient, address: `${"あ".repeat(32)}-1-1`, building: "" } }, "2026-11-25");
    expect(field(hyphens, "お届け先住所")).toBe("あ".repeat(31));
    expect(field(hyphens, "お届け先アパートマンション名")).toBe("あ-1-1");
  });

  it("names the goods in 品名１/品名２ within B2's width", () => {
    expect(b2ItemNames([{ title: "マグカップ", quantity: 2 }])).toEqual(["マグカップ ×2", ""]);
    expect(
      b2ItemNames([
        { title: "バター", quantity: 1 },
        { title: "チーズ", quantity: 1 },
      ]),
    ).toEqual(["バター", "チーズ"]);
    const [first, second] = b2ItemNames([
      { title: "バター", quantity: 1 },
      { title: "チーズ", quantity: 1 },
      { title: "ヨーグルト", quantity: 3 },
    ]);
    expect(first).toBe("バター");
    expect(second).toBe("チーズ ほか2点");
    const [long] = b2ItemNames([{ title: "あ".repeat(40), quantity: 1 }]);
    expect(shiftJisWidth(long)).toBe(50);
  });

  it("counts widths and kana as B2 does", () => {
    expect(shiftJisWidth("ABC")).toBe(3);
    expect(shiftJisWidth("ｶﾅ")).toBe(2);
    expect(shiftJisWidth("漢字")).toBe(4);
    expect(fitWidth("ひなた市場", 5)).toBe("ひな");
    expect(halfWidthKana("やまだ ハナコ")).toBe("ﾔﾏﾀﾞ ﾊﾅｺ");
  });

  it("starts the file with the header row, ends records with CRLF, and names the download by day", () => {
    const text = b2Csv([PARCEL], "2026-11-25");
    expect(text.split("\r\n")).toHaveLength(3);
    expect(parseCsv(text)[0]).toEqual([...B2_COLUMNS]);
    expect(b2FileName("warehouse", "2026-11-25")).toBe("b2-warehouse-20261125.csv");
  });
});

describe("which parcel collects a 代金引換 order", () => {
  const parcels = [
    { id: 9, shippingFrom: "warehouse", status: "preparing" },
    { id: 10, shippingFrom: "merchant", status: "preparing" },
  ] as const;

  it("is the warehouse parcel, or the first live one without it; nothing for other payments or a zero total", () => {
    expect(codCollectingShipmentId("cod", 5000, parcels)).toBe(9);
    expect(codCollectingShipmentId("cod", 5000, [{ ...parcels[0], status: "cancelled" }, parcels[1]])).toBe(10);
    expect(codCollectingShipmentId("cod", 5000, [parcels[1], { id: 12, shippingFrom: "merchant", status: "preparing" }])).toBe(10);
    expect(codCollectingShipmentId("bank_transfer", 5000, parcels)).toBeNull();
    expect(codCollectingShipmentId("cod", 0, parcels)).toBeNull();
  });
});

describe("CSV text and Japanese encodings", () => {
  it("quotes what needs quoting and reads it back", () => {
    const records = [
      ["a,b", 'say "hi"', "two\nlines"],
      ["", "x", ""],
    ];
    const text = csvText(records);
    expect(text).toBe('"a,b","say ""hi""","two\nlines"\r\n,x,\r\n');
    expect(parseCsv(text)).toEqual(records);
    expect(parseCsv("a,b\n\nc,d\re,f")).toEqual([
      ["a", "b"],
      ["c", "d"],
      ["e", "f"],
    ]);
  });

  it("round-trips Shift_JIS and reads UTF-8 with or without a BOM", () => {
    const text = "注文番号,伝票番号\r\n20261124-0007,1234-5678-9012\r\n十勝しあわせ牧場,ｶﾅ\r\n";
    const sjis = encodeShiftJis(text);
    expect(sjis.length).toBeLessThan(new TextEncoder().encode(text).length);
    expect(decodeJapaneseText(sjis)).toBe(text);
    expect(decodeJapaneseText(new TextEncoder().encode(text))).toBe(text);
    expect(decodeJapaneseText(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toBe(text);
  });
});
