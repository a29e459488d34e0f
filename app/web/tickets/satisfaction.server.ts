/**
 * The satisfaction survey page, /support/rating/{ticketId}?e=&s=&c= (decision 0048): opened from the mail's
 * signed links without a login. Opening it writes nothing (mail scanners open links): it shows the clicked
 * choice picked, a comment box and 「送信」; the form posts back to the link's own URL, which records the one
 * vote and comes back to the page (PRG, JS on or off). A bad, altered or expired link is told so, in Japanese.
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { parseChoice, SATISFACTION_TEXT, SatisfactionFormSchema } from "~/core/tickets/satisfaction";
import { IdSchema } from "~/core/validation";
import { openSurvey, recordVote, type SurveyLink, type SurveyRefusal } from "~/services/tickets/satisfaction.server";
import { readFormData, redirectWithNotice } from "~/web/http.server";
import { readInput, redirectedNotice } from "~/web/input.server";

const LinkSchema = v.object({ ticketId: IdSchema, e: v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number)), s: v.string() });

/** The link the URL carries, or null when a part is missing or malformed. */
function linkOf(url: URL, rawTicketId: string | undefined): SurveyLink | null {
  const parsed = v.safeParse(LinkSchema, { ticketId: rawTicketId, e: url.searchParams.get("e"), s: url.searchParams.get("s") });
  return parsed.success ? { ticketId: parsed.output.ticketId, expiresAt: parsed.output.e, signature: parsed.output.s } : null;
}

const refused = (reason: SurveyRefusal["reason"]) =>
  data(
    { ok: false as const, error: reason === "expired" ? SATISFACTION_TEXT.expired : SATISFACTION_TEXT.badLink },
    { status: reason === "expired" ? 410 : 400, headers: NO_STORE },
  );

const NO_STORE = { "Cache-Control": "no-store" };

const NOTICES = { recorded: SATISFACTION_TEXT.thanks, already: SATISFACTION_TEXT.alreadyAnswered };

/** The page: the form with the link's choice picked, or that the ticket was answered (thanks after this vote). */
export async function surveyPage(request: Request, context: AppLoadContext, rawTicketId: string | undefined) {
  const url = new URL(request.url);
  const link = linkOf(url, rawTicketId);
  if (!link) return refused("invalid");
  const opened = await openSurvey(context.db, link, context.cloudflare.env.SESSION_SECRET, new Date());
  if (!opened.ok) return refused(opened.reason);
  const notice = redirectedNotice(url, NOTICES) ?? (opened.answered ? SATISFACTION_TEXT.alreadyAnswered : null);
  const choice = parseChoice(url.searchParams.get("c"));
  return data(
    {
      ok: true as const,
      ticketId: link.ticketId,
      notice,
      answered: opened.answered,
      score: choice && "score" in choice ? choice.score : null,
      resolved: choice && "resolved" in choice ? (choice.resolved ? "yes" : "no") : null,
    },
    { headers: NO_STORE },
  );
}

/** The form's vote: recorded once, back to the page with its notice; a form without a score comes back with its message. */
export async function surveyAction(request: Request, context: AppLoadContext, rawTicketId: string | undefined) {
  const url = new URL(request.url);
  const form = await readFormData(request);
  const link = linkOf(url, rawTicketId);
  if (!link) return refused("invalid");
  const vote = readInput(SatisfactionFormSchema, form);
  if (!vote.ok) return data({ ok: false as const, error: vote.error, field: vote.field ?? null }, { status: 400, headers: NO_STORE });
  const result = await recordVote(context.db, link, vote.input, context.cloudflare.env.SESSION_SECRET, new Date());
  if (!result.ok) return refused(result.reason);
  throw redirectWithNotice(`${url.pathname}${url.search}`, result.recorded ? "recorded" : "already");
}
