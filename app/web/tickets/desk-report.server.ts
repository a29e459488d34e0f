/**
 * The desk report as the web serves it (issue 36 item 10): /crm/tickets/report?from=&to= (the page) and
 * /crm/tickets/report.csv with the same period (UTF-8 with BOM through app/core/csv.ts). Staff only (the
 * routes check); a period that cannot be read is told in Japanese with a 400.
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { utf8Csv, type CsvValue } from "~/core/csv";
import { durationMinutes, REPORT_DEFAULT_DAYS, type GroupFigures } from "~/core/tickets/desk-report";
import { reportPeriod } from "~/core/reports/report-period";
import { loadDeskReport } from "~/services/tickets/desk-report.server";
import { parseQuery } from "~/web/input.server";

const PeriodQuerySchema = v.object({ from: v.fallback(v.string(), ""), to: v.fallback(v.string(), "") });

/** The period the URL asks for, as typed (shown back in the form), and what it reads as. */
function askedPeriod(request: Request, now: Date) {
  const asked = parseQuery(request, PeriodQuerySchema);
  return { asked, read: reportPeriod(asked, now, REPORT_DEFAULT_DAYS) };
}

export async function deskReportPage(request: Request, context: AppLoadContext, now: Date = new Date()) {
  const { asked, read } = askedPeriod(request, now);
  if (!read.ok) return data({ ok: false as const, error: read.error, asked }, { status: 400 });
  const { report, comments } = await loadDeskReport(context.db, read.period, now);
  const { from, to } = read.period;
  return data({ ok: true as const, period: { from, to }, report, comments, csvHref: `/crm/tickets/report.csv?${new URLSearchParams({ from, to })}` });
}

const CSV_HEADER = [
  "区分",
  "名前",
  "受付件数",
  "完了件数",
  "初回応答件数",
  "初回応答 中央値（分）",
  "初回応答 90パーセンタイル（分）",
  "解決件数",
  "解決 中央値（分）",
  "解決 90パーセンタイル（分）",
  "初回応答期限超過",
  "初回応答期限のある件数",
  "初回応答期限超過率（%）",
  "解決期限超過",
  "解決期限のある件数",
  "解決期限超過率（%）",
  "アンケート送信",
  "回答数",
  "回答率（%）",
  "平均評価",
  "解決した（%）",
];

function groupRow(kind: string, group: GroupFigures): CsvValue[] {
  const { firstResponse, resolution, firstResponseBreaches: late, resolutionBreaches: overdue, satisfaction } = group;
  return [
    kind,
    group.label,
    group.opened,
    group.closed,
    firstResponse.count,
    durationMinutes(firstResponse.median),
    durationMinutes(firstResponse.p90),
    resolution.count,
    durationMinutes(resolution.median),
    durationMinutes(resolution.p90),
    late.count,
    late.of,
    late.percent,
    overdue.count,
    overdue.of,
    overdue.percent,
    satisfaction.mailed,
    satisfaction.answers,
    satisfaction.rate,
    satisfaction.average,
    satisfaction.resolvedPercent,
  ];
}

/** The report as CSV: the whole, each category, each owner, then each day's opened and closed. */
export async function deskReportCsv(request: Request, context: AppLoadContext, now: Date = new Date()): Promise<Response> {
  const { read } = askedPeriod(request, now);
  if (!read.ok) return new Response(read.error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { report } = await loadDeskReport(context.db, read.period, now);
  const csv = utf8Csv(CSV_HEADER, [
    groupRow("全体", report.total),
    ...report.byCategory.map((group) => groupRow("カテゴリ", group)),
    ...report.byStaff.map((group) => groupRow("担当者", group)),
    ...report.daily.map((day) => ["日別", day.day, day.opened, day.closed]),
  ]);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="desk-report-${read.period.from}-${read.period.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
