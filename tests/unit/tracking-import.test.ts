import { describe, expect, it } from "vitest";
import { carrierFromText, readTrackingCsv, TRACKING_IMPORT_LIMITS, TRACKING_IMPORT_MESSAGES } from "~/core/orders/tracking-import";

const rowsOf = (text: string) => {
  const read = readTrackingCsv(text);
  if (!read.ok) throw new Error(read.error);
  return read.rows;
};

describe("reading a tracking-number file", () => {
  it("reads a header row in any column order, by order number or shipment id, with the carrier", () => {
    const rows = rowsOf("お問い合わせ番号,配送業者,注文番号,配送ID\r\n1234-5678-9012,佐川急便,20261124-0007,\r\n123456789012,,,１０\r\n");
    expect(rows).toEqual([
      {
        line: 2,
        referenceText: "20261124-0007",
        reference: { kind: "order", number: "20261124-0007" },
        trackingNumber: "1234-5678-9012",
        carrier: "sagawa",
        problem: null,
      },
      { line: 3, referenceText: "１０", reference: { kind: "shipment", id: 10 }, trackingNumber: "123456789012", carrier: "yamato", problem: null },
    ]);
  });

  it("reads three bare columns: an order number or shipment id, the tracking number, the carrier", () => {
    const rows = rowsOf("20261124-482913,123456789012\n11,12345678901,日本郵便\n");
    expect(rows.map((row) => [row.line, row.reference, row.carrier])).toEqual([
      [1, { kind: "order", number: "20261124-482913" }, "yamato"],
      [2, { kind: "shipment", id: 11 }, "japanpost"],
    ]);
  });

  it("reads B2クラウド's export of printed slips by お客様管理番号 and 伝票番号", () => {
    const rows = rowsOf("お客様管理番号,送り状種類,クール区分,伝票番号,出荷予定日\r\n10,0,0,123456789012,2026/11/25\r\n");
    expect(rows[0]).toMatchObject({ reference: { kind: "shipment", id: 10 }, trackingNumber: "123456789012", carrier: "yamato", problem: null });
  });

  it("reports each broken row with its reason and keeps the others", () => {
    const rows = rowsOf(
      "注文番号,伝票番号,配送業者\n,123456789012,\nABC,123456789012,\n20261124-0007,,\n20261124-0007,123456789012,西濃運輸\n20261124-0007,123456789012,ヤマト\n",
    );
    expect(rows.map((row) => row.problem)).toEqual([
      TRACKING_IMPORT_MESSAGES.noReference,
      TRACKING_IMPORT_MESSAGES.badReference,
      TRACKING_IMPORT_MESSAGES.noTracking,
      TRACKING_IMPORT_MESSAGES.unknownCarrier,
      null,
    ]);
  });

  it("refuses a file it cannot read as a whole: empty, unknown headers, too many rows", () => {
    expect(readTrackingCsv("")).toEqual({ ok: false, error: TRACKING_IMPORT_MESSAGES.empty });
    expect(readTrackingCsv("注文番号,伝票番号\n")).toEqual({ ok: false, error: TRACKING_IMPORT_MESSAGES.empty });
    expect(readTrackingCsv("名前,住所\n山田,東京\n")).toEqual({ ok: false, error: TRACKING_IMPORT_MESSAGES.noColumns });
    const many = Array.from({ length: TRACKING_IMPORT_LIMITS.maxRows + 1 }, (_, i) => `${i + 1},123456789012`).join("\n");
    expect(readTrackingCsv(many)).toEqual({ ok: false, error: TRACKING_IMPORT_MESSAGES.tooManyRows });
    expect(readTrackingCsv(many.split("\n").slice(1).join("\n")).ok).toBe(true);
  });

  it("knows the carriers by the names people write", () => {
    expect(["ヤマト運輸", "クロネコヤマト", "yamato", "ｻｶﾞﾜ"].map(carrierFromText)).toEqual(["yamato", "yamato", "yamato", "unknown"]);
    expect(["佐川", "ゆうパック", "", "  "].map(carrierFromText)).toEqual(["sagawa", "japanpost", null, null]);
  });
});
