/**
 * Staff's newsletter desk (/crm/newsletter): write an issue, and it goes to the outbox for every member who
 * wants it, each mail with that member's signed unsubscribe link (also its List-Unsubscribe header).
 */
import { parseSubmission } from "~/web/form-submission.server";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { NewsletterIssueSchema } from "~/core/mail/newsletter-issue";
import { newsletterRecipients, writeNewsletterIssue } from "~/services/mail/newsletter.server";
import { requireStaff } from "~/web/account/auth.server";
import { atResult, readFormData } from "~/web/http.server";
import { parseQuery } from "~/web/input.server";
import { dispatchMail, mailFrame } from "~/web/mail/mail.server";
import { newsletterUnsubscribeUrl } from "~/web/mail/newsletter.server";

export const NEWSLETTER_DESK_PATH = "/crm/newsletter";

/** Queue messages per send (Cloudflare Queues takes at most 100 in one sendBatch). */
const QUEUE_BATCH = 100;

const SentQuerySchema = v.object({ sent: v.fallback(v.nullable(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))), null) });

export async function newsletterDeskPage(request: Request, context: AppLoadContext) {
  await requireStaff(request, context);
  const { sent } = parseQuery(request, SentQuerySchema);
  const recipients = await newsletterRecipients(context.db);
  return data(
    {
      recipients: recipients.length,
      // A new issue id each time the form is opened: the same form sent twice is one issue.
      issue: crypto.randomUUID(),
      notice: sent == null ? null : `メールマガジンを${sent.toLocaleString("ja-JP")}名の会員へ送信しました（順次配信されます）。`,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function sendNewsletterAction(request: Request, context: AppLoadContext) {
  await requireStaff(request, context);
  const submission = parseSubmission(await readFormData(request), { schema: NewsletterIssueSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const frame = await mailFrame(request, context);
  const { origin } = frame;
  const secret = context.cloudflare.env.SESSION_SECRET;
  const recipients = await Promise.all(
    (await newsletterRecipients(context.db)).map(async (recipient) => ({
      ...recipient,
      unsubscribeUrl: await newsletterUnsubscribeUrl(origin, recipient.userId, secret),
    })),
  );
  const keys = await writeNewsletterIssue(context.db, submission.value, recipients, frame, new Date());
  for (let start = 0; start < keys.length; start += QUEUE_BATCH) dispatchMail(context, keys.slice(start, start + QUEUE_BATCH));
  throw new Response(null, { status: 303, headers: { Location: atResult(`${NEWSLETTER_DESK_PATH}?sent=${keys.length}`) } });
}
