/**
 * Merchants' monthly statements over HTTP (decision 0060): the list and a month's statement with its CSV, for
 * the merchant (/merchant/statements: the merchant id is the session's, never the URL's) and for staff
 * (/crm/merchants/{id}/statements), and staff's 支払済みにする (a plain form post with PRG; the same with JS).
 * A month that cannot be read is refused in Japanese (400), one that has not begun is not there (404).
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { jstDate } from "~/core/dates";
import { PayoutSchema, PAYOUT_TEXT, StatementCsvQuerySchema } from "~/core/merchant/merchant-statement-forms";
import { monthDays, monthState, parseStatementMonth, STATEMENT_TEXT, statementsPathOf, type StatementMonth } from "~/core/merchant/merchant-statements";
import { STATEMENT_CSV_HEADER, statementCsvFileName, statementCsvRecords } from "~/core/merchant/statement-csv";
import { listStatements, loadStatement, paidFigures, recordPayout, type PayoutOutcome } from "~/services/merchant/merchant-statements.server";
import type { SessionUser } from "~/services/account/sessions.server";
import { parseSubmission } from "../form-submission.server";
import { invariantResponse, readFormData, withNotice } from "../http.server";
import { parseQuery, redirectedNotice } from "../input.server";
import { csvDownload } from "../reports/sales-report.server";
import { textResponse } from "../site/text-responses.server";
import type { PayoutActionData } from "../types/merchants";

const PRIVATE = { "Cache-Control": "private, no-store" } as const;

export type StatementViewer = "merchant" | "staff";

const NOTICES = { paid: STATEMENT_TEXT.paid } as const;

/** Why the month cannot be shown (400: not a month; 404: not begun), or null. */
function monthRefusal(month: StatementMonth | null, now: Date): { status: 400 | 404; message: string } | null {
  if (!month) return { status: 400, message: STATEMENT_TEXT.badMonth };
  if (monthState(month, now) === "future") return { status: 404, message: STATEMENT_TEXT.futureMonth };
  return null;
}

function statementMonth(raw: string | undefined, now: Date): StatementMonth {
  const month = parseStatementMonth(raw);
  const refusal = monthRefusal(month, now);
  invariantResponse(!refusal, refusal?.message ?? "", { status: refusal?.status ?? 400 });
  return month!;
}

/** The list of months with their figures and whether each is paid. */
export async function statementListPage(context: AppLoadContext, merchantId: number, viewer: StatementViewer, now: Date = new Date()) {
  const list = await listStatements(context.db, merchantId, now);
  invariantResponse(list, STATEMENT_TEXT.merchantNotFound, { status: 404 });
  return data({ ...list, viewer, basePath: statementsPathOf(viewer, merchantId) }, { headers: PRIVATE });
}

/** A month's statement: its figures (a paid month's as paid, and the payout), its parcels and returns. */
export async function statementPage(
  request: Request,
  context: AppLoadContext,
  merchantId: number,
  rawMonth: string | undefined,
  viewer: StatementViewer,
  now: Date = new Date(),
) {
  const month = statementMonth(rawMonth, now);
  const statement = await loadStatement(context.db, merchantId, month, now);
  invariantResponse(statement, STATEMENT_TEXT.merchantNotFound, { status: 404 });
  return data(
    {
      statement,
      viewer,
      basePath: statementsPathOf(viewer, merchantId),
      today: jstDate(now),
      notice: redirectedNotice(request, NOTICES),
    },
    { headers: PRIVATE },
  );
}

/** A month's statement as CSV (?month=2026-10&encoding=utf8|sjis): a paid month's figures as paid. */
export async function statementCsv(request: Request, context: AppLoadContext, merchantId: number, now: Date = new Date()): Promise<Response> {
  const query = parseQuery(request, StatementCsvQuerySchema);
  const month = parseStatementMonth(query.month);
  const refusal = monthRefusal(month, now);
  if (refusal) return textResponse(refusal.status, refusal.message);
  const statement = await loadStatement(context.db, merchantId, month!, now);
  if (!statement) return textResponse(404, STATEMENT_TEXT.merchantNotFound);
  const figures = statement.payout ? paidFigures(statement.payout) : statement.figures;
  return csvDownload(STATEMENT_CSV_HEADER, statementCsvRecords({ ...statement, figures }), statementCsvFileName(month!, query.encoding), query.encoding);
}

const PAYOUT_REFUSALS: Record<Exclude<PayoutOutcome, { ok: true }>["reason"], { status: 404 | 409; message: string }> = {
  not_found: { status: 404, message: STATEMENT_TEXT.merchantNotFound },
  not_closed: { status: 409, message: STATEMENT_TEXT.notClosed },
  already_paid: { status: 409, message: STATEMENT_TEXT.alreadyPaid },
  changed: { status: 409, message: STATEMENT_TEXT.changedMeanwhile },
};

/**
 * 支払済みにする (staff): the paid-on day (a real day, not after today, not before the month began) and the
 * bank's reference; recorded once per merchant and month with the figures as worked out now, or refused
 * with the reason beside the form. The route has checked that the user is staff.
 */
export async function payoutAction(
  request: Request,
  context: AppLoadContext,
  merchantId: number,
  rawMonth: string | undefined,
  staff: SessionUser,
  now: Date = new Date(),
) {
  const month = statementMonth(rawMonth, now);
  const submission = parseSubmission(await readFormData(request), { schema: PayoutSchema });
  if (submission.status !== "success") return data<PayoutActionData>({ intent: "payout", reply: submission.reply() }, { status: 400 });
  const { paidOn, payable } = submission.value;
  const reference = submission.value.reference ?? "";
  const dayRefusal = paidOn > jstDate(now) ? PAYOUT_TEXT.futureDate : paidOn < monthDays(month).first ? PAYOUT_TEXT.beforeMonth : null;
  if (dayRefusal) return data<PayoutActionData>({ intent: "payout", reply: submission.reply({ fieldErrors: { paidOn: [dayRefusal] } }) }, { status: 400 });
  const outcome = await recordPayout(
    context.db,
    merchantId,
    month,
    { paidOn, reference, payable },
    { userId: staff.id, name: `${staff.lastname} ${staff.firstname}` },
    now,
  );
  if (!outcome.ok) {
    const refusal = PAYOUT_REFUSALS[outcome.reason];
    invariantResponse(outcome.reason !== "not_found", refusal.message, { status: 404 });
    return data<PayoutActionData>({ intent: "payout", reply: submission.reply({ formErrors: [refusal.message] }) }, { status: refusal.status });
  }
  throw redirect(withNotice(`${statementsPathOf("staff", merchantId)}/${month}`, "paid"), 303);
}
