/**
 * The newsletter's unsubscribe link (app/core/mail/newsletter.ts): `/newsletter/unsubscribe?u={user id}&s={HMAC}`,
 * the HMAC-SHA-256 of the user id under SESSION_SECRET (Web Crypto), so the link works without a login,
 * for that member only, and for as long as the secret is kept. A newsletter mail puts
 * `newsletterUnsubscribeUrl(...)` in its frame's `unsubscribeUrl` (writeNewsletterIssue), which also sends it
 * as the List-Unsubscribe header.
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { FROM_PAGE_FIELD, NEWSLETTER_MESSAGES, NEWSLETTER_UNSUBSCRIBE_PATH } from "~/core/mail/newsletter";
import { IdSchema } from "~/core/validation";
import { newsletterOf, setNewsletter } from "~/services/account/account-settings.server";
import { signText, verifySignedText } from "~/services/signatures.server";
import { invariantResponse, readFormData, redirectWithNotice } from "~/web/http.server";
import { redirectedNotice } from "~/web/input.server";
import type { UnsubscribeView } from "~/web/types/account-settings";

/** What the signature covers: the purpose and the id, so no other signed value of this secret can stand in for it. */
const signedText = (userId: number) => `newsletter-unsubscribe:${userId}`;

/** The member's unsubscribe link, absolute (it is read in a mail). */
export async function newsletterUnsubscribeUrl(origin: string, userId: number, secret: string): Promise<string> {
  const query = new URLSearchParams({ u: String(userId), s: await signText(signedText(userId), secret) });
  return `${origin}${NEWSLETTER_UNSUBSCRIBE_PATH}?${query}`;
}

const LinkQuerySchema = v.object({ u: IdSchema, s: v.string() });

/** The member a link names, when its signature is right (checked in constant time by Web Crypto); else null. */
export async function readUnsubscribeLink(url: URL, secret: string): Promise<number | null> {
  const query = v.safeParse(LinkQuerySchema, Object.fromEntries(url.searchParams));
  if (!query.success) return null;
  return (await verifySignedText(signedText(query.output.u), query.output.s, secret)) ? query.output.u : null;
}

/** The unsubscribe page: whether the link's member gets the newsletter now, or why the link is refused. */
export async function unsubscribePage(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const userId = await readUnsubscribeLink(url, context.cloudflare.env.SESSION_SECRET);
  const subscribed = userId == null ? null : await newsletterOf(context.db, userId);
  const view: UnsubscribeView =
    subscribed == null ? { ok: false, error: NEWSLETTER_MESSAGES.badLink } : { ok: true, subscribed, notice: redirectedNotice(url, UNSUBSCRIBE_NOTICES) };
  return data(view, { status: view.ok ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

const UNSUBSCRIBE_NOTICES = { stopped: NEWSLETTER_MESSAGES.stopped };

/**
 * Stops the link's member's newsletter: the page's button (back to the page with the notice, JS on or
 * off), or the mail client's one-click POST (RFC 8058: a 200 — through Remix, the page saying it is stopped).
 */
export async function unsubscribeAction(request: Request, context: AppLoadContext): Promise<Response> {
  const form = await readFormData(request);
  const url = new URL(request.url);
  const userId = await readUnsubscribeLink(url, context.cloudflare.env.SESSION_SECRET);
  invariantResponse(userId != null && (await setNewsletter(context.db, userId, false)), NEWSLETTER_MESSAGES.badLink, { status: 400 });
  if (form.has(FROM_PAGE_FIELD)) throw redirectWithNotice(`${url.pathname}${url.search}`, "stopped");
  return new Response(NEWSLETTER_MESSAGES.stopped, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
