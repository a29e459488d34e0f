/**
 * A merchant's statement as CSV (decision 0060): every line shipped, every parcel's shipping, every line
 * returned, the commission of each rate, then the statement's figures — one table a spreadsheet sums. Amounts
 * that come off the payable are negative. Pure; the file is written by the web layer's csvDownload.
 */
import type { CsvValue } from "../csv";
import { jstDate } from "../dates";
import { FIGURE_LABELS, FIGURE_ORDER, formatRate, type RateGroup, type StatementFigures, type StatementMonth } from "./merchant-statements";

export const STATEMENT_CSV_HEADER = ["区分", "日付", "注文番号", "出荷番号・返品受付番号", "SKU", "商品名", "数量", "金額（税込）", "手数料率"] as const;

interface CsvLine {
  sku: string;
  title: string;
  quantity: number;
  amount: number;
  bp: number;
}

export interface StatementCsvInput {
  figures: StatementFigures;
  rates: readonly RateGroup[];
  parcels: readonly { shipmentId: number; orderNumber: string; shippedAt: Date; shippingFee: number; lines: readonly CsvLine[] }[];
  returns: readonly { returnId: number; orderNumber: string; receivedAt: Date; lines: readonly CsvLine[] }[];
  payout: { paidOn: string; reference: string } | null;
}

export function statementCsvRecords(statement: StatementCsvInput): CsvValue[][] {
  const records: CsvValue[][] = [];
  for (const parcel of statement.parcels) {
    const day = jstDate(parcel.shippedAt);
    for (const line of parcel.lines)
      records.push(["売上", day, parcel.orderNumber, parcel.shipmentId, line.sku, line.title, line.quantity, line.amount, formatRate(line.bp)]);
    records.push(["送料", day, parcel.orderNumber, parcel.shipmentId, "", "", "", parcel.shippingFee, ""]);
  }
  for (const returned of statement.returns) {
    const day = jstDate(returned.receivedAt);
    for (const line of returned.lines)
      records.push(["返品", day, returned.orderNumber, returned.returnId, line.sku, line.title, -line.quantity, -line.amount, formatRate(line.bp)]);
  }
  for (const rate of statement.rates) records.push(["手数料内訳", "", "", "", "", `対象額 ${rate.base}円`, "", -rate.commission, formatRate(rate.bp)]);
  for (const key of FIGURE_ORDER) {
    const sign = key === "refunds" || key === "commission" ? -1 : 1;
    records.push([FIGURE_LABELS[key], "", "", "", "", "", "", sign * statement.figures[key], ""]);
  }
  if (statement.payout) records.push(["支払日", statement.payout.paidOn, "", "", "", statement.payout.reference, "", "", ""]);
  return records;
}

/** "statement-2026-10.csv", "statement-2026-10-sjis.csv". */
export const statementCsvFileName = (month: StatementMonth, encoding: "utf8" | "sjis") => `statement-${month}${encoding === "sjis" ? "-sjis" : ""}.csv`;
