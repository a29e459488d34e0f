/** The sales reports over HTTP (/crm/reports and its CSV, staff only): the query read, the period checked, the rows. */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { csvText, utf8Csv } from "~/core/csv";
import { reportPeriod } from "~/core/reports/report-period";
import {
  completeRows,
  SALES_REPORT_DEFAULT_DAYS,
  salesCsvFileName,
  salesCsvHeader,
  salesCsvRow,
  SalesReportQuerySchema,
  salesTotal,
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
  return data({ ok: true as const, by: query.by, period: { from: read.period.from, to: read.period.to }, rows, total: salesTotal(query.by, rows) }, { headers });
}

/** The report as CSV: UTF-8 with a BOM, or Shift_JIS (CRLF, no BOM) for older Excel; formula cells defused either way. */
export async function salesReportCsv(request: Request, context: AppLoadContext, now: Date = new Date()): Promise<Response> {
  const { query, read, rows } = await readReport(request, context, now);
  if (!read.ok) return new Response(read.error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const header = salesCsvHeader(query.by);
  const records = [...rows, salesTotal(query.by, rows)].map((row) => salesCsvRow(query.by, row));
  const sjis = query.encoding === "sjis";
  return new Response(sjis ? encodeShiftJis(csvText([header, ...records])) : utf8Csv(header, records), {
    headers: {
      "Content-Type": `text/csv; charset=${sjis ? "Shift_JIS" : "utf-8"}`,
      "Content-Disposition": `attachment; filename="${salesCsvFileName(query.by, read.period.from, read.period.to, query.encoding)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
