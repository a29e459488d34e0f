/** The sales reports over HTTP (/crm/reports and its CSV, staff only): the query read, the period checked, the rows. */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { csvText, utf8Csv, type CsvValue } from "~/core/csv";
import { reportPeriod } from "~/core/reports/report-period";
import {
  completeRows,
  SALES_BREAKDOWNS,
  SALES_REPORT_DEFAULT_DAYS,
  salesCsvFileName,
  salesCsvHeader,
  salesCsvRow,
  SalesReportQuerySchema,
  salesTotal,
  type SalesRow,
  type SalesTableKind,
} from "~/core/reports/sales-report";
import { encodeShiftJis } from "~/core/text-encoding";
import { salesReportRows } from "~/services/reports/sales-report.server";
import { parseQuery } from "../input.server";

async function readReport(request: Request, context: AppLoadContext, now: Date) {
  const query = parseQuery(request, SalesReportQuerySchema);
  const read = reportPeriod({ from: query.from, to: query.to }, now, SALES_REPORT_DEFAULT_DAYS);
  if (!read.ok) return { query, read, rows: [] };
  return { query, read, rows: completeRows(query.by, read.period, await salesReportRows(context.db, query.by, read.period)) };
}

/** The page's data; a period that cannot be read is answered 400 with the reason and no figures. */
export async function salesReportPage(request: Request, context: AppLoadContext, now: Date = new Date()) {
  const { query, read, rows } = await readReport(request, context, now);
  const headers = { "Cache-Control": "private, no-store" };
  if (!read.ok) return data({ ok: false as const, error: read.error, by: query.by, asked: { from: query.from, to: query.to } }, { status: 400, headers });
  return data(
    { ok: true as const, by: query.by, period: { from: read.period.from, to: read.period.to }, rows, total: salesTotal(SALES_BREAKDOWNS[query.by], rows) },
    { headers },
  );
}

/** A period that cannot be read, answered to a CSV link: the reason as plain text. */
export const badPeriodCsv = (error: string) => new Response(error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * A table as a CSV download for people: UTF-8 with a BOM, or Shift_JIS (CRLF, no BOM) for older Excel; formula
 * cells defused either way (core/csv.ts). The sales tables and the merchants' statements are downloaded so.
 */
export function csvDownload(header: readonly string[], records: readonly (readonly CsvValue[])[], fileName: string, encoding: "utf8" | "sjis"): Response {
  const sjis = encoding === "sjis";
  return new Response(sjis ? encodeShiftJis(csvText([header, ...records])) : utf8Csv(header, records), {
    headers: {
      "Content-Type": `text/csv; charset=${sjis ? "Shift_JIS" : "utf-8"}`,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** A sales table as a CSV download (csvDownload): its rows and their total. */
export function salesCsvResponse(kind: SalesTableKind, rows: readonly SalesRow[], total: SalesRow, file: { name: string; from: string; to: string; encoding: "utf8" | "sjis" }) {
  const records = [...rows, total].map((row) => salesCsvRow(kind, row));
  return csvDownload(salesCsvHeader(kind), records, salesCsvFileName(file.name, file.from, file.to, file.encoding), file.encoding);
}

/** The report as CSV (salesCsvResponse). */
export async function salesReportCsv(request: Request, context: AppLoadContext, now: Date = new Date()): Promise<Response> {
  const { query, read, rows } = await readReport(request, context, now);
  if (!read.ok) return badPeriodCsv(read.error);
  const kind = SALES_BREAKDOWNS[query.by];
  return salesCsvResponse(kind, rows, salesTotal(kind, rows), { name: `sales-${query.by}`, from: read.period.from, to: read.period.to, encoding: query.encoding });
}
